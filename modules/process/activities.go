package process

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/engine"
)

// Activities are the bookkeeping the interpreter asks for: task rows,
// history lines, instance state, the people behind an assignment. Every one
// is idempotent, so a retried or replayed call writes nothing twice.
type Activities struct {
	db     *gorm.DB
	people *sys.Directory
}

// Register puts the interpreter and its activities on a worker.
func (m *Module) Register(r worker.Registry) {
	r.RegisterWorkflowWithOptions(engine.ProcessWorkflow, workflowOptions())
	a := m.acts
	r.RegisterActivityWithOptions(a.CreateTask, activity.RegisterOptions{Name: engine.ActCreateTask})
	r.RegisterActivityWithOptions(a.TaskAction, activity.RegisterOptions{Name: engine.ActTaskAction})
	r.RegisterActivityWithOptions(a.CloseTasks, activity.RegisterOptions{Name: engine.ActCloseTasks})
	r.RegisterActivityWithOptions(a.Record, activity.RegisterOptions{Name: engine.ActRecord})
	r.RegisterActivityWithOptions(a.ResolveUsers, activity.RegisterOptions{Name: engine.ActResolveUsers})
	r.RegisterActivityWithOptions(a.ResolveDefinition, activity.RegisterOptions{Name: engine.ActResolveDefinition})
	r.RegisterActivityWithOptions(a.Notify, activity.RegisterOptions{Name: engine.ActNotify})
	for _, s := range m.services {
		r.RegisterActivityWithOptions(s.fn, activity.RegisterOptions{Name: s.name})
	}
}

func (a *Activities) sys(ctx context.Context) *gorm.DB {
	return a.db.WithContext(tenancy.SystemContext(ctx))
}

// CreateTask writes a task row with its assignee or candidates, and its
// history line, unless the row exists already.
func (a *Activities) CreateTask(ctx context.Context, s engine.TaskSpec) (engine.TaskRef, error) {
	db := a.sys(ctx)
	var existing Task
	err := db.Where("instance_id = ? AND node_id = ? AND activation = ? AND idx = ?", s.InstanceID, s.NodeID, s.Activation, s.Index).
		Limit(1).Find(&existing).Error
	if err != nil {
		return engine.TaskRef{}, err
	}
	if existing.ID != 0 {
		return a.taskRef(ctx, existing)
	}
	var inst Instance
	if err := db.Take(&inst, s.InstanceID).Error; err != nil {
		return engine.TaskRef{}, err
	}
	assignee, users, roles, err := a.assignment(ctx, s)
	if err != nil {
		return engine.TaskRef{}, err
	}
	perms, _ := json.Marshal(s.FieldPerms)
	t := Task{MerchantID: inst.MerchantID, InstanceID: s.InstanceID, NodeID: s.NodeID, Activation: s.Activation, Idx: s.Index,
		NodeName: s.NodeName, DefinitionKey: inst.DefinitionKey, ProcessName: inst.Name, Title: inst.Title, InitiatorID: inst.InitiatorID,
		InitiatorName: inst.InitiatorName, AssigneeID: assignee, Status: TaskOpen, FormKey: s.FormKey, FieldPerms: string(perms),
		Actions: strings.Join(s.Actions, ","), DueAt: s.DueAt, CreatedAt: s.Time}
	err = db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&t).Error; err != nil {
			return err
		}
		var cands []TaskCandidate
		for _, u := range users {
			cands = append(cands, TaskCandidate{TaskID: t.ID, Kind: CandidateUser, Ref: strconv.FormatUint(u, 10), MerchantID: t.MerchantID})
		}
		for _, r := range roles {
			cands = append(cands, TaskCandidate{TaskID: t.ID, Kind: CandidateRole, Ref: r, MerchantID: t.MerchantID})
		}
		if len(cands) > 0 && assignee == 0 {
			if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&cands).Error; err != nil {
				return err
			}
		}
		data, _ := json.Marshal(map[string]any{"assigneeId": assignee, "candidateUsers": users, "candidateRoles": roles})
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&History{InstanceID: s.InstanceID, Seq: s.Seq, Kind: engine.EvTaskCreated,
			NodeID: s.NodeID, NodeName: s.NodeName, NodeKind: string(bpmn.UserTask), TaskID: t.ID, Data: string(data), CreatedAt: s.Time}).Error; err != nil {
			return err
		}
		if s.Record != nil {
			return record(tx, *s.Record)
		}
		return nil
	})
	if err != nil {
		if dbx.IsDuplicate(err) { // a concurrent attempt won; answer its row
			return a.CreateTask(ctx, s)
		}
		return engine.TaskRef{}, err
	}
	ref := engine.TaskRef{TaskID: t.ID, AssigneeID: t.AssigneeID, CandidatesKnown: true}
	if assignee == 0 {
		ref.CandidateUsers, ref.CandidateRoles = users, roles
	}
	return ref, nil
}

