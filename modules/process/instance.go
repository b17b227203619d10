package process

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/venueplatform/venue/internal/textsearch"
	"strings"
	"time"

	"go.temporal.io/sdk/client"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/workflows/engine"
)

// StartInput starts an instance of a definition (by id, or by key: its newest version).
type StartInput struct {
	DefinitionKey string         `json:"definitionKey" doc:"the definition's key (its active version), unless definitionId is given"`
	DefinitionID  uint64         `json:"definitionId"`
	BusinessKey   string         `json:"businessKey"`
	Title         string         `json:"title"`
	Variables     map[string]any `json:"variables"`
}

// Started answers a start.
type Started struct {
	InstanceID uint64 `json:"instanceId"`
}

func (m *Module) temporal() (client.Client, error) {
	if m.deps.Temporal == nil {
		return nil, api.Internal(errors.New("no Temporal client"))
	}
	c := m.deps.Temporal()
	if c == nil {
		return nil, &api.Error{Status: 503, Code: api.CodeUnavailable, Key: "error.unavailable"}
	}
	return c, nil
}

// Actor describes the principal in a process.
func (m *Module) Actor(ctx context.Context, p *api.Principal) engine.Actor { return m.actor(ctx, p) }

func (m *Module) actor(ctx context.Context, p *api.Principal) engine.Actor {
	a := engine.Actor{UserID: p.UserID, Name: p.UserName, OrgID: p.OrgID, MerchantID: p.MerchantID, VenueID: p.VenueID}
	a.Name = m.names.name(ctx, m.core.People, p.UserID, p.UserName)
	return a
}

// Start validates the start form and starts the interpreter.
func (m *Module) Start(ctx context.Context, p *api.Principal, in StartInput) (*Started, error) {
	in.BusinessKey, in.Title = strings.TrimSpace(in.BusinessKey), strings.TrimSpace(in.Title)
	var chk api.Check
	if in.DefinitionID == 0 {
		chk.Required("definitionKey", in.DefinitionKey)
	}
	chk.MaxLen("businessKey", in.BusinessKey, 128)
	chk.MaxLen("title", in.Title, 255)
	if err := chk.Err(); err != nil {
		return nil, err
	}
	d, err := m.activeDefinition(ctx, in.DefinitionID, in.DefinitionKey)
	if err != nil {
		return nil, err
	}
	if d.System {
		// A module's own process starts only through that module (a sign-up, a published ad).
		return nil, api.Invalid("definitionKey", "process.definition_system", map[string]any{"Name": d.Name})
	}
	vars, err := startVariables(d, normalize(copyMap(in.Variables)))
	if err != nil {
		return nil, err
	}
	return m.start(ctx, p, d, in.BusinessKey, in.Title, vars)
}

// StartFor starts a definition on behalf of a domain module (the ad review),
// with variables the module vouches for.
func (m *Module) StartFor(ctx context.Context, p *api.Principal, key, businessKey, title string, vars map[string]any) (uint64, error) {
	d, err := m.activeDefinition(ctx, 0, key)
	if err != nil {
		return 0, err
	}
	s, err := m.start(ctx, p, d, businessKey, title, normalize(copyMap(vars)))
	if err != nil {
		return 0, err
	}
	return s.InstanceID, nil
}

func (m *Module) start(ctx context.Context, p *api.Principal, d *Definition, businessKey, title string, vars map[string]any) (*Started, error) {
	if _, err := m.temporal(); err != nil {
		return nil, err
	}
	var err error
	var inst *Instance
	var in engine.Input
	actor := m.actor(ctx, p)
	err = m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inst, in, err = m.NewInstance(tx, actor, p, d, businessKey, title, vars)
		return err
	})
	if err != nil {
		return nil, err
	}
	// No database transaction is held across the call to Temporal; a start
	// that fails removes the row it was for.
	if err := m.Launch(ctx, in); err != nil {
		_ = m.db.WithContext(systemCtx(ctx)).Delete(&Instance{}, inst.ID).Error
		return nil, err
	}
	// The starter gets the instance at rest: its first tasks exist.
	m.settleWithin(ctx, inst.ID, startSettleWait)
	return &Started{InstanceID: inst.ID}, nil
}

// Launch starts the interpreter for an instance row written by NewInstance.
func (m *Module) Launch(ctx context.Context, in engine.Input) error {
	c, err := m.temporal()
	if err != nil {
		return err
	}
	cctx, cancel := context.WithTimeout(ctx, engineCallWait)
	defer cancel()
	_, err = c.ExecuteWorkflow(cctx, client.StartWorkflowOptions{ID: engine.InstanceWorkflowID(in.InstanceID), TaskQueue: m.deps.Config.TemporalTaskQueue},
		engine.WorkflowName, in)
	if err != nil && unreachable(err) && ctx.Err() == nil {
		return unavailable(err)
	}
	return err
}

