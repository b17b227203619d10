package engine

import (
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
)

// openTask is a task row waiting for a person.
type openTask struct {
	id       uint64
	act      *activation
	assignee uint64
	owner    uint64 // the delegating assignee while a task is delegated
	signer   uint64
	index    int
}

// activation is one entry of a token into a user task: its task rows and,
// for multi-instance tasks, the signers' tally.
type activation struct {
	el        *bpmn.Element
	tok       *token
	n         int
	ch        workflow.Channel // decisions from the task update handler
	open      map[uint64]*openTask
	queue     []uint64 // sequential signers still to come
	total     int
	approvals int
	rejects   int
	nextIndex int
	spec      TaskSpec
	batch     bool // history and variables travel with the task row (versionTaskRecordBatch)
	recorded  bool
}

// versionTaskRecordBatch: instances started before it wrote the pending
// history and variables in a separate activity after creating a task.
const versionTaskRecordBatch = "task-record-batch"

type decision struct {
	task   *openTask
	action string
	target string
}

// defaultActions are offered when a task names none.
var defaultActions = []string{ActionApprove, ActionReject, ActionTransfer, ActionDelegate, ActionComment, ActionClaim}

func (a *activation) offers(action string) bool {
	switch action {
	case ActionComplete, ActionComment, ActionUrge, ActionCC, ActionResolve, ActionUnclaim:
		return true
	}
	actions := defaultActions
	if a.el.User != nil && len(a.el.User.Actions) > 0 {
		actions = a.el.User.Actions
	}
	for _, x := range actions {
		if x == action {
			return true
		}
	}
	return (action == ActionAddSigner || action == ActionRemoveSigner) && a.el.Multi != nil && a.offersAny(ActionAddSigner)
}

func (a *activation) offersAny(action string) bool {
	if a.el.User == nil {
		return false
	}
	for _, x := range a.el.User.Actions {
		if x == action {
			return true
		}
	}
	return false
}

func userTask(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	r.activations[el.ID]++
	act := &activation{el: el, tok: t, n: r.activations[el.ID], ch: workflow.NewBufferedChannel(ctx, 64), open: map[uint64]*openTask{},
		batch: workflow.GetVersion(ctx, versionTaskRecordBatch, workflow.DefaultVersion, 1) == 1}
	spec, err := r.taskSpec(ctx, el, act.n)
	if err != nil {
		return outcome{}, err
	}
	act.spec = spec
	if el.Multi != nil {
		signers, err := r.signers(ctx, el, spec)
		if err != nil {
			return outcome{}, err
		}
		if len(signers) == 0 {
			return outcome{}, errors.New("multi-instance task resolves to no signers")
		}
		act.total = len(signers)
		if el.Multi.Mode == bpmn.MultiSequential || el.Multi.Sequential {
			act.queue = signers[1:]
			signers = signers[:1]
		}
		for _, u := range signers {
			if _, err := r.createTask(ctx, act, u); err != nil {
				return outcome{}, err
			}
		}
	} else if _, err := r.createTask(ctx, act, 0); err != nil {
		return outcome{}, err
	}
	// The variables are written with the task, so that whoever opens it sees
	// the values of its time (a service task or an earlier form set them).
	if !act.batch {
		r.write(ctx, RecordInput{InstanceID: r.in.InstanceID, Variables: r.vars})
	}
	out, err := r.waitTask(ctx, act)
	if ctx.Err() != nil {
		dctx, cancel := workflow.NewDisconnectedContext(ctx)
		r.closeTasks(dctx, act, "cancelled")
		cancel()
	}
	return out, err
}

// taskSpec fills the template every task row of this activation starts from.
func (r *runner) taskSpec(ctx workflow.Context, el *bpmn.Element, n int) (TaskSpec, error) {
	u := el.User
	if u == nil {
		u = &bpmn.UserTaskSettings{}
	}
	spec := TaskSpec{InstanceID: r.in.InstanceID, MerchantID: r.in.MerchantID, NodeID: el.ID, NodeName: el.Name, Activation: n,
		Strategy: u.Strategy, Assignee: u.Assignee, CandidateUsers: u.CandidateUsers, CandidateRoles: u.CandidateRoles,
		Org: u.Org, FormKey: u.FormKey, FieldPerms: u.FieldPerms, Actions: u.Actions, Initiator: r.in.Initiator, Variables: r.vars}
	if spec.Strategy == bpmn.AssignExpression || spec.Strategy == bpmn.AssignUser {
		// "${manager}" names a variable or expression: resolved here, deterministically.
		if v, err := r.ev.text(spec.Assignee, r.vars); err == nil {
			spec.Assignee = v
		} else {
			return spec, err
		}
	}
	if u.DueDate != "" {
		s, err := r.ev.text(u.DueDate, r.vars)
		if err != nil {
			return spec, err
		}
		now := workflow.Now(ctx).UTC()
		if d, err := bpmn.ParseDuration(s); err == nil {
			due := now.Add(d)
			spec.DueAt = &due
		} else if at, err := time.Parse(time.RFC3339, s); err == nil {
			spec.DueAt = &at
		} else {
			return spec, fmt.Errorf("due date %q is neither a duration nor a date-time", s)
		}
	}
	return spec, nil
}