// taskRef answers an existing task row with its candidates (a retried CreateTask).
func (a *Activities) taskRef(ctx context.Context, t Task) (engine.TaskRef, error) {
	ref := engine.TaskRef{TaskID: t.ID, AssigneeID: t.AssigneeID, CandidatesKnown: true}
	var cands []TaskCandidate
	if err := a.sys(ctx).Where("task_id = ?", t.ID).Order("kind, ref").Find(&cands).Error; err != nil {
		return ref, err
	}
	for _, c := range cands {
		switch c.Kind {
		case CandidateUser:
			if id, err := strconv.ParseUint(c.Ref, 10, 64); err == nil {
				ref.CandidateUsers = append(ref.CandidateUsers, id)
			}
		case CandidateRole:
			ref.CandidateRoles = append(ref.CandidateRoles, c.Ref)
		}
	}
	return ref, nil
}

// assignment turns a task's strategy into an assignee, or candidate users
// and roles when nobody is named.
func (a *Activities) assignment(ctx context.Context, s engine.TaskSpec) (assignee uint64, users []uint64, roles []string, err error) {
	if s.AssigneeUserID != 0 {
		return s.AssigneeUserID, nil, nil, nil
	}
	lookup := func(ref string) uint64 {
		if ref == "" {
			return 0
		}
		p, err := a.people.Lookup(ctx, ref)
		if err != nil {
			return 0
		}
		return p.ID
	}
	strategy := s.Strategy
	if strategy == "" {
		switch {
		case s.Assignee != "":
			strategy = bpmn.AssignUser
		case len(s.CandidateRoles) > 0:
			strategy = bpmn.AssignRole
		}
	}
	switch strategy {
	case bpmn.AssignUser, bpmn.AssignExpression:
		assignee = lookup(s.Assignee)
	case bpmn.AssignInitiator:
		assignee = s.Initiator.UserID
	case bpmn.AssignFormField:
		assignee = lookup(fmt.Sprint(s.Variables[s.Assignee]))
	case bpmn.AssignOrgLeader:
		org := s.Initiator.OrgID
		if id, err := strconv.ParseUint(s.Org, 10, 64); err == nil && id != 0 {
			org = id
		}
		assignee, err = a.people.Leader(ctx, org)
	case bpmn.AssignInitiatorLead:
		assignee, err = a.people.Leader(ctx, s.Initiator.OrgID)
		if assignee == s.Initiator.UserID { // a leader does not approve their own request
			if p, perr := a.people.Person(ctx, assignee); perr == nil {
				var parent uint64
				parent, err = a.people.ParentLeader(ctx, p.OrgID)
				assignee = parent
			}
		}
	}
	if err != nil {
		return 0, nil, nil, err
	}
	if assignee == 0 {
		for _, ref := range s.CandidateUsers {
			if id := lookup(ref); id != 0 {
				users = append(users, id)
			}
		}
		roles = s.CandidateRoles
	}
	return assignee, users, roles, nil
}