// NewInstance writes an instance row inside tx and answers the
// interpreter's input for it; the caller starts it with Launch after commit.
// actor comes from Actor(ctx, p), read before the transaction: a read
// through another connection inside it could wait on the pool forever.
func (m *Module) NewInstance(tx *gorm.DB, actor engine.Actor, p *api.Principal, d *Definition, businessKey, title string, vars map[string]any) (*Instance, engine.Input, error) {
	if title == "" {
		title = d.Name
	}
	raw, _ := json.Marshal(vars)
	inst := Instance{MerchantID: p.MerchantID, DefinitionID: d.ID, DefinitionKey: d.Key, Version: d.Version, Name: d.Name, Title: title,
		BusinessKey: businessKey, InitiatorID: p.UserID, InitiatorName: actor.Name, State: engine.StateRunning, Variables: string(raw),
		StartedAt: time.Now().UTC()}
	if err := tx.Create(&inst).Error; err != nil {
		return nil, engine.Input{}, err
	}
	inst.WorkflowID = engine.InstanceWorkflowID(inst.ID)
	if err := tx.Model(&inst).Update("workflow_id", inst.WorkflowID).Error; err != nil {
		return nil, engine.Input{}, err
	}
	return &inst, engine.Input{InstanceID: inst.ID, DefinitionID: d.ID, XML: d.XML, ProcessID: d.ProcessID, BusinessKey: businessKey,
		MerchantID: p.MerchantID, Initiator: actor, Variables: vars}, nil
}

func copyMap(in map[string]any) map[string]any {
	out := make(map[string]any, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

// instance reads an instance within the caller's scope.
func (m *Module) instance(ctx context.Context, id uint64) (*Instance, error) {
	var inst Instance
	if err := m.db.WithContext(ctx).Take(&inst, id).Error; err != nil {
		return nil, err
	}
	return &inst, nil
}

// Cancel stops a running instance (administrators), recording the reason.
func (m *Module) Cancel(ctx context.Context, p *api.Principal, id uint64, reason string) error {
	var chk api.Check
	if chk.Required("reason", reason) {
		chk.MaxLen("reason", reason, 500)
	}
	if err := chk.Err(); err != nil {
		return err
	}
	inst, err := m.instance(ctx, id)
	if err != nil {
		return err
	}
	if inst.State != engine.StateRunning && inst.State != engine.StateFailed { // a failed node waits for a retry or a cancel
		return api.Conflict("process.instance_ended", nil)
	}
	if err := m.guardInstance(ctx, p, inst, engine.UpdateCancel); err != nil {
		return err
	}
	return m.update(ctx, inst, engine.UpdateCancel, engine.CancelUpdate{Actor: m.actor(ctx, p), Reason: reason}, nil)
}

// Withdraw lets the starter take an instance back before anyone acted.
func (m *Module) Withdraw(ctx context.Context, p *api.Principal, id uint64) error {
	inst, err := m.instance(ctx, id)
	if err != nil {
		return err
	}
	if inst.InitiatorID != p.UserID {
		return api.Conflict("process.cannot_withdraw", nil)
	}
	if err := m.guardInstance(ctx, p, inst, engine.UpdateWithdraw); err != nil {
		return err
	}
	return m.update(ctx, inst, engine.UpdateWithdraw, m.actor(ctx, p), nil)
}

// MessageInput correlates a message to the running instances of a business key.
type MessageInput struct {
	BusinessKey string         `json:"businessKey" api:"required"`
	MessageName string         `json:"messageName" api:"required"`
	Variables   map[string]any `json:"variables"`
	Comment     string         `json:"comment"`
}

// Message delivers a message to every running instance of the business key
// (within the caller's scope) that waits for it; at least one must.
func (m *Module) Message(ctx context.Context, p *api.Principal, in MessageInput) (int, error) {
	var chk api.Check
	chk.Required("businessKey", in.BusinessKey)
	chk.Required("messageName", in.MessageName)
	if err := chk.Err(); err != nil {
		return 0, err
	}
	var insts []Instance
	// A failed node stops only its branch: another may still wait for the message.
	if err := m.db.WithContext(ctx).Where("business_key = ? AND state IN ?", in.BusinessKey, []string{engine.StateRunning, engine.StateFailed}).Order("id").Find(&insts).Error; err != nil {
		return 0, err
	}
	if len(insts) == 0 {
		return 0, namedConflict("businessKey", "process.no_running_instance")
	}
	var actor *engine.Actor
	if p != nil {
		a := m.actor(ctx, p)
		actor = &a
	}
	delivered := 0
	for i := range insts {
		var node string
		err := m.update(ctx, &insts[i], engine.UpdateMessage, engine.MessageUpdate{Name: in.MessageName, Variables: normalize(copyMap(in.Variables)),
			Actor: actor, Comment: in.Comment}, &node)
		if err == nil {
			delivered++
			continue
		}
		var ae *api.Error
		if !errors.As(err, &ae) {
			return delivered, err
		}
	}
	if delivered == 0 {
		return 0, namedConflict("messageName", "process.nothing_waits")
	}
	return delivered, nil
}

// namedConflict is a conflict caused by one field of the request, which it names.
func namedConflict(field, key string) *api.Error {
	e := api.Conflict(key, nil)
	e.Fields = []api.FieldError{{Field: field, Key: key}}
	return e
}

// systemCtx is for the module's own reads across tenants.
func systemCtx(ctx context.Context) context.Context { return tenancy.SystemContext(ctx) }

// mayView is who sees an instance (its detail, and each of its tasks):
// administrators of its tenant and its participants.
func (m *Module) mayView(ctx context.Context, p *api.Principal, id uint64) bool {
	return p.Admin || m.core.Perms.Allowed(p, "process:instance", "get") || m.participant(ctx, p, id)
}

// participant reports whether the principal started, acts or acted in an instance, or was copied.
func (m *Module) participant(ctx context.Context, p *api.Principal, id uint64) bool {
	db := m.db.WithContext(ctx)
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
			if m.isCandidate(ctx, p, tid) {
				return true
			}
		}
	}
	return n > 0
}

