package process

import (
	"net/http"
	"strings"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/engine"
)

// Routes declares the process API (issue 5's contract).
func (m *Module) Routes(g *api.Group) {
	m.designRoutes(g)
	m.runtimeRoutes(g)
	m.inboxRoutes(g)
	m.peopleRoutes(g)
}

func (m *Module) designRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/form", Perm: "process:form", Action: "query",
		Summary: "List forms", Query: ListQuery{}, Result: api.Page[Form]{}}, m.formList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/form/:id", Perm: "process:form", Action: "get",
		Summary: "A form with its versions", Result: FormDetail{}}, m.formGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/form", Perm: "process:form", Action: "add",
		Summary: "Save a form (by key); a changed schema is a new version", Body: FormInput{}, Result: Form{}}, m.formSave)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/process/form/:id", Perm: "process:form", Action: "delete",
		Summary: "Delete a form no model binds"}, m.formDelete)

	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/model", Perm: "process:model", Action: "query",
		Summary: "List models", Query: ListQuery{}, Result: api.Page[Model]{}}, m.modelList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/model/:id", Perm: "process:model", Action: "get",
		Summary: "A model with its XML, form bindings and issues", Result: SavedModel{}}, m.modelGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/model", Perm: "process:model", Action: "add",
		Summary: "Create a model; answers the issues deployment would refuse", Body: ModelInput{}, Result: SavedModel{}}, m.modelCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/process/model/:id", Perm: "process:model", Action: "edit",
		Summary: "Save a model; answers the issues deployment would refuse", Body: ModelInput{}, Result: SavedModel{}}, m.modelUpdate)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/process/model/:id", Perm: "process:model", Action: "delete",
		Summary: "Delete a model (its deployed definitions stay)"}, m.modelDelete)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/model/:id/deploy", Perm: "process:definition", Action: "add",
		Summary: "Deploy a model as the next definition version", Result: Deployed{}}, m.modelDeploy)

	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/definition", Perm: "process:definition", Action: "query",
		Summary: "List definitions (all versions of a key with key=)", Query: ListQuery{}, Result: api.Page[Definition]{}}, m.definitionList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/definition/:id", Perm: "process:definition", Action: "get",
		Summary: "A definition with its XML and frozen forms", Result: DefinitionDetail{}}, m.definitionGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/definition/:id/suspend", Perm: "process:definition", Action: "disable",
		Summary: "Suspend a definition: no new starts"}, m.definitionStatus(DefinitionSuspended))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/definition/:id/activate", Perm: "process:definition", Action: "enable",
		Summary: "Activate a suspended definition"}, m.definitionStatus(DefinitionActive))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/process/definition/:id", Perm: "process:definition", Action: "delete",
		Summary: "Delete a definition version no instance runs on"}, m.definitionDelete)
}

func (m *Module) runtimeRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/startable", Perm: "process:inbox", Action: "query",
		Summary: "Definitions the caller can start, with their start forms", Result: []DefinitionDetail{}}, m.startable)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/start", Perm: "process:inbox", Action: "add",
		Summary: "Start an instance; the start form's data is validated first", Body: StartInput{}, Result: Started{}}, m.instanceStart)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/instance", Perm: "process:instance", Action: "query",
		Summary: "List instances", Query: InstanceQuery{}, Result: api.Page[Instance]{}}, m.instanceList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/instance/related", Perm: "process:inbox", Action: "query",
		Summary: "Instances the caller started or acted in", Query: InstanceQuery{}, Result: api.Page[Instance]{}}, m.instanceRelated)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/instance/:id", Perm: "process:inbox", Action: "get",
		Summary: "An instance: state, variables, timeline, done/active/rejected nodes (participants and administrators)", Result: InstanceView{}}, m.instanceGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/:id/cancel", Perm: "process:instance", Action: "delete",
		Summary: "Cancel a running instance with a reason", Body: ReasonInput{}}, m.instanceCancel)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/:id/withdraw", Perm: "process:inbox", Action: "edit",
		Summary: "The starter withdraws an instance before anyone acted"}, m.instanceWithdraw)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/message", Perm: "process:instance", Action: "edit",
		Summary: "Correlate a message by business key to the instances waiting for it", Body: MessageInput{}, Result: Delivered{}}, m.instanceMessage)
}

