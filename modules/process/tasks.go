package process

import (
	"context"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/engine"
)

// TaskQuery filters task lists.
type TaskQuery struct {
	api.PageQuery
	Keyword       string `form:"keyword" json:"keyword"`
	DefinitionKey string `form:"definitionKey" json:"definitionKey"`
	Status        string `form:"status" json:"status"` // all-tasks list: open or closed
	AssigneeID    uint64 `form:"assigneeId" json:"assigneeId"`
}

// TaskView is a task row in lists.
type TaskView struct {
	Task
	AssigneeName string `json:"assigneeName"`
	Claimable    bool   `json:"claimable"`
}

// myRoles are the role codes a principal holds.
func (m *Module) myRoles(ctx context.Context, p *api.Principal) []string {
	person, err := m.core.People.Person(ctx, p.UserID)
	if err != nil || len(person.Roles) == 0 {
		return []string{""}
	}
	return person.Roles
}

func (m *Module) keywordFilter(db *gorm.DB, q TaskQuery) *gorm.DB {
	if kw := strings.TrimSpace(q.Keyword); kw != "" {
		like := "%" + strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(kw) + "%"
		db = db.Where("(process_tasks.title LIKE ? ESCAPE '!' OR process_tasks.node_name LIKE ? ESCAPE '!')", like, like)
	}
	if q.DefinitionKey != "" {
		db = db.Where("process_tasks.definition_key = ?", q.DefinitionKey)
	}
	return db
}

// Todo lists the open tasks assigned to the caller or claimable by them
// (as a candidate user or through a role), newest first. The two halves run
// as separate index-backed queries and are merged, so the list stays fast
// with millions of task rows.
func (m *Module) Todo(ctx context.Context, p *api.Principal, q TaskQuery) (api.Page[TaskView], error) {
	q.Normalize()
	limit := q.Offset() + q.PageSize
	assigned := m.keywordFilter(m.db.WithContext(ctx).Model(&Task{}).Where("process_tasks.status = ? AND process_tasks.assignee_id = ?", TaskOpen, p.UserID), q)
	candidate := m.keywordFilter(m.db.WithContext(ctx).Model(&Task{}).
		Where("process_tasks.status = ? AND process_tasks.assignee_id = 0", TaskOpen).
		Where("process_tasks.id IN (?)", m.db.WithContext(ctx).Model(&TaskCandidate{}).Select("task_id").
			Where("(kind = ? AND ref = ?) OR (kind = ? AND ref IN ?)", CandidateUser, strconv.FormatUint(p.UserID, 10), CandidateRole, m.myRoles(ctx, p))), q)
	var a, b int64
	if err := assigned.Session(&gorm.Session{}).Count(&a).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	if err := candidate.Session(&gorm.Session{}).Count(&b).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	var rows, more []Task
	if err := assigned.Order("process_tasks.id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	if err := candidate.Order("process_tasks.id DESC").Limit(limit).Find(&more).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	rows = append(rows, more...)
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID > rows[j].ID })
	rows = pageOf(rows, q)
	views, err := m.views(ctx, rows)
	return api.NewPage(q.PageQuery, views, a+b), err
}

// TodoCount is the caller's number of open tasks (the header badge).
func (m *Module) TodoCount(ctx context.Context, p *api.Principal) (int64, error) {
	page, err := m.Todo(ctx, p, TaskQuery{PageQuery: api.PageQuery{PageNo: 1, PageSize: 1}})
	return page.Total, err
}

func pageOf(rows []Task, q TaskQuery) []Task {
	if q.Offset() >= len(rows) {
		return nil
	}
	end := min(len(rows), q.Offset()+q.PageSize)
	return rows[q.Offset():end]
}

