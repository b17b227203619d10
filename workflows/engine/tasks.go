package engine

import (
	"errors"
	"fmt"
	"maps"
	"slices"
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
	// Who may claim it while nobody holds it (known: the row's candidates were answered).
	users []uint64
	roles []string
	known bool
}

// candidate reports whether a user (holding roles) may claim the task. For a
// task of an older history (!known) the API's check stands alone.
func (ot *openTask) candidate(user uint64, roles []string) bool {
	return !ot.known || slices.Contains(ot.users, user) ||
		slices.ContainsFunc(ot.roles, func(want string) bool { return slices.Contains(roles, want) })
}

// activation is one entry of a token into a user task: its task rows and,
// for multi-instance tasks, the signers' tally.
type activation struct {
	el        *bpmn.Element
	tok       *token
	ch        workflow.Channel // decisions from the task update handler
	open      map[uint64]*openTask
	queue     []uint64 // sequential signers still to come
	total     int
	approvals int
	rejects   int
	nextIndex int
	spec      TaskSpec
	pending   int  // decisions sent by the update handler, not yet received
	batch     bool // history and variables travel with the task row (versionTaskRecordBatch)
	recorded  bool
}

// versionTaskRecordBatch: instances started before it wrote the pending
// history and variables in a separate activity after creating a task.
const versionTaskRecordBatch = "task-record-batch"

// decision wakes the token waiting in a task: a person's decision, or a
// recount after a signer was removed.
type decision struct {
	action string
	target string // return
}

func (a *activation) sequential() bool {
	return a.el.Multi.Mode == bpmn.MultiSequential || a.el.Multi.Sequential
}