// ReasonInput gives a reason.
type ReasonInput struct {
	Reason string `json:"reason" api:"required" doc:"at most 500 characters"`
}

// Delivered counts the instances a message reached.
type Delivered struct {
	Delivered int `json:"delivered"`
}

// InstanceQuery filters instance lists.
type InstanceQuery struct {
	api.PageQuery
	DefinitionKey string `form:"definitionKey" json:"definitionKey"`
	State         string `form:"state" json:"state" enum:"running,completed,rejected,cancelled,withdrawn,failed"`
	InitiatorID   uint64 `form:"initiatorId" json:"initiatorId"`
	From          string `form:"from" json:"from"`
	To            string `form:"to" json:"to"`
	Keyword       string `form:"keyword" json:"keyword"`
}

// Instances lists instances in the caller's scope; mine limits them to the
// ones the caller started or acted in.
func (m *Module) Instances(ctx context.Context, p *api.Principal, q InstanceQuery, mine bool) (api.Page[Instance], error) {
	q.Normalize()
	db := m.db.WithContext(ctx).Model(&Instance{})
	var chk api.Check
	if q.DefinitionKey != "" {
		db = db.Where("definition_key = ?", q.DefinitionKey)
	}
	if q.State != "" {
		db = db.Where("state = ?", q.State)
	}
	if q.InitiatorID != 0 {
		db = db.Where("initiator_id = ?", q.InitiatorID)
	}
	if kw := strings.TrimSpace(q.Keyword); kw != "" {
		like := textsearch.Contains(kw)
		db = db.Where("(title LIKE ? ESCAPE '!' OR business_key LIKE ? ESCAPE '!')", like, like)
	}
	for _, b := range []struct {
		field, value, op string
	}{{"from", q.From, ">="}, {"to", q.To, "<="}} {
		if b.value == "" {
			continue
		}
		t, err := time.Parse(time.DateOnly, strings.TrimSpace(b.value))
		if err != nil {
			t, err = time.Parse(time.DateTime, strings.TrimSpace(b.value))
		} else if b.op == "<=" {
			t = t.Add(24*time.Hour - time.Millisecond)
		}
		if err != nil {
			chk.Add(b.field, "validation.bad_value", nil)
			continue
		}
		db = db.Where("started_at "+b.op+" ?", t.UTC())
	}
	if err := chk.Err(); err != nil {
		return api.Page[Instance]{}, err
	}
	if mine {
		acted := m.db.Model(&History{}).Select("instance_id").Where("actor_id = ?", p.UserID)
		db = db.Where("(initiator_id = ? OR id IN (?))", p.UserID, acted)
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[Instance]{}, err
	}
	var rows []Instance
	err := db.Order("id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}
