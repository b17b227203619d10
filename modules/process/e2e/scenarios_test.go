package e2e

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
	"github.com/venueplatform/venue/workflows/engine"
)

// The engine's scenarios run every element kind and every action of the
// interpreter through the HTTP API against the real embedded Temporal
// server, asserting what a user sees. Their histories are the replay corpus
// of workflows/engine (docs/adr/0006): with RECORD_HISTORIES=1 each scenario
// writes the histories of its instances there. Timers are a second or a few,
// so that recording stays practical.

// doc wraps process content in a BPMN document with the scenarios' messages.
func doc(content string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="defs" targetNamespace="http://venueplatform.io/test">
  <bpmn:message id="msg_cancel" name="cancel"/><bpmn:message id="msg_paid" name="paid"/><bpmn:message id="msg_note" name="note"/>
  <bpmn:process id="p" isExecutable="true">` + content + `</bpmn:process>
</bpmn:definitions>`
}

func seq(id, from, to string, cond ...string) string {
	if len(cond) > 0 {
		return fmt.Sprintf(`<bpmn:sequenceFlow id="%s" sourceRef="%s" targetRef="%s"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression"><![CDATA[%s]]></bpmn:conditionExpression></bpmn:sequenceFlow>`, id, from, to, cond[0])
	}
	return fmt.Sprintf(`<bpmn:sequenceFlow id="%s" sourceRef="%s" targetRef="%s"/>`, id, from, to)
}

func timerDef(kind, value string) string {
	return `<bpmn:timerEventDefinition><bpmn:` + kind + ` xsi:type="bpmn:tFormalExpression">` + value + `</bpmn:` + kind + `></bpmn:timerEventDefinition>`
}

func messageDef(ref string) string { return `<bpmn:messageEventDefinition messageRef="` + ref + `"/>` }

// boundary is a boundary event on a node.
func boundary(id, on string, interrupting bool, def string) string {
	return fmt.Sprintf(`<bpmn:boundaryEvent id="%s" attachedToRef="%s" cancelActivity="%t">%s</bpmn:boundaryEvent>`, id, on, interrupting, def)
}

// timersModel: intermediate timers (a duration, a date), a user task with a
// repeating non-interrupting timer and an interrupting one, and the three
// task timeouts (autoApprove, remind, autoReject with rejectMode continue).
var timersModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:intermediateCatchEvent id="wait" name="A second">` + timerDef("timeDuration", "PT1S") + `</bpmn:intermediateCatchEvent>
  <bpmn:intermediateCatchEvent id="until" name="The deadline">` + timerDef("timeDate", "${deadline}") + `</bpmn:intermediateCatchEvent>
  <bpmn:userTask id="watch" name="Watch the oven" venue:assigneeStrategy="initiator"/>
  ` + boundary("nudge", "watch", false, timerDef("timeCycle", "R5/PT1S")) + `
  <bpmn:scriptTask id="count" scriptFormat="expr" venue:result="reminders"><bpmn:script>(reminders ?? 0) + 1</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="reminded"/>
  ` + boundary("late", "watch", true, timerDef("timeDuration", "PT3S")) + `
  <bpmn:userTask id="escalate" name="Manager looks" venue:assignee="demo_manager" venue:timeoutAfter="PT1S" venue:timeoutAction="autoApprove"/>
  <bpmn:userTask id="chase" name="Starter answers" venue:assigneeStrategy="initiator" venue:timeoutAfter="PT1S" venue:timeoutAction="remind"/>
  <bpmn:userTask id="lapse" name="Lapses" venue:assigneeStrategy="initiator" venue:timeoutAfter="PT1S" venue:timeoutAction="autoReject" venue:rejectMode="continue"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "wait") + seq("f2", "wait", "until") + seq("f3", "until", "watch") + seq("f4", "watch", "end") +
	seq("f5", "nudge", "count") + seq("f6", "count", "reminded") + seq("f7", "late", "escalate") + seq("f8", "escalate", "chase") +
	seq("f9", "chase", "lapse") + seq("f10", "lapse", "end"))

// messagesModel: a message catch on one parallel branch; on the other a user
// task with a non-interrupting and an interrupting message boundary, merged
// by an exclusive gateway before the parallel join.
var messagesModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:intermediateCatchEvent id="paid" name="Paid">` + messageDef("msg_paid") + `</bpmn:intermediateCatchEvent>
  <bpmn:userTask id="serve" name="Serve" venue:assigneeStrategy="initiator"/>
  ` + boundary("note", "serve", false, messageDef("msg_note")) + `
  <bpmn:scriptTask id="noted" scriptFormat="expr" venue:result="notes"><bpmn:script>(notes ?? 0) + 1</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="noted_end"/>
  ` + boundary("stop", "serve", true, messageDef("msg_cancel")) + `
  <bpmn:exclusiveGateway id="merge"/>
  <bpmn:parallelGateway id="join"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "fork") + seq("f2", "fork", "paid") + seq("f3", "fork", "serve") + seq("f4", "paid", "join") +
	seq("f5", "serve", "merge") + seq("f6", "stop", "merge") + seq("f7", "merge", "join") + seq("f8", "join", "end") +
	seq("f9", "note", "noted") + seq("f10", "noted", "noted_end"))