// ResolveUsers lists the signers of a multi-instance task.
func (a *Activities) ResolveUsers(ctx context.Context, in engine.ResolveInput) ([]uint64, error) {
	seen := map[uint64]bool{}
	var out []uint64
	add := func(id uint64) {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	if in.Collection != nil {
		items, ok := in.Collection.([]any)
		if !ok {
			items = []any{in.Collection}
		}
		for _, it := range items {
			if p, err := a.people.Lookup(ctx, fmt.Sprint(it)); err == nil {
				add(p.ID)
			}
		}
		return out, nil
	}
	assignee, users, roles, err := a.assignment(ctx, in.Spec)
	if err != nil {
		return nil, err
	}
	add(assignee)
	for _, u := range users {
		add(u)
	}
	for _, code := range roles {
		ids, err := a.people.WithRole(ctx, in.MerchantID, code)
		if err != nil {
			return nil, err
		}
		if len(ids) == 0 && in.MerchantID != 0 {
			// A platform role (reviewers) is held by platform users.
			if ids, err = a.people.WithRole(ctx, 0, code); err != nil {
				return nil, err
			}
		}
		for _, id := range ids {
			add(id)
		}
	}
	return out, nil
}

// TaskAction writes one action on a task and its history line.
func (a *Activities) TaskAction(ctx context.Context, in engine.TaskActionInput) error {
	data := map[string]any{}
	for k, v := range in.Data {
		data[k] = v
	}
	if len(in.FormData) > 0 {
		data["form"] = in.FormData
	}
	raw, _ := json.Marshal(data)
	if len(data) == 0 {
		raw = nil
	}
	err := a.sys(ctx).Transaction(func(tx *gorm.DB) error {
		// A retried call finds its history line and writes nothing again.
		var done int64
		if err := tx.Model(&History{}).Where("instance_id = ? AND seq = ?", in.InstanceID, in.Seq).Count(&done).Error; err != nil || done > 0 {
			return err
		}
		if err := tx.Create(&History{InstanceID: in.InstanceID, Seq: in.Seq, Kind: "task",
			NodeID: in.NodeID, NodeName: in.NodeName, NodeKind: string(bpmn.UserTask), TaskID: in.TaskID, ActorID: in.Actor.UserID,
			ActorName: in.Actor.Name, Action: in.Action, Comment: in.Comment, Data: string(raw), CreatedAt: in.Time}).Error; err != nil {
			return err
		}
		upd := map[string]any{}
		switch {
		case in.Close != "":
			upd = map[string]any{"status": TaskClosed, "outcome": in.Close, "closed_by": in.Actor.UserID, "closed_at": in.Time}
			if err := tx.Where("task_id = ?", in.TaskID).Delete(&TaskCandidate{}).Error; err != nil {
				return err
			}
		case in.Action == engine.ActionClaim || in.Action == engine.ActionTransfer || in.Action == engine.ActionResolve:
			upd = map[string]any{"assignee_id": in.AssigneeID, "owner_id": 0}
		case in.Action == engine.ActionUnclaim:
			upd = map[string]any{"assignee_id": 0}
		case in.Action == engine.ActionDelegate:
			upd = map[string]any{"assignee_id": in.AssigneeID, "owner_id": in.Data["owner"]}
		}
		if len(upd) == 0 {
			return nil
		}
		return tx.Model(&Task{}).Where("id = ?", in.TaskID).Updates(upd).Error
	})
	return err
}

// CloseTasks closes open tasks with an outcome (interrupted, skipped, cancelled).
func (a *Activities) CloseTasks(ctx context.Context, in engine.CloseInput) error {
	now := time.Now().UTC()
	return a.sys(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("task_id IN ?", in.TaskIDs).Delete(&TaskCandidate{}).Error; err != nil {
			return err
		}
		return tx.Model(&Task{}).Where("id IN ? AND status = ?", in.TaskIDs, TaskOpen).
			Updates(map[string]any{"status": TaskClosed, "outcome": in.Outcome, "closed_at": now}).Error
	})
}

// Record appends history lines and moves the instance's state.
func (a *Activities) Record(ctx context.Context, in engine.RecordInput) error {
	return a.sys(ctx).Transaction(func(tx *gorm.DB) error { return record(tx, in) })
}

