package engine

import (
	"fmt"
	"strconv"
	"strings"

	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
)

// runner is the state of one instance. Workflow coroutines are cooperative,
// so its maps are shared by the token goroutines without locks.
type runner struct {
	in      Input
	def     *bpmn.Definitions
	proc    *bpmn.Process
	vars    map[string]any
	ev      *evaluator
	seq     int
	buf     []Event
	final   string // a state that ends the instance early: rejected, withdrawn, failed
	failure error
	acted   bool // someone acted on a task: no more withdrawal

	activations map[string]int        // node id → times entered
	tasks       map[uint64]*openTask  // open tasks by id
	waits       map[string][]*msgWait // message name → waiting events, oldest first
	visited     map[string]string     // node id → lineage of the token that last completed it
	completed   map[string]bool       // user-task nodes completed at least once (return targets)
	scopes      []*scope
}

func newRunner(ctx workflow.Context, in Input, def *bpmn.Definitions, proc *bpmn.Process) *runner {
	vars := map[string]any{}
	for k, v := range in.Variables {
		vars[k] = v
	}
	vars["initiator"] = in.Initiator.UserID
	vars["businessKey"] = in.BusinessKey
	return &runner{in: in, def: def, proc: proc, vars: vars, ev: newEvaluator(),
		activations: map[string]int{}, tasks: map[uint64]*openTask{}, waits: map[string][]*msgWait{},
		visited: map[string]string{}, completed: map[string]bool{}}
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
	reach   map[string]map[string]bool // node → nodes reachable from it
	ended   bool                       // a terminate end event fired
	counter int
}

func (r *runner) newScope(ctx workflow.Context, proc *bpmn.Process, parent *scope) *scope {
	sctx, cancel := workflow.WithCancel(ctx)
	s := &scope{proc: proc, parent: parent, ctx: sctx, cancel: cancel, tokens: map[string]*token{},
		joins: map[string]*join{}, reach: reachability(proc)}
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
	id     string
	node   string
	ctx    workflow.Context
	cancel workflow.CancelFunc
	scope  *scope
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
	workflow.Go(tctx, func(ctx workflow.Context) {
		defer func() {
			s.live--
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
		out, err := r.execute(ctx, t, el)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			r.record(Event{Kind: EvServiceFailed, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"error": err.Error()}}, nil)
			r.fail(fmt.Errorf("%s %s: %w", el.Kind, el.ID, err))
			return
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
	r.seq++
	e.Seq = r.seq
	e.Actor = actor
	r.buf = append(r.buf, e)
	return r.seq
}

// nextSeq reserves a history line written by another activity (task rows).
func (r *runner) nextSeq() int {
	r.seq++
	return r.seq
}

func (r *runner) flush(ctx workflow.Context) {
	r.write(ctx, RecordInput{InstanceID: r.in.InstanceID})
}

func (r *runner) flushState(ctx workflow.Context, state string) {
	r.write(ctx, RecordInput{InstanceID: r.in.InstanceID, State: state, Variables: r.vars})
}

func (r *runner) write(ctx workflow.Context, in RecordInput) {
	if len(r.buf) == 0 && in.State == "" && in.Variables == nil {
		return
	}
	now := workflow.Now(ctx).UTC()
	in.Events = r.buf
	r.buf = nil
	for i := range in.Events {
		if in.Events[i].Time.IsZero() {
			in.Events[i].Time = now
		}
	}
	if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActRecord, in).Get(ctx, nil); err != nil && ctx.Err() == nil {
		r.fail(fmt.Errorf("record history: %w", err))
	}
}

// reachability lists, for each node, the nodes a token there can still reach.
func reachability(p *bpmn.Process) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, id := range p.Order {
		seen := map[string]bool{}
		stack := []string{id}
		for len(stack) > 0 {
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
					stack = append(stack, fl.Target)
				}
			}
		}
		out[id] = seen
	}
	return out
}