// Done lists the tasks the caller closed, newest first.
func (m *Module) Done(ctx context.Context, p *api.Principal, q TaskQuery) (api.Page[TaskView], error) {
	q.Normalize()
	db := m.keywordFilter(m.db.WithContext(ctx).Model(&Task{}).Where("process_tasks.closed_by = ?", p.UserID), q)
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	var rows []Task
	if err := db.Order("process_tasks.closed_at DESC, process_tasks.id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	views, err := m.views(ctx, rows)
	return api.NewPage(q.PageQuery, views, total), err
}

// All lists every task in the caller's scope (administrators).
func (m *Module) All(ctx context.Context, q TaskQuery) (api.Page[TaskView], error) {
	q.Normalize()
	db := m.keywordFilter(m.db.WithContext(ctx).Model(&Task{}), q)
	if q.Status != "" {
		db = db.Where("process_tasks.status = ?", q.Status)
	}
	if q.AssigneeID != 0 {
		db = db.Where("process_tasks.assignee_id = ?", q.AssigneeID)
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	var rows []Task
	if err := db.Order("process_tasks.id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
		return api.Page[TaskView]{}, err
	}
	views, err := m.views(ctx, rows)
	return api.NewPage(q.PageQuery, views, total), err
}

func (m *Module) views(ctx context.Context, rows []Task) ([]TaskView, error) {
	ids := make([]uint64, 0, len(rows))
	for _, t := range rows {
		if t.AssigneeID != 0 {
			ids = append(ids, t.AssigneeID)
		}
	}
	names, err := m.core.People.Names(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]TaskView, len(rows))
	for i, t := range rows {
		out[i] = TaskView{Task: t, AssigneeName: names[t.AssigneeID], Claimable: t.Status == TaskOpen && t.AssigneeID == 0}
	}
	return out, nil
}

// CCView is a notice in the caller's CC list.
type CCView struct {
	CC
	Title    string `json:"title"`
	Process  string `json:"processName"`
	State    string `json:"state"`
	NodeName string `json:"nodeName"`
}

// CCList lists the notices sent to the caller.
func (m *Module) CCList(ctx context.Context, p *api.Principal, q TaskQuery) (api.Page[CCView], error) {
	q.Normalize()
	db := m.db.WithContext(ctx).Model(&CC{}).Where("user_id = ?", p.UserID)
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[CCView]{}, err
	}
	var rows []CC
	if err := db.Order("id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
		return api.Page[CCView]{}, err
	}
	out := make([]CCView, len(rows))
	for i, c := range rows {
		out[i] = CCView{CC: c}
		var inst Instance
		if m.db.WithContext(systemCtx(ctx)).Select("title", "name", "state").Take(&inst, c.InstanceID).Error == nil {
			out[i].Title, out[i].Process, out[i].State = inst.Title, inst.Name, inst.State
		}
		if c.TaskID != 0 {
			var t Task
			if m.db.WithContext(systemCtx(ctx)).Select("node_name").Take(&t, c.TaskID).Error == nil {
				out[i].NodeName = t.NodeName
			}
		}
	}
	return api.NewPage(q.PageQuery, out, total), nil
}

