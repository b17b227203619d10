package process_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/workflows/engine"
)

// Issue 11: a reject with rejectMode=return from inside an embedded
// subprocess to a task before it failed the instance ("flow leads to unknown
// element"). The subprocess's tokens close and the flow goes on at the target.
func TestReturnFromASubprocessToATaskBeforeIt(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d string) {
		xml := dialect(d, `
  <P:startEvent id="start" E:initiator="initiator"/>
  <P:userTask id="apply" name="Apply" E:assignee="${initiator}"/>
  <P:subProcess id="review" name="Review">
    <P:startEvent id="rs"/>
    <P:parallelGateway id="fork"/>
    <P:userTask id="approve" name="Approve" E:candidateGroups="merchant_admin" venue:rejectMode="return" venue:rejectTarget="apply"/>
    <P:userTask id="check" name="Check stock" E:assignee="demo_manager"/>
    <P:parallelGateway id="join"/>
    <P:endEvent id="re"/>
    `+flow("r1", "rs", "fork")+flow("r2", "fork", "approve")+flow("r3", "fork", "check")+flow("r4", "approve", "join")+flow("r5", "check", "join")+flow("r6", "join", "re")+`
  </P:subProcess>
  <P:endEvent id="end"/>
  `+flow("f1", "start", "apply")+flow("f2", "apply", "review")+flow("f3", "review", "end"))
		h := newHarness(t, xml, map[string]any{"amount": 80.0})
		h.act("demo_waiter", "apply", engine.ActionComplete, engine.TaskUpdate{})
		h.act("demo_admin", "approve", engine.ActionClaim, engine.TaskUpdate{})
		h.act("demo_admin", "approve", engine.ActionReject, engine.TaskUpdate{Comment: "missing receipt"})
		h.after(time.Minute, func() {
			open := h.openTasks()
			require.Len(t, open, 1, "the subprocess's other branch closed: %+v", open)
			require.Equal(t, "apply", open[0].NodeID)
			require.Equal(t, engine.StateRunning, h.detail().State)
		})
		h.act("demo_waiter", "apply", engine.ActionComplete, engine.TaskUpdate{FormData: map[string]any{"amount": 90.0}})
		h.act("demo_admin", "approve", engine.ActionClaim, engine.TaskUpdate{})
		h.act("demo_admin", "approve", engine.ActionApprove, engine.TaskUpdate{})
		h.act("demo_manager", "check", engine.ActionComplete, engine.TaskUpdate{})
		res := h.run()
		require.Equal(t, engine.StateCompleted, res.State)
		require.EqualValues(t, 90.0, res.Variables["amount"])
		require.Equal(t, "cancelled", taskOutcome(h, "check"), "the first check task was closed by the return")
		var checks int64
		require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_tasks").Where("instance_id = ? AND node_id = ?", h.inst.ID, "check").Count(&checks).Error)
		require.EqualValues(t, 2, checks, "the subprocess ran again after the return")
		require.Contains(t, h.detail().Done, "end")
	})
}

// Issue 11: an inclusive gateway's flow without a condition is always taken
// (deploy refused it before), as Camunda 7 and Flowable take it.
func TestInclusiveFlowWithoutConditionIsAlwaysTaken(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d string) {
		xml := dialect(d, `
  <P:startEvent id="start"/>
  <P:inclusiveGateway id="split"/>
  <P:scriptTask id="always" scriptFormat="expr" E:resultVariable="packed"><P:script>true</P:script></P:scriptTask>
  <P:scriptTask id="big" scriptFormat="expr" E:resultVariable="insured"><P:script>true</P:script></P:scriptTask>
  <P:inclusiveGateway id="join"/>
  <P:endEvent id="end"/>
  `+flow("f1", "start", "split")+flow("a", "split", "always")+flow("b", "split", "big", "${amount > 100}")+
			flow("a2", "always", "join")+flow("b2", "big", "join")+flow("f2", "join", "end"))
		for _, c := range []struct {
			amount  float64
			insured any
		}{{50, nil}, {500, true}} {
			h := newHarness(t, xml, map[string]any{"amount": c.amount})
			res := h.run()
			require.Equal(t, engine.StateCompleted, res.State)
			require.Equal(t, true, res.Variables["packed"], "the flow without a condition is taken at %v", c.amount)
			require.Equal(t, c.insured, res.Variables["insured"], "at %v", c.amount)
		}
	})
}