func (m *Module) inboxRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/todo", Perm: "process:inbox", Action: "query",
		Summary: "My open tasks: assigned to me or claimable through my roles", Query: TaskQuery{}, Result: api.Page[TaskView]{}}, m.todo)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/todo/count", Perm: "process:inbox", Action: "query",
		Summary: "How many open tasks I have", Result: Count{}}, m.todoCount)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/done", Perm: "process:inbox", Action: "query",
		Summary: "Tasks I closed", Query: TaskQuery{}, Result: api.Page[TaskView]{}}, m.done)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/cc", Perm: "process:inbox", Action: "query",
		Summary: "Notices copied to me", Query: TaskQuery{}, Result: api.Page[CCView]{}}, m.ccList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/task/cc/:id/read", Perm: "process:inbox", Action: "edit",
		Summary: "Mark a notice copied to me as read"}, m.ccRead)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/started", Perm: "process:inbox", Action: "query",
		Summary: "Instances I started", Query: InstanceQuery{}, Result: api.Page[Instance]{}}, m.started)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task", Perm: "process:task", Action: "query",
		Summary: "All tasks (administrators)", Query: TaskQuery{}, Result: api.Page[TaskView]{}}, m.allTasks)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/:id", Perm: "process:inbox", Action: "get",
		Summary: "A task with its form, field permissions, actions, diagram and timeline", Result: TaskDetail{}}, m.taskGet)
	for _, a := range []string{engine.ActionClaim, engine.ActionUnclaim, engine.ActionComplete, engine.ActionApprove, engine.ActionReject,
		engine.ActionReturn, engine.ActionTransfer, engine.ActionDelegate, engine.ActionResolve, engine.ActionAddSigner,
		engine.ActionRemoveSigner, engine.ActionComment, engine.ActionUrge, engine.ActionCC} {
		g.Handle(api.Route{Method: http.MethodPost, Path: "/process/task/:id/" + a, Perm: "process:inbox", Action: "edit",
			Summary: "Task action: " + a, Body: ActInput{}, Result: engine.TaskUpdateResult{}}, m.taskAct(a))
	}
}

// ListQuery filters design lists.
type ListQuery struct {
	api.PageQuery
	Keyword  string `form:"keyword" json:"keyword"`
	Key      string `form:"key" json:"key"`
	Category string `form:"category" json:"category"`
}

func likeAny(s string) string {
	return "%" + strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(strings.TrimSpace(s)) + "%"
}

