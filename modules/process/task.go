package process

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/engine"
)

// TaskDetail is what a person acting on a task sees.
type TaskDetail struct {
	TaskView
	Instance      InstanceView      `json:"instance"`
	Form          *FrozenForm       `json:"form"`
	FieldPerms    map[string]string `json:"fieldPerms" enum:"read,write,hidden"`
	Actions       []string          `json:"actions" enum:"claim,unclaim,complete,approve,reject,return,transfer,delegate,resolve,addSigner,removeSigner,comment,urge,cc"`
	ReturnTargets []NodeRef         `json:"returnTargets"`
	Variables     map[string]any    `json:"variables"`
	CanAct        bool              `json:"canAct"`
	CanClaim      bool              `json:"canClaim"`
	Claimed       bool              `json:"claimed"` // taken from a candidate pool: the assignee may release it
}

// NodeRef names a node of the diagram.
type NodeRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Task answers a task with its form, the node's field permissions and
// actions, to those who may see its instance (mayView); to anyone else it
// does not exist.
func (m *Module) Task(ctx context.Context, p *api.Principal, id uint64) (*TaskDetail, error) {
	var t Task
	if err := m.db.WithContext(ctx).Take(&t, id).Error; err != nil {
		return nil, err
	}
	if !m.mayView(ctx, p, t.InstanceID) {
		return nil, api.NotFound()
	}
	inst, err := m.Detail(ctx, t.InstanceID)
	if err != nil {
		return nil, err
	}
	views, err := m.views(ctx, []Task{t})
	if err != nil {
		return nil, err
	}
	d := &TaskDetail{TaskView: views[0], Instance: *inst, FieldPerms: map[string]string{}, ReturnTargets: []NodeRef{}}
	_ = json.Unmarshal([]byte(t.FieldPerms), &d.FieldPerms)
	d.Actions = strings.Split(t.Actions, ",")
	if t.Actions == "" {
		d.Actions = []string{engine.ActionApprove, engine.ActionReject, engine.ActionTransfer, engine.ActionDelegate, engine.ActionComment, engine.ActionClaim}
	}
	if t.FormKey != "" {
		if f, ok := inst.forms[t.FormKey]; ok {
			d.Form = &f
		}
	}
	d.Variables = visibleVariables(inst.Variables, d.FieldPerms)
	d.CanAct = t.Status == TaskOpen && t.AssigneeID == p.UserID && m.guard(ctx, p, &t, engine.ActionApprove) == nil
	d.CanClaim = t.Status == TaskOpen && t.AssigneeID == 0 && m.isCandidate(ctx, p, t.ID) && m.guard(ctx, p, &t, engine.ActionClaim) == nil
	if t.Status == TaskOpen && t.AssigneeID != 0 {
		// Candidate rows are written only for tasks created without an assignee.
		var n int64
		m.db.WithContext(ctx).Model(&TaskCandidate{}).Where("task_id = ?", t.ID).Count(&n)
		d.Claimed = n > 0
	}
	for _, n := range inst.completedTasks {
		if n.ID != t.NodeID {
			d.ReturnTargets = append(d.ReturnTargets, n)
		}
	}
	return d, nil
}

// visibleVariables hides the fields a node marks hidden.
func visibleVariables(vars map[string]any, perms map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range vars {
		if perms[k] != "hidden" {
			out[k] = v
		}
	}
	return out
}

func (m *Module) isCandidate(ctx context.Context, p *api.Principal, taskID uint64) bool {
	var n int64
	m.db.WithContext(ctx).Model(&TaskCandidate{}).Where("task_id = ? AND ((kind = ? AND ref = ?) OR (kind = ? AND ref IN ?))",
		taskID, CandidateUser, strconv.FormatUint(p.UserID, 10), CandidateRole, m.myRoles(ctx, p)).Count(&n)
	return n > 0
}

// ActInput is the body of every task action.
type ActInput struct {
	Comment    string         `json:"comment"`
	FormData   map[string]any `json:"formData"`
	TargetNode string         `json:"targetNode"`
	UserIDs    []uint64       `json:"userIds"`
}

