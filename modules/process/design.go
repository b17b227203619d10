package process

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/workflows/bpmn"
)

var keyRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_\-.]{0,63}$`)

// FormInput is a form save: each save of changed content is a new version.
type FormInput struct {
	Key         string          `json:"key"`
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
}

func validateForm(in *FormInput) error {
	in.Key, in.Name = strings.TrimSpace(in.Key), strings.TrimSpace(in.Name)
	var c api.Check
	if c.Required("key", in.Key) && !keyRe.MatchString(in.Key) {
		c.Add("key", "process.bad_key", nil)
	}
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	if len(in.Schema) == 0 {
		c.Add("schema", "validation.required", nil)
	} else if _, err := ParseSchema(string(in.Schema)); err != nil {
		c.Add("schema", "process.bad_schema", map[string]any{"Error": err.Error()})
	}
	return c.Err()
}

// SaveForm creates a form or stores a new version of it (by key, within the caller's tenant).
func (m *Module) SaveForm(ctx context.Context, p *api.Principal, in FormInput) (*Form, error) {
	if err := validateForm(&in); err != nil {
		return nil, err
	}
	var f Form
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("`key` = ? AND merchant_id = ?", in.Key, p.MerchantID).Limit(1).Find(&f).Error
		if err != nil {
			return err
		}
		if f.ID != 0 && f.Schema == string(in.Schema) {
			f.Name, f.Description = in.Name, in.Description
			return tx.Select("name", "description").Save(&f).Error
		}
		if f.ID == 0 {
			f = Form{Key: in.Key, Version: 0}
		}
		f.Name, f.Description, f.Schema, f.UpdatedBy = in.Name, in.Description, string(in.Schema), p.UserName
		f.Version++
		if err := tx.Save(&f).Error; err != nil {
			return err
		}
		return tx.Create(&FormVersion{FormID: f.ID, Version: f.Version, Schema: f.Schema, CreatedBy: p.UserName}).Error
	})
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// FormBindings name the start form and a form per user task (by formKey).
type FormBindings struct {
	Start string            `json:"start"`
	Tasks map[string]string `json:"tasks"`
}

// ModelInput is a model save.
type ModelInput struct {
	Name         string          `json:"name"`
	Key          string          `json:"key"`
	Category     string          `json:"category"`
	Description  string          `json:"description"`
	BpmnXML      string          `json:"bpmnXml"`
	FormBindings *FormBindings   `json:"formBindings"`
	Settings     json.RawMessage `json:"settings"`
}

// SavedModel answers a save with the issues deployment would refuse.
type SavedModel struct {
	Model
	FormBindings FormBindings `json:"formBindings"`
	Issues       []bpmn.Issue `json:"issues"`
}

func validateModel(in *ModelInput) (*bpmn.Definitions, error) {
	in.Key, in.Name = strings.TrimSpace(in.Key), strings.TrimSpace(in.Name)
	var c api.Check
	if c.Required("key", in.Key) && !keyRe.MatchString(in.Key) {
		c.Add("key", "process.bad_key", nil)
	}
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	c.MaxLen("category", in.Category, 64)
	c.MaxLen("description", in.Description, 255)
	var def *bpmn.Definitions
	if c.Required("bpmnXml", in.BpmnXML) {
		var err error
		if def, err = bpmn.Parse([]byte(in.BpmnXML)); err != nil {
			c.Add("bpmnXml", "process.bad_xml", map[string]any{"Error": err.Error()})
		}
	}
	return def, c.Err()
}

// SaveModel creates or updates a model (by id; 0 creates). The XML must
// parse; structural problems are answered as issues, and block only deployment.
func (m *Module) SaveModel(ctx context.Context, p *api.Principal, id uint64, in ModelInput) (*SavedModel, error) {
	def, err := validateModel(&in)
	if err != nil {
		return nil, err
	}
	bindings := FormBindings{Tasks: map[string]string{}}
	if in.FormBindings != nil {
		bindings = *in.FormBindings
		if bindings.Tasks == nil {
			bindings.Tasks = map[string]string{}
		}
	}
	rawBindings, _ := json.Marshal(bindings)
	var mod Model
	err = m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if id != 0 {
			if err := tx.Take(&mod, id).Error; err != nil {
				return err
			}
			if mod.MerchantID != p.MerchantID {
				return api.Conflict("process.not_yours", nil)
			}
		}
		var n int64
		if err := tx.Model(&Model{}).Where("`key` = ? AND merchant_id = ? AND id <> ?", in.Key, p.MerchantID, mod.ID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Invalid("key", "validation.taken", nil)
		}
		mod.Name, mod.Key, mod.Category, mod.Description, mod.XML = in.Name, in.Key, in.Category, in.Description, in.BpmnXML
		mod.FormBindings, mod.Settings, mod.UpdatedBy = string(rawBindings), string(in.Settings), p.UserName
		return tx.Save(&mod).Error
	})
	if err != nil {
		return nil, err
	}
	issues := append(bpmn.Validate(def), m.bindingIssues(ctx, def, bindings)...)
	if issues == nil {
		issues = []bpmn.Issue{}
	}
	return &SavedModel{Model: mod, FormBindings: bindings, Issues: issues}, nil
}

// bindingIssues reports form keys the model or its bindings name that do not exist.
func (m *Module) bindingIssues(ctx context.Context, def *bpmn.Definitions, b FormBindings) []bpmn.Issue {
	var issues []bpmn.Issue
	check := func(elementID, key string) {
		if key == "" {
			return
		}
		var n int64
		if m.db.WithContext(ctx).Model(&Form{}).Where("`key` = ?", key).Count(&n).Error == nil && n == 0 {
			issues = append(issues, bpmn.Issue{ElementID: elementID, Type: "form", Message: "form " + key + " does not exist"})
		}
	}
	check("start", b.Start)
	for _, node := range sortedStrings(b.Tasks) {
		check(node, b.Tasks[node])
	}
	for _, p := range def.Executable() {
		check(p.ID, p.StartForm)
		for _, id := range p.Order {
			if el := p.Elements[id]; el.User != nil {
				check(el.ID, el.User.FormKey)
			}
		}
	}
	return issues
}

// Deployed answers a deployment.
type Deployed struct {
	DefinitionID uint64 `json:"definitionId"`
	Key          string `json:"key"`
	Version      int    `json:"version"`
}

// Deploy freezes a model as the next definition version, with the forms it
// binds; a model with any issue is refused, naming the elements.
func (m *Module) Deploy(ctx context.Context, p *api.Principal, modelID uint64) (*Deployed, error) {
	var mod Model
	if err := m.db.WithContext(ctx).Take(&mod, modelID).Error; err != nil {
		return nil, err
	}
	if mod.MerchantID != p.MerchantID {
		return nil, api.Conflict("process.not_yours", nil)
	}
	return m.deploy(ctx, &mod, p.UserName)
}

// issuesError refuses a deployment, answering the issues (with their
// element ids) as the envelope's result so the modeler can mark them.
func issuesError(issues []bpmn.Issue) error {
	return &api.Error{Status: 200, Code: api.CodeInvalid, Key: "process.model_issues", Data: map[string]any{"Count": len(issues)}, Detail: issues}
}

func (m *Module) deploy(ctx context.Context, mod *Model, by string) (*Deployed, error) {
	def, err := bpmn.Parse([]byte(mod.XML))
	if err != nil {
		return nil, api.Invalid("bpmnXml", "process.bad_xml", map[string]any{"Error": err.Error()})
	}
	var b FormBindings
	_ = json.Unmarshal([]byte(mod.FormBindings), &b)
	if issues := append(bpmn.Validate(def), m.bindingIssues(ctx, def, b)...); len(issues) > 0 {
		return nil, issuesError(issues)
	}
	proc := def.Executable()[0]
	startForm := b.Start
	if startForm == "" {
		startForm = proc.StartForm
	}
	forms, err := m.snapshotForms(ctx, proc, b, startForm)
	if err != nil {
		return nil, err
	}
	var out Deployed
	err = m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var last Definition
		if err := tx.Where("`key` = ? AND merchant_id = ?", mod.Key, mod.MerchantID).Order("version DESC").Limit(1).Find(&last).Error; err != nil {
			return err
		}
		d := Definition{MerchantID: mod.MerchantID, ModelID: mod.ID, Key: mod.Key, Version: last.Version + 1, Name: mod.Name, Category: mod.Category,
			XML: mod.XML, ProcessID: proc.ID, StartForm: startForm, Forms: forms, Status: DefinitionActive, DeployedBy: by}
		if err := tx.Create(&d).Error; err != nil {
			return err
		}
		out = Deployed{DefinitionID: d.ID, Key: d.Key, Version: d.Version}
		return tx.Model(mod).Update("version", d.Version).Error
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// snapshotForms freezes every form the definition uses (key → schema and
// version), so running instances keep the forms they started with.
func (m *Module) snapshotForms(ctx context.Context, proc *bpmn.Process, b FormBindings, startForm string) (string, error) {
	keys := map[string]bool{}
	if startForm != "" {
		keys[startForm] = true
	}
	for _, k := range b.Tasks {
		keys[k] = true
	}
	for _, id := range proc.Order {
		if el := proc.Elements[id]; el.User != nil && el.User.FormKey != "" {
			keys[el.User.FormKey] = true
		}
	}
	snap := map[string]FrozenForm{}
	for _, k := range sortedStrings(keys) {
		var f Form
		if err := m.db.WithContext(ctx).Where("`key` = ?", k).Order("merchant_id DESC").Take(&f).Error; err != nil {
			if dbx.IsNotFound(err) {
				return "", issuesError([]bpmn.Issue{{ElementID: k, Type: "form", Message: "form " + k + " does not exist"}})
			}
			return "", err
		}
		snap[k] = FrozenForm{Key: f.Key, Name: f.Name, Version: f.Version, Schema: json.RawMessage(f.Schema)}
	}
	raw, err := json.Marshal(snap)
	return string(raw), err
}

// FrozenForm is a form as a definition froze it.
type FrozenForm struct {
	Key     string          `json:"key"`
	Name    string          `json:"name"`
	Version int             `json:"version"`
	Schema  json.RawMessage `json:"schema"`
}

func (d *Definition) forms() map[string]FrozenForm {
	out := map[string]FrozenForm{}
	_ = json.Unmarshal([]byte(d.Forms), &out)
	return out
}

// taskFormKey is the form a task node uses: its binding, else its formKey.
func (d *Definition) taskFormKey(mod *Model, el *bpmn.Element) string {
	if mod != nil {
		var b FormBindings
		if json.Unmarshal([]byte(mod.FormBindings), &b) == nil && b.Tasks[el.ID] != "" {
			return b.Tasks[el.ID]
		}
	}
	if el.User != nil {
		return el.User.FormKey
	}
	return ""
}

// SetDefinitionStatus suspends (no new starts) or activates a definition.
func (m *Module) SetDefinitionStatus(ctx context.Context, p *api.Principal, id uint64, status string) error {
	var d Definition
	db := m.db.WithContext(ctx)
	if err := db.Take(&d, id).Error; err != nil {
		return err
	}
	if d.MerchantID != p.MerchantID {
		return api.Conflict("process.not_yours", nil)
	}
	return db.Model(&d).Update("status", status).Error
}

// DeleteDefinition removes a definition version no instance runs on.
func (m *Module) DeleteDefinition(ctx context.Context, p *api.Principal, id uint64) error {
	return m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var d Definition
		if err := tx.Take(&d, id).Error; err != nil {
			return err
		}
		if d.MerchantID != p.MerchantID {
			return api.Conflict("process.not_yours", nil)
		}
		var n int64
		if err := tx.Model(&Instance{}).Where("definition_id = ? AND state = ?", id, "running").Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Conflict("process.definition_running", map[string]any{"Count": n})
		}
		return tx.Delete(&d).Error
	})
}

// activeDefinition finds what a start names: an id, or a key's newest
// active version (the caller's own before the platform's).
func (m *Module) activeDefinition(ctx context.Context, id uint64, key string) (*Definition, error) {
	var d Definition
	db := m.db.WithContext(ctx)
	var err error
	if id != 0 {
		err = db.Take(&d, id).Error
	} else {
		err = db.Where("`key` = ?", key).Order("merchant_id DESC, version DESC").Take(&d).Error
	}
	if err != nil {
		if dbx.IsNotFound(err) {
			return nil, api.Invalid("definitionKey", "process.no_definition", nil)
		}
		return nil, err
	}
	if d.Status != DefinitionActive {
		return nil, api.Conflict("process.definition_suspended", nil)
	}
	return &d, nil
}

func sortedStrings[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}
