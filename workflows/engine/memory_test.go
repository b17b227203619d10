package engine_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/activity"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/engine"
)

// people of the tests: the waiter starts, the admin holds merchant_admin.
var people = map[string]uint64{"waiter": 1, "admin": 2, "manager": 3, "cook": 4}

var roleHolders = map[string][]uint64{"merchant_admin": {2}, "venue_manager": {3}}

func roleOf(id uint64) []string {
	var out []string
	for _, code := range sortedRoleCodes() {
		for _, u := range roleHolders[code] {
			if u == id {
				out = append(out, code)
			}
		}
	}
	return out
}

func sortedRoleCodes() []string {
	out := make([]string, 0, len(roleHolders))
	for k := range roleHolders {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// memTask is a task row in memory.
type memTask struct {
	spec     engine.TaskSpec
	id       uint64
	assignee uint64
	open     bool
	outcome  string
}

// memory is the process module's bookkeeping in memory, registered under
// the contract's activity names: what the interpreter needs from outside,
// without a database.
type memory struct {
	mu       sync.Mutex
	next     uint64
	tasks    map[uint64]*memTask
	byKey    map[string]uint64
	seqs     map[int]bool
	history  []engine.Event
	state    string
	notified []engine.NotifyInput
}

func newMemory() *memory {
	return &memory{tasks: map[uint64]*memTask{}, byKey: map[string]uint64{}, seqs: map[int]bool{}}
}

func (m *memory) register(env *testsuite.TestWorkflowEnvironment) {
	env.RegisterWorkflowWithOptions(engine.ProcessWorkflow, workflow.RegisterOptions{Name: engine.WorkflowName})
	for name, fn := range map[string]any{engine.ActCreateTask: m.CreateTask, engine.ActTaskAction: m.TaskAction,
		engine.ActCloseTasks: m.CloseTasks, engine.ActRecord: m.Record, engine.ActResolveUsers: m.ResolveUsers,
		engine.ActResolveDefinition: m.ResolveDefinition, engine.ActNotify: m.Notify} {
		env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}
}

func (m *memory) record(events []engine.Event) {
	for _, e := range events {
		if !m.seqs[e.Seq] { // a retried activity writes nothing twice
			m.seqs[e.Seq] = true
			m.history = append(m.history, e)
		}
	}
}

func (m *memory) CreateTask(_ context.Context, s engine.TaskSpec) (engine.TaskRef, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := fmt.Sprintf("%d/%s/%d/%d", s.InstanceID, s.NodeID, s.Activation, s.Index)
	if id, ok := m.byKey[key]; ok {
		return m.ref(m.tasks[id]), nil
	}
	m.next++
	t := &memTask{spec: s, id: m.next, open: true, assignee: s.AssigneeUserID}
	if t.assignee == 0 {
		switch {
		case s.Strategy == bpmn.AssignInitiator:
			t.assignee = s.Initiator.UserID
		case s.Assignee != "":
			t.assignee = people[s.Assignee]
		}
	}
	m.tasks[t.id], m.byKey[key] = t, t.id
	if s.Record != nil {
		m.record(s.Record.Events)
	}
	m.record([]engine.Event{{Seq: s.Seq, Time: s.Time, Kind: engine.EvTaskCreated, NodeID: s.NodeID, TaskID: t.id}})
	return m.ref(t), nil
}

func (m *memory) ref(t *memTask) engine.TaskRef {
	r := engine.TaskRef{TaskID: t.id, AssigneeID: t.assignee, CandidatesKnown: true}
	if t.assignee == 0 {
		for _, u := range t.spec.CandidateUsers {
			r.CandidateUsers = append(r.CandidateUsers, people[u])
		}
		r.CandidateRoles = t.spec.CandidateRoles
	}
	return r
}

func (m *memory) TaskAction(_ context.Context, in engine.TaskActionInput) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := m.tasks[in.TaskID]
	if t == nil {
		return errors.New("no such task")
	}
	switch {
	case in.Close != "":
		t.open, t.outcome = false, in.Close
	case in.AssigneeID != 0:
		t.assignee = in.AssigneeID
	case in.Action == engine.ActionUnclaim:
		t.assignee = 0
	}
	actor := in.Actor
	m.record([]engine.Event{{Seq: in.Seq, Time: in.Time, Kind: "task", NodeID: in.NodeID, TaskID: in.TaskID, Actor: &actor,
		Action: in.Action, Comment: in.Comment, Data: in.Data}})
	return nil
}

func (m *memory) CloseTasks(_ context.Context, in engine.CloseInput) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, id := range in.TaskIDs {
		if t := m.tasks[id]; t != nil && t.open {
			t.open, t.outcome = false, in.Outcome
		}
	}
	return nil
}

