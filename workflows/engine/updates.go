package engine

import (
	"go.temporal.io/sdk/workflow"
)

// registerHandlers installs the updates and the query: the task actions
// (actions.go) and the instance's own. Validators refuse stale or foreign
// requests before anything is written to the history; they answer typed
// refusals (see refuse), so the API tells them apart without reading their text.
func (r *runner) registerHandlers(ctx workflow.Context) error {
	for _, h := range []struct {
		name               string
		handler, validator any
	}{
		{UpdateTask, r.onTask, r.validateTask}, {UpdateMessage, r.onMessage, r.validateMessage},
		{UpdateWithdraw, r.onWithdraw, r.validateWithdraw}, {UpdateCancel, r.onCancel, r.validateCancel},
		{UpdateRetry, r.onRetry, r.validateRetry}, {UpdateSettle, r.onSettle, nil},
	} {
		if err := workflow.SetUpdateHandlerWithOptions(ctx, h.name, h.handler, workflow.UpdateHandlerOptions{Validator: h.validator}); err != nil {
			return err
		}
	}
	return workflow.SetQueryHandler(ctx, QueryState, r.state)
}

func (r *runner) validateMessage(_ workflow.Context, m MessageUpdate) error {
	if r.final != "" {
		return refuse(ErrInstanceEnding)
	}
	// A busy instance may be on its way to the wait: the handler settles first.
	if len(r.waits.byName[m.Name]) == 0 && !(r.hardened && !r.idle()) {
		return refuse(ErrNoWaitingEvent)
	}
	return nil
}

func (r *runner) onMessage(ctx workflow.Context, m MessageUpdate) (string, error) {
	if len(r.waits.byName[m.Name]) == 0 && r.hardened {
		r.settle(ctx)
	}
	list := r.waits.byName[m.Name]
	if len(list) == 0 || r.final != "" {
		return "", refuse(ErrNoWaitingEvent)
	}
	w := list[0]
	if !w.repeat {
		r.unwait(w)
	}
	for _, k := range sortedKeys(m.Variables) {
		r.vars[k] = m.Variables[k]
	}
	r.record(Event{Kind: EvMessage, NodeID: w.nodeID, Comment: m.Comment, Data: map[string]any{"message": m.Name}}, m.Actor)
	// Counted until the wait takes it; a wait that goes away drops it again (unwait).
	w.post(ctx, r, m)
	if r.hardened {
		r.settle(ctx)
	}
	return w.nodeID, nil
}

func (r *runner) validateWithdraw(_ workflow.Context, a Actor) error {
	if r.final != "" || r.acted || a.UserID != r.in.Initiator.UserID {
		return refuse(ErrCannotWithdraw)
	}
	return nil
}

func (r *runner) onWithdraw(ctx workflow.Context, a Actor) error {
	r.record(Event{Kind: EvWithdrawn}, &a)
	r.final = StateWithdrawn
	if r.hardened {
		r.settle(ctx)
	}
	return nil
}

func (r *runner) validateCancel(_ workflow.Context, c CancelUpdate) error {
	if r.final != "" {
		return refuse(ErrInstanceEnding)
	}
	return nil
}

func (r *runner) onCancel(ctx workflow.Context, c CancelUpdate) error {
	r.record(Event{Kind: EvCancelled, Comment: c.Reason}, &c.Actor)
	r.final = StateCancelled
	if r.hardened {
		r.settle(ctx)
	}
	return nil
}

func (r *runner) validateRetry(_ workflow.Context, u RetryUpdate) error {
	if r.final != "" {
		return refuse(ErrInstanceEnding)
	}
	for _, inc := range r.incidents {
		if !inc.retried && (u.NodeID == "" || inc.node == u.NodeID) {
			return nil
		}
	}
	return refuse(ErrNothingFailed)
}

// onRetry sets the administrator's variables and runs the failed nodes
// again; it answers once they ran to their next wait (or failed again).
func (r *runner) onRetry(ctx workflow.Context, u RetryUpdate) error {
	for _, k := range sortedKeys(u.Variables) {
		r.vars[k] = u.Variables[k]
	}
	nodes := []string{}
	for _, inc := range r.incidents {
		if !inc.retried && (u.NodeID == "" || inc.node == u.NodeID) {
			inc.retried = true
			nodes = append(nodes, inc.node)
		}
	}
	r.record(Event{Kind: EvRetried, Comment: u.Comment, Data: map[string]any{"nodes": nodes, "variables": sortedKeys(u.Variables)}}, &u.Actor)
	r.settle(ctx)
	return nil
}

// onSettle answers once the instance is at rest: what a caller did before
// (a start, an action) is applied and written.
func (r *runner) onSettle(ctx workflow.Context) error {
	r.settle(ctx)
	return nil
}

func (r *runner) state() (State, error) {
	st := State{Status: StateRunning, Variables: r.vars, ActiveNodes: []string{}, OpenTasks: sortedIDs(r.tasks.open), Waiting: sortedKeys(r.waits.byName),
		Failures: r.failures()}
	if len(st.Failures) > 0 {
		st.Status = StateFailed
	}
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