// Act performs an action on a task after checking who may act: the
// assignee acts, a candidate claims, the starter urges, and anyone who can
// see the task may comment or copy it to others.
func (m *Module) Act(ctx context.Context, p *api.Principal, id uint64, action string, in ActInput, admin bool) (*engine.TaskUpdateResult, error) {
	var t Task
	if err := m.db.WithContext(ctx).Take(&t, id).Error; err != nil {
		return nil, err
	}
	if t.Status != TaskOpen {
		return nil, api.Conflict("process.task_not_open", nil)
	}
	inst, err := m.instance(ctx, t.InstanceID)
	if err != nil {
		return nil, err
	}
	if err := m.checkAct(ctx, p, &t, inst, action, in, admin); err != nil {
		return nil, err
	}
	form := map[string]any(nil)
	if ruleOf(action).form {
		if form, err = m.checkTaskForm(ctx, &t, inst, in.FormData); err != nil {
			return nil, err
		}
	}
	var res engine.TaskUpdateResult
	err = m.update(ctx, inst, engine.UpdateTask, engine.TaskUpdate{TaskID: t.ID, Action: action, Actor: m.actor(ctx, p), Comment: in.Comment,
		FormData: form, TargetNode: in.TargetNode, UserIDs: in.UserIDs, ActorRoles: m.myRoles(ctx, p), Admin: admin}, &res)
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// mayReceive refuses to copy, transfer, delegate or add a signer to anyone
// outside the instance's tenant: a merchant's users for a merchant's
// process, platform users for the platform's. A module's own process that
// the platform reviews for merchants (the ad review) passes between
// platform users when a platform user hands it on.
func (m *Module) mayReceive(ctx context.Context, p *api.Principal, inst *Instance, userIDs []uint64) error {
	if len(userIDs) > 100 {
		return api.Invalid("userIds", "process.too_many_users", map[string]any{"Max": 100})
	}
	platformReview := -1 // unknown until a platform user is named
	for _, id := range userIDs {
		person, err := m.core.People.Person(ctx, id)
		if err != nil || !person.Enabled {
			return api.Invalid("userIds", "process.user_not_allowed", nil)
		}
		if person.MerchantID == inst.MerchantID {
			continue
		}
		if person.MerchantID == 0 && p.MerchantID == 0 {
			if platformReview < 0 {
				platformReview = 0
				var d Definition
				if err := m.db.WithContext(systemCtx(ctx)).Select("id", "merchant_id", "is_system").Take(&d, inst.DefinitionID).Error; err != nil {
					return err
				}
				if d.System && d.MerchantID == 0 {
					platformReview = 1
				}
			}
			if platformReview == 1 {
				continue
			}
		}
		return api.Invalid("userIds", "process.user_other_tenant", map[string]any{"ID": id})
	}
	return nil
}

// checkTaskForm validates the writable fields of the task's form.
func (m *Module) checkTaskForm(ctx context.Context, t *Task, inst *Instance, data map[string]any) (map[string]any, error) {
	data = normalize(copyMap(data))
	if t.FormKey == "" {
		return data, nil
	}
	var d Definition
	if err := m.db.WithContext(systemCtx(ctx)).Select("id", "forms").Take(&d, inst.DefinitionID).Error; err != nil {
		return nil, err
	}
	form, ok := d.forms()[t.FormKey]
	if !ok {
		return data, nil
	}
	fields, err := ParseSchema(string(form.Schema))
	if err != nil {
		return nil, err
	}
	perms := map[string]string{}
	_ = json.Unmarshal([]byte(t.FieldPerms), &perms)
	return CheckData(fields, data, func(name string) bool { p, ok := perms[name]; return !ok || p == "write" })
}

// OpenTask is the id of an instance's open task on a node (0 when none),
// for integrations that drive a known process.
func (m *Module) OpenTask(ctx context.Context, instanceID uint64, node string) (uint64, error) {
	var ids []uint64
	err := m.db.WithContext(ctx).Model(&Task{}).Where("instance_id = ? AND node_id = ? AND status = ?", instanceID, node, TaskOpen).
		Order("id").Limit(1).Pluck("id", &ids).Error
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}