func (m *Module) formList(c *api.Ctx) (any, error) {
	var q ListQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.Normalize()
	db := m.db.WithContext(c.Ctx()).Model(&Form{})
	if q.Keyword != "" {
		db = db.Where("(name LIKE ? ESCAPE '!' OR `key` LIKE ? ESCAPE '!')", likeAny(q.Keyword), likeAny(q.Keyword))
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []Form
	err := db.Order("updated_at DESC, id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// FormDetail is a form with its versions.
type FormDetail struct {
	Form
	Versions []FormVersion `json:"versions"`
}

func (m *Module) formGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var f Form
	if err := m.db.WithContext(c.Ctx()).Take(&f, id).Error; err != nil {
		return nil, err
	}
	var versions []FormVersion
	err = m.db.WithContext(c.Ctx()).Where("form_id = ?", id).Order("version DESC").Find(&versions).Error
	return FormDetail{Form: f, Versions: versions}, err
}

func (m *Module) formSave(c *api.Ctx) (any, error) {
	var in FormInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.SaveForm(c.Ctx(), c.Principal(), in)
}

func (m *Module) formDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var f Form
	db := m.db.WithContext(c.Ctx())
	if err := db.Take(&f, id).Error; err != nil {
		return nil, err
	}
	if f.MerchantID != c.Principal().MerchantID {
		return nil, api.Conflict("process.not_yours", nil)
	}
	var n int64
	if err := db.Model(&Model{}).Where("xml LIKE ? ESCAPE '!' OR form_bindings LIKE ? ESCAPE '!'", likeAny(`"`+f.Key+`"`), likeAny(`"`+f.Key+`"`)).Count(&n).Error; err != nil {
		return nil, err
	}
	if n > 0 {
		return nil, api.Conflict("process.form_in_use", nil)
	}
	return nil, db.Transaction(func(tx *txDB) error {
		if err := tx.Where("form_id = ?", id).Delete(&FormVersion{}).Error; err != nil {
			return err
		}
		return tx.Delete(&f).Error
	})
}

func (m *Module) modelList(c *api.Ctx) (any, error) {
	var q ListQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.Normalize()
	db := m.db.WithContext(c.Ctx()).Model(&Model{}).Omit("xml")
	if q.Keyword != "" {
		db = db.Where("(name LIKE ? ESCAPE '!' OR `key` LIKE ? ESCAPE '!')", likeAny(q.Keyword), likeAny(q.Keyword))
	}
	if q.Category != "" {
		db = db.Where("category = ?", q.Category)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []Model
	err := db.Select("id", "merchant_id", "key", "name", "category", "description", "version", "updated_by", "created_at", "updated_at").
		Order("updated_at DESC, id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

func (m *Module) modelGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var mod Model
	if err := m.db.WithContext(c.Ctx()).Take(&mod, id).Error; err != nil {
		return nil, err
	}
	out := SavedModel{Model: mod, Issues: []bpmn.Issue{}}
	out.FormBindings = bindingsOf(&mod)
	if def, err := bpmn.Parse([]byte(mod.XML)); err == nil {
		out.Issues = append(out.Issues, bpmn.Validate(def)...)
		out.Issues = append(out.Issues, m.bindingIssues(c.Ctx(), def, out.FormBindings)...)
	}
	return out, nil
}

func (m *Module) modelCreate(c *api.Ctx) (any, error) {
	var in ModelInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.SaveModel(c.Ctx(), c.Principal(), 0, in)
}

func (m *Module) modelUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in ModelInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.SaveModel(c.Ctx(), c.Principal(), id, in)
}

func (m *Module) modelDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var mod Model
	db := m.db.WithContext(c.Ctx())
	if err := db.Take(&mod, id).Error; err != nil {
		return nil, err
	}
	if mod.MerchantID != c.Principal().MerchantID {
		return nil, api.Conflict("process.not_yours", nil)
	}
	return nil, db.Delete(&mod).Error
}

func (m *Module) modelDeploy(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Deploy(c.Ctx(), c.Principal(), id)
}

func (m *Module) definitionList(c *api.Ctx) (any, error) {
	var q ListQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.Normalize()
	db := m.db.WithContext(c.Ctx()).Model(&Definition{})
	if q.Key != "" {
		db = db.Where("`key` = ?", q.Key)
	}
	if q.Keyword != "" {
		db = db.Where("(name LIKE ? ESCAPE '!' OR `key` LIKE ? ESCAPE '!')", likeAny(q.Keyword), likeAny(q.Keyword))
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []Definition
	err := db.Select("id", "merchant_id", "model_id", "key", "version", "name", "category", "process_id", "start_form", "status", "deployed_by", "created_at").
		Order("`key`, version DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// DefinitionDetail is a definition with its frozen forms and running count.
type DefinitionDetail struct {
	Definition
	FormSnapshots map[string]FrozenForm `json:"forms"`
	StartFormSpec *FrozenForm           `json:"startForm"`
	Running       int64                 `json:"running"`
}

func (m *Module) detailOf(c *api.Ctx, d Definition) DefinitionDetail {
	out := DefinitionDetail{Definition: d, FormSnapshots: d.forms()}
	if f, ok := out.FormSnapshots[d.StartForm]; ok {
		out.StartFormSpec = &f
	}
	m.db.WithContext(c.Ctx()).Model(&Instance{}).Where("definition_id = ? AND state = ?", d.ID, engine.StateRunning).Count(&out.Running)
	return out
}

func (m *Module) definitionGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var d Definition
	if err := m.db.WithContext(c.Ctx()).Take(&d, id).Error; err != nil {
		return nil, err
	}
	return m.detailOf(c, d), nil
}

func (m *Module) definitionStatus(status string) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.SetDefinitionStatus(c.Ctx(), c.Principal(), id, status)
	}
}

func (m *Module) definitionDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.DeleteDefinition(c.Ctx(), c.Principal(), id)
}

func (m *Module) startable(c *api.Ctx) (any, error) {
	var rows []Definition
	err := m.db.WithContext(c.Ctx()).Where("status = ?", DefinitionActive).Order("`key`, merchant_id DESC, version DESC").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	out := []DefinitionDetail{}
	for _, d := range rows {
		if seen[d.Key] {
			continue
		}
		seen[d.Key] = true
		out = append(out, m.detailOf(c, d))
	}
	return out, nil
}

