package engine

import (
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
)

// executor runs one kind of element for a token.
type executor func(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error)

// executors is filled in init: the executors reach it again through walk.
var executors map[bpmn.Kind]executor

func init() {
	executors = map[bpmn.Kind]executor{
		bpmn.StartEvent:             passThrough,
		bpmn.Task:                   passThrough,
		bpmn.ManualTask:             passThrough,
		bpmn.EndEvent:               endEvent,
		bpmn.ExclusiveGateway:       exclusiveGateway,
		bpmn.ParallelGateway:        parallelGateway,
		bpmn.InclusiveGateway:       inclusiveGateway,
		bpmn.ScriptTask:             scriptTask,
		bpmn.ServiceTask:            serviceTask,
		bpmn.IntermediateCatchEvent: catchEvent,
		bpmn.UserTask:               userTask,
		bpmn.SubProcess:             subProcess,
		bpmn.CallActivity:           callActivity,
	}
}

func (r *runner) execute(ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	ex, ok := executors[el.Kind]
	if !ok {
		return outcome{}, fmt.Errorf("element kind %s is not executable", el.Kind)
	}
	return ex(r, ctx, t, el)
}

// leave picks the outgoing flows of a non-gateway node: every flow whose
// condition holds, or the default flow when none does.
func (r *runner) leave(s *scope, el *bpmn.Element) ([]string, error) {
	var out []string
	for _, id := range el.Outgoing {
		if id == el.DefaultFlow {
			continue
		}
		ok, err := r.ev.Condition(s.proc.Flows[id].Condition, r.vars)
		if err != nil {
			return nil, &leaveError{err: fmt.Errorf("flow %s: %w", id, err), el: el}
		}
		if ok {
			out = append(out, id)
		}
	}
	if len(out) == 0 && el.DefaultFlow != "" {
		out = append(out, el.DefaultFlow)
	}
	return out, nil
}

func passThrough(r *runner, _ workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	flows, err := r.leave(t.scope, el)
	return outcome{flows: flows}, err
}

func endEvent(_ *runner, _ workflow.Context, _ *token, el *bpmn.Element) (outcome, error) {
	return outcome{end: true, terminate: el.Event == bpmn.EventTerminate}, nil
}

func exclusiveGateway(r *runner, _ workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if len(el.Outgoing) <= 1 {
		return outcome{flows: el.Outgoing}, nil
	}
	for _, id := range el.Outgoing {
		if id == el.DefaultFlow {
			continue
		}
		ok, err := r.ev.Condition(t.scope.proc.Flows[id].Condition, r.vars)
		if err != nil {
			return outcome{}, fmt.Errorf("flow %s: %w", id, err)
		}
		if ok {
			return outcome{flows: []string{id}}, nil
		}
	}
	if el.DefaultFlow != "" {
		return outcome{flows: []string{el.DefaultFlow}}, nil
	}
	return outcome{}, errors.New("no outgoing condition holds and there is no default flow")
}

// parallelGateway joins when a token has arrived on every incoming flow,
// then forks on every outgoing flow.
func parallelGateway(_ *runner, _ workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if len(el.Incoming) > 1 {
		j := t.scope.join(el.ID)
		j.arrived = append(j.arrived, t)
		if len(j.arrived) < len(el.Incoming) {
			return outcome{parked: true}, nil
		}
		delete(t.scope.joins, el.ID)
		t.adopt(commonLineage(j.arrived))
	}
	return outcome{flows: el.Outgoing}, nil
}

// inclusiveGateway joins once no other token of the scope can still reach
// it, then takes every outgoing flow whose condition holds (or the default).
func inclusiveGateway(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if len(el.Incoming) > 1 {
		s := t.scope
		j := s.join(el.ID)
		j.arrived = append(j.arrived, t)
		if j.waiter {
			return outcome{parked: true}, nil
		}
		j.waiter = true
		r.flush(ctx)
		t.wait()
		err := workflow.Await(ctx, func() bool { return !s.upstreamOf(el.ID, j.arrived) })
		t.busy()
		if err != nil {
			return outcome{}, err
		}
		delete(s.joins, el.ID)
		t.adopt(commonLineage(j.arrived))
	}
	flows, err := r.leave(t.scope, el)
	if err == nil && len(flows) == 0 {
		err = &leaveError{err: errors.New("no outgoing condition holds and there is no default flow"), el: el}
	}
	return outcome{flows: flows}, err
}

func (s *scope) join(id string) *join {
	j := s.joins[id]
	if j == nil {
		j = &join{}
		s.joins[id] = j
	}
	return j
}

// upstreamOf reports whether a live token other than the arrived ones can
// still reach the node.
func (s *scope) upstreamOf(node string, arrived []*token) bool {
	for _, id := range sortedKeys(s.tokens) {
		tok := s.tokens[id]
		here := false
		for _, a := range arrived {
			here = here || a == tok
		}
		if here {
			continue
		}
		if tok.node == node || s.reaches(tok.node, node) {
			return true
		}
	}
	return false
}

