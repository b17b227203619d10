package process_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/workflows/engine"
)

// Inclusive gateway: the split takes every branch whose condition holds;
// the join waits for exactly those branches.
func TestInclusiveJoinWaitsForTheTakenBranches(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:inclusiveGateway id="split" default="toC"/>
  <bpmn:userTask id="a" name="Kitchen" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="b" name="Bar" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="c" name="Floor" venue:assigneeStrategy="initiator"/>
  <bpmn:inclusiveGateway id="join"/>
  <bpmn:userTask id="after" name="Close" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "split") + seq("toA", "split", "a", "${food}") + seq("toB", "split", "b", "${drinks}") + seq("toC", "split", "c") +
		seq("a1", "a", "join") + seq("b1", "b", "join") + seq("c1", "c", "join") + seq("j1", "join", "after") + seq("e1", "after", "end"))
	h := newHarness(t, xml, map[string]any{"food": true, "drinks": true})
	h.after(time.Minute, func() {
		open := h.openTasks()
		require.Len(t, open, 2, "two branches taken")
	})
	h.act("demo_waiter", "a", engine.ActionComplete, engine.TaskUpdate{})
	h.after(time.Minute, func() {
		for _, ot := range h.openTasks() {
			require.NotEqual(t, "after", ot.NodeID, "the join fired before the bar branch arrived")
		}
	})
	h.act("demo_waiter", "b", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_waiter", "after", engine.ActionComplete, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	d := h.detail()
	require.NotContains(t, d.Done, "c")
	require.Contains(t, d.Done, "join")
}