func (m *memory) Record(_ context.Context, in engine.RecordInput) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.record(in.Events)
	if in.State != "" {
		m.state = in.State
	}
	return nil
}

func (m *memory) ResolveUsers(_ context.Context, in engine.ResolveInput) ([]uint64, error) {
	var out []uint64
	items, ok := in.Collection.([]any)
	if !ok && in.Collection != nil {
		items = []any{in.Collection}
	}
	for _, it := range items {
		if id, ok := people[fmt.Sprint(it)]; ok {
			out = append(out, id)
		} else if id, err := strconv.ParseUint(fmt.Sprint(it), 10, 64); err == nil {
			out = append(out, id)
		}
	}
	for _, code := range in.Spec.CandidateRoles {
		out = append(out, roleHolders[code]...)
	}
	return out, nil
}

func (m *memory) ResolveDefinition(context.Context, engine.ResolveDefinitionInput) (engine.DefinitionRef, error) {
	return engine.DefinitionRef{}, errors.New("no call activities in memory")
}

func (m *memory) Notify(_ context.Context, in engine.NotifyInput) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.notified = append(m.notified, in)
	return nil
}

// open is the open task of a node, optionally held by a user.
func (m *memory) open(node string, holder ...string) *memTask {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id := uint64(1); id <= m.next; id++ {
		t := m.tasks[id]
		if t.open && t.spec.NodeID == node && (len(holder) == 0 || t.assignee == people[holder[0]]) {
			return t
		}
	}
	return nil
}

// after runs fn a minute after the previous step, in workflow time.
func (r *run) after(fn func()) {
	r.at += time.Minute
	r.env.RegisterDelayedCallback(fn, r.at)
}

// openTasks are the open task rows, oldest first.
func (m *memory) openTasks() []*memTask {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*memTask
	for id := uint64(1); id <= m.next; id++ {
		if t := m.tasks[id]; t.open {
			out = append(out, t)
		}
	}
	return out
}

// done are the nodes the history completed, in order.
func (m *memory) done() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for _, e := range m.history {
		if e.Kind == engine.EvNodeCompleted {
			out = append(out, e.NodeID)
		}
	}
	return out
}

// actions are the task actions of the history, "node:action" in order.
func (m *memory) actions() []string {
	var out []string
	for _, e := range m.history {
		if e.Kind == "task" {
			out = append(out, e.NodeID+":"+e.Action)
		}
	}
	return out
}

// run is one instance in the SDK's test environment (time skipping) over
// the in-memory activities; steps are scheduled a minute apart.
type run struct {
	t   *testing.T
	mem *memory
	env *testsuite.TestWorkflowEnvironment
	in  engine.Input
	at  time.Duration
	n   int
}

func newRun(t *testing.T, xml string, vars map[string]any) *run {
	t.Helper()
	return newRunWith(t, xml, vars, nil)
}

