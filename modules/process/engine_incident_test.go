package process_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

func (h *harness) instanceRow() process.Instance {
	var inst process.Instance
	require.NoError(h.t, h.app.P.DB.WithContext(sysCtx()).Take(&inst, h.inst.ID).Error)
	return inst
}

// retry sends an administrator's retry; it must be accepted.
func (h *harness) retry(u engine.RetryUpdate) {
	u.Actor = engine.Actor{UserID: h.users["admin"].UserID, Name: "admin"}
	h.env.UpdateWorkflow(engine.UpdateRetry, "retry-"+u.NodeID, &callback{t: h.t}, u)
}

// The attack of issue 11 as a script task and as a condition: the node fails
// under the expression budget (nothing huge is allocated), the instance shows
// "failed at <node>: <reason>", and a retry after fixing the variable goes on.
func TestHugeExpressionFailsItsNodeAndARetryContinues(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d string) {
		xml := dialect(d, `
  <P:startEvent id="start" E:initiator="initiator"/>
  <P:scriptTask id="calc" name="Size the banner" scriptFormat="expr" E:resultVariable="size"><P:script>len(repeat(repeat("a", 999999), n))</P:script></P:scriptTask>
  <P:exclusiveGateway id="check" name="Big enough?" default="small"/>
  <P:userTask id="print" name="Print" E:assignee="${initiator}"/>
  <P:endEvent id="end"/>
  `+flow("f1", "start", "calc")+flow("f2", "calc", "check")+
			flow("big", "check", "print", `${len(repeat(repeat("b", 999999), m)) > 0}`)+flow("small", "check", "end")+flow("f3", "print", "end"))
		h := newHarness(t, xml, map[string]any{"n": 1000000, "m": 1000000})
		h.after(time.Minute, func() {
			require.Equal(t, engine.StateFailed, h.instanceRow().State)
			dv := h.detail()
			require.Len(t, dv.Failures, 1)
			require.Equal(t, "calc", dv.Failures[0].NodeID)
			require.Contains(t, dv.Failures[0].Reason, "expression budget exceeded: repeat needs 999999000016 bytes")
			require.Contains(t, dv.Active, "calc", "the failed node is shown where the instance stands")
			var st engine.State
			v, err := h.env.QueryWorkflow(engine.QueryState)
			require.NoError(t, err)
			require.NoError(t, v.Get(&st))
			require.Equal(t, engine.StateFailed, st.Status)
		})
		// Fixing n: the script runs, then the condition fails on m.
		h.after(time.Minute, func() { h.retry(engine.RetryUpdate{NodeID: "calc", Variables: map[string]any{"n": 2}}) })
		h.after(time.Minute, func() {
			dv := h.detail()
			require.Equal(t, engine.StateFailed, dv.State)
			require.Len(t, dv.Failures, 1)
			require.Equal(t, "check", dv.Failures[0].NodeID, "the gateway's condition failed next")
			require.True(t, strings.HasPrefix(dv.Failures[0].Reason, "flow big: expression budget exceeded"), dv.Failures[0].Reason)
		})
		h.after(time.Minute, func() { h.retry(engine.RetryUpdate{Variables: map[string]any{"m": 1}}) })
		h.after(time.Minute, func() {
			require.Equal(t, engine.StateRunning, h.instanceRow().State, "retried, running again")
			require.Nil(t, h.instanceRow().EndedAt)
			require.Empty(t, h.detail().Failures)
		})
		h.act("demo_waiter", "print", engine.ActionComplete, engine.TaskUpdate{})
		res := h.run()
		require.Equal(t, engine.StateCompleted, res.State)
		require.EqualValues(t, 1999998, res.Variables["size"])
		var kinds []string
		for _, it := range h.detail().Timeline {
			if it.Kind == engine.EvNodeFailed || it.Kind == engine.EvRetried {
				kinds = append(kinds, it.Kind+":"+it.NodeID+it.ActorName)
			}
		}
		require.Equal(t, []string{"nodeFailed:calc", "retried:admin", "nodeFailed:check", "retried:admin"}, kinds)
	})
}