// A return inside one parallel branch re-runs that branch only; the other
// branch's finished work stands, and the join still waits for both.
func TestReturnInsideAParallelBranch(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:userTask id="draft" name="Draft menu" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="check" name="Check menu" venue:assignee="demo_manager" venue:actions="approve,reject,return"/>
  <bpmn:userTask id="price" name="Price check" venue:assignee="demo_admin"/>
  <bpmn:parallelGateway id="joinAll"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "fork") + seq("f1", "fork", "draft") + seq("f2", "fork", "price") + seq("d1", "draft", "check") +
		seq("c1", "check", "joinAll") + seq("p1", "price", "joinAll") + seq("j1", "joinAll", "end"))
	h := newHarness(t, xml, nil)
	h.act("demo_admin", "price", engine.ActionApprove, engine.TaskUpdate{})
	h.act("demo_waiter", "draft", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_manager", "check", engine.ActionReturn, engine.TaskUpdate{TargetNode: "draft", Comment: "dessert prices"})
	h.after(time.Minute, func() {
		open := h.openTasks()
		require.Len(t, open, 1)
		require.Equal(t, "draft", open[0].NodeID, "only the returned branch runs again")
	})
	h.act("demo_waiter", "draft", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_manager", "check", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	d := h.detail()
	require.Contains(t, d.Done, "price")
	require.Contains(t, d.Done, "joinAll")
}

// A return to a node before the fork cancels the sibling branch.
func TestReturnBeforeTheForkCancelsTheOtherBranch(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="request" name="Request" venue:assigneeStrategy="initiator"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:userTask id="a" name="Review A" venue:assignee="demo_manager" venue:actions="approve,return"/>
  <bpmn:userTask id="b" name="Review B" venue:assignee="demo_admin"/>
  <bpmn:parallelGateway id="joinAll"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "request") + seq("r1", "request", "fork") + seq("f1", "fork", "a") + seq("f2", "fork", "b") +
		seq("a1", "a", "joinAll") + seq("b1", "b", "joinAll") + seq("j1", "joinAll", "end"))
	h := newHarness(t, xml, nil)
	h.act("demo_waiter", "request", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_manager", "a", engine.ActionReturn, engine.TaskUpdate{TargetNode: "request", Comment: "start over"})
	h.after(time.Minute, func() {
		open := h.openTasks()
		require.Len(t, open, 1)
		require.Equal(t, "request", open[0].NodeID)
	})
	h.act("demo_waiter", "request", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_manager", "a", engine.ActionApprove, engine.TaskUpdate{})
	h.act("demo_admin", "b", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
}

// A countersign of three with ratio 0.6 completes at the second approval;
// the third signer's task is closed as skipped.
func TestCountersignRatioCompletesAtTwoOfThree(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="sign" name="Countersign">
    <bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="ratio" venue:ratio="0.6" venue:collection="${signers}"/>
  </bpmn:userTask>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "sign") + seq("e1", "sign", "end"))
	h := newHarness(t, xml, map[string]any{"signers": []any{"demo_admin", "demo_manager", "demo_reviewer"}})
	h.after(time.Minute, func() { require.Len(t, h.openTasks(), 3) })
	h.act("demo_admin", "sign", engine.ActionApprove, engine.TaskUpdate{})
	h.after(time.Minute, func() { require.Len(t, h.openTasks(), 2, "one approval of three is not enough") })
	h.act("demo_manager", "sign", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	var skipped int64
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_tasks").Where("instance_id = ? AND outcome = ?", h.inst.ID, "skipped").Count(&skipped).Error)
	require.EqualValues(t, 1, skipped)
}

// Countersign (all) with an added and a removed signer.
func TestAddAndRemoveSigners(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="sign" name="Countersign" venue:actions="approve,reject,addSigner,removeSigner">
    <bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="all" venue:collection="${signers}"/>
  </bpmn:userTask>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "sign") + seq("e1", "sign", "end"))
	h := newHarness(t, xml, map[string]any{"signers": []any{"demo_admin", "demo_manager"}})
	h.act("demo_admin", "sign", engine.ActionAddSigner, engine.TaskUpdate{UserIDs: []uint64{h.users["demo_reviewer"].UserID}})
	h.after(time.Minute, func() { require.Len(t, h.openTasks(), 3) })
	h.act("demo_admin", "sign", engine.ActionRemoveSigner, engine.TaskUpdate{UserIDs: []uint64{h.users["demo_manager"].UserID}})
	h.act("demo_admin", "sign", engine.ActionApprove, engine.TaskUpdate{})
	h.after(time.Minute, func() { require.Len(t, h.openTasks(), 1, "the added signer still has to sign") })
	h.act("demo_reviewer", "sign", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
}

// A boundary timer escalates a task nobody handles in time.
func TestBoundaryTimerEscalates(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="handle" name="Handle complaint" venue:assignee="demo_waiter"/>
  <bpmn:boundaryEvent id="late" attachedToRef="handle" cancelActivity="true"><bpmn:timerEventDefinition><bpmn:timeDuration>PT2H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent>
  <bpmn:userTask id="escalated" name="Manager handles complaint" venue:assignee="demo_manager"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "handle") + seq("h1", "handle", "end") + seq("l1", "late", "escalated") + seq("x1", "escalated", "end"))
	h := newHarness(t, xml, nil)
	h.after(3*time.Hour, func() {
		open := h.openTasks()
		require.Len(t, open, 1)
		require.Equal(t, "escalated", open[0].NodeID)
	})
	h.act("demo_manager", "escalated", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	var outcome string
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_tasks").Select("outcome").Where("instance_id = ? AND node_id = ?", h.inst.ID, "handle").Scan(&outcome).Error)
	require.Equal(t, "interrupted", outcome)
	require.Contains(t, h.detail().Done, "late")
}