// TaskDetail is what a person acting on a task sees.
type TaskDetail struct {
	TaskView
	Instance      InstanceView      `json:"instance"`
	Form          *FrozenForm       `json:"form"`
	FieldPerms    map[string]string `json:"fieldPerms"`
	Actions       []string          `json:"actions"`
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

// Task answers a task with its form, the node's field permissions and actions.
func (m *Module) Task(ctx context.Context, p *api.Principal, id uint64) (*TaskDetail, error) {
	var t Task
	if err := m.db.WithContext(ctx).Take(&t, id).Error; err != nil {
		return nil, err
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
	if err := m.mayAct(ctx, p, &t, inst, action, admin); err != nil {
		return nil, err
	}
	if err := m.guard(ctx, p, &t, action); err != nil {
		return nil, err
	}
	var chk api.Check
	switch action {
	case engine.ActionReject, engine.ActionReturn:
		if chk.Required("comment", in.Comment) {
			chk.MaxLen("comment", in.Comment, 2000)
		}
		if action == engine.ActionReturn {
			chk.Required("targetNode", in.TargetNode)
		}
	case engine.ActionTransfer, engine.ActionDelegate:
		if len(in.UserIDs) != 1 {
			chk.Add("userIds", "process.one_user", nil)
		}
	case engine.ActionAddSigner, engine.ActionRemoveSigner, engine.ActionCC:
		if len(in.UserIDs) == 0 {
			chk.Add("userIds", "validation.required", nil)
		}
	case engine.ActionComment:
		if chk.Required("comment", in.Comment) {
			chk.MaxLen("comment", in.Comment, 2000)
		}
	}
	if err := chk.Err(); err != nil {
		return nil, err
	}
	for _, u := range in.UserIDs {
		if err := m.sameTenant(ctx, u, t.MerchantID); err != nil {
			return nil, err
		}
	}
	form := map[string]any(nil)
	if action == engine.ActionApprove || action == engine.ActionComplete || action == engine.ActionResolve {
		if form, err = m.checkTaskForm(ctx, &t, inst, in.FormData); err != nil {
			return nil, err
		}
	}
	var res engine.TaskUpdateResult
	err = m.update(ctx, inst, engine.UpdateTask, engine.TaskUpdate{TaskID: t.ID, Action: action, Actor: m.actor(ctx, p), Comment: in.Comment,
		FormData: form, TargetNode: in.TargetNode, UserIDs: in.UserIDs}, &res)
	if err != nil {
		return nil, err
	}
	return &res, nil
}

func (m *Module) mayAct(ctx context.Context, p *api.Principal, t *Task, inst *Instance, action string, admin bool) error {
	assignee := t.AssigneeID == p.UserID
	switch action {
	case engine.ActionClaim:
		if t.AssigneeID == 0 && m.isCandidate(ctx, p, t.ID) {
			return nil
		}
	case engine.ActionUrge:
		if inst.InitiatorID == p.UserID || admin {
			return nil
		}
	case engine.ActionComment, engine.ActionCC:
		if assignee || inst.InitiatorID == p.UserID || admin || (t.AssigneeID == 0 && m.isCandidate(ctx, p, t.ID)) {
			return nil
		}
	case engine.ActionTransfer:
		if assignee || admin {
			return nil
		}
	default:
		if assignee {
			return nil
		}
	}
	return api.Conflict("process.not_your_task", nil)
}

// sameTenant refuses to hand a task to someone outside its merchant
// (platform users may take any merchant's tasks: reviewers).
func (m *Module) sameTenant(ctx context.Context, userID, merchantID uint64) error {
	person, err := m.core.People.Person(ctx, userID)
	if err != nil || !person.Enabled || (person.MerchantID != 0 && person.MerchantID != merchantID) {
		return api.Invalid("userIds", "process.user_not_allowed", nil)
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

// InstanceQuery filters instance lists.
type InstanceQuery struct {
	api.PageQuery
	DefinitionKey string `form:"definitionKey" json:"definitionKey"`
	State         string `form:"state" json:"state"`
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
		like := "%" + strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(kw) + "%"
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

// InstanceView is an instance with everything its detail page shows.
type InstanceView struct {
	Instance
	BpmnXML        string                `json:"bpmnXml"`
	Variables      map[string]any        `json:"variables"`
	Timeline       []TimelineItem        `json:"timeline"`
	Done           []string              `json:"doneNodes"`
	Active         []string              `json:"activeNodes"`
	Rejected       []string              `json:"rejectedNodes"`
	Flows          []string              `json:"takenFlows"`
	Tasks          []TaskView            `json:"tasks"`
	Forms          map[string]FrozenForm `json:"forms"` // the frozen forms, to label submitted data
	forms          map[string]FrozenForm
	completedTasks []NodeRef
}

// TimelineItem is one user-visible line of the history.
type TimelineItem struct {
	History
	Data map[string]any `json:"data,omitempty"`
}

// Detail answers an instance within the caller's scope.
func (m *Module) Detail(ctx context.Context, id uint64) (*InstanceView, error) {
	inst, err := m.instance(ctx, id)
	if err != nil {
		return nil, err
	}
	var d Definition
	if err := m.db.WithContext(systemCtx(ctx)).Take(&d, inst.DefinitionID).Error; err != nil {
		return nil, err
	}
	var hist []History
	if err := m.db.WithContext(systemCtx(ctx)).Where("instance_id = ?", id).Order("seq").Find(&hist).Error; err != nil {
		return nil, err
	}
	var tasks []Task
	if err := m.db.WithContext(systemCtx(ctx)).Where("instance_id = ?", id).Order("id").Find(&tasks).Error; err != nil {
		return nil, err
	}
	views, err := m.views(ctx, tasks)
	if err != nil {
		return nil, err
	}
	frozen := d.forms()
	v := &InstanceView{Instance: *inst, BpmnXML: d.XML, Variables: map[string]any{}, Tasks: views, forms: frozen, Forms: frozen,
		Timeline: []TimelineItem{}, Done: []string{}, Active: []string{}, Rejected: []string{}, Flows: []string{}}
	_ = json.Unmarshal([]byte(inst.Variables), &v.Variables)
	open := map[string]int{}
	last := map[string]string{} // a node's latest outcome: done or rejected
	var order []string
	seen := map[string]bool{}
	flowSet := map[string]bool{}
	for _, h := range hist {
		switch h.Kind {
		case engine.EvNodeEntered:
			open[h.NodeID]++
			if !seen[h.NodeID] {
				seen[h.NodeID] = true
				order = append(order, h.NodeID)
			}
		case engine.EvNodeCompleted:
			open[h.NodeID]--
			last[h.NodeID] = "done"
			if h.NodeKind == string(bpmn.UserTask) {
				v.completedTasks = appendNode(v.completedTasks, NodeRef{ID: h.NodeID, Name: h.NodeName})
			}
		case engine.EvNodeCancelled:
			open[h.NodeID]--
		case engine.EvNodeRejected:
			open[h.NodeID]--
			last[h.NodeID] = "rejected"
		case engine.EvFlowTaken:
			flowSet[h.FlowID] = true
		}
		if timelineKinds[h.Kind] {
			item := TimelineItem{History: h}
			if h.Data != "" {
				_ = json.Unmarshal([]byte(h.Data), &item.Data)
			}
			v.Timeline = append(v.Timeline, item)
		}
	}
	for _, n := range order {
		switch {
		case open[n] > 0 && inst.State == engine.StateRunning:
			v.Active = append(v.Active, n)
		case last[n] == "rejected":
			v.Rejected = append(v.Rejected, n)
		case last[n] == "done":
			v.Done = append(v.Done, n)
		}
	}
	v.Flows = sortedStrings(flowSet)
	return v, nil
}

func appendNode(list []NodeRef, n NodeRef) []NodeRef {
	for _, x := range list {
		if x.ID == n.ID {
			return list
		}
	}
	return append(list, n)
}

var timelineKinds = map[string]bool{
	engine.EvStarted: true, engine.EvTaskCreated: true, "task": true, engine.EvTimerFired: true, engine.EvMessage: true,
	engine.EvServiceFailed: true, engine.EvInstanceEnded: true, engine.EvCancelled: true, engine.EvWithdrawn: true, engine.EvNodeRejected: true,
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