// subprocessesModel: an embedded subprocess with a non-interrupting timer and
// message, whose task rejects back to a node before it (rejectMode return),
// then one that an interrupting message stops.
var subprocessesModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="prep" name="Prepare" venue:assigneeStrategy="initiator"/>
  <bpmn:subProcess id="sub" name="Cooking">
    <bpmn:startEvent id="ss"/>
    <bpmn:userTask id="cook" name="Cook" venue:assigneeStrategy="initiator" venue:actions="approve,reject" venue:rejectMode="return" venue:rejectTarget="prep"/>
    <bpmn:endEvent id="se"/>
    ` + seq("s1", "ss", "cook") + seq("s2", "cook", "se") + `
  </bpmn:subProcess>
  ` + boundary("hurry", "sub", false, timerDef("timeDuration", "PT1S")) + `
  <bpmn:manualTask id="hurried" name="Hurry the kitchen"/>
  <bpmn:endEvent id="hurried_end"/>
  ` + boundary("sub_note", "sub", false, messageDef("msg_note")) + `
  <bpmn:task id="sub_noted" name="Note it"/>
  <bpmn:endEvent id="sub_noted_end"/>
  <bpmn:subProcess id="sub2" name="Plating">
    <bpmn:startEvent id="s2s"/>
    <bpmn:userTask id="plate" name="Plate" venue:assigneeStrategy="initiator"/>
    <bpmn:endEvent id="s2e"/>
    ` + seq("t1", "s2s", "plate") + seq("t2", "plate", "s2e") + `
  </bpmn:subProcess>
  ` + boundary("stop", "sub2", true, messageDef("msg_cancel")) + `
  <bpmn:endEvent id="stopped"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "prep") + seq("f2", "prep", "sub") + seq("f3", "sub", "sub2") + seq("f4", "sub2", "end") +
	seq("f5", "hurry", "hurried") + seq("f6", "hurried", "hurried_end") + seq("f7", "sub_note", "sub_noted") +
	seq("f8", "sub_noted", "sub_noted_end") + seq("f9", "stop", "stopped"))

// childModel is what the call activities call.
var childModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="child_task" name="Child task" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "child_task") + seq("f2", "child_task", "end"))

// callsModel: a call activity with a non-interrupting timer that completes,
// one an interrupting message cancels (its child instance with it), service
// tasks (one answers, one an interrupting timer cancels, one fails and an
// administrator retries it) and a script task with a timer boundary.
var callsModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:callActivity id="call_ok" name="Call and finish" calledElement="rec_child"/>
  ` + boundary("call_note", "call_ok", false, timerDef("timeDuration", "PT1S")) + `
  <bpmn:manualTask id="call_noted"/>
  <bpmn:endEvent id="call_noted_end"/>
  <bpmn:callActivity id="call_stop" name="Call and abort" calledElement="rec_child"/>
  ` + boundary("call_abort", "call_stop", true, messageDef("msg_cancel")) + `
  <bpmn:endEvent id="never"/>
  <bpmn:serviceTask id="svc_ok" name="Echo" venue:activity="rec.Echo" venue:result="echo">
    <bpmn:extensionElements><venue:input name="n" value="${amount * 2}"/></bpmn:extensionElements>
  </bpmn:serviceTask>
  <bpmn:serviceTask id="svc_slow" name="Slow supplier" venue:activity="rec.Slow"/>
  ` + boundary("slow_late", "svc_slow", true, timerDef("timeDuration", "PT1S")) + `
  <bpmn:scriptTask id="calc" scriptFormat="expr" venue:result="doubled"><bpmn:script>echo.n * 2</bpmn:script></bpmn:scriptTask>
  ` + boundary("calc_guard", "calc", true, timerDef("timeDuration", "PT1H")) + `
  <bpmn:endEvent id="guarded"/>
  <bpmn:serviceTask id="svc_flaky" name="Flaky supplier" venue:activity="rec.Flaky"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "call_ok") + seq("f2", "call_ok", "call_stop") + seq("f3", "call_stop", "never") +
	seq("f4", "call_note", "call_noted") + seq("f5", "call_noted", "call_noted_end") + seq("f6", "call_abort", "svc_ok") +
	seq("f7", "svc_ok", "svc_slow") + seq("f8", "svc_slow", "calc") + seq("f9", "slow_late", "calc") + seq("f10", "calc", "svc_flaky") +
	seq("f11", "calc_guard", "guarded") + seq("f12", "svc_flaky", "end"))