// A message cancels a wait: the boundary message on the task interrupts it.
func TestMessageCancelsAWait(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="prepare" name="Prepare order" venue:assignee="demo_waiter"/>
  <bpmn:boundaryEvent id="cancelled" attachedToRef="prepare"><bpmn:messageEventDefinition messageRef="msg_cancel"/></bpmn:boundaryEvent>
  <bpmn:endEvent id="done"/>
  <bpmn:endEvent id="aborted"/>
  ` + seq("s1", "start", "prepare") + seq("p1", "prepare", "done") + seq("c1", "cancelled", "aborted"))
	h := newHarness(t, xml, nil)
	h.after(time.Minute, func() {
		h.env.UpdateWorkflow(engine.UpdateMessage, "m1", &callback{t: t}, engine.MessageUpdate{Name: "cancel", Variables: map[string]any{"reason": "guest left"}})
	})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.Equal(t, "guest left", res.Variables["reason"])
	d := h.detail()
	require.Contains(t, d.Done, "aborted")
	require.NotContains(t, d.Done, "done")
	require.Empty(t, h.openTasks())
}

// A message nobody waits for is refused, and a catch event consumes one.
func TestIntermediateMessageAndTimerCatch(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="msg_pay"/></bpmn:intermediateCatchEvent>
  <bpmn:intermediateCatchEvent id="cool"><bpmn:timerEventDefinition><bpmn:timeDuration>PT30M</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  <bpmn:scriptTask id="total" scriptFormat="expr" venue:result="total"><bpmn:script>amount * 2</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "paid") + seq("p1", "paid", "cool") + seq("c1", "cool", "total") + seq("t1", "total", "end"))
	xml = replaceOnce(xml, `<bpmn:message id="msg_cancel" name="cancel"/>`, `<bpmn:message id="msg_cancel" name="cancel"/><bpmn:message id="msg_pay" name="paid"/>`)
	h := newHarness(t, xml, map[string]any{"amount": 21.0})
	h.after(time.Minute, func() {
		h.env.UpdateWorkflow(engine.UpdateMessage, "m0", &callback{t: t, wantReject: engine.ErrNoWaitingEvent}, engine.MessageUpdate{Name: "refund"})
		h.env.UpdateWorkflow(engine.UpdateMessage, "m1", &callback{t: t}, engine.MessageUpdate{Name: "paid"})
	})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.EqualValues(t, 42.0, res.Variables["total"])
}

// Withdrawal by the starter before anyone acted ends the instance.
func TestWithdrawBeforeAnyoneActed(t *testing.T) {
	h := newHarness(t, expense, map[string]any{"amount": 10.0})
	h.after(time.Minute, func() {
		h.env.UpdateWorkflow(engine.UpdateWithdraw, "w0", &callback{t: t, wantReject: engine.ErrCannotWithdraw}, engine.Actor{UserID: h.users["demo_admin"].UserID})
		h.env.UpdateWorkflow(engine.UpdateWithdraw, "w1", &callback{t: t}, engine.Actor{UserID: h.users["demo_waiter"].UserID})
	})
	require.Equal(t, engine.StateWithdrawn, h.run().State)
	require.Empty(t, h.openTasks())
}

// Transfer and delegation move the task; resolve hands it back to the owner.
func TestTransferDelegateResolve(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="t" name="Check stock" venue:assignee="demo_manager" venue:actions="approve,transfer,delegate"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "t") + seq("e1", "t", "end"))
	h := newHarness(t, xml, nil)
	h.act("demo_manager", "t", engine.ActionDelegate, engine.TaskUpdate{UserIDs: []uint64{h.users["demo_waiter"].UserID}})
	h.after(time.Minute, func() { require.Equal(t, h.users["demo_waiter"].UserID, h.task("t").AssigneeID) })
	h.act("demo_waiter", "t", engine.ActionResolve, engine.TaskUpdate{Comment: "counted"})
	h.after(time.Minute, func() { require.Equal(t, h.users["demo_manager"].UserID, h.task("t").AssigneeID) })
	h.act("demo_manager", "t", engine.ActionTransfer, engine.TaskUpdate{UserIDs: []uint64{h.users["demo_admin"].UserID}})
	h.act("demo_admin", "t", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
}
