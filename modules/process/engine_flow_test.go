package process_test

// The interpreter's own flows (service tasks, subprocesses, terminate ends,
// multi-instance signing) are tested beside it in workflows/engine; these
// need the module's activities and database (notices, task rows, child
// instances).

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// Timeout handling: a reminder first (non-interrupting), then an automatic
// approval on a second task.
func TestTimeoutRemindsAndAutoApproves(t *testing.T) {
	t.Parallel()
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

// CC and urge leave notices for the named users.
func TestCCAndUrge(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