func userTask(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	r.activations[el.ID]++
	act := &activation{el: el, tok: t, ch: workflow.NewBufferedChannel(ctx, 64), open: map[uint64]*openTask{},
		batch: workflow.GetVersion(ctx, versionTaskRecordBatch, workflow.DefaultVersion, 1) == 1}
	defer func() {
		// Decisions sent to an activation that ended are never received.
		r.pending -= act.pending
		act.pending = 0
	}()
	spec, err := r.taskSpec(ctx, el, r.activations[el.ID])
	if err != nil {
		return outcome{}, err
	}
	act.spec = spec
	signers := []uint64{0} // one row for the plain assignment
	if el.Multi != nil {
		if signers, err = r.signers(ctx, el, spec); err != nil {
			return outcome{}, err
		}
		if len(signers) == 0 {
			return outcome{}, errors.New("multi-instance task resolves to no signers")
		}
		if r.hardened && len(signers) > maxSigners {
			return outcome{}, fmt.Errorf("multi-instance task resolves to %d signers; at most %d can sign", len(signers), maxSigners)
		}
		act.total = len(signers)
		if act.sequential() {
			act.queue = signers[1:]
			signers = signers[:1]
		}
	}
	for _, u := range signers {
		if _, err := r.createTask(ctx, act, u); err != nil {
			return outcome{}, err
		}
	}
	// The variables are written with the task, so that whoever opens it sees
	// the values of its time (a service task or an earlier form set them).
	if !act.batch {
		r.write(ctx, RecordInput{InstanceID: r.in.InstanceID, Variables: r.vars})
	}
	out, err := r.waitTask(ctx, act)
	if err != nil && ctx.Err() == nil && r.hardened {
		// The node fails: its rows close, and a retry starts the task afresh.
		r.closeTasks(ctx, act, "cancelled")
	}
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
	var err error
	switch spec.Strategy {
	case bpmn.AssignExpression: // the parser translated the expression: resolved here, deterministically
		var v any
		v, err = r.ev.Eval(spec.Assignee, r.vars)
		spec.Assignee = fmt.Sprint(v)
	case bpmn.AssignUser: // "${manager}" names a variable
		spec.Assignee, err = r.ev.Text(spec.Assignee, r.vars)
	}
	if err != nil {
		return spec, fmt.Errorf("assignee: %w", err)
	}
	if u.DueDate != "" {
		s, err := r.ev.Text(u.DueDate, r.vars)
		if err != nil {
			return spec, err
		}
		if d, err := bpmn.ParseDuration(s); err == nil {
			due := workflow.Now(ctx).UTC().Add(d)
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
		v, err := r.ev.Eval(c, r.vars)
		if err != nil {
			return nil, fmt.Errorf("collection: %w", err)
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
		spec.Record = &RecordInput{InstanceID: r.in.InstanceID, Events: r.journal.take(spec.Time), Variables: r.vars}
	}
	var ref TaskRef
	if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActCreateTask, spec).Get(ctx, &ref); err != nil {
		return nil, err
	}
	ot := &openTask{id: ref.TaskID, act: act, assignee: ref.AssigneeID, signer: signer,
		users: ref.CandidateUsers, roles: ref.CandidateRoles, known: ref.CandidatesKnown}
	act.open[ot.id] = ot
	r.tasks.open[ot.id] = ot
	return ot, nil
}

// waitTask waits for decisions, boundary events and the timeout of one activation.
func (r *runner) waitTask(ctx workflow.Context, act *activation) (outcome, error) {
	var result *outcome
	var failure error
	conclude := func(out outcome, done bool, err error) {
		if err != nil {
			failure = err
		} else if done {
			result = &out
		}
	}
	bctx, stopBoundaries := workflow.WithCancel(ctx)
	defer stopBoundaries()
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(ctx.Done(), func(workflow.ReceiveChannel, bool) { failure = ctx.Err() })
	sel.AddReceive(act.ch, func(c workflow.ReceiveChannel, _ bool) {
		act.tok.busy()
		var d decision
		c.Receive(ctx, &d)
		act.pending--
		r.pending--
		conclude(r.decide(ctx, act, d))
	})
	for _, bid := range act.el.Boundaries {
		if be := act.tok.scope.proc.Elements[bid]; be != nil {
			if err := r.armBoundary(bctx, sel, act, be, &result); err != nil {
				return outcome{}, err
			}
		}
	}
	if u := act.el.User; u != nil && u.TimeoutAfter != "" && u.TimeoutAction != "" {
		d, err := bpmn.ParseDuration(u.TimeoutAfter)
		if err != nil {
			return outcome{}, fmt.Errorf("timeout: %w", err)
		}
		sel.AddFuture(workflow.NewTimer(bctx, d), func(f workflow.Future) {
			if f.Get(bctx, nil) == nil {
				act.tok.busy()
				conclude(r.timeout(ctx, act))
			}
		})
	}
	for result == nil && failure == nil {
		act.tok.wait()
		sel.Select(ctx)
	}
	act.tok.busy()
	if failure != nil {
		return outcome{}, failure
	}
	return *result, nil
}

// wake sends a decision to the token waiting in an activation; it counts
// as pending until the token takes it.
func (r *runner) wake(ctx workflow.Context, act *activation, d decision) {
	r.pending++
	act.pending++
	act.ch.Send(ctx, d)
}

// decide applies a decision to the activation's tally. It answers true when
// the token leaves the task.
func (r *runner) decide(ctx workflow.Context, act *activation, d decision) (outcome, bool, error) {
	el, multi := act.el, act.el.Multi != nil
	switch d.action {
	case ActionReturn:
		r.closeTasks(ctx, act, "cancelled")
		r.record(Event{Kind: EvNodeRejected, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"returnTo": d.target}}, nil)
		return outcome{jump: d.target, rejected: true}, true, nil
	case ActionReject:
		act.rejects++
		if !multi || r.rejectionDecides(act) {
			return r.rejected(ctx, act, "skipped")
		}
		// A rejection that leaves the outcome open hands a sequential task to
		// its next signer; before versionSequentialReject it opened nothing and
		// the instance waited with no open task.
		if !act.sequential() || workflow.GetVersion(ctx, versionSequentialReject, workflow.DefaultVersion, 1) != 1 {
			return outcome{}, false, nil
		}
		return outcome{}, false, r.nextSigner(ctx, act)
	case ActionApprove, ActionComplete:
		act.approvals++
		if !multi {
			return r.approved(ctx, act, "skipped")
		}
	}
	// Multi-instance: an approval, a removed signer, or a recount.
	if multi && r.approvalDecides(act) {
		return r.approved(ctx, act, "skipped")
	}
	if multi && r.rejectionDecides(act) && act.rejects > 0 {
		return r.rejected(ctx, act, "skipped")
	}
	return outcome{}, false, r.nextSigner(ctx, act)
}

// versionSequentialReject marks instances in which a rejection that does not
// decide a sequential multi-instance task opens the next signer's task.
const versionSequentialReject = "sequential-reject-advances"

