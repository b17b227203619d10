package engine

import (
	"errors"
	"fmt"
	"strings"

	"go.temporal.io/sdk/workflow"
)

// registerHandlers installs the updates and the query. Validators refuse
// stale or foreign requests before anything is written to the history.
func (r *runner) registerHandlers(ctx workflow.Context) error {
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateTask, r.onTask,
		workflow.UpdateHandlerOptions{Validator: r.validateTask}); err != nil {
		return err
	}
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateMessage, r.onMessage,
		workflow.UpdateHandlerOptions{Validator: r.validateMessage}); err != nil {
		return err
	}
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateWithdraw, r.onWithdraw,
		workflow.UpdateHandlerOptions{Validator: r.validateWithdraw}); err != nil {
		return err
	}
	if err := workflow.SetUpdateHandlerWithOptions(ctx, UpdateCancel, r.onCancel,
		workflow.UpdateHandlerOptions{Validator: r.validateCancel}); err != nil {
		return err
	}
	return workflow.SetQueryHandler(ctx, QueryState, r.state)
}

// Validation errors callers can tell apart.
var (
	ErrTaskNotOpen      = errors.New("the task is no longer open")
	ErrActionNotOffered = errors.New("the task does not offer this action")
	ErrBadReturnTarget  = errors.New("the task cannot return to that node")
	ErrNotClaimable     = errors.New("the task is already assigned")
	ErrNoSuchSigner     = errors.New("no open signer task for that user")
	ErrNoWaitingEvent   = errors.New("nothing in the instance waits for this message")
	ErrCannotWithdraw   = errors.New("only the starter can withdraw, and only before anyone acted")
	ErrInstanceEnding   = errors.New("the instance is ending")
)

func (r *runner) validateTask(_ workflow.Context, u TaskUpdate) error {
	if r.final != "" {
		return ErrInstanceEnding
	}
	ot := r.tasks[u.TaskID]
	if ot == nil {
		return ErrTaskNotOpen
	}
	if !ot.act.offers(u.Action) {
		return fmt.Errorf("%w: %s", ErrActionNotOffered, u.Action)
	}
	switch u.Action {
	case ActionReturn:
		if !r.canReturn(ot.act, u.TargetNode) {
			return ErrBadReturnTarget
		}
	case ActionClaim:
		if ot.assignee != 0 {
			return ErrNotClaimable
		}
	case ActionUnclaim:
		if ot.assignee != u.Actor.UserID {
			return ErrNotClaimable
		}
	case ActionTransfer, ActionDelegate:
		if len(u.UserIDs) != 1 || u.UserIDs[0] == 0 {
			return errors.New("name exactly one user")
		}
	case ActionResolve:
		if ot.owner == 0 {
			return errors.New("the task is not delegated")
		}
	case ActionAddSigner:
		if len(u.UserIDs) == 0 {
			return errors.New("name at least one signer")
		}
	case ActionRemoveSigner:
		if len(u.UserIDs) != 1 || r.signerTask(ot.act, u.UserIDs[0]) == nil {
			return ErrNoSuchSigner
		}
		if len(ot.act.open)+len(ot.act.queue) <= 1 {
			return errors.New("the last signer cannot be removed")
		}
	case ActionCC:
		if len(u.UserIDs) == 0 {
			return errors.New("name at least one user")
		}
	}
	return nil
}

// canReturn allows a return to a user task completed earlier on the same
// path: by this token or by an ancestor before its fork.
func (r *runner) canReturn(act *activation, target string) bool {
	el := act.tok.scope.proc.Elements[target]
	if el == nil || target == act.el.ID || !r.completed[target] {
		return false
	}
	lineage := r.visited[target]
	return lineage == act.tok.id || strings.HasPrefix(act.tok.id, lineage+".")
}

func (r *runner) signerTask(act *activation, user uint64) *openTask {
	for _, id := range sortedIDs(act.open) {
		if ot := act.open[id]; ot.signer == user || ot.assignee == user {
			return ot
		}
	}
	return nil
}