// A failed node stops only its branch: a parallel branch's task is still
// handled, and an administrator may cancel the failed instance.
func TestFailedNodeWaitsWhileOtherBranchesGoOnAndCancelEndsIt(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:scriptTask id="bad" scriptFormat="expr"><bpmn:script>items[3].price</bpmn:script></bpmn:scriptTask>
  <bpmn:userTask id="serve" name="Serve" venue:assignee="demo_waiter"/>
  <bpmn:parallelGateway id="join"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "fork") + seq("f2", "fork", "bad") + seq("f3", "fork", "serve") + seq("f4", "bad", "join") + seq("f5", "serve", "join") + seq("f6", "join", "end"))
	h := newHarness(t, xml, map[string]any{"items": []any{}})
	h.act("demo_waiter", "serve", engine.ActionComplete, engine.TaskUpdate{})
	h.after(time.Minute, func() {
		dv := h.detail()
		require.Equal(t, engine.StateFailed, dv.State)
		require.Equal(t, "bad", dv.Failures[0].NodeID)
		require.Contains(t, dv.Failures[0].Reason, "index out of range")
		require.Contains(t, dv.Done, "serve", "the other branch went on")
		// A retry naming a node that did not fail is refused.
		h.env.UpdateWorkflow(engine.UpdateRetry, "wrong", &callback{t: t, wantReject: engine.ErrNothingFailed},
			engine.RetryUpdate{NodeID: "serve"})
		h.env.UpdateWorkflow(engine.UpdateCancel, "cancel", &callback{t: t}, engine.CancelUpdate{Reason: "bad data", Actor: engine.Actor{UserID: h.users["admin"].UserID}})
	})
	res := h.run()
	require.Equal(t, engine.StateCancelled, res.State)
	row := h.instanceRow()
	require.Equal(t, engine.StateCancelled, row.State)
	require.NotNil(t, row.EndedAt)
}

// A model that loops through gateways and scripts without ever waiting
// fails at a node after a bounded number of steps instead of spinning the
// worker.
func TestALoopWithoutAWaitFailsInsteadOfSpinning(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:scriptTask id="inc" scriptFormat="expr" venue:result="x"><bpmn:script>(x ?? 0) + 1</bpmn:script></bpmn:scriptTask>
  <bpmn:exclusiveGateway id="again" default="out"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "inc") + seq("f2", "inc", "again") + seq("loop", "again", "inc", "${x > 0}") + seq("out", "again", "end"))
	h := newHarness(t, xml, nil)
	h.after(time.Minute, func() {
		dv := h.detail()
		require.Equal(t, engine.StateFailed, dv.State)
		require.Len(t, dv.Failures, 1)
		require.Contains(t, dv.Failures[0].Reason, "without waiting")
		h.env.UpdateWorkflow(engine.UpdateCancel, "cancel", &callback{t: t}, engine.CancelUpdate{Reason: "loop", Actor: engine.Actor{UserID: h.users["admin"].UserID}})
	})
	require.Equal(t, engine.StateCancelled, h.run().State)
}