// adopt gives the joined token the lineage its branches forked from.
func (t *token) adopt(lineage string) {
	if lineage == "" || lineage == t.id {
		return
	}
	delete(t.scope.tokens, t.id)
	t.id = lineage
	t.scope.tokens[lineage] = t
}

func commonLineage(ts []*token) string {
	if len(ts) == 0 {
		return ""
	}
	prefix := ts[0].id
	for _, t := range ts[1:] {
		for len(prefix) > 0 && !(t.id == prefix || len(t.id) > len(prefix) && t.id[:len(prefix)+1] == prefix+".") {
			i := len(prefix) - 1
			for i > 0 && prefix[i] != '.' {
				i--
			}
			prefix = prefix[:i]
		}
	}
	if prefix == "" {
		return "t"
	}
	return prefix
}

func scriptTask(r *runner, _ workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if el.Script == nil || el.Script.Script == "" {
		return outcome{}, errors.New("script task without a script")
	}
	v, err := r.ev.Script(el.Script.Script, r.vars)
	if err != nil {
		return outcome{}, fmt.Errorf("script: %w", err)
	}
	r.assign(el.Script.Result, v)
	if err := r.checkVariables(); err != nil {
		return outcome{}, err
	}
	flows, err := r.leave(t.scope, el)
	return outcome{flows: flows}, err
}

// assign stores a value in a named variable, or merges a map result.
func (r *runner) assign(name string, v any) {
	if name != "" {
		r.vars[name] = v
		return
	}
	if m, ok := v.(map[string]any); ok {
		for _, k := range sortedKeys(m) {
			r.vars[k] = m[k]
		}
	}
}

// ServiceInput is what a service task's registered activity receives.
type ServiceInput struct {
	InstanceID  uint64         `json:"instanceId"`
	BusinessKey string         `json:"businessKey"`
	MerchantID  uint64         `json:"merchantId"`
	NodeID      string         `json:"nodeId"`
	Input       map[string]any `json:"input"`
	Variables   map[string]any `json:"variables"`
}

func serviceTask(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if el.Service == nil || el.Service.Activity == "" {
		return outcome{}, errors.New("service task names no activity")
	}
	input := map[string]any{}
	for _, k := range sortedKeys(el.Service.Input) {
		v, err := r.ev.Eval(el.Service.Input[k], r.vars)
		if err != nil {
			return outcome{}, fmt.Errorf("input %s: %w", k, err)
		}
		input[k] = v
	}
	r.flush(ctx)
	actx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 5 * time.Minute,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: time.Minute, MaximumAttempts: 10},
	})
	var res map[string]any
	err := workflow.ExecuteActivity(actx, el.Service.Activity, ServiceInput{InstanceID: r.in.InstanceID, BusinessKey: r.in.BusinessKey,
		MerchantID: r.in.MerchantID, NodeID: el.ID, Input: input, Variables: r.vars}).Get(ctx, &res)
	if err != nil {
		return outcome{}, err
	}
	if res != nil {
		if el.Service.Result != "" {
			r.vars[el.Service.Result] = res
		} else {
			r.assign("", res)
		}
	}
	if err := r.checkVariables(); err != nil {
		return outcome{}, err
	}
	flows, err := r.leave(t.scope, el)
	return outcome{flows: flows}, err
}

// catchEvent waits for its timer or message.
func catchEvent(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	switch el.Event {
	case bpmn.EventTimer:
		d, err := r.timerDelay(ctx, el)
		if err != nil {
			return outcome{}, err
		}
		r.flush(ctx)
		t.wait()
		err = workflow.Sleep(ctx, d)
		t.busy()
		if err != nil {
			return outcome{}, err
		}
		r.record(Event{Kind: EvTimerFired, NodeID: el.ID, NodeName: el.Name}, nil)
	case bpmn.EventMessage:
		w := r.await(el.MessageName, el.ID)
		r.flush(ctx)
		t.wait()
		// A channel receive does not end when its context is cancelled, so the
		// wait also selects ctx.Done: a token cancelled here (a terminate end
		// event on another branch, the instance ending) must stop.
		sel := workflow.NewSelector(ctx)
		sel.AddReceive(w.ch, func(c workflow.ReceiveChannel, _ bool) {
			var m MessageUpdate
			c.Receive(ctx, &m)
			w.took(r)
		})
		sel.AddReceive(ctx.Done(), func(workflow.ReceiveChannel, bool) {})
		sel.Select(ctx)
		t.busy()
		if ctx.Err() != nil {
			r.unwait(w)
			return outcome{}, ctx.Err()
		}
	}
	flows, err := r.leave(t.scope, el)
	return outcome{flows: flows}, err
}