// newRunWith also registers service activities by name (what a domain
// module offers to service tasks).
func newRunWith(t *testing.T, xml string, vars map[string]any, services map[string]any) *run {
	t.Helper()
	suite := &testsuite.WorkflowTestSuite{}
	suite.SetLogger(sdklog.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	r := &run{t: t, mem: newMemory(), env: suite.NewTestWorkflowEnvironment()}
	// The 1 s default reads a starved CPU (tests side by side on two cores) as a deadlock.
	r.env.SetWorkerOptions(worker.Options{DeadlockDetectionTimeout: time.Minute})
	r.mem.register(r.env)
	for name, fn := range services {
		r.env.RegisterActivityWithOptions(fn, activity.RegisterOptions{Name: name})
	}
	r.in = engine.Input{InstanceID: 7, DefinitionID: 1, XML: xml, BusinessKey: "order-42", MerchantID: 9,
		Initiator: engine.Actor{UserID: people["waiter"], Name: "waiter"}, Variables: vars}
	return r
}

// act sends a task update as a user; a refusal given means the interpreter
// must refuse the update with it.
func (r *run) act(user, node, action string, u engine.TaskUpdate, refusal ...error) {
	r.at += time.Minute
	r.n++
	step := r.n
	r.env.RegisterDelayedCallback(func() {
		t := r.mem.open(node, user)
		if t == nil {
			t = r.mem.open(node)
		}
		if t == nil {
			r.t.Errorf("step %d: no open task on %s", step, node)
			return
		}
		u.TaskID, u.Action = t.id, action
		u.Actor = engine.Actor{UserID: people[user], Name: user}
		u.ActorRoles = roleOf(people[user])
		r.env.UpdateWorkflow(engine.UpdateTask, fmt.Sprintf("u%d", step), answered(r.t, fmt.Sprintf("step %d: %s %s on %s", step, user, action, node), &testsuite.TestUpdateCallback{
			OnReject: func(err error) {
				switch {
				case len(refusal) == 0:
					r.t.Errorf("step %d: %s %s on %s refused: %v", step, user, action, node, err)
				case refusal[0] != nil && !errors.Is(engine.Refusal(err), refusal[0]):
					r.t.Errorf("step %d: %s %s on %s refused with %v, want %v", step, user, action, node, err, refusal[0])
				}
			},
			OnAccept: func() {
				if len(refusal) > 0 {
					r.t.Errorf("step %d: %s %s on %s accepted, want a refusal", step, user, action, node)
				}
			},
		}), u)
	}, r.at)
}

// send schedules an update other than a task action (message, withdraw,
// cancel, retry); a refusal given means the interpreter must refuse it with it.
func (r *run) send(name string, arg any, refusal ...error) {
	r.at += time.Minute
	r.n++
	id := fmt.Sprintf("%s%d", name, r.n)
	r.env.RegisterDelayedCallback(func() {
		r.env.UpdateWorkflow(name, id, answered(r.t, id, &testsuite.TestUpdateCallback{
			OnReject: func(err error) {
				if len(refusal) == 0 || !errors.Is(engine.Refusal(err), refusal[0]) {
					r.t.Errorf("%s refused: %v", id, err)
				}
			},
			OnAccept: func() {
				if len(refusal) > 0 {
					r.t.Errorf("%s accepted, want %v", id, refusal[0])
				}
			},
		}), arg)
	}, r.at)
}

// answered completes an update's callbacks: an update the instance accepted
// must then complete without an error, before the test ends. (A refusal the
// test expects comes from the validator, before anything is accepted.)
func answered(t *testing.T, what string, cb *testsuite.TestUpdateCallback) *testsuite.TestUpdateCallback {
	accept, completed := cb.OnAccept, false
	cb.OnAccept = func() {
		if accept != nil {
			accept()
		}
		t.Cleanup(func() {
			if !completed {
				t.Errorf("%s was accepted and never completed", what)
			}
		})
	}
	cb.OnComplete = func(_ any, err error) {
		completed = true
		if err != nil {
			t.Errorf("%s was accepted, then failed: %v", what, err)
		}
	}
	return cb
}

// openNodes are the nodes of the open tasks, oldest first.
func (m *memory) openNodes() []string {
	var out []string
	for _, t := range m.openTasks() {
		out = append(out, t.spec.NodeID)
	}
	return out
}

func (r *run) finish() engine.Result {
	r.t.Helper()
	r.env.ExecuteWorkflow(engine.WorkflowName, r.in)
	if !r.env.IsWorkflowCompleted() {
		r.t.Fatal("the instance did not end")
	}
	if err := r.env.GetWorkflowError(); err != nil {
		r.t.Fatalf("workflow error: %v", err)
	}
	var res engine.Result
	if err := r.env.GetWorkflowResult(&res); err != nil {
		r.t.Fatal(err)
	}
	return res
}
