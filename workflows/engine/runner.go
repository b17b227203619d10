package engine

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/expression"
)

// runner is the state of one instance. Workflow coroutines are cooperative,
// so its maps are shared by the token goroutines without locks. Its state
// comes in named parts: the open tasks, the message waits and the history
// journal; the rest is the instance's path and end.
type runner struct {
	in      Input
	def     *bpmn.Definitions
	proc    *bpmn.Process
	vars    map[string]any
	ev      *expression.Evaluator // the one expression policy, on workflow time
	final   string                // a state that ends the instance early: rejected, withdrawn, failed
	failure error
	acted   bool // someone acted on a task: no more withdrawal

	tasks   taskBook     // open tasks and the return targets
	waits   messageWaits // message catch and boundary events waiting
	journal journal      // history lines not yet written, and their sequence

	activations map[string]int    // node id → times entered
	visited     map[string]string // node id → lineage of the token that last completed it
	scopes      []*scope

	hardened  bool        // versionHardened: incidents, activity boundaries, settled updates, bounds
	incidents []*incident // failed nodes waiting for an administrator
	live      int         // tokens alive in every scope
	pending   int         // decisions and messages sent to tokens, not yet received
	closed    bool        // the final state is written
}

// taskBook is the runner's part for user tasks.
type taskBook struct {
	open      map[uint64]*openTask // open tasks by id
	completed map[string]bool      // user-task nodes completed at least once (return targets)
}

// messageWaits are the events waiting for a message.
type messageWaits struct {
	byName map[string][]*msgWait // message name → waiting events, oldest first
}

// journal is the history the runner has recorded but not yet written
// (write sends it with the next activity), and the sequence of its lines.
type journal struct {
	seq int
	buf []Event
}

func newRunner(ctx workflow.Context, in Input, def *bpmn.Definitions, proc *bpmn.Process) *runner {
	vars := map[string]any{}
	maps.Copy(vars, in.Variables)
	vars["initiator"] = in.Initiator.UserID
	vars["businessKey"] = in.BusinessKey
	ev := expression.NewEvaluator(func() time.Time { return workflow.Now(ctx) })
	return &runner{in: in, def: def, proc: proc, vars: vars, ev: ev,
		tasks: taskBook{open: map[uint64]*openTask{}, completed: map[string]bool{}}, waits: messageWaits{byName: map[string][]*msgWait{}},
		activations: map[string]int{}, visited: map[string]string{}}
}

// scope is the top process or an embedded subprocess: its tokens and joins.
type scope struct {
	proc    *bpmn.Process
	parent  *scope
	ctx     workflow.Context
	cancel  workflow.CancelFunc
	tokens  map[string]*token
	live    int
	joins   map[string]*join
	reach   map[[2]string]bool // (from, to) → whether a token at from can still reach to, computed when asked
	ended   bool               // a terminate end event fired, or a return left the scope
	escape  string             // a return out of this subprocess: the node it goes to
	counter int
}

func (r *runner) newScope(ctx workflow.Context, proc *bpmn.Process, parent *scope) *scope {
	sctx, cancel := workflow.WithCancel(ctx)
	s := &scope{proc: proc, parent: parent, ctx: sctx, cancel: cancel, tokens: map[string]*token{},
		joins: map[string]*join{}, reach: map[[2]string]bool{}}
	r.scopes = append(r.scopes, s)
	return s
}

func (s *scope) done() bool { return s.live == 0 || s.ended }

func (s *scope) cancelAll() {
	for _, id := range sortedKeys(s.tokens) {
		s.tokens[id].cancel()
	}
}

// token is one thread of control. Its lineage id grows at every fork
// ("t" → "t.1", "t.2"), so a return can tell a branch from its ancestors.
type token struct {
	id      string
	node    string
	ctx     workflow.Context
	cancel  workflow.CancelFunc
	scope   *scope
	waiting bool // blocked on something outside the workflow (see wait, busy)
	hops    int  // nodes passed since it last waited
}