// gatewaysModel: an exclusive split and merge, a parallel fork and join, an
// inclusive fork (a flow without a condition is always taken) and join,
// plain and manual tasks, and a terminate end that closes the other branch.
var gatewaysModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:exclusiveGateway id="route" default="cheap"/>
  <bpmn:task id="big" name="Big order"/>
  <bpmn:manualTask id="small" name="Small order"/>
  <bpmn:exclusiveGateway id="merge"/>
  <bpmn:parallelGateway id="pf"/>
  <bpmn:scriptTask id="a1" scriptFormat="expr" venue:result="a"><bpmn:script>1</bpmn:script></bpmn:scriptTask>
  <bpmn:scriptTask id="b1" scriptFormat="expr" venue:result="b"><bpmn:script>2</bpmn:script></bpmn:scriptTask>
  <bpmn:parallelGateway id="pj"/>
  <bpmn:inclusiveGateway id="inf"/>
  <bpmn:scriptTask id="i1" scriptFormat="expr" venue:result="i1"><bpmn:script>a + b</bpmn:script></bpmn:scriptTask>
  <bpmn:scriptTask id="i2" scriptFormat="expr" venue:result="i2"><bpmn:script>0</bpmn:script></bpmn:scriptTask>
  <bpmn:manualTask id="i3" name="Always"/>
  <bpmn:inclusiveGateway id="inj"/>
  <bpmn:parallelGateway id="pf2"/>
  <bpmn:userTask id="final" name="Final check" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  <bpmn:userTask id="stopper" name="Close the order" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="term"><bpmn:terminateEventDefinition/></bpmn:endEvent>
  ` + seq("f1", "start", "route") + seq("expensive", "route", "big", "${amount > 100}") + seq("cheap", "route", "small") +
	seq("f2", "big", "merge") + seq("f3", "small", "merge") + seq("f4", "merge", "pf") + seq("f5", "pf", "a1") + seq("f6", "pf", "b1") +
	seq("f7", "a1", "pj") + seq("f8", "b1", "pj") + seq("f9", "pj", "inf") + seq("g1", "inf", "i1", "${a == 1}") +
	seq("g2", "inf", "i2", "${b == 3}") + seq("g3", "inf", "i3") + seq("g4", "i1", "inj") + seq("g5", "i2", "inj") + seq("g6", "i3", "inj") +
	seq("f10", "inj", "pf2") + seq("f11", "pf2", "final") + seq("f12", "pf2", "stopper") + seq("f13", "final", "end") + seq("f14", "stopper", "term"))

// multiModel: multi-instance user tasks of every mode, with signers added
// and removed, and a sequential one whose rejection hands it on.
var multiModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="all" name="Everyone signs" venue:actions="approve,reject,addSigner">
    <bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="all" venue:collection="${pair}"/>
  </bpmn:userTask>
  <bpmn:userTask id="any" name="Anyone signs" venue:actions="approve,reject">
    <bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="any" venue:collection="${pair}"/>
  </bpmn:userTask>
  <bpmn:userTask id="ratio" name="Most sign" venue:actions="approve,reject">
    <bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="ratio" venue:ratio="0.6" venue:collection="${trio}"/>
  </bpmn:userTask>
  <bpmn:userTask id="inturn" name="In turn" venue:actions="approve,reject,addSigner">
    <bpmn:multiInstanceLoopCharacteristics isSequential="true" venue:mode="sequential" venue:collection="${pair}"/>
  </bpmn:userTask>
  <bpmn:userTask id="firstyes" name="First yes in turn" venue:actions="approve,reject">
    <bpmn:multiInstanceLoopCharacteristics isSequential="true" venue:mode="any" venue:collection="${pair}"/>
  </bpmn:userTask>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "all") + seq("f2", "all", "any") + seq("f3", "any", "ratio") + seq("f4", "ratio", "inturn") +
	seq("f5", "inturn", "firstyes") + seq("f6", "firstyes", "end"))

// actionsModel: the task actions on an expense: a claimable review, a check
// that rejects back to the submission (rejectMode return), and a payment.
var actionsModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="submit" name="Submit" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="review" name="Review" venue:candidateRoles="merchant_admin" venue:actions="approve,reject,return,transfer,delegate,comment,claim,cc"/>
  <bpmn:userTask id="check" name="Check" venue:assignee="demo_manager" venue:actions="approve,reject" venue:rejectMode="return" venue:rejectTarget="submit"/>
  <bpmn:userTask id="pay" name="Pay" venue:assignee="demo_manager" venue:actions="approve,reject"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "submit") + seq("f2", "submit", "review") + seq("f3", "review", "check") + seq("f4", "check", "pay") + seq("f5", "pay", "end"))

// stage is one application with Temporal, its logins and the services the
// scenarios' service tasks call.
type stage struct {
	t                            *testing.T
	env                          *platformtest.Env
	c                            client.Client
	admin, waiter, boss, manager apiClient
	ids                          map[string]uint64 // user name → id
	flaky                        *atomic.Int32     // calls of rec.Flaky
}

func newStage(t *testing.T) *stage {
	env := platformtest.New(t, platformtest.Options{Demo: true})
	s := &stage{t: t, env: env, ids: map[string]uint64{}, flaky: &atomic.Int32{}}
	mod := processModule(env)
	mod.OfferService("rec.Echo", func(_ context.Context, in engine.ServiceInput) (map[string]any, error) {
		return map[string]any{"n": in.Input["n"]}, nil
	})
	// Slow answers only when cancelled: it heartbeats, so that the cancellation reaches it.
	mod.OfferService("rec.Slow", func(ctx context.Context, _ engine.ServiceInput) (map[string]any, error) {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			activity.RecordHeartbeat(ctx)
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-tick.C:
			}
		}
	})
	mod.OfferService("rec.Flaky", func(context.Context, engine.ServiceInput) (map[string]any, error) {
		if s.flaky.Add(1) == 1 {
			return nil, temporal.NewNonRetryableApplicationError("the supplier is down", "SupplierDown", nil)
		}
		return map[string]any{"supplied": true}, nil
	})
	s.c = temporalkit.Start(t, env)
	s.admin = login(t, env, "admin", platformtest.AdminPassword)
	s.waiter = login(t, env, "demo_waiter", sys.DemoPassword)
	s.boss = login(t, env, "demo_admin", sys.DemoPassword)
	s.manager = login(t, env, "demo_manager", sys.DemoPassword)
	for _, name := range []string{"demo_waiter", "demo_admin", "demo_manager"} {
		s.ids[name] = userID(t, env, name)
	}
	return s
}

func processModule(env *platformtest.Env) *process.Module {
	for _, m := range env.P.Modules {
		if pm, ok := m.(*process.Module); ok {
			return pm
		}
	}
	return nil
}

// on makes the stage's clients report to a subtest.
func (s *stage) on(t *testing.T) *stage {
	c := *s
	c.t = t
	for _, cl := range []*apiClient{&c.admin, &c.waiter, &c.boss, &c.manager} {
		cl.t = t
	}
	return &c
}

func (s *stage) deploy(key, xml string) {
	s.t.Helper()
	var saved process.SavedModel
	s.admin.ok("POST", "/process/model", map[string]any{"name": key, "key": key, "bpmnXml": xml}, &saved)
	require.Empty(s.t, saved.Issues, key)
	s.admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, nil)
}

// start starts an instance as the waiter.
func (s *stage) start(key, businessKey string, vars map[string]any) uint64 {
	s.t.Helper()
	var st process.Started
	s.waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": key, "businessKey": businessKey, "variables": vars}, &st)
	return st.InstanceID
}

func (s *stage) detail(id uint64) process.InstanceView {
	s.t.Helper()
	var v process.InstanceView
	s.admin.ok("GET", fmt.Sprintf("/process/instance/%d", id), nil, &v)
	return v
}

// until polls cond until it holds; the deadline is generous, for a loaded machine.
func (s *stage) until(what string, cond func() bool) {
	s.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			s.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// task waits for the open task of a node (held by the user, when named).
func (s *stage) task(instance uint64, node string, holder ...string) process.TaskView {
	s.t.Helper()
	var found process.TaskView
	s.until("an open "+node+" task", func() bool {
		for _, tk := range s.detail(instance).Tasks {
			if tk.NodeID == node && tk.Status == process.TaskOpen && (len(holder) == 0 || tk.AssigneeID == s.ids[holder[0]]) {
				found = tk
				return true
			}
		}
		return false
	})
	return found
}

// taskOf reads one task row as its instance shows it.
func (s *stage) taskOf(instance, id uint64) process.TaskView {
	s.t.Helper()
	for _, tk := range s.detail(instance).Tasks {
		if tk.ID == id {
			return tk
		}
	}
	s.t.Fatalf("instance %d has no task %d", instance, id)
	return process.TaskView{}
}

func (s *stage) act(who apiClient, task uint64, action string, body map[string]any) engine.TaskUpdateResult {
	s.t.Helper()
	var res engine.TaskUpdateResult
	if body == nil {
		body = map[string]any{}
	}
	who.ok("POST", fmt.Sprintf("/process/task/%d/%s", task, action), body, &res)
	return res
}

func (s *stage) message(businessKey, name string, vars map[string]any) {
	s.t.Helper()
	var d process.Delivered
	s.admin.ok("POST", "/process/instance/message", map[string]any{"businessKey": businessKey, "messageName": name, "variables": vars}, &d)
	require.Equal(s.t, 1, d.Delivered, "%s reaches one instance", name)
}

// ended waits for an instance's workflow to end and answers its state.
func (s *stage) ended(id uint64) process.InstanceView {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_ = s.c.GetWorkflow(ctx, engine.InstanceWorkflowID(id), "").Get(ctx, nil) // a failed or rejected end is the state below
	require.NoError(s.t, ctx.Err(), "instance %d did not end", id)
	return s.detail(id)
}

// events waits until the instance's workflow history holds n events of a type.
func (s *stage) events(id uint64, typ enumspb.EventType, n int) {
	s.t.Helper()
	s.until(fmt.Sprintf("%d %s events", n, typ), func() bool {
		got := 0
		iter := s.c.GetWorkflowHistory(context.Background(), engine.InstanceWorkflowID(id), "", false, 0)
		for iter.HasNext() {
			ev, err := iter.Next()
			require.NoError(s.t, err)
			if ev.GetEventType() == typ {
				got++
			}
		}
		return got >= n
	})
}

func outcomes(v process.InstanceView, node string) []string {
	var out []string
	for _, tk := range v.Tasks {
		if tk.NodeID == node {
			out = append(out, tk.Outcome)
		}
	}
	return out
}

// timeline lists the task actions of an instance as "user:action".
func timeline(v process.InstanceView) []string {
	var out []string
	for _, it := range v.Timeline {
		if it.Kind == "task" {
			out = append(out, it.ActorName+":"+it.Action)
		}
	}
	return out
}

// scenario runs instances and answers the ones the corpus keeps, by the
// name of their history file.
type scenario struct {
	name   string
	models map[string]string // definition key → BPMN
	run    func(s *stage) map[string]uint64
}

var scenarios = []scenario{
	{"timers", map[string]string{"rec_timers": timersModel}, runTimers},
	{"messages", map[string]string{"rec_messages": messagesModel}, runMessages},
	{"subprocesses", map[string]string{"rec_subprocesses": subprocessesModel}, runSubprocesses},
	{"calls", map[string]string{"rec_child": childModel, "rec_calls": callsModel}, runCalls},
	{"gateways", map[string]string{"rec_gateways": gatewaysModel}, runGateways},
	{"multi-instance", map[string]string{"rec_multi": multiModel}, runMulti},
	{"task-actions", map[string]string{"rec_actions": actionsModel}, runActions},
}

// TestEngineScenarios runs each scenario and, with RECORD_HISTORIES=1,
// writes its instances' histories into the replay corpus.
func TestEngineScenarios(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the scenarios take a minute against the real Temporal server")
	}
	s := newStage(t)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			s := s.on(t)
			for _, key := range slices.Sorted(maps.Keys(sc.models)) {
				s.deploy(key, sc.models[key])
			}
			recorded := sc.run(s)
			for _, name := range slices.Sorted(maps.Keys(recorded)) {
				id := recorded[name]
				s.ended(id)
				if os.Getenv("RECORD_HISTORIES") != "" {
					writeHistory(t, filepath.Join(historiesDir, name+".json"),
						s.c.GetWorkflowHistory(context.Background(), engine.InstanceWorkflowID(id), "", false, 0))
				}
			}
		})
	}
}

func runTimers(s *stage) map[string]uint64 {
	t := s.t
	deadline := time.Now().Add(3 * time.Second).UTC().Format(time.RFC3339)
	id := s.start("rec_timers", "rec-timers", map[string]any{"deadline": deadline})
	// The interrupting timer ends the watch; the manager's task approves itself after its timeout.
	chase := s.task(id, "chase", "demo_waiter")
	v := s.detail(id)
	require.Equal(t, []string{"interrupted"}, outcomes(v, "watch"))
	require.Equal(t, []string{"autoApproved"}, outcomes(v, "escalate"))
	// The starter is reminded of the open task, then answers it.
	s.until("the reminder", func() bool {
		var page api.Page[process.CCView]
		s.waiter.ok("GET", "/process/task/cc", nil, &page)
		for _, n := range page.Records {
			if n.Kind == "remind" && n.TaskID == chase.ID {
				return true
			}
		}
		return false
	})
	s.act(s.waiter, chase.ID, engine.ActionComplete, nil)
	v = s.ended(id)
	require.Equal(t, engine.StateCompleted, v.State)
	require.Equal(t, engine.OutcomeRejected, v.Variables[engine.OutcomeVariable], "the lapsed task rejected itself and went on")
	require.Equal(t, []string{"autoRejected"}, outcomes(v, "lapse"))
	require.GreaterOrEqual(t, v.Variables["reminders"], float64(1), "the repeating timer nudged while the task waited")
	require.Subset(t, v.Done, []string{"wait", "until", "late", "escalate", "chase", "count", "reminded", "end"})
	require.Subset(t, v.Rejected, []string{"lapse"})
	require.NotContains(t, v.Done, "watch")
	return map[string]uint64{"timers": id}
}

func runMessages(s *stage) map[string]uint64 {
	t := s.t
	id := s.start("rec_messages", "rec-messages", nil)
	serve := s.task(id, "serve")
	// A non-interrupting message runs its path each time and leaves the task open.
	s.message("rec-messages", "note", map[string]any{"from": "kitchen"})
	s.message("rec-messages", "note", nil)
	v := s.detail(id)
	require.Len(t, slices.DeleteFunc(v.Timeline, func(it process.TimelineItem) bool { return it.Kind != engine.EvMessage || it.NodeID != "note" }), 2)
	require.Contains(t, v.Done, "noted_end")
	require.Equal(t, process.TaskOpen, s.taskOf(id, serve.ID).Status)
	// The catch continues; the join waits for the other branch.
	s.message("rec-messages", "paid", nil)
	require.Contains(t, s.detail(id).Done, "paid")
	require.Equal(t, engine.StateRunning, s.detail(id).State)
	// The interrupting message closes the task and the branch joins.
	s.message("rec-messages", "cancel", nil)
	v = s.ended(id)
	require.Equal(t, engine.StateCompleted, v.State)
	require.EqualValues(t, 2, v.Variables["notes"], "the note's path ran twice")
	require.Equal(t, "kitchen", v.Variables["from"], "a message's variables")
	require.Equal(t, []string{"interrupted"}, outcomes(v, "serve"))
	require.Subset(t, v.Done, []string{"fork", "paid", "note", "noted", "noted_end", "stop", "merge", "join", "end"})
	require.NotContains(t, v.Done, "serve", "an interrupted task is not done")
	return map[string]uint64{"messages": id}
}

func runSubprocesses(s *stage) map[string]uint64 {
	t := s.t
	id := s.start("rec_subprocesses", "rec-subprocesses", nil)
	s.act(s.waiter, s.task(id, "prep").ID, engine.ActionComplete, nil)
	cook := s.task(id, "cook")
	// The subprocess's non-interrupting timer fires while the cook works.
	s.events(id, enumspb.EVENT_TYPE_TIMER_FIRED, 1)
	s.message("rec-subprocesses", "note", nil)
	// The cook rejects back to the preparation, before the subprocess: it closes.
	s.act(s.waiter, cook.ID, engine.ActionReject, map[string]any{"comment": "no salt"})
	v := s.detail(id)
	require.Equal(t, []string{"completed", ""}, outcomes(v, "prep"), "the preparation is asked again")
	require.Equal(t, []string{"rejected"}, outcomes(v, "cook"))
	require.NotContains(t, v.Active, "cook", "the subprocess closed")
	s.act(s.waiter, s.task(id, "prep").ID, engine.ActionComplete, nil)
	s.act(s.waiter, s.task(id, "cook").ID, engine.ActionApprove, nil)
	plate := s.task(id, "plate")
	s.message("rec-subprocesses", "cancel", nil)
	v = s.ended(id)
	require.Equal(t, engine.StateCompleted, v.State)
	require.Equal(t, "cancelled", s.taskOf(id, plate.ID).Outcome, "the interrupted subprocess closed its task")
	require.Subset(t, v.Done, []string{"sub", "hurry", "hurried", "hurried_end", "sub_note", "sub_noted", "sub_noted_end", "stop", "stopped"})
	require.NotContains(t, v.Done, "sub2")
	require.NotContains(t, v.Done, "end")
	return map[string]uint64{"subprocesses": id}
}

func runCalls(s *stage) map[string]uint64 {
	t := s.t
	id := s.start("rec_calls", "rec-calls", map[string]any{"amount": 21})
	// childTask waits for the waiter's open task in a child instance other than not.
	childTask := func(not uint64) process.TaskView {
		var found process.TaskView
		s.until("a child's task", func() bool {
			i := slices.IndexFunc(todo(s.waiter), func(tk process.TaskView) bool { return tk.NodeID == "child_task" && tk.InstanceID != not })
			if i >= 0 {
				found = todo(s.waiter)[i]
			}
			return i >= 0
		})
		return found
	}
	first := childTask(0)
	// The call's non-interrupting timer fires while its child runs.
	s.events(id, enumspb.EVENT_TYPE_TIMER_FIRED, 1)
	s.act(s.waiter, first.ID, engine.ActionComplete, nil)
	require.Equal(t, engine.StateCompleted, s.ended(first.InstanceID).State)
	second := childTask(first.InstanceID)
	require.NotEqual(t, first.InstanceID, second.InstanceID)
	// The message interrupts the second call: its child is cancelled; the
	// services run, the slow one until its timer; the flaky one fails.
	s.message("rec-calls", "cancel", nil)
	require.Equal(t, engine.StateCancelled, s.ended(second.InstanceID).State)
	v := s.detail(id)
	require.Equal(t, engine.StateFailed, v.State)
	require.Len(t, v.Failures, 1)
	require.Equal(t, "svc_flaky", v.Failures[0].NodeID)
	require.EqualValues(t, 84, v.Variables["doubled"], "echo of amount*2, doubled")
	// An administrator retries the failed node; the instance ends.
	s.admin.ok("POST", fmt.Sprintf("/process/instance/%d/retry", id), map[string]any{"comment": "the supplier is back"}, &v)
	v = s.ended(id)
	require.Equal(t, engine.StateCompleted, v.State)
	require.Equal(t, true, v.Variables["supplied"])
	require.Subset(t, v.Done, []string{"call_ok", "call_note", "call_noted", "call_noted_end", "call_abort", "svc_ok", "slow_late", "calc", "svc_flaky", "end"})
	require.NotContains(t, v.Done, "call_stop")
	require.NotContains(t, v.Done, "svc_slow")
	require.NotContains(t, v.Done, "guarded")
	return map[string]uint64{"calls": id, "calls-child": first.InstanceID, "calls-child-cancelled": second.InstanceID}
}

func runGateways(s *stage) map[string]uint64 {
	t := s.t
	id := s.start("rec_gateways", "rec-gateways", map[string]any{"amount": 500})
	final := s.task(id, "final")
	stopper := s.task(id, "stopper")
	v := s.detail(id)
	require.Subset(t, v.Done, []string{"route", "big", "merge", "pf", "a1", "b1", "pj", "inf", "i1", "i3", "inj", "pf2"})
	require.ElementsMatch(t, []string{"final", "stopper"}, v.Active, "a join that fired is not active")
	require.NotContains(t, v.Done, "small")
	require.NotContains(t, v.Done, "i2", "its condition does not hold")
	require.EqualValues(t, 3, v.Variables["i1"])
	// The terminate end closes the other branch's task.
	s.act(s.waiter, stopper.ID, engine.ActionComplete, nil)
	v = s.ended(id)
	require.Equal(t, engine.StateCompleted, v.State)
	require.Equal(t, "cancelled", s.taskOf(id, final.ID).Outcome)
	require.Contains(t, v.Done, "term")
	require.NotContains(t, v.Done, "end")
	return map[string]uint64{"gateways": id}
}

// runMulti signs the multi-instance tasks; addSigner and removeSigner are
// checked by what the next read shows.
func runMulti(s *stage) map[string]uint64 {
	t := s.t
	pair := []string{"demo_admin", "demo_manager"}
	id := s.start("rec_multi", "rec-multi", map[string]any{"pair": pair, "trio": append(pair, "demo_waiter")})
	waiterID := s.ids["demo_waiter"]

	// all: a signer is added, then removed again; both signers approve.
	mine := s.task(id, "all", "demo_admin")
	added := s.act(s.boss, mine.ID, engine.ActionAddSigner, map[string]any{"userIds": []uint64{waiterID}})
	require.Len(t, added.Added, 1)
	require.Equal(t, waiterID, s.taskOf(id, added.Added[0]).AssigneeID, "the added signer holds a new task")
	require.Equal(t, process.TaskOpen, s.taskOf(id, added.Added[0]).Status)
	s.act(s.boss, mine.ID, engine.ActionRemoveSigner, map[string]any{"userIds": []uint64{waiterID}})
	removed := s.taskOf(id, added.Added[0])
	require.Equal(t, process.TaskClosed, removed.Status)
	require.Equal(t, "removed", removed.Outcome)
	s.act(s.boss, mine.ID, engine.ActionApprove, nil)
	require.Equal(t, process.TaskOpen, s.task(id, "all", "demo_manager").Status, "all must sign")
	s.act(s.manager, s.task(id, "all", "demo_manager").ID, engine.ActionApprove, nil)

	// any: one approval decides; the other signer's task closes.
	other := s.task(id, "any", "demo_admin")
	s.act(s.manager, s.task(id, "any", "demo_manager").ID, engine.ActionApprove, nil)
	require.Equal(t, "skipped", s.taskOf(id, other.ID).Outcome)

	// ratio 0.6 of three: a rejection does not decide; the second approval does.
	s.act(s.boss, s.task(id, "ratio", "demo_admin").ID, engine.ActionApprove, nil)
	s.act(s.manager, s.task(id, "ratio", "demo_manager").ID, engine.ActionReject, map[string]any{"comment": "too dear"})
	s.act(s.waiter, s.task(id, "ratio", "demo_waiter").ID, engine.ActionApprove, nil)

	// sequential: one signer after the other; a signer added joins the queue.
	s.act(s.boss, s.task(id, "inturn", "demo_admin").ID, engine.ActionApprove, nil)
	next := s.task(id, "inturn", "demo_manager")
	s.act(s.manager, next.ID, engine.ActionAddSigner, map[string]any{"userIds": []uint64{waiterID}})
	s.act(s.manager, next.ID, engine.ActionApprove, nil)
	s.act(s.waiter, s.task(id, "inturn", "demo_waiter").ID, engine.ActionApprove, nil)

	// sequential any: a rejection hands the task to the next signer, whose approval decides.
	s.act(s.boss, s.task(id, "firstyes", "demo_admin").ID, engine.ActionReject, map[string]any{"comment": "not me"})
	s.act(s.manager, s.task(id, "firstyes", "demo_manager").ID, engine.ActionApprove, nil)

	v := s.ended(id)
	require.Equal(t, engine.StateCompleted, v.State)
	require.Equal(t, []string{"approved", "approved", "removed"}, sortedStrings(outcomes(v, "all")))
	require.Equal(t, []string{"approved", "approved", "approved"}, outcomes(v, "inturn"))
	require.Equal(t, []string{"rejected", "approved"}, outcomes(v, "firstyes"))
	return map[string]uint64{"multi-instance": id}
}

func sortedStrings(s []string) []string { return slices.Sorted(slices.Values(s)) }

// runActions takes every task action through the HTTP API and checks each
// by what the next read shows, then records a withdrawn and a cancelled
// instance.
func runActions(s *stage) map[string]uint64 {
	t := s.t
	boss, manager := s.ids["demo_admin"], s.ids["demo_manager"]
	id := s.start("rec_actions", "rec-actions", map[string]any{"amount": 80})
	s.act(s.waiter, s.task(id, "submit").ID, engine.ActionComplete, nil)
	review := s.task(id, "review")
	require.Zero(t, review.AssigneeID, "the review waits for a merchant administrator to claim it")

	s.act(s.boss, review.ID, engine.ActionClaim, nil)
	require.Equal(t, boss, s.taskOf(id, review.ID).AssigneeID)
	// unclaim: the task goes back to the pool; the boss sees it as claimable again.
	s.act(s.boss, review.ID, engine.ActionUnclaim, nil)
	require.Zero(t, s.taskOf(id, review.ID).AssigneeID)
	require.True(t, slices.ContainsFunc(todo(s.boss), func(tk process.TaskView) bool { return tk.ID == review.ID && tk.Claimable }))
	s.act(s.boss, review.ID, engine.ActionClaim, nil)
	// comment: the timeline carries it.
	s.act(s.boss, review.ID, engine.ActionComment, map[string]any{"comment": "receipt attached?"})
	require.True(t, slices.ContainsFunc(s.detail(id).Timeline, func(it process.TimelineItem) bool {
		return it.Action == engine.ActionComment && it.Comment == "receipt attached?" && it.ActorID == boss
	}))
	// urge: the starter urges; the holder gets the notice.
	s.act(s.waiter, review.ID, engine.ActionUrge, map[string]any{"comment": "please"})
	require.True(t, noticed(s.boss, "urge", review.ID), "the holder is urged")
	// cc: the copied user gets the notice.
	s.act(s.boss, review.ID, engine.ActionCC, map[string]any{"userIds": []uint64{manager}})
	require.True(t, noticed(s.manager, "cc", review.ID))
	// delegate: the manager holds it for the boss, who stays its owner.
	s.act(s.boss, review.ID, engine.ActionDelegate, map[string]any{"userIds": []uint64{manager}})
	tk := s.taskOf(id, review.ID)
	require.Equal(t, manager, tk.AssigneeID)
	require.Equal(t, boss, tk.OwnerID)
	require.True(t, slices.ContainsFunc(todo(s.manager), func(tk process.TaskView) bool { return tk.ID == review.ID }))
	// resolve: back to the owner.
	s.act(s.manager, review.ID, engine.ActionResolve, map[string]any{"comment": "looked at it"})
	tk = s.taskOf(id, review.ID)
	require.Equal(t, boss, tk.AssigneeID)
	require.Zero(t, tk.OwnerID)
	// transfer: the manager holds it now, and it leaves the boss's inbox.
	s.act(s.boss, review.ID, engine.ActionTransfer, map[string]any{"userIds": []uint64{manager}})
	require.Equal(t, manager, s.taskOf(id, review.ID).AssigneeID)
	require.False(t, slices.ContainsFunc(todo(s.boss), func(tk process.TaskView) bool { return tk.ID == review.ID }))
	// return: back to the submission; the review closes as returned.
	s.act(s.manager, review.ID, engine.ActionReturn, map[string]any{"comment": "add the receipt", "targetNode": "submit"})
	require.Equal(t, "returned", s.taskOf(id, review.ID).Outcome)
	resubmit := s.task(id, "submit", "demo_waiter")
	require.Contains(t, s.detail(id).Rejected, "review")

	s.act(s.waiter, resubmit.ID, engine.ActionComplete, nil)
	again := s.task(id, "review")
	s.act(s.boss, again.ID, engine.ActionClaim, nil)
	s.act(s.boss, again.ID, engine.ActionApprove, map[string]any{"comment": "fine"})
	// The check rejects back to the submission (rejectMode return).
	s.act(s.manager, s.task(id, "check").ID, engine.ActionReject, map[string]any{"comment": "wrong cost centre"})
	s.act(s.waiter, s.task(id, "submit", "demo_waiter").ID, engine.ActionComplete, nil)
	third := s.task(id, "review")
	s.act(s.boss, third.ID, engine.ActionClaim, nil)
	s.act(s.boss, third.ID, engine.ActionApprove, nil)
	s.act(s.manager, s.task(id, "check").ID, engine.ActionApprove, nil)
	// The payment's rejection ends the instance.
	s.act(s.manager, s.task(id, "pay").ID, engine.ActionReject, map[string]any{"comment": "no budget"})
	v := s.ended(id)
	require.Equal(t, engine.StateRejected, v.State)
	require.Equal(t, []string{"Jo Wang:complete", "Alex Chen:claim", "Alex Chen:unclaim", "Alex Chen:claim", "Alex Chen:comment",
		"Jo Wang:urge", "Alex Chen:cc", "Alex Chen:delegate", "Sam Li:resolve", "Alex Chen:transfer", "Sam Li:return",
		"Jo Wang:complete", "Alex Chen:claim", "Alex Chen:approve", "Sam Li:reject", "Jo Wang:complete", "Alex Chen:claim",
		"Alex Chen:approve", "Sam Li:approve", "Sam Li:reject"}, timeline(v))

	// withdraw: the starter takes an instance back before anyone acted.
	withdrawn := s.start("rec_actions", "rec-withdrawn", nil)
	s.task(withdrawn, "submit")
	s.waiter.ok("POST", fmt.Sprintf("/process/instance/%d/withdraw", withdrawn), nil, nil)
	require.Equal(t, engine.StateWithdrawn, s.ended(withdrawn).State)
	// cancel: an administrator stops one, with a reason.
	cancelled := s.start("rec_actions", "rec-cancelled", nil)
	s.task(cancelled, "submit")
	s.admin.ok("POST", fmt.Sprintf("/process/instance/%d/cancel", cancelled), map[string]any{"reason": "duplicate"}, nil)
	v = s.ended(cancelled)
	require.Equal(t, engine.StateCancelled, v.State)
	require.Equal(t, []string{"cancelled"}, outcomes(v, "submit"))
	return map[string]uint64{"task-actions": id, "withdrawn": withdrawn, "cancelled": cancelled}
}

// noticed reports whether a user's notices hold one of a kind for a task.
func noticed(who apiClient, kind string, task uint64) bool {
	var page api.Page[process.CCView]
	who.ok("GET", "/process/task/cc", nil, &page)
	return slices.ContainsFunc(page.Records, func(n process.CCView) bool { return n.Kind == kind && n.TaskID == task })
}
