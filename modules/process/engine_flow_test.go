package process_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// A service task calls a registered activity by name with evaluated inputs;
// an embedded subprocess runs to its end before the flow goes on.
func TestServiceTaskAndSubprocess(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:serviceTask id="price" name="Price" venue:activity="test.Price" venue:result="quote">
    <bpmn:extensionElements><venue:input name="items" value="qty * 2"/></bpmn:extensionElements>
  </bpmn:serviceTask>
  <bpmn:subProcess id="prep" name="Preparation">
    <bpmn:startEvent id="ps"/>
    <bpmn:userTask id="cook" name="Cook" venue:assigneeStrategy="initiator"/>
    <bpmn:endEvent id="pe"/>
    <bpmn:sequenceFlow id="p1" sourceRef="ps" targetRef="cook"/>
    <bpmn:sequenceFlow id="p2" sourceRef="cook" targetRef="pe"/>
  </bpmn:subProcess>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "price") + seq("s2", "price", "prep") + seq("s3", "prep", "end"))
	h := newHarnessWith(t, xml, map[string]any{"qty": 3.0}, func(offer func(string, any)) {
		offer("test.Price", func(_ context.Context, in engine.ServiceInput) (map[string]any, error) {
			return map[string]any{"total": in.Input["items"].(float64) * 10}, nil
		})
	})
	h.act("demo_waiter", "cook", engine.ActionComplete, engine.TaskUpdate{})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.EqualValues(t, 60.0, res.Variables["quote"].(map[string]any)["total"])
	require.Subset(t, h.detail().Done, []string{"price", "prep", "cook", "end"})
}

// A terminate end event on one branch ends the instance and closes the
// other branch's open task.
func TestTerminateEndStopsOtherBranches(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:userTask id="slow" name="Slow" venue:assignee="demo_manager"/>
  <bpmn:userTask id="fast" name="Fast" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="kill"><bpmn:terminateEventDefinition/></bpmn:endEvent>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "fork") + seq("f1", "fork", "slow") + seq("f2", "fork", "fast") + seq("e1", "slow", "end") + seq("e2", "fast", "kill"))
	h := newHarness(t, xml, nil)
	h.act("demo_waiter", "fast", engine.ActionComplete, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	require.Empty(t, h.openTasks(), "the slow branch's task is closed")
}

// Timeout handling: a reminder first (non-interrupting), then an automatic
// approval on a second task.
func TestTimeoutRemindsAndAutoApproves(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="a" name="Confirm booking" venue:assignee="demo_manager" venue:timeoutAfter="PT1H" venue:timeoutAction="remind"/>
  <bpmn:userTask id="b" name="Confirm deposit" venue:assignee="demo_manager" venue:timeoutAfter="PT24H" venue:timeoutAction="autoApprove"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "a") + seq("s2", "a", "b") + seq("s3", "b", "end"))
	h := newHarness(t, xml, nil)
	h.after(2*time.Hour, func() {
		var n int64
		require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_cc").Where("instance_id = ? AND kind = ?", h.inst.ID, "remind").Count(&n).Error)
		require.EqualValues(t, 1, n, "one reminder")
		require.Equal(t, "a", h.openTasks()[0].NodeID, "a reminder does not close the task")
	})
	h.act("demo_manager", "a", engine.ActionApprove, engine.TaskUpdate{})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	var outcome string
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_tasks").Select("outcome").Where("instance_id = ? AND node_id = ?", h.inst.ID, "b").Scan(&outcome).Error)
	require.Equal(t, "autoApproved", outcome)
}

// Sequential multi-instance: signers one after another; or-sign: the first approval wins.
func TestSequentialAndAnySigning(t *testing.T) {
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="seqsign" name="One by one"><bpmn:multiInstanceLoopCharacteristics isSequential="true" venue:collection="${signers}"/></bpmn:userTask>
  <bpmn:userTask id="anysign" name="Anyone"><bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="any" venue:collection="${signers}"/></bpmn:userTask>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "seqsign") + seq("s2", "seqsign", "anysign") + seq("s3", "anysign", "end"))
	h := newHarness(t, xml, map[string]any{"signers": []any{"demo_admin", "demo_manager"}})
	h.after(time.Minute, func() {
		open := h.openTasks()
		require.Len(t, open, 1)
		require.Equal(t, h.users["demo_admin"].UserID, open[0].AssigneeID)
	})
	h.act("demo_admin", "seqsign", engine.ActionApprove, engine.TaskUpdate{})
	h.after(time.Minute, func() { require.Equal(t, h.users["demo_manager"].UserID, h.openTasks()[0].AssigneeID) })
	h.act("demo_manager", "seqsign", engine.ActionApprove, engine.TaskUpdate{})
	h.after(time.Minute, func() { require.Len(t, h.openTasks(), 2) })
	h.act("demo_manager", "anysign", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	require.Empty(t, h.openTasks())
}

// CC and urge leave notices for the named users.
func TestCCAndUrge(t *testing.T) {
	h := newHarness(t, expense, map[string]any{"amount": 1.0})
	h.act("demo_waiter", "submit", engine.ActionCC, engine.TaskUpdate{UserIDs: []uint64{h.users["demo_reviewer"].UserID}, Comment: "fyi"})
	h.act("demo_waiter", "submit", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
	h.act("demo_waiter", "manager", engine.ActionUrge, engine.TaskUpdate{Comment: "please"})
	h.act("demo_admin", "manager", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	var kinds []string
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_cc").Where("instance_id = ?", h.inst.ID).Order("id").Pluck("kind", &kinds).Error)
	require.Equal(t, []string{"cc", "urge"}, kinds)
}

// A call activity runs the newest active definition of its key as a child
// instance with the parent's variables, and takes the child's back.
func TestCallActivityRunsAChildInstance(t *testing.T) {
	child := doc(`
  <bpmn:startEvent id="cs"/>
  <bpmn:scriptTask id="double" scriptFormat="expr" venue:result="doubled"><bpmn:script>amount * 2</bpmn:script></bpmn:scriptTask>
  <bpmn:userTask id="childTask" name="Child task" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="ce"/>
  ` + seq("c1", "cs", "double") + seq("c2", "double", "childTask") + seq("c3", "childTask", "ce"))
	parent := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:callActivity id="call" name="Run child" calledElement="child_proc"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "call") + seq("s2", "call", "end"))
	h := newHarness(t, parent, map[string]any{"amount": 7.0})
	h.deploy("child_proc", child)
	h.after(time.Minute, func() {
		var tasks []process.Task
		require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Where("node_id = ? AND status = ?", "childTask", process.TaskOpen).Find(&tasks).Error)
		require.Len(t, tasks, 1, "the child's task is open")
		require.NotEqual(t, h.inst.ID, tasks[0].InstanceID, "it belongs to the child instance")
		err := h.env.UpdateWorkflowByID(engine.InstanceWorkflowID(tasks[0].InstanceID), engine.UpdateTask, "child-1", &callback{t: t},
			engine.TaskUpdate{TaskID: tasks[0].ID, Action: engine.ActionComplete, Actor: engine.Actor{UserID: h.users["demo_waiter"].UserID}})
		require.NoError(t, err)
	})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.EqualValues(t, 14.0, res.Variables["doubled"], "the child's variables come back")
}