type join struct {
	arrived []*token
	waiter  bool // an inclusive join has a goroutine waiting for the rest
}

// spawn starts a token at a node.
func (r *runner) spawn(s *scope, lineage, nodeID, via string) *token {
	tctx, cancel := workflow.WithCancel(s.ctx)
	t := &token{id: lineage, node: nodeID, ctx: tctx, cancel: cancel, scope: s}
	s.tokens[lineage] = t
	s.live++
	r.live++
	workflow.Go(tctx, func(ctx workflow.Context) {
		defer func() {
			s.live--
			r.live--
			if s.tokens[t.id] == t {
				delete(s.tokens, t.id)
			}
		}()
		r.walk(ctx, t, via)
	})
	return t
}

// outcome is what a node's execution decides.
type outcome struct {
	flows     []string // sequence flows to follow
	jump      string   // node to move the token to (a return)
	end       bool     // the token ends here
	parked    bool     // the token was absorbed by a join
	terminate bool     // end the whole scope
	rejected  bool     // the node was rejected or returned from, not completed
}

// walk moves a token from node to node until it ends, forks or is cancelled.
func (r *runner) walk(ctx workflow.Context, t *token, via string) {
	for {
		if ctx.Err() != nil {
			return
		}
		el := t.scope.proc.Elements[t.node]
		if el == nil {
			r.fail(fmt.Errorf("flow leads to unknown element %q", t.node))
			return
		}
		r.record(Event{Kind: EvNodeEntered, NodeID: el.ID, NodeName: el.Name, NodeKind: string(el.Kind), FlowID: via}, nil)
		var out outcome
		err := r.hop(t)
		if err == nil {
			out, err = r.perform(ctx, t, el)
		}
		if ctx.Err() != nil {
			return
		}
		if err == nil && r.hardened && len(out.flows) > 1 && r.live-1+len(out.flows) > maxTokens {
			err = fmt.Errorf("more than %d branches would run at once", maxTokens)
		}
		if err != nil {
			if !r.hardened {
				r.record(Event{Kind: EvServiceFailed, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"error": err.Error()}}, nil)
				r.fail(fmt.Errorf("%s %s: %w", el.Kind, el.ID, err))
				return
			}
			// The node waits for an administrator; the worker and the other branches go on.
			var ok bool
			if out, ok = r.failed(ctx, t, el, err); !ok {
				return
			}
		}
		if out.parked {
			return
		}
		if !out.rejected {
			r.visited[el.ID] = t.id
			r.record(Event{Kind: EvNodeCompleted, NodeID: el.ID, NodeName: el.Name, NodeKind: string(el.Kind)}, nil)
		}
		switch {
		case out.terminate:
			t.scope.ended = true
			t.scope.cancelAll()
			return
		case out.jump != "" && r.hardened && t.scope.proc.Elements[out.jump] == nil && t.scope.parent != nil:
			// A return to a node outside this subprocess: its tokens stop, and the
			// subprocess's own token jumps in the enclosing scope.
			t.scope.escape = out.jump
			t.scope.ended = true
			t.scope.cancelAll()
			return
		case out.jump != "":
			r.jump(t, out.jump)
			via = ""
			continue
		case out.end || len(out.flows) == 0:
			return
		}
		if len(out.flows) == 1 {
			via = out.flows[0]
			t.node = t.scope.proc.Flows[via].Target
			r.record(Event{Kind: EvFlowTaken, FlowID: via}, nil)
			continue
		}
		for _, f := range out.flows {
			r.record(Event{Kind: EvFlowTaken, FlowID: f}, nil)
			t.scope.counter++
			r.spawn(t.scope, t.id+"."+strconv.Itoa(t.scope.counter), t.scope.proc.Flows[f].Target, f)
		}
		return
	}
}