// signers resolves the people of a multi-instance task: its collection
// variable, or the task's assignment resolved to users.
func (r *runner) signers(ctx workflow.Context, el *bpmn.Element, spec TaskSpec) ([]uint64, error) {
	in := ResolveInput{MerchantID: r.in.MerchantID, Spec: spec}
	if c := el.Multi.Collection; c != "" {
		v, err := r.ev.eval(c, r.vars)
		if err != nil {
			return nil, err
		}
		in.Collection = v
	}
	var ids []uint64
	err := workflow.ExecuteLocalActivity(localOptions(ctx), ActResolveUsers, in).Get(ctx, &ids)
	return ids, err
}

// createTask writes one task row (for a signer, or the plain assignment).
func (r *runner) createTask(ctx workflow.Context, act *activation, signer uint64) (*openTask, error) {
	spec := act.spec
	spec.Index = act.nextIndex
	act.nextIndex++
	spec.AssigneeUserID = signer
	spec.Variables = r.vars
	spec.Seq = r.nextSeq()
	spec.Time = workflow.Now(ctx).UTC()
	if act.batch && !act.recorded {
		// The pending history and the variables go with the first task row.
		act.recorded = true
		rec := RecordInput{InstanceID: r.in.InstanceID, Events: r.buf, Variables: r.vars}
		r.buf = nil
		for i := range rec.Events {
			if rec.Events[i].Time.IsZero() {
				rec.Events[i].Time = spec.Time
			}
		}
		spec.Record = &rec
	}
	var ref TaskRef
	if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActCreateTask, spec).Get(ctx, &ref); err != nil {
		return nil, err
	}
	ot := &openTask{id: ref.TaskID, act: act, assignee: ref.AssigneeID, signer: signer, index: spec.Index}
	act.open[ot.id] = ot
	r.tasks[ot.id] = ot
	return ot, nil
}

// waitTask waits for decisions, boundary events and the timeout of one activation.
func (r *runner) waitTask(ctx workflow.Context, act *activation) (outcome, error) {
	el := act.el
	var result *outcome
	var failure error
	bctx, stopBoundaries := workflow.WithCancel(ctx)
	defer stopBoundaries()
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(ctx.Done(), func(workflow.ReceiveChannel, bool) { failure = ctx.Err() })
	sel.AddReceive(act.ch, func(c workflow.ReceiveChannel, _ bool) {
		var d decision
		c.Receive(ctx, &d)
		out, done, err := r.decide(ctx, act, d)
		if err != nil {
			failure = err
		} else if done {
			result = &out
		}
	})
	for _, bid := range el.Boundaries {
		be := act.tok.scope.proc.Elements[bid]
		if be == nil {
			continue
		}
		if err := r.armBoundary(bctx, sel, act, be, &result); err != nil {
			return outcome{}, err
		}
	}
	if u := el.User; u != nil && u.TimeoutAfter != "" && u.TimeoutAction != "" {
		d, err := bpmn.ParseDuration(u.TimeoutAfter)
		if err != nil {
			return outcome{}, fmt.Errorf("timeout: %w", err)
		}
		sel.AddFuture(workflow.NewTimer(bctx, d), func(f workflow.Future) {
			if f.Get(bctx, nil) != nil {
				return
			}
			out, done, err := r.timeout(ctx, act)
			if err != nil {
				failure = err
			} else if done {
				result = &out
			}
		})
	}
	for result == nil && failure == nil {
		sel.Select(ctx)
	}
	if failure != nil {
		return outcome{}, failure
	}
	return *result, nil
}

