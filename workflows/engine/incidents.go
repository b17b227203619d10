package engine

import (
	"errors"
	"fmt"

	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/expression"
)

// Bounds on what one model can make the interpreter do without waiting.
const (
	maxHops      = 1000      // nodes a token passes without waiting: a loop of gateways and scripts
	maxTokens    = 1000      // tokens alive at once: parallel branches and boundary spawns
	maxReason    = 500       // characters of a failure reason kept in the history
	maxSigners   = 500       // signers of one multi-instance task
	maxVariables = 512 << 10 // bytes of an instance's variables (they travel with every bookkeeping call)
)

// checkVariables fails a node that grew the variables past maxVariables.
func (r *runner) checkVariables() error {
	if !r.hardened {
		return nil
	}
	if n := expression.SizeOf(r.vars, maxVariables); n > maxVariables {
		return fmt.Errorf("the instance's variables grew past %d KB", maxVariables>>10)
	}
	return nil
}

// incident is a token parked on a failed node until an administrator
// retries it (after fixing variables) or cancels the instance.
type incident struct {
	node, name, reason string
	tok                *token
	retried            bool
}

// leaveError is a failure choosing a node's outgoing flows, after the node
// did its work: a retry evaluates the flows again, it does not redo the node
// (a user task's approval is not asked for twice).
type leaveError struct {
	err      error
	el       *bpmn.Element
	rejected bool // the node was rejected (rejectMode continue): it is not marked completed
}

func (e *leaveError) Error() string { return e.err.Error() }
func (e *leaveError) Unwrap() error { return e.err }

// failed turns a node's error into an incident and waits for a retry. It
// answers the outcome of the retried node, or false when the token was
// cancelled while it waited.
func (r *runner) failed(ctx workflow.Context, t *token, el *bpmn.Element, err error) (outcome, bool) {
	for err != nil {
		reason := err.Error()
		if len(reason) > maxReason {
			reason = reason[:maxReason] + "…"
		}
		inc := &incident{node: el.ID, name: el.Name, reason: reason, tok: t}
		r.incidents = append(r.incidents, inc)
		r.record(Event{Kind: EvNodeFailed, NodeID: el.ID, NodeName: el.Name, NodeKind: string(el.Kind), Data: map[string]any{"error": reason}}, nil)
		r.write(ctx, RecordInput{InstanceID: r.in.InstanceID, State: StateFailed, Variables: r.vars})
		t.wait()
		werr := workflow.Await(ctx, func() bool { return inc.retried })
		t.busy()
		r.dropIncident(inc)
		if werr != nil || ctx.Err() != nil {
			// Cancelled while it waited (a boundary event, a terminate end, the instance ending).
			r.record(Event{Kind: EvNodeCancelled, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"failed": true}}, nil)
			if len(r.incidents) == 0 && r.final == "" {
				dctx, cancel := workflow.NewDisconnectedContext(ctx)
				r.write(dctx, RecordInput{InstanceID: r.in.InstanceID, State: StateRunning})
				cancel()
			}
			return outcome{}, false
		}
		if len(r.incidents) == 0 && r.final == "" {
			r.write(ctx, RecordInput{InstanceID: r.in.InstanceID, State: StateRunning, Variables: r.vars})
		}
		var le *leaveError
		var out outcome
		if errors.As(err, &le) {
			flows, lerr := r.leave(t.scope, le.el)
			out, err = outcome{flows: flows, rejected: le.rejected}, lerr
			if lerr != nil {
				errors.As(lerr, &le)
				le.rejected = out.rejected
			}
		} else {
			r.record(Event{Kind: EvNodeEntered, NodeID: el.ID, NodeName: el.Name, NodeKind: string(el.Kind)}, nil)
			out, err = r.perform(ctx, t, el)
		}
		if ctx.Err() != nil {
			return outcome{}, false
		}
		if err == nil {
			return out, true
		}
	}
	return outcome{}, false
}

func (r *runner) dropIncident(inc *incident) {
	for i, x := range r.incidents {
		if x == inc {
			r.incidents = append(r.incidents[:i], r.incidents[i+1:]...)
			return
		}
	}
}

// failures lists the open incidents.
func (r *runner) failures() []Failure {
	var out []Failure
	for _, inc := range r.incidents {
		if !inc.retried {
			out = append(out, Failure{NodeID: inc.node, NodeName: inc.name, Reason: inc.reason})
		}
	}
	return out
}

// wait marks a token blocked on something outside the workflow (a person,
// a message, a timer, a child, an administrator); busy marks it running.
// Wake-ups an update handler sends and the token has not taken yet count in
// runner.pending, so that a settle never answers before they are applied.
func (t *token) wait() { t.waiting, t.hops = true, 0 }
func (t *token) busy() { t.waiting = false }

// mailbox carries what an update handler sends a waiting token (a decision,
// a message). What it holds counts in runner.pending until the token takes
// it, so that a settle never answers before it is applied.
type mailbox struct {
	ch      workflow.Channel
	pending int // sent and not yet taken
}

func (m *mailbox) post(ctx workflow.Context, r *runner, v any) {
	m.pending++
	r.pending++
	m.ch.Send(ctx, v)
}

// took counts what the token took.
func (m *mailbox) took(r *runner) {
	if m.pending > 0 {
		m.pending--
		r.pending--
	}
}

// drop forgets what nobody will take: it no longer keeps the instance busy.
func (m *mailbox) drop(r *runner) {
	r.pending -= m.pending
	m.pending = 0
}

// idle reports whether the instance has come to rest: every token waits, or
// the instance has ended and written its final state.
func (r *runner) idle() bool {
	if r.closed {
		return true
	}
	if r.final != "" || len(r.scopes) == 0 || r.scopes[0].done() || r.pending > 0 {
		return false
	}
	for _, inc := range r.incidents {
		if inc.retried { // woken by a retry, not yet running again
			return false
		}
	}
	for _, s := range r.scopes {
		for _, id := range sortedKeys(s.tokens) {
			if !s.tokens[id].waiting {
				return false
			}
		}
	}
	return true
}

// settle returns once the instance is at rest with its history written:
// an update that changed the state answers when the change is applied.
func (r *runner) settle(ctx workflow.Context) {
	for {
		if err := workflow.Await(ctx, r.idle); err != nil {
			return
		}
		if len(r.journal.buf) == 0 || r.closed {
			return
		}
		r.flush(ctx)
	}
}

// hop counts a node a token passes; too many without waiting is a loop.
func (r *runner) hop(t *token) error {
	t.hops++
	if r.hardened && t.hops > maxHops {
		return fmt.Errorf("the flow passed %d nodes without waiting for anything (a loop?)", maxHops)
	}
	return nil
}
