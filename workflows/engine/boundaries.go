package engine

import (
	"fmt"

	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
)

// perform runs a node. Activities other than user tasks (which arm their
// own) run with their boundary events armed.
func (r *runner) perform(ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if !r.hardened || el.Kind == bpmn.UserTask || len(el.Boundaries) == 0 {
		return r.execute(ctx, t, el)
	}
	return r.guarded(ctx, t, el)
}

// guarded runs an embedded subprocess, call activity, service or script task
// with its boundary timers and messages armed, as Camunda 7 and Flowable do:
// an interrupting event cancels the activity (its tasks close, a child
// instance or a running service call is cancelled) and the token leaves
// along the event's flows; a non-interrupting one starts a token on them
// while the activity goes on. A script task completes without waiting, so
// its boundary events have no time to fire.
func (r *runner) guarded(ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	bctx, stopBoundaries := workflow.WithCancel(ctx)
	defer stopBoundaries()
	sel := workflow.NewSelector(ctx)
	var fired *bpmn.Element
	var waits []*msgWait
	defer func() {
		for _, w := range waits {
			r.unwait(w)
		}
	}()
	for _, bid := range el.Boundaries {
		be := t.scope.proc.Elements[bid]
		if be == nil {
			continue
		}
		w, err := r.armActivityBoundary(bctx, sel, t, be, &fired)
		if err != nil {
			return outcome{}, fmt.Errorf("boundary event %s: %w", be.ID, err)
		}
		if w != nil {
			waits = append(waits, w)
		}
	}

	actx, cancelActivity := workflow.WithCancel(ctx)
	defer cancelActivity()
	var out outcome
	var err error
	finished := false
	done, setDone := workflow.NewFuture(ctx)
	workflow.Go(actx, func(gctx workflow.Context) {
		out, err = r.execute(gctx, t, el)
		finished = true
		setDone.Set(nil, nil)
	})
	sel.AddFuture(done, func(workflow.Future) {})
	for !finished && fired == nil {
		sel.Select(ctx)
	}
	if finished || ctx.Err() != nil {
		return out, err
	}
	// An interrupting event: the activity stops, then the token leaves by the event.
	cancelActivity()
	_ = workflow.Await(ctx, func() bool { return finished })
	r.record(Event{Kind: EvNodeCancelled, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"by": fired.ID}}, nil)
	flows, lerr := r.leave(t.scope, fired)
	return outcome{flows: flows, rejected: true}, lerr
}

// armActivityBoundary adds a boundary event's trigger to the activity's
// selector; an interrupting event that fires sets *fired.
func (r *runner) armActivityBoundary(ctx workflow.Context, sel workflow.Selector, t *token, be *bpmn.Element, fired **bpmn.Element) (*msgWait, error) {
	fire := func() {
		r.record(Event{Kind: EvNodeEntered, NodeID: be.ID, NodeName: be.Name, NodeKind: string(be.Kind)}, nil)
		r.record(Event{Kind: EvNodeCompleted, NodeID: be.ID, NodeName: be.Name, NodeKind: string(be.Kind)}, nil)
		if be.CancelActivity {
			t.busy()
			*fired = be
			return
		}
		flows, err := r.leave(t.scope, be)
		if err != nil {
			r.record(Event{Kind: EvServiceFailed, NodeID: be.ID, NodeName: be.Name, Data: map[string]any{"error": err.Error()}}, nil)
			return
		}
		for _, f := range flows {
			if r.live >= maxTokens {
				r.record(Event{Kind: EvServiceFailed, NodeID: be.ID, NodeName: be.Name,
					Data: map[string]any{"error": fmt.Sprintf("more than %d branches would run at once", maxTokens)}}, nil)
				return
			}
			t.scope.counter++
			r.spawn(t.scope, fmt.Sprintf("%s.b%d", t.id, t.scope.counter), t.scope.proc.Flows[f].Target, f)
		}
	}
	switch be.Event {
	case bpmn.EventTimer:
		if err := r.armTimer(ctx, sel, be, fire, func() bool { return *fired == nil }); err != nil {
			return nil, err
		}
	case bpmn.EventMessage:
		w := r.await(be.MessageName, be.ID)
		w.repeat = !be.CancelActivity // a non-interrupting boundary keeps listening
		sel.AddReceive(w.ch, func(c workflow.ReceiveChannel, _ bool) {
			var m MessageUpdate
			c.Receive(ctx, &m)
			w.took(r)
			fire()
		})
		return w, nil
	}
	return nil, nil
}

// armBoundary adds a boundary event's trigger to the task's selector.
func (r *runner) armBoundary(ctx workflow.Context, sel workflow.Selector, act *activation, be *bpmn.Element, result **outcome) error {
	fire := func() {
		act.tok.busy()
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
			// The task was cancelled, not completed (as an interrupted guarded activity); the commands are the same.
			*result = &outcome{flows: flows, rejected: true}
			return
		}
		for _, f := range flows {
			if r.hardened && r.live >= maxTokens {
				r.record(Event{Kind: EvServiceFailed, NodeID: be.ID, NodeName: be.Name,
					Data: map[string]any{"error": fmt.Sprintf("more than %d branches would run at once", maxTokens)}}, nil)
				return
			}
			act.tok.scope.counter++
			r.spawn(act.tok.scope, fmt.Sprintf("%s.b%d", act.tok.id, act.tok.scope.counter), act.tok.scope.proc.Flows[f].Target, f)
		}
	}
	switch be.Event {
	case bpmn.EventTimer:
		if err := r.armTimer(ctx, sel, be, fire, func() bool { return true }); err != nil {
			return err
		}
	case bpmn.EventMessage:
		w := r.await(be.MessageName, be.ID)
		w.repeat = !be.CancelActivity // a non-interrupting boundary keeps listening
		sel.AddReceive(w.ch, func(c workflow.ReceiveChannel, _ bool) {
			var m MessageUpdate
			c.Receive(ctx, &m)
			w.took(r)
			fire()
		})
		workflow.Go(ctx, func(gctx workflow.Context) {
			_ = workflow.Await(gctx, func() bool { return false })
			r.unwait(w)
		})
	}
	return nil
}

// armTimer adds a boundary timer to sel: fire runs when it fires, and a
// non-interrupting cycle arms it again, as often as the cycle says, while
// more allows.
func (r *runner) armTimer(ctx workflow.Context, sel workflow.Selector, be *bpmn.Element, fire func(), more func() bool) error {
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
			if repeat--; repeat > 0 && more() {
				arm()
			}
		})
	}
	arm()
	return nil
}