// armBoundary adds a boundary event's trigger to the task's selector.
func (r *runner) armBoundary(ctx workflow.Context, sel workflow.Selector, act *activation, be *bpmn.Element, result **outcome) error {
	fire := func() {
		r.record(Event{Kind: EvNodeEntered, NodeID: be.ID, NodeName: be.Name, NodeKind: string(be.Kind)}, nil)
		r.record(Event{Kind: EvNodeCompleted, NodeID: be.ID, NodeName: be.Name, NodeKind: string(be.Kind)}, nil)
		flows, err := r.leave(act.tok.scope, be)
		if err != nil {
			r.fail(err)
			return
		}
		if be.CancelActivity {
			r.closeTasks(ctx, act, "interrupted")
			r.record(Event{Kind: EvNodeCancelled, NodeID: act.el.ID, NodeName: act.el.Name, Data: map[string]any{"by": be.ID}}, nil)
			*result = &outcome{flows: flows}
			return
		}
		for _, f := range flows {
			act.tok.scope.counter++
			r.spawn(act.tok.scope, fmt.Sprintf("%s.b%d", act.tok.id, act.tok.scope.counter), act.tok.scope.proc.Flows[f].Target, f)
		}
	}
	switch be.Event {
	case bpmn.EventTimer:
		d, err := r.timerDelay(ctx, be)
		if err != nil {
			return err
		}
		repeat := 1
		if be.TimerCycle != "" && !be.CancelActivity {
			if n, _, err := bpmn.ParseCycle(be.TimerCycle); err == nil {
				repeat = n
			}
		}
		var arm func()
		arm = func() {
			sel.AddFuture(workflow.NewTimer(ctx, d), func(f workflow.Future) {
				if f.Get(ctx, nil) != nil {
					return
				}
				r.record(Event{Kind: EvTimerFired, NodeID: be.ID, NodeName: be.Name}, nil)
				fire()
				if repeat--; repeat > 0 {
					arm()
				}
			})
		}
		arm()
	case bpmn.EventMessage:
		w := r.await(be.MessageName, be.ID)
		w.repeat = !be.CancelActivity // a non-interrupting boundary keeps listening
		sel.AddReceive(w.ch, func(c workflow.ReceiveChannel, _ bool) {
			var m MessageUpdate
			c.Receive(ctx, &m)
			fire()
		})
		workflow.Go(ctx, func(gctx workflow.Context) {
			_ = workflow.Await(gctx, func() bool { return false })
			r.unwait(w)
		})
	}
	return nil
}

// decide applies a person's decision to the activation's tally.
func (r *runner) decide(ctx workflow.Context, act *activation, d decision) (outcome, bool, error) {
	el := act.el
	multi := el.Multi
	switch d.action {
	case ActionReturn:
		r.closeTasks(ctx, act, "cancelled")
		r.record(Event{Kind: EvNodeRejected, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"returnTo": d.target}}, nil)
		return outcome{jump: d.target, rejected: true}, true, nil
	case ActionReject:
		act.rejects++
		if multi != nil && !r.rejectionDecides(act) {
			return outcome{}, false, nil
		}
		return r.rejected(ctx, act)
	case ActionApprove, ActionComplete:
		act.approvals++
		if multi == nil {
			r.completed[el.ID] = true
			return r.approved(ctx, act)
		}
	}
	// Multi-instance: an approval, a removed signer, or a recount.
	if multi != nil && r.approvalDecides(act) {
		r.completed[el.ID] = true
		r.closeTasks(ctx, act, "skipped")
		return r.approved(ctx, act)
	}
	if multi != nil && r.rejectionDecides(act) && act.rejects > 0 {
		return r.rejected(ctx, act)
	}
	if len(act.open) == 0 && len(act.queue) > 0 {
		next := act.queue[0]
		act.queue = act.queue[1:]
		if _, err := r.createTask(ctx, act, next); err != nil {
			return outcome{}, false, err
		}
		r.flush(ctx)
	}
	return outcome{}, false, nil
}

// approvalDecides reports whether a multi-instance task has enough approvals.
func (r *runner) approvalDecides(act *activation) bool {
	m := act.el.Multi
	if m.CompletionCondition != "" {
		ok, err := r.ev.condition(m.CompletionCondition, r.tally(act))
		if err == nil && ok {
			return true
		}
	}
	switch m.Mode {
	case bpmn.MultiAny:
		return act.approvals >= 1
	case bpmn.MultiRatio:
		return act.total > 0 && float64(act.approvals)/float64(act.total) >= m.Ratio-1e-9
	}
	return act.approvals >= act.total
}