// timerDelay is how long an event's timer waits from now.
func (r *runner) timerDelay(ctx workflow.Context, el *bpmn.Element) (time.Duration, error) {
	switch {
	case el.TimerDuration != "":
		s, err := r.ev.Text(el.TimerDuration, r.vars)
		if err != nil {
			return 0, err
		}
		return bpmn.ParseDuration(s)
	case el.TimerDate != "":
		s, err := r.ev.Text(el.TimerDate, r.vars)
		if err != nil {
			return 0, err
		}
		at, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return 0, fmt.Errorf("timer date %q: %w", s, err)
		}
		return max(0, at.Sub(workflow.Now(ctx))), nil
	case el.TimerCycle != "":
		s, err := r.ev.Text(el.TimerCycle, r.vars)
		if err != nil {
			return 0, err
		}
		_, every, err := bpmn.ParseCycle(s)
		return every, err
	}
	return 0, errors.New("timer without duration, date or cycle")
}

// msgWait is a catch or boundary event waiting for a message.
type msgWait struct {
	name   string
	nodeID string
	mailbox
	repeat bool
}

func (r *runner) await(name, nodeID string) *msgWait {
	w := &msgWait{name: name, nodeID: nodeID, mailbox: mailbox{ch: workflow.NewBufferedChannel(r.rootCtx(), 8)}}
	r.waits.byName[name] = append(r.waits.byName[name], w)
	return w
}

func (r *runner) unwait(w *msgWait) {
	w.drop(r) // messages nobody will receive
	list := r.waits.byName[w.name]
	for i, x := range list {
		if x == w {
			r.waits.byName[w.name] = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(r.waits.byName[w.name]) == 0 {
		delete(r.waits.byName, w.name)
	}
}

func (r *runner) rootCtx() workflow.Context { return r.scopes[0].ctx }

func subProcess(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if el.SubProcess == nil {
		return outcome{}, errors.New("subprocess without content")
	}
	start := startEvent(el.SubProcess)
	if start == nil {
		return outcome{}, errors.New("subprocess without a start event")
	}
	child := r.newScope(ctx, el.SubProcess, t.scope)
	r.spawn(child, t.id+"/"+el.ID, start.ID, "")
	t.wait()
	err := workflow.Await(ctx, child.done)
	t.busy()
	if err != nil {
		child.cancelAll()
		return outcome{}, err
	}
	child.cancelAll()
	if child.escape != "" {
		// A task inside returned to a node before the subprocess.
		r.record(Event{Kind: EvNodeCancelled, NodeID: el.ID, NodeName: el.Name, Data: map[string]any{"returnTo": child.escape}}, nil)
		return outcome{jump: child.escape, rejected: true}, nil
	}
	flows, err := r.leave(t.scope, el)
	return outcome{flows: flows}, err
}

func callActivity(r *runner, ctx workflow.Context, t *token, el *bpmn.Element) (outcome, error) {
	if r.in.Depth >= 10 {
		return outcome{}, errors.New("call activities nest deeper than 10 levels")
	}
	r.flush(ctx)
	var ref DefinitionRef
	if err := bookkeeping(ctx, ActResolveDefinition, ResolveDefinitionInput{
		Key: el.CalledElement, ParentInstanceID: r.in.InstanceID, NodeID: el.ID, MerchantID: r.in.MerchantID,
		Initiator: r.in.Initiator, BusinessKey: r.in.BusinessKey, Activation: r.activations[el.ID] + 1,
	}, &ref); err != nil {
		return outcome{}, err
	}
	r.activations[el.ID]++
	cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{WorkflowID: InstanceWorkflowID(ref.InstanceID)})
	var res Result
	child := workflow.ExecuteChildWorkflow(cctx, WorkflowName, Input{InstanceID: ref.InstanceID, DefinitionID: ref.DefinitionID, XML: ref.XML,
		BusinessKey: r.in.BusinessKey, MerchantID: r.in.MerchantID, Initiator: r.in.Initiator, Variables: r.vars, Depth: r.in.Depth + 1})
	t.wait()
	err := child.Get(ctx, &res)
	t.busy()
	if err != nil {
		return outcome{}, err
	}
	for _, k := range sortedKeys(res.Variables) {
		r.vars[k] = res.Variables[k]
	}
	if res.State == StateRejected {
		r.final = StateRejected
		return outcome{end: true}, nil
	}
	flows, err := r.leave(t.scope, el)
	return outcome{flows: flows}, err
}

// ResolveDefinitionInput asks for a call activity's definition and a child instance row.
type ResolveDefinitionInput struct {
	Key              string `json:"key"`
	ParentInstanceID uint64 `json:"parentInstanceId"`
	NodeID           string `json:"nodeId"`
	Activation       int    `json:"activation"`
	MerchantID       uint64 `json:"merchantId"`
	Initiator        Actor  `json:"initiator"`
	BusinessKey      string `json:"businessKey"`
}

// InstanceWorkflowID is the Temporal workflow id of a process instance.
func InstanceWorkflowID(instanceID uint64) string { return fmt.Sprintf("process-%d", instanceID) }