// nextSigner opens the next sequential signer's task once none is open.
func (r *runner) nextSigner(ctx workflow.Context, act *activation) error {
	if len(act.open) > 0 || len(act.queue) == 0 {
		return nil
	}
	next := act.queue[0]
	act.queue = act.queue[1:]
	if _, err := r.createTask(ctx, act, next); err != nil {
		return err
	}
	r.flush(ctx)
	return nil
}

// approvalDecides reports whether a multi-instance task has enough approvals.
func (r *runner) approvalDecides(act *activation) bool {
	m := act.el.Multi
	if m.CompletionCondition != "" {
		tally := maps.Clone(r.vars)
		tally["nrOfInstances"] = act.total
		tally["nrOfCompletedInstances"] = act.approvals + act.rejects
		tally["nrOfActiveInstances"] = len(act.open)
		tally["nrOfApprovals"] = act.approvals
		tally["nrOfRejections"] = act.rejects
		if ok, err := r.ev.Condition(m.CompletionCondition, tally); err == nil && ok {
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

// approved completes the task: the rows still open close with an outcome
// and the token leaves along the outgoing flows.
func (r *runner) approved(ctx workflow.Context, act *activation, close string) (outcome, bool, error) {
	r.tasks.completed[act.el.ID] = true
	r.closeTasks(ctx, act, close)
	if u := act.el.User; u != nil && u.RejectMode == bpmn.RejectContinue {
		r.vars[OutcomeVariable] = OutcomeApproved
	}
	flows, err := r.leave(act.tok.scope, act.el)
	return outcome{flows: flows}, true, err
}

// rejected closes the rows still open and follows the task's reject
// handling: end the instance, return to the configured earlier node, or
// continue along the outgoing flows with the decision in the outcome
// variable (a gateway after the task routes it).
func (r *runner) rejected(ctx workflow.Context, act *activation, close string) (outcome, bool, error) {
	r.closeTasks(ctx, act, close)
	u := act.el.User
	r.record(Event{Kind: EvNodeRejected, NodeID: act.el.ID, NodeName: act.el.Name}, nil)
	if u != nil && u.RejectMode == bpmn.RejectContinue {
		r.vars[OutcomeVariable] = OutcomeRejected
		flows, err := r.leave(act.tok.scope, act.el)
		var le *leaveError
		if errors.As(err, &le) {
			le.rejected = true
		}
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
	action := act.el.User.TimeoutAction
	r.record(Event{Kind: EvTimerFired, NodeID: act.el.ID, NodeName: act.el.Name, Data: map[string]any{"timeout": action}}, nil)
	switch action {
	case "remind":
		in := NotifyInput{InstanceID: r.in.InstanceID, Kind: "remind"}
		for i, id := range sortedIDs(act.open) {
			if i == 0 {
				in.TaskID = id
			}
			in.UserIDs = append(in.UserIDs, act.open[id].assignee)
		}
		r.flush(ctx)
		in.Seq = r.nextSeq()
		return outcome{}, false, workflow.ExecuteLocalActivity(localOptions(ctx), ActNotify, in).Get(ctx, nil)
	case "autoApprove":
		return r.approved(ctx, act, "autoApproved")
	case "autoReject":
		return r.rejected(ctx, act, "autoRejected")
	}
	return outcome{}, false, nil
}

// closeTasks closes every open row of an activation with an outcome.
func (r *runner) closeTasks(ctx workflow.Context, act *activation, outcome string) {
	if len(act.open) > 0 {
		act.queue = nil
	}
	if err := r.closeRows(ctx, sortedIDs(act.open), outcome); err != nil && ctx.Err() == nil {
		r.fail(err)
	}
}

// forget takes a task row off the books: it is no longer open.
func (b *taskBook) forget(ot *openTask) {
	delete(b.open, ot.id)
	delete(ot.act.open, ot.id)
}

// closeRows takes open task rows off the books and closes them with an
// outcome, in one activity.
func (r *runner) closeRows(ctx workflow.Context, ids []uint64, outcome string) error {
	if len(ids) == 0 {
		return nil
	}
	for _, id := range ids {
		r.tasks.forget(r.tasks.open[id])
	}
	return workflow.ExecuteLocalActivity(localOptions(ctx), ActCloseTasks, CloseInput{InstanceID: r.in.InstanceID, TaskIDs: ids, Outcome: outcome}).Get(ctx, nil)
}