// jump moves a token back to an earlier node. A node last completed by one
// of the token's ancestors lies before a fork, so the sibling branches of
// that fork are cancelled and the token takes the ancestor's lineage.
func (r *runner) jump(t *token, target string) {
	lineage := r.visited[target]
	if lineage != "" && lineage != t.id && strings.HasPrefix(t.id, lineage+".") {
		s := t.scope
		for _, id := range sortedKeys(s.tokens) {
			if other := s.tokens[id]; other != t && (id == lineage || strings.HasPrefix(id, lineage+".")) {
				other.cancel()
			}
		}
		for _, g := range sortedKeys(s.joins) {
			delete(s.joins, g)
		}
		delete(s.tokens, t.id)
		t.id = lineage
		s.tokens[t.id] = t
	}
	t.node = target
}

// behind reports whether a node lies behind a token on its path, so that a
// return may go there (jump): completed by the token or by an ancestor
// before its fork, or (hardened) before the subprocess that holds the token,
// whose tokens are "<parent>/<sub>...".
func (r *runner) behind(t *token, node string) bool {
	lineage := r.visited[node]
	if t.scope.proc.Elements[node] != nil {
		return lineage == t.id || strings.HasPrefix(t.id, lineage+".")
	}
	for s := t.scope.parent; r.hardened && s != nil; s = s.parent {
		if s.proc.Elements[node] != nil {
			return strings.HasPrefix(t.id, lineage+".") || strings.HasPrefix(t.id, lineage+"/")
		}
	}
	return false
}

func (r *runner) fail(err error) {
	if r.failure == nil {
		r.failure = err
	}
	if r.final == "" {
		r.final = StateFailed
	}
}

// record buffers a history line; the buffer is written before the
// instance next waits (flush), in one local activity.
func (r *runner) record(e Event, actor *Actor) int {
	r.journal.seq++
	e.Seq = r.journal.seq
	e.Actor = actor
	r.journal.buf = append(r.journal.buf, e)
	return r.journal.seq
}

// nextSeq reserves a history line written by another activity (task rows).
func (r *runner) nextSeq() int {
	r.journal.seq++
	return r.journal.seq
}

// take hands the buffered lines to the activity that writes them, stamped
// with now where they have no time yet.
func (j *journal) take(now time.Time) []Event {
	events := j.buf
	j.buf = nil
	for i := range events {
		if events[i].Time.IsZero() {
			events[i].Time = now
		}
	}
	return events
}

func (r *runner) flush(ctx workflow.Context) {
	r.write(ctx, RecordInput{InstanceID: r.in.InstanceID})
}

func (r *runner) flushState(ctx workflow.Context, state string) {
	r.write(ctx, RecordInput{InstanceID: r.in.InstanceID, State: state, Variables: r.vars, Final: true})
}

func (r *runner) write(ctx workflow.Context, in RecordInput) {
	if len(r.journal.buf) == 0 && in.State == "" && in.Variables == nil {
		return
	}
	in.Events = r.journal.take(workflow.Now(ctx).UTC())
	if err := bookkeeping(ctx, ActRecord, in, nil); err != nil && ctx.Err() == nil {
		r.fail(fmt.Errorf("record history: %w", err))
	}
}

// reaches reports whether a token at from can still reach to, following
// sequence flows and boundary events. It is computed for the pairs an
// inclusive join asks about, not for every pair of a model (a model of
// thousands of nodes would take gigabytes).
func (s *scope) reaches(from, to string) bool {
	key := [2]string{from, to}
	if v, ok := s.reach[key]; ok {
		return v
	}
	p := s.proc
	seen := map[string]bool{}
	stack := []string{from}
	found := false
	for len(stack) > 0 && !found {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		el := p.Elements[n]
		if el == nil {
			continue
		}
		next := append([]string{}, el.Outgoing...)
		for _, b := range el.Boundaries {
			if be := p.Elements[b]; be != nil {
				next = append(next, be.Outgoing...)
			}
		}
		for _, f := range next {
			if fl := p.Flows[f]; fl != nil && !seen[fl.Target] {
				seen[fl.Target] = true
				found = found || fl.Target == to
				stack = append(stack, fl.Target)
			}
		}
	}
	s.reach[key] = found
	return found
}
