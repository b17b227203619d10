package process

import (
	"context"
	"encoding/json"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/workflows/bpmn"
)

// FormBindings name the start form and a form per user task (by formKey).
type FormBindings struct {
	Start string            `json:"start"`
	Tasks map[string]string `json:"tasks"`
}

// ModelInput is a model save.
type ModelInput struct {
	Name         string          `json:"name" api:"required" example:"Leave approval"`
	Key          string          `json:"key" api:"required" doc:"letters, digits, _ and -; starts with a letter" example:"leave"`
	Category     string          `json:"category"`
	Description  string          `json:"description"`
	BpmnXML      string          `json:"bpmnXml" api:"required" doc:"BPMN 2.0 XML"`
	FormBindings *FormBindings   `json:"formBindings"`
	Settings     json.RawMessage `json:"settings" type:"object" doc:"free-form designer settings"`
	// System is set by a module's seed (SeedModel) for its own process; never from a request.
	System bool `json:"-"`
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
		if mod.ID == 0 {
			mod.System = in.System
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
		system, err := systemKey(tx, mod.MerchantID, mod.Key)
		if err != nil {
			return err
		}
		d := Definition{MerchantID: mod.MerchantID, ModelID: mod.ID, Key: mod.Key, Version: last.Version + 1, Name: mod.Name, Category: mod.Category,
			XML: mod.XML, ProcessID: proc.ID, StartForm: startForm, Forms: forms, Status: DefinitionActive, DeployedBy: by, System: mod.System || system}
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

func bindingsOf(mod *Model) FormBindings {
	b := FormBindings{Tasks: map[string]string{}}
	_ = json.Unmarshal([]byte(mod.FormBindings), &b)
	if b.Tasks == nil {
		b.Tasks = map[string]string{}
	}
	return b
}

// Models lists models (without their XML) by name, key or category.
func (m *Module) Models(ctx context.Context, q ListQuery) (api.Page[Model], error) {
	q.Normalize()
	db := m.db.WithContext(ctx).Model(&Model{}).Omit("xml")
	if q.Keyword != "" {
		db = db.Where("(name LIKE ? ESCAPE '!' OR `key` LIKE ? ESCAPE '!')", likeAny(q.Keyword), likeAny(q.Keyword))
	}
	if q.Category != "" {
		db = db.Where("category = ?", q.Category)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return api.Page[Model]{}, err
	}
	var rows []Model
	err := db.Select("id", "merchant_id", "key", "name", "category", "description", "version", "is_system", "updated_by", "created_at", "updated_at").
		Order("updated_at DESC, id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// Model answers a model with its XML, its form bindings and the issues deployment would refuse.
func (m *Module) Model(ctx context.Context, id uint64) (*SavedModel, error) {
	var mod Model
	if err := m.db.WithContext(ctx).Take(&mod, id).Error; err != nil {
		return nil, err
	}
	out := SavedModel{Model: mod, Issues: []bpmn.Issue{}}
	out.FormBindings = bindingsOf(&mod)
	if def, err := bpmn.Parse([]byte(mod.XML)); err == nil {
		out.Issues = append(out.Issues, bpmn.Validate(def)...)
		out.Issues = append(out.Issues, m.bindingIssues(ctx, def, out.FormBindings)...)
	}
	return &out, nil
}

// DeleteModel removes a model of the caller's tenant; its deployed definitions stay.
func (m *Module) DeleteModel(ctx context.Context, p *api.Principal, id uint64) error {
	var mod Model
	db := m.db.WithContext(ctx)
	if err := db.Take(&mod, id).Error; err != nil {
		return err
	}
	if mod.MerchantID != p.MerchantID {
		return api.Conflict("process.not_yours", nil)
	}
	return db.Delete(&mod).Error
}