func (r *runner) onTask(ctx workflow.Context, u TaskUpdate) (TaskUpdateResult, error) {
	ot := r.tasks[u.TaskID]
	if ot == nil {
		return TaskUpdateResult{}, ErrTaskNotOpen
	}
	act := ot.act
	res := TaskUpdateResult{TaskID: ot.id}
	in := TaskActionInput{InstanceID: r.in.InstanceID, TaskID: ot.id, Action: u.Action, Actor: u.Actor, Comment: u.Comment,
		Time: workflow.Now(ctx).UTC(), NodeID: act.el.ID, NodeName: act.el.Name}
	switch u.Action {
	case ActionApprove, ActionComplete, ActionReject, ActionReturn:
		r.acted = true
		in.FormData = r.writable(act, u.FormData)
		in.Close = map[string]string{ActionApprove: "approved", ActionComplete: "completed", ActionReject: "rejected", ActionReturn: "returned"}[u.Action]
		if u.Action == ActionReturn {
			in.Data = map[string]any{"returnTo": u.TargetNode}
		}
		delete(r.tasks, ot.id)
		delete(act.open, ot.id)
		res.Closed = true
	case ActionClaim:
		ot.assignee, in.AssigneeID = u.Actor.UserID, u.Actor.UserID
	case ActionUnclaim:
		ot.assignee = 0
	case ActionTransfer:
		r.acted = true
		ot.assignee, ot.owner, in.AssigneeID = u.UserIDs[0], 0, u.UserIDs[0]
	case ActionDelegate:
		r.acted = true
		ot.owner, ot.assignee, in.AssigneeID = ot.assignee, u.UserIDs[0], u.UserIDs[0]
		in.Data = map[string]any{"owner": ot.owner}
	case ActionResolve:
		ot.assignee, in.AssigneeID = ot.owner, ot.owner
		ot.owner = 0
		in.FormData = r.writable(act, u.FormData)
	case ActionAddSigner:
		r.acted = true
		in.Data = map[string]any{"userIds": u.UserIDs}
	case ActionRemoveSigner:
		r.acted = true
		in.Data = map[string]any{"userIds": u.UserIDs}
	case ActionCC, ActionUrge:
		in.Data = map[string]any{"userIds": u.UserIDs}
	}
	in.Seq = r.nextSeq()
	if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActTaskAction, in).Get(ctx, nil); err != nil {
		return res, err
	}
	switch u.Action {
	case ActionApprove, ActionComplete, ActionReject, ActionReturn:
		for _, k := range sortedKeys(in.FormData) {
			r.vars[k] = in.FormData[k]
		}
		act.ch.Send(ctx, decision{task: ot, action: u.Action, target: u.TargetNode})
	case ActionAddSigner:
		act.total += len(u.UserIDs)
		for _, user := range u.UserIDs {
			if act.el.Multi.Mode == "sequential" || act.el.Multi.Sequential {
				act.queue = append(act.queue, user)
				continue
			}
			added, err := r.createTask(ctx, act, user)
			if err != nil {
				return res, err
			}
			res.Added = append(res.Added, added.id)
		}
		r.flush(ctx)
	case ActionRemoveSigner:
		victim := r.signerTask(act, u.UserIDs[0])
		act.total--
		delete(r.tasks, victim.id)
		delete(act.open, victim.id)
		if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActCloseTasks, CloseInput{InstanceID: r.in.InstanceID, TaskIDs: []uint64{victim.id}, Outcome: "removed"}).Get(ctx, nil); err != nil {
			return res, err
		}
		act.ch.Send(ctx, decision{task: victim, action: "recount"})
	case ActionCC, ActionUrge:
		users := u.UserIDs
		if u.Action == ActionUrge {
			users = []uint64{ot.assignee}
		}
		if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActNotify, NotifyInput{InstanceID: r.in.InstanceID, Seq: in.Seq, TaskID: ot.id,
			Kind: u.Action, UserIDs: users, Actor: &u.Actor, Comment: u.Comment}).Get(ctx, nil); err != nil {
			return res, err
		}
	}
	return res, nil
}

// writable keeps the form fields the node lets its assignee write.
func (r *runner) writable(act *activation, data map[string]any) map[string]any {
	if len(data) == 0 {
		return nil
	}
	perms := map[string]string{}
	if act.el.User != nil {
		perms = act.el.User.FieldPerms
	}
	out := map[string]any{}
	for _, k := range sortedKeys(data) {
		if p, ok := perms[k]; !ok || p == "write" {
			out[k] = data[k]
		}
	}
	return out
}

func (r *runner) validateMessage(_ workflow.Context, m MessageUpdate) error {
	if r.final != "" {
		return ErrInstanceEnding
	}
	if len(r.waits[m.Name]) == 0 {
		return ErrNoWaitingEvent
	}
	return nil
}

func (r *runner) onMessage(ctx workflow.Context, m MessageUpdate) (string, error) {
	list := r.waits[m.Name]
	if len(list) == 0 {
		return "", ErrNoWaitingEvent
	}
	w := list[0]
	if !w.repeat {
		r.unwait(w)
	}
	for _, k := range sortedKeys(m.Variables) {
		r.vars[k] = m.Variables[k]
	}
	r.record(Event{Kind: EvMessage, NodeID: w.nodeID, Comment: m.Comment, Data: map[string]any{"message": m.Name}}, m.Actor)
	w.ch.Send(ctx, m)
	return w.nodeID, nil
}

func (r *runner) validateWithdraw(_ workflow.Context, a Actor) error {
	if r.final != "" || r.acted || a.UserID != r.in.Initiator.UserID {
		return ErrCannotWithdraw
	}
	return nil
}

func (r *runner) onWithdraw(ctx workflow.Context, a Actor) error {
	r.record(Event{Kind: EvWithdrawn}, &a)
	r.final = StateWithdrawn
	return nil
}

func (r *runner) validateCancel(_ workflow.Context, c CancelUpdate) error {
	if r.final != "" {
		return ErrInstanceEnding
	}
	return nil
}

func (r *runner) onCancel(ctx workflow.Context, c CancelUpdate) error {
	r.record(Event{Kind: EvCancelled, Comment: c.Reason}, &c.Actor)
	r.final = StateCancelled
	return nil
}

func (r *runner) state() (State, error) {
	st := State{Status: StateRunning, Variables: r.vars, ActiveNodes: []string{}, OpenTasks: sortedIDs(r.tasks), Waiting: sortedKeys(r.waits)}
	if r.final != "" {
		st.Status = r.final
	}
	for _, s := range r.scopes {
		for _, id := range sortedKeys(s.tokens) {
			st.ActiveNodes = append(st.ActiveNodes, s.tokens[id].node)
		}
	}
	return st, nil
}