func record(tx *gorm.DB, in engine.RecordInput) error {
	if len(in.Events) > 0 {
		rows := make([]History, len(in.Events))
		for i, e := range in.Events {
			rows[i] = historyRow(in.InstanceID, e)
		}
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 100).Error; err != nil {
			return err
		}
	}
	upd := map[string]any{"updated_at": time.Now().UTC()}
	if in.Variables != nil {
		raw, _ := json.Marshal(in.Variables)
		upd["variables"] = string(raw)
	}
	if in.State != "" {
		upd["state"] = in.State
		switch {
		case in.Final || (in.State != engine.StateRunning && in.State != engine.StateFailed):
			upd["ended_at"] = time.Now().UTC()
		case in.State == engine.StateRunning:
			upd["ended_at"] = nil // retried after a failure
		}
	}
	if len(upd) == 1 {
		return nil
	}
	return tx.Model(&Instance{}).Where("id = ?", in.InstanceID).Updates(upd).Error
}

func historyRow(instanceID uint64, e engine.Event) History {
	h := History{InstanceID: instanceID, Seq: e.Seq, Kind: e.Kind, NodeID: e.NodeID, NodeName: e.NodeName, NodeKind: e.NodeKind,
		FlowID: e.FlowID, TaskID: e.TaskID, Action: e.Action, Comment: e.Comment, CreatedAt: e.Time}
	if e.Actor != nil {
		h.ActorID, h.ActorName = e.Actor.UserID, e.Actor.Name
	}
	if len(e.Data) > 0 {
		raw, _ := json.Marshal(e.Data)
		h.Data = string(raw)
	}
	return h
}

// ResolveDefinition finds a call activity's definition (the newest active
// version of the key, the merchant's own before the platform's) and
// creates the child instance row, once per activation.
func (a *Activities) ResolveDefinition(ctx context.Context, in engine.ResolveDefinitionInput) (engine.DefinitionRef, error) {
	db := a.sys(ctx)
	var def Definition
	err := db.Where("`key` = ? AND status = ? AND merchant_id IN ?", in.Key, DefinitionActive, []uint64{0, in.MerchantID}).
		Order("merchant_id DESC, version DESC").Take(&def).Error
	if err != nil {
		return engine.DefinitionRef{}, fmt.Errorf("call activity: no active definition %q: %w", in.Key, err)
	}
	businessKey := fmt.Sprintf("%s#%d/%s/%d", in.BusinessKey, in.ParentInstanceID, in.NodeID, in.Activation)
	var inst Instance
	if err := db.Where("parent_id = ? AND business_key = ?", in.ParentInstanceID, businessKey).Limit(1).Find(&inst).Error; err != nil {
		return engine.DefinitionRef{}, err
	}
	if inst.ID == 0 {
		inst = Instance{MerchantID: in.MerchantID, DefinitionID: def.ID, DefinitionKey: def.Key, Version: def.Version, Name: def.Name,
			Title: def.Name, BusinessKey: businessKey, InitiatorID: in.Initiator.UserID, InitiatorName: in.Initiator.Name,
			State: engine.StateRunning, ParentID: in.ParentInstanceID, StartedAt: time.Now().UTC()}
		if err := db.Create(&inst).Error; err != nil {
			return engine.DefinitionRef{}, err
		}
		if err := db.Model(&inst).Update("workflow_id", engine.InstanceWorkflowID(inst.ID)).Error; err != nil {
			return engine.DefinitionRef{}, err
		}
	}
	return engine.DefinitionRef{DefinitionID: def.ID, InstanceID: inst.ID, XML: def.XML, Key: def.Key}, nil
}

// Notify leaves a notice (CC, urge, timeout reminder) for each user.
func (a *Activities) Notify(ctx context.Context, in engine.NotifyInput) error {
	db := a.sys(ctx)
	var inst Instance
	if err := db.Select("id", "merchant_id").Take(&inst, in.InstanceID).Error; err != nil {
		return err
	}
	var rows []CC
	now := time.Now().UTC()
	for _, u := range in.UserIDs {
		if u == 0 {
			continue
		}
		c := CC{MerchantID: inst.MerchantID, InstanceID: in.InstanceID, Seq: in.Seq, TaskID: in.TaskID, UserID: u, Kind: in.Kind, Comment: truncate(in.Comment, 500), CreatedAt: now}
		if in.Actor != nil {
			c.FromID, c.FromName = in.Actor.UserID, in.Actor.Name
		}
		rows = append(rows, c)
	}
	if len(rows) == 0 {
		return nil
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