// rejectionDecides reports whether rejections make approval impossible.
func (r *runner) rejectionDecides(act *activation) bool {
	m := act.el.Multi
	switch m.Mode {
	case bpmn.MultiAny:
		return act.rejects >= act.total
	case bpmn.MultiRatio:
		possible := act.total - act.rejects
		return act.total > 0 && float64(possible)/float64(act.total) < m.Ratio-1e-9
	}
	return act.rejects > 0
}

func (r *runner) tally(act *activation) map[string]any {
	env := map[string]any{}
	for k, v := range r.vars {
		env[k] = v
	}
	env["nrOfInstances"] = act.total
	env["nrOfCompletedInstances"] = act.approvals + act.rejects
	env["nrOfActiveInstances"] = len(act.open)
	env["nrOfApprovals"] = act.approvals
	env["nrOfRejections"] = act.rejects
	return env
}

func (r *runner) approved(ctx workflow.Context, act *activation) (outcome, bool, error) {
	if u := act.el.User; u != nil && u.RejectMode == bpmn.RejectContinue {
		r.vars[OutcomeVariable] = OutcomeApproved
	}
	flows, err := r.leave(act.tok.scope, act.el)
	return outcome{flows: flows}, true, err
}

// rejected follows the task's reject handling: end the instance, return
// to the configured earlier node, or continue along the outgoing flows with
// the decision in the outcome variable (a gateway after the task routes it).
func (r *runner) rejected(ctx workflow.Context, act *activation) (outcome, bool, error) {
	r.closeTasks(ctx, act, "skipped")
	u := act.el.User
	r.record(Event{Kind: EvNodeRejected, NodeID: act.el.ID, NodeName: act.el.Name}, nil)
	if u != nil && u.RejectMode == bpmn.RejectContinue {
		r.vars[OutcomeVariable] = OutcomeRejected
		flows, err := r.leave(act.tok.scope, act.el)
		return outcome{flows: flows, rejected: true}, true, err
	}
	if u != nil && u.RejectMode == "return" && u.RejectTarget != "" {
		return outcome{jump: u.RejectTarget, rejected: true}, true, nil
	}
	r.final = StateRejected
	return outcome{end: true, rejected: true}, true, nil
}

// timeout applies the task's timeout handling.
func (r *runner) timeout(ctx workflow.Context, act *activation) (outcome, bool, error) {
	ids := sortedIDs(act.open)
	r.record(Event{Kind: EvTimerFired, NodeID: act.el.ID, NodeName: act.el.Name, Data: map[string]any{"timeout": act.el.User.TimeoutAction}}, nil)
	switch act.el.User.TimeoutAction {
	case "remind":
		var users []uint64
		for _, id := range ids {
			users = append(users, act.open[id].assignee)
		}
		r.flush(ctx)
		err := workflow.ExecuteLocalActivity(localOptions(ctx), ActNotify, NotifyInput{InstanceID: r.in.InstanceID, Seq: r.nextSeq(), TaskID: firstID(ids), Kind: "remind", UserIDs: users}).Get(ctx, nil)
		return outcome{}, false, err
	case "autoApprove":
		r.completed[act.el.ID] = true
		r.closeTasks(ctx, act, "autoApproved")
		return r.approved(ctx, act)
	case "autoReject":
		r.closeTasks(ctx, act, "autoRejected")
		return r.rejected(ctx, act)
	}
	return outcome{}, false, nil
}

func firstID(ids []uint64) uint64 {
	if len(ids) == 0 {
		return 0
	}
	return ids[0]
}

// closeTasks closes every open task of an activation with an outcome.
func (r *runner) closeTasks(ctx workflow.Context, act *activation, outcome string) {
	ids := sortedIDs(act.open)
	if len(ids) == 0 {
		return
	}
	for _, id := range ids {
		delete(r.tasks, id)
		delete(act.open, id)
	}
	act.queue = nil
	if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActCloseTasks, CloseInput{InstanceID: r.in.InstanceID, TaskIDs: ids, Outcome: outcome}).Get(ctx, nil); err != nil && ctx.Err() == nil {
		r.fail(err)
	}
}

// closeOpenTasks closes whatever is still open when the instance ends.
func (r *runner) closeOpenTasks(ctx workflow.Context, outcome string) {
	ids := sortedIDs(r.tasks)
	if len(ids) == 0 {
		return
	}
	for _, id := range ids {
		ot := r.tasks[id]
		delete(ot.act.open, id)
		delete(r.tasks, id)
	}
	_ = workflow.ExecuteLocalActivity(localOptions(ctx), ActCloseTasks, CloseInput{InstanceID: r.in.InstanceID, TaskIDs: ids, Outcome: outcome}).Get(ctx, nil)
}
