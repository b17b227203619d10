package process

import (
	"context"
	"github.com/venueplatform/venue/internal/textsearch"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/venueplatform/venue/api"
	"gorm.io/gorm"
)

// Count is a number for a badge.
type Count struct {
	Count int64 `json:"count"`
}

// TaskQuery filters task lists.
type TaskQuery struct {
	api.PageQuery
	Keyword       string `form:"keyword" json:"keyword"`
	DefinitionKey string `form:"definitionKey" json:"definitionKey"`
	Status        string `form:"status" json:"status" enum:"open,closed"` // all-tasks list
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
		like := textsearch.Contains(kw)
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

// ReadCC marks a notice copied to the caller as read (again: no change).
func (m *Module) ReadCC(ctx context.Context, p *api.Principal, id uint64) error {
	res := m.db.WithContext(ctx).Model(&CC{}).Where("id = ? AND user_id = ? AND read_at IS NULL", id, p.UserID).
		Update("read_at", time.Now().UTC())
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		var n int64
		m.db.WithContext(ctx).Model(&CC{}).Where("id = ? AND user_id = ?", id, p.UserID).Count(&n)
		if n == 0 {
			return api.NotFound()
		}
	}
	return nil
}