// Issue 11: the workflow re-checks who acts. A user whose task was just
// transferred away, or who is no candidate, is refused by the workflow
// itself, whatever the caller in front of Temporal let through.
func TestTheWorkflowRefusesWhoDoesNotHoldTheTask(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="pool" name="Pick up" venue:candidateRoles="merchant_admin" venue:actions="approve,transfer,claim"/>
  <bpmn:userTask id="sign" name="Sign" venue:assignee="demo_manager" venue:actions="approve,transfer"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "pool") + seq("f2", "pool", "sign") + seq("f3", "sign", "end"))
	h := newHarness(t, xml, nil)
	h.act("demo_waiter", "pool", engine.ActionClaim, engine.TaskUpdate{}, true) // holds no merchant_admin role
	h.act("demo_manager", "pool", engine.ActionClaim, engine.TaskUpdate{}, true)
	h.act("demo_admin", "pool", engine.ActionApprove, engine.TaskUpdate{}, true) // a candidate, not yet the holder
	h.act("demo_admin", "pool", engine.ActionClaim, engine.TaskUpdate{})
	h.act("demo_admin", "pool", engine.ActionApprove, engine.TaskUpdate{})
	h.act("demo_manager", "sign", engine.ActionTransfer, engine.TaskUpdate{UserIDs: []uint64{h.users["demo_admin"].UserID}})
	// The former holder's stale approval: refused by the validator.
	var signTask uint64
	h.after(time.Minute, func() {
		signTask = h.task("sign").ID
		h.env.UpdateWorkflow(engine.UpdateTask, "stale", &callback{t: t, wantReject: engine.ErrNotYourTask},
			engine.TaskUpdate{TaskID: signTask, Action: engine.ActionApprove, Actor: engine.Actor{UserID: h.users["demo_manager"].UserID}})
		// Sent straight to Temporal, naming nobody: refused too.
		h.env.UpdateWorkflow(engine.UpdateTask, "nobody", &callback{t: t, wantReject: engine.ErrNotYourTask},
			engine.TaskUpdate{TaskID: signTask, Action: engine.ActionApprove})
	})
	h.act("demo_admin", "sign", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	var closedBy uint64
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_tasks").Select("closed_by").Where("id = ?", signTask).Scan(&closedBy).Error)
	require.Equal(t, h.users["demo_admin"].UserID, closedBy)
}

// A failed node inside a subprocess is cancelled with it when a boundary
// timer interrupts the subprocess: the instance runs on, with no failure left.
func TestABoundaryTimerCancelsAFailedNodeInItsSubprocess(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:subProcess id="sub">
    <bpmn:startEvent id="ss"/>
    <bpmn:scriptTask id="bad" scriptFormat="expr"><bpmn:script>1 / zero > 0 ? x.y.z : x.y.z</bpmn:script></bpmn:scriptTask>
    <bpmn:endEvent id="se"/>
    ` + seq("s1", "ss", "bad") + seq("s2", "bad", "se") + `
  </bpmn:subProcess>
  <bpmn:boundaryEvent id="late" attachedToRef="sub"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
  <bpmn:userTask id="handle" name="Handle by hand" venue:assignee="demo_manager"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "sub") + seq("f2", "sub", "end") + seq("f3", "late", "handle") + seq("f4", "handle", "end"))
	h := newHarness(t, xml, map[string]any{"zero": 0, "x": nil})
	h.after(30*time.Minute, func() {
		dv := h.detail()
		require.Equal(t, engine.StateFailed, dv.State)
		require.Equal(t, "bad", dv.Failures[0].NodeID)
	})
	h.after(time.Hour, func() {
		dv := h.detail()
		require.Equal(t, engine.StateRunning, dv.State)
		require.Empty(t, dv.Failures)
		require.Equal(t, "handle", h.task("handle").NodeID)
	})
	h.act("demo_manager", "handle", engine.ActionComplete, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
}

// Variables travel with every bookkeeping call: a model that keeps growing
// them fails its node past the cap instead of overflowing Temporal's payloads.
func TestVariablesThatGrowPastTheCapFailTheNode(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:scriptTask id="grow" scriptFormat="expr"><bpmn:script>{("v" + string(i)): repeat("x", 60000), "i": i + 1}</bpmn:script></bpmn:scriptTask>
  <bpmn:exclusiveGateway id="more" default="done"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "grow") + seq("f2", "grow", "more") + seq("again", "more", "grow", "${i < 20}") + seq("done", "more", "end"))
	h := newHarness(t, xml, map[string]any{"i": 0})
	h.after(time.Minute, func() {
		dv := h.detail()
		require.Equal(t, engine.StateFailed, dv.State)
		require.Equal(t, "grow", dv.Failures[0].NodeID)
		require.Contains(t, dv.Failures[0].Reason, "variables grew past 512 KB")
		h.env.UpdateWorkflow(engine.UpdateCancel, "cancel", &callback{t: t}, engine.CancelUpdate{Reason: "too big", Actor: engine.Actor{UserID: h.users["admin"].UserID}})
	})
	require.Equal(t, engine.StateCancelled, h.run().State)
}
