package process_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"

	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// Issue 11: a boundary event on an activity other than a user task used to
// deploy and never fire. They fire as in Camunda 7 and Flowable.

const prepSub = `
  <P:subProcess id="sub" name="Preparation">
    <P:startEvent id="ss"/>
    <P:userTask id="cook" name="Cook" E:assignee="${initiator}"/>
    <P:endEvent id="se"/>
    ` + `<P:sequenceFlow id="s1" sourceRef="ss" targetRef="cook"/><P:sequenceFlow id="s2" sourceRef="cook" targetRef="se"/>
  </P:subProcess>`

// taskOutcome is the outcome of the first task row of a node.
func taskOutcome(h *harness, node string) string {
	var outcome string
	require.NoError(h.t, h.app.P.DB.WithContext(sysCtx()).Table("process_tasks").Select("outcome").
		Where("node_id = ?", node).Order("id").Limit(1).Scan(&outcome).Error)
	return outcome
}

func TestBoundaryTimerInterruptsASubprocess(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d string) {
		xml := dialect(d, `
  <P:startEvent id="start" E:initiator="initiator"/>`+prepSub+`
  <P:boundaryEvent id="late" name="An hour late" attachedToRef="sub" cancelActivity="true">`+timer("timeDuration", "PT1H")+`</P:boundaryEvent>
  <P:userTask id="escalate" name="Manager takes over" E:assignee="demo_manager"/>
  <P:endEvent id="end"/>
  <P:endEvent id="escalated"/>
  `+flow("f1", "start", "sub")+flow("f2", "sub", "end")+flow("f3", "late", "escalate")+flow("f4", "escalate", "escalated"))
		h := newHarness(t, xml, nil)
		h.after(2*time.Hour, func() {
			open := h.openTasks()
			require.Len(t, open, 1, "the cook's task closed with the subprocess")
			require.Equal(t, "escalate", open[0].NodeID)
		})
		h.act("demo_manager", "escalate", engine.ActionApprove, engine.TaskUpdate{})
		require.Equal(t, engine.StateCompleted, h.run().State)
		require.Equal(t, "cancelled", taskOutcome(h, "cook"))
		dv := h.detail()
		require.Subset(t, dv.Done, []string{"late", "escalate", "escalated"})
		require.NotContains(t, dv.Done, "sub")
		require.NotContains(t, dv.Done, "end")
	})
}

func TestNonInterruptingTimerOnASubprocessRepeats(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d string) {
		xml := dialect(d, `
  <P:startEvent id="start" E:initiator="initiator"/>`+prepSub+`
  <P:boundaryEvent id="remind" attachedToRef="sub" cancelActivity="false">`+timer("timeCycle", "R2/PT1H")+`</P:boundaryEvent>
  <P:scriptTask id="count" scriptFormat="expr" E:resultVariable="reminders"><P:script>(reminders ?? 0) + 1</P:script></P:scriptTask>
  <P:endEvent id="end"/>
  <P:endEvent id="reminded"/>
  `+flow("f1", "start", "sub")+flow("f2", "sub", "end")+flow("f3", "remind", "count")+flow("f4", "count", "reminded"))
		h := newHarness(t, xml, nil)
		h.after(3*time.Hour, func() {
			require.Equal(t, "cook", h.task("cook").NodeID, "a non-interrupting timer leaves the subprocess running")
		})
		h.act("demo_waiter", "cook", engine.ActionComplete, engine.TaskUpdate{})
		res := h.run()
		require.Equal(t, engine.StateCompleted, res.State)
		require.EqualValues(t, 2, res.Variables["reminders"], "R2: two reminders")
		require.Contains(t, h.detail().Done, "end")
	})
}

func TestMessageInterruptsACallActivity(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d string) {
		child := dialect(d, `
  <P:startEvent id="cs" E:initiator="initiator"/>
  <P:userTask id="childTask" name="Child task" E:assignee="${initiator}"/>
  <P:endEvent id="ce"/>
  `+flow("c1", "cs", "childTask")+flow("c2", "childTask", "ce"))
		parent := dialect(d, `
  <P:startEvent id="start"/>
  <P:callActivity id="call" name="Run child" calledElement="child_proc"/>
  <P:boundaryEvent id="stop" attachedToRef="call"><P:messageEventDefinition messageRef="msg_cancel"/></P:boundaryEvent>
  <P:endEvent id="end"/>
  <P:endEvent id="aborted"/>
  `+flow("f1", "start", "call")+flow("f2", "call", "end")+flow("f3", "stop", "aborted"))
		h := newHarness(t, parent, nil)
		h.deploy("child_proc", child)
		var childInstance uint64
		h.after(time.Minute, func() {
			var tasks []process.Task
			require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Where("node_id = ? AND status = ?", "childTask", process.TaskOpen).Find(&tasks).Error)
			require.Len(t, tasks, 1, "the child runs")
			childInstance = tasks[0].InstanceID
			h.env.UpdateWorkflow(engine.UpdateMessage, "stop", &callback{t: t}, engine.MessageUpdate{Name: "cancel"})
		})
		res := h.run()
		require.Equal(t, engine.StateCompleted, res.State)
		dv := h.detail()
		require.Contains(t, dv.Done, "aborted")
		require.NotContains(t, dv.Done, "end")
		require.Equal(t, "cancelled", taskOutcome(h, "childTask"), "the child's task closed")
		var childRow process.Instance
		require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Take(&childRow, childInstance).Error)
		require.Equal(t, engine.StateCancelled, childRow.State, "the child instance was cancelled")
	})
}

func TestBoundaryTimerInterruptsAServiceTask(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d string) {
		xml := dialect(d, `
  <P:startEvent id="start"/>
  <P:serviceTask id="call" name="Call the supplier" E:delegateExpression="test.Slow"/>
  <P:boundaryEvent id="late" attachedToRef="call">`+timer("timeDuration", "PT2S")+`</P:boundaryEvent>
  <P:endEvent id="end"/>
  <P:endEvent id="gaveUp"/>
  `+flow("f1", "start", "call")+flow("f2", "call", "end")+flow("f3", "late", "gaveUp"))
		h := newHarnessWith(t, xml, nil, func(offer func(string, any)) {
			offer("test.Slow", func(ctx context.Context, _ engine.ServiceInput) (map[string]any, error) {
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-time.After(30 * time.Second):
					return map[string]any{"answered": true}, nil
				}
			})
		})
		// The test clock runs in real time while an activity runs: the timer is short, and
		// a loaded machine must not pass for a deadlocked workflow.
		h.env.SetTestTimeout(time.Minute)
		h.env.SetWorkerOptions(worker.Options{DeadlockDetectionTimeout: 30 * time.Second})
		res := h.run()
		require.Equal(t, engine.StateCompleted, res.State)
		require.Nil(t, res.Variables["answered"], "the supplier's answer came too late")
		require.Contains(t, h.detail().Done, "gaveUp")
		require.NotContains(t, h.detail().Done, "end")
	})
}
