package process_test

// Gateways, returns, messages and withdrawal are tested beside the
// interpreter (workflows/engine/flow_test.go); these check what the
// module's activities write (task outcomes, rows) as well.

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/workflows/engine"
)

// A countersign of three with ratio 0.6 completes at the second approval;
// the third signer's task is closed as skipped.
func TestCountersignRatioCompletesAtTwoOfThree(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// Transfer and delegation move the task; resolve hands it back to the owner.
func TestTransferDelegateResolve(t *testing.T) {
	t.Parallel()
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
