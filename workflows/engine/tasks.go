package engine

import (
	"cmp"
	"errors"
	"fmt"
	"maps"

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

// activation is one entry of a token into a user task: its task rows and,
// for multi-instance tasks, the signers' tally.
type activation struct {
	el        *bpmn.Element
	user      *bpmn.UserTaskSettings // el.User, or none set
	tok       *token
	mailbox   // decisions (task updates) from the update handler
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

func (a *activation) sequential() bool {
	return a.el.Multi.Mode == bpmn.MultiSequential || a.el.Multi.Sequential
}

func userTask(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	r.activations[el.ID]++
	act := &activation{el: el, user: cmp.Or(el.User, &bpmn.UserTaskSettings{}), tok: t, open: map[uint64]*openTask{},
		mailbox: mailbox{ch: workflow.NewBufferedChannel(ctx, 64)}, batch: workflow.GetVersion(ctx, versionTaskRecordBatch, workflow.DefaultVersion, 1) == 1}
	defer act.drop(r) // decisions sent to an activation that ended are never received
	var err error
	if act.spec, err = r.taskSpec(ctx, act, r.activations[el.ID]); err != nil {
		return outcome{}, err
	}
	signers := []uint64{0} // one row for the plain assignment
	if el.Multi != nil {
		if signers, err = r.signers(ctx, act); err != nil {
			return outcome{}, err
		}
		act.total = len(signers)
		if act.sequential() {
			act.queue, signers = signers[1:], signers[:1]
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
	} else if ctx.Err() != nil {
		dctx, cancel := workflow.NewDisconnectedContext(ctx)
		r.closeTasks(dctx, act, "cancelled")
		cancel()
	}
	return out, err
}

// taskSpec fills the template every task row of this activation starts from.
func (r *runner) taskSpec(ctx workflow.Context, act *activation, n int) (TaskSpec, error) {
	el, u := act.el, act.user
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
		due, err := bpmn.ParseDue(s, workflow.Now(ctx).UTC())
		if err != nil {
			return spec, err
		}
		spec.DueAt = &due
	}
	return spec, nil
}

// signers resolves the people of a multi-instance task: its collection
// variable, or the task's assignment resolved to users.
func (r *runner) signers(ctx workflow.Context, act *activation) ([]uint64, error) {
	in := ResolveInput{MerchantID: r.in.MerchantID, Spec: act.spec}
	if c := act.el.Multi.Collection; c != "" {
		v, err := r.ev.Eval(c, r.vars)
		if err != nil {
			return nil, fmt.Errorf("collection: %w", err)
		}
		in.Collection = v
	}
	var ids []uint64
	switch err := bookkeeping(ctx, ActResolveUsers, in, &ids); {
	case err != nil:
		return nil, err
	case len(ids) == 0:
		return nil, errors.New("multi-instance task resolves to no signers")
	case r.hardened && len(ids) > maxSigners:
		return nil, fmt.Errorf("multi-instance task resolves to %d signers; at most %d can sign", len(ids), maxSigners)
	}
	return ids, nil
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
	if err := bookkeeping(ctx, ActCreateTask, spec, &ref); err != nil {
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
	var result *outcome // the token leaves the task
	var failure error
	bctx, stopBoundaries := workflow.WithCancel(ctx)
	defer stopBoundaries()
	sel := workflow.NewSelector(ctx)
	sel.AddReceive(ctx.Done(), func(workflow.ReceiveChannel, bool) { failure = ctx.Err() })
	sel.AddReceive(act.ch, func(c workflow.ReceiveChannel, _ bool) {
		act.tok.busy()
		var d TaskUpdate
		c.Receive(ctx, &d)
		act.took(r)
		result, failure = r.decide(ctx, act, d)
	})
	for _, bid := range act.el.Boundaries {
		if be := act.tok.scope.proc.Elements[bid]; be != nil {
			if err := r.armBoundary(bctx, sel, act, be, &result); err != nil {
				return outcome{}, err
			}
		}
	}
	if u := act.user; u.TimeoutAfter != "" && u.TimeoutAction != "" {
		d, err := bpmn.ParseDuration(u.TimeoutAfter)
		if err != nil {
			return outcome{}, fmt.Errorf("timeout: %w", err)
		}
		sel.AddFuture(workflow.NewTimer(bctx, d), func(f workflow.Future) {
			if f.Get(bctx, nil) == nil {
				act.tok.busy()
				result, failure = r.timeout(ctx, act)
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

// decide applies a decision (the task update that took it, or a recount
// after a signer was removed) to the activation's tally. It answers an
// outcome when the token leaves the task: one person decides a plain task,
// the signers of a multi-instance task decide it together.
func (r *runner) decide(ctx workflow.Context, act *activation, d TaskUpdate) (*outcome, error) {
	el := act.el
	switch d.Action {
	case ActionReturn:
		r.closeTasks(ctx, act, "cancelled")
		r.record(Event{Kind: EvNodeRejected, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"returnTo": d.TargetNode}}, nil)
		return &outcome{jump: d.TargetNode, rejected: true}, nil
	case ActionReject:
		act.rejects++
	case ActionApprove, ActionComplete:
		act.approvals++
	}
	approved, rejected := d.Action != ActionReject, d.Action == ActionReject // a plain task's one decision
	if el.Multi != nil {
		approved, rejected = r.verdict(act)
	}
	switch {
	case d.Action == ActionReject && rejected:
		return r.rejected(ctx, act, "skipped")
	case d.Action == ActionReject:
		// A rejection that leaves the outcome open hands a sequential task to
		// its next signer; before versionSequentialReject it opened nothing and
		// the instance waited with no open task.
		if !act.sequential() || workflow.GetVersion(ctx, versionSequentialReject, workflow.DefaultVersion, 1) != 1 {
			return nil, nil
		}
	case approved:
		return r.approved(ctx, act, "skipped")
	case rejected && act.rejects > 0:
		return r.rejected(ctx, act, "skipped")
	}
	return nil, r.nextSigner(ctx, act)
}

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

// verdict reports whether the signers of a multi-instance task decided it:
// enough approvals (or its completion condition holds), or rejections that
// make approval impossible.
func (r *runner) verdict(act *activation) (approved, rejected bool) {
	m, total := act.el.Multi, float64(act.total)
	switch m.Mode {
	case bpmn.MultiAny:
		approved, rejected = act.approvals >= 1, act.rejects >= act.total
	case bpmn.MultiRatio:
		approved = act.total > 0 && float64(act.approvals)/total >= m.Ratio-1e-9
		rejected = act.total > 0 && float64(act.total-act.rejects)/total < m.Ratio-1e-9
	default:
		approved, rejected = act.approvals >= act.total, act.rejects > 0
	}
	if !approved && m.CompletionCondition != "" {
		tally := maps.Clone(r.vars)
		maps.Copy(tally, map[string]any{"nrOfInstances": act.total, "nrOfCompletedInstances": act.approvals + act.rejects,
			"nrOfActiveInstances": len(act.open), "nrOfApprovals": act.approvals, "nrOfRejections": act.rejects})
		ok, err := r.ev.Condition(m.CompletionCondition, tally)
		approved = err == nil && ok
	}
	return approved, rejected
}

// approved completes the task: the rows still open close with an outcome
// and the token leaves along the outgoing flows.
func (r *runner) approved(ctx workflow.Context, act *activation, close string) (*outcome, error) {
	r.tasks.completed[act.el.ID] = true
	r.closeTasks(ctx, act, close)
	if act.user.RejectMode == bpmn.RejectContinue {
		r.vars[OutcomeVariable] = OutcomeApproved
	}
	flows, err := r.leave(act.tok.scope, act.el)
	return &outcome{flows: flows}, err
}

// rejected closes the rows still open and follows the task's reject
// handling: end the instance, return to the configured earlier node, or
// continue along the outgoing flows with the decision in the outcome
// variable (a gateway after the task routes it).
func (r *runner) rejected(ctx workflow.Context, act *activation, close string) (*outcome, error) {
	r.closeTasks(ctx, act, close)
	u := act.user
	r.record(Event{Kind: EvNodeRejected, NodeID: act.el.ID, NodeName: act.el.Name}, nil)
	if u.RejectMode == bpmn.RejectContinue {
		r.vars[OutcomeVariable] = OutcomeRejected
		flows, err := r.leave(act.tok.scope, act.el)
		var le *leaveError
		if errors.As(err, &le) {
			le.rejected = true
		}
		return &outcome{flows: flows, rejected: true}, err
	}
	if u.RejectMode == "return" && u.RejectTarget != "" {
		return &outcome{jump: u.RejectTarget, rejected: true}, nil
	}
	r.final = StateRejected
	return &outcome{end: true, rejected: true}, nil
}

// timeout applies the task's timeout handling.
func (r *runner) timeout(ctx workflow.Context, act *activation) (*outcome, error) {
	action := act.user.TimeoutAction
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
		return nil, bookkeeping(ctx, ActNotify, in, nil)
	case "autoApprove":
		return r.approved(ctx, act, "autoApproved")
	case "autoReject":
		return r.rejected(ctx, act, "autoRejected")
	}
	return nil, nil
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
	return bookkeeping(ctx, ActCloseTasks, CloseInput{InstanceID: r.in.InstanceID, TaskIDs: ids, Outcome: outcome}, nil)
}