func (m *Module) instanceStart(c *api.Ctx) (any, error) {
	var in StartInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Start(c.Ctx(), c.Principal(), in)
}

func (m *Module) instanceList(c *api.Ctx) (any, error) {
	var q InstanceQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Instances(c.Ctx(), c.Principal(), q, false)
}

func (m *Module) instanceRelated(c *api.Ctx) (any, error) {
	var q InstanceQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Instances(c.Ctx(), c.Principal(), q, true)
}

func (m *Module) started(c *api.Ctx) (any, error) {
	var q InstanceQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.InitiatorID = c.Principal().UserID
	return m.Instances(c.Ctx(), c.Principal(), q, false)
}

// instanceGet shows an instance to administrators and to its participants.
func (m *Module) instanceGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	p := c.Principal()
	if !p.Admin && !m.core.Perms.Allowed(p, "process:instance", "get") && !m.participant(c, p, id) {
		return nil, api.NotFound()
	}
	return m.Detail(c.Ctx(), id)
}

// participant reports whether the principal started, acts or acted in an instance, or was copied.
func (m *Module) participant(c *api.Ctx, p *api.Principal, id uint64) bool {
	db := m.db.WithContext(c.Ctx())
	var n int64
	db.Model(&Instance{}).Where("id = ? AND initiator_id = ?", id, p.UserID).Count(&n)
	if n == 0 {
		db.Model(&Task{}).Where("instance_id = ? AND (assignee_id = ? OR closed_by = ?)", id, p.UserID, p.UserID).Count(&n)
	}
	if n == 0 {
		db.Model(&History{}).Where("instance_id = ? AND actor_id = ?", id, p.UserID).Count(&n)
	}
	if n == 0 {
		db.Model(&CC{}).Where("instance_id = ? AND user_id = ?", id, p.UserID).Count(&n)
	}
	if n == 0 {
		var ids []uint64
		db.Model(&Task{}).Where("instance_id = ? AND status = ? AND assignee_id = 0", id, TaskOpen).Pluck("id", &ids)
		for _, tid := range ids {
			if m.isCandidate(c.Ctx(), p, tid) {
				return true
			}
		}
	}
	return n > 0
}

// ReasonInput gives a reason.
type ReasonInput struct {
	Reason string `json:"reason"`
}

func (m *Module) instanceCancel(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in ReasonInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Cancel(c.Ctx(), c.Principal(), id, in.Reason)
}

func (m *Module) instanceWithdraw(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Withdraw(c.Ctx(), c.Principal(), id)
}

// Delivered counts the instances a message reached.
type Delivered struct {
	Delivered int `json:"delivered"`
}

func (m *Module) instanceMessage(c *api.Ctx) (any, error) {
	var in MessageInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	n, err := m.Message(c.Ctx(), c.Principal(), in)
	return Delivered{Delivered: n}, err
}

func (m *Module) todo(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Todo(c.Ctx(), c.Principal(), q)
}

// Count is a number for a badge.
type Count struct {
	Count int64 `json:"count"`
}

func (m *Module) todoCount(c *api.Ctx) (any, error) {
	n, err := m.TodoCount(c.Ctx(), c.Principal())
	return Count{Count: n}, err
}

func (m *Module) done(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Done(c.Ctx(), c.Principal(), q)
}

func (m *Module) ccList(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.CCList(c.Ctx(), c.Principal(), q)
}

func (m *Module) allTasks(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.All(c.Ctx(), q)
}

func (m *Module) taskGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Task(c.Ctx(), c.Principal(), id)
}

func (m *Module) taskAct(action string) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		var in ActInput
		if err := c.Bind(&in); err != nil {
			return nil, err
		}
		p := c.Principal()
		admin := p.Admin || m.core.Perms.Allowed(p, "process:task", "edit")
		return m.Act(c.Ctx(), p, id, action, in, admin)
	}
}

func (m *Module) ccRead(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	res := m.db.WithContext(c.Ctx()).Model(&CC{}).Where("id = ? AND user_id = ? AND read_at IS NULL", id, c.Principal().UserID).
		Update("read_at", time.Now().UTC())
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		var n int64
		m.db.WithContext(c.Ctx()).Model(&CC{}).Where("id = ? AND user_id = ?", id, c.Principal().UserID).Count(&n)
		if n == 0 {
			return nil, api.NotFound()
		}
	}
	return nil, nil
}
