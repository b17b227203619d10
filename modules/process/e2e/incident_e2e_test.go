package e2e

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
	"github.com/venueplatform/venue/workflows/engine"
)

// hugeScript is the attack of issue 11: a script that would build a
// terabyte string. n comes from the start variables, so an administrator
// can fix it and retry.
const hugeScript = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" id="d" targetNamespace="t">
 <bpmn:process id="banner" isExecutable="true">
  <bpmn:startEvent id="start"/>
  <bpmn:scriptTask id="calc" name="Size the banner" scriptFormat="expr" venue:result="size"><bpmn:script>len(repeat(repeat("a", 999999), n))</bpmn:script></bpmn:scriptTask>
  <bpmn:userTask id="print" name="Print the banner" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="calc"/>
  <bpmn:sequenceFlow id="f2" sourceRef="calc" targetRef="print"/>
  <bpmn:sequenceFlow id="f3" sourceRef="print" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`

// The worker and the server survive the huge script; the instance shows
// where and why it failed through the API; a replay of its history (what a
// restart does) fails the same way instead of taking the memory; an
// administrator retries it after fixing the variable and it goes on, or
// cancels another one.
func TestHugeScriptFailsItsNodeNotTheServer(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	c := temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	var saved process.SavedModel
	admin.ok("POST", "/process/model", map[string]any{"name": "Banner", "key": "banner", "bpmnXml": hugeScript}, &saved)
	require.Empty(t, saved.Issues)
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, nil)

	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var started process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "banner", "variables": map[string]any{"n": 1000000}}, &started)
	var inst process.InstanceView
	eventually(t, "the failure", func() bool {
		waiter.ok("GET", fmt.Sprintf("/process/instance/%d", started.InstanceID), nil, &inst)
		return inst.State == engine.StateFailed
	})
	require.Len(t, inst.Failures, 1)
	require.Equal(t, "calc", inst.Failures[0].NodeID)
	require.Equal(t, "Size the banner", inst.Failures[0].NodeName)
	require.Contains(t, inst.Failures[0].Reason, "expression budget exceeded")
	require.Nil(t, inst.EndedAt, "a failed node waits; the instance has not ended")
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(512<<20), "the script was refused before it allocated")

	// The server still answers.
	admin.ok("GET", "/process/instance?state=failed", nil, nil)

	// What a restarted worker does: replay the history. It fails the same node, in memory bounds.
	iter := c.GetWorkflowHistory(context.Background(), engine.InstanceWorkflowID(started.InstanceID), "", false, 0)
	replayer := worker.NewWorkflowReplayer()
	replayer.RegisterWorkflowWithOptions(engine.ProcessWorkflow, workflow.RegisterOptions{Name: engine.WorkflowName})
	hist := readHistory(t, iter)
	require.NoError(t, replayer.ReplayWorkflowHistory(nil, hist))

	// Only administrators retry; the starter cannot.
	res := waiter.do("POST", fmt.Sprintf("/process/instance/%d/retry", started.InstanceID), map[string]any{"variables": map[string]any{"n": 1}})
	require.Equal(t, http.StatusForbidden, res.Status)
	// Retrying with the same variables fails again, at once.
	admin.ok("POST", fmt.Sprintf("/process/instance/%d/retry", started.InstanceID), map[string]any{}, &inst)
	require.Equal(t, engine.StateFailed, inst.State)
	require.Len(t, inst.Failures, 1)
	// Fixed, it goes on: the answer comes once the next task exists.
	admin.ok("POST", fmt.Sprintf("/process/instance/%d/retry", started.InstanceID),
		map[string]any{"variables": map[string]any{"n": 2}, "comment": "banner of two"}, &inst)
	require.Equal(t, engine.StateRunning, inst.State)
	require.Empty(t, inst.Failures)
	require.EqualValues(t, 1999998, inst.Variables["size"])
	var task process.TaskView
	for _, tk := range inst.Tasks {
		if tk.NodeID == "print" && tk.Status == process.TaskOpen {
			task = tk
		}
	}
	require.NotZero(t, task.ID, "the next task exists when the retry answers")
	// Nothing left to retry.
	require.Equal(t, 10003, admin.do("POST", fmt.Sprintf("/process/instance/%d/retry", started.InstanceID), map[string]any{}).Code)
	waiter.ok("POST", fmt.Sprintf("/process/task/%d/complete", task.ID), map[string]any{}, nil)
	waiter.ok("GET", fmt.Sprintf("/process/instance/%d", started.InstanceID), nil, &inst)
	require.Equal(t, engine.StateCompleted, inst.State, "the action answers once the instance applied it")

	// Another failed instance is cancelled by the administrator.
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "banner", "variables": map[string]any{"n": 1000000}}, &started)
	waiter.ok("GET", fmt.Sprintf("/process/instance/%d", started.InstanceID), nil, &inst)
	require.Equal(t, engine.StateFailed, inst.State, "the start answers once the instance came to rest")
	admin.ok("POST", fmt.Sprintf("/process/instance/%d/cancel", started.InstanceID), map[string]any{"reason": "bad banner"}, nil)
	waiter.ok("GET", fmt.Sprintf("/process/instance/%d", started.InstanceID), nil, &inst)
	require.Equal(t, engine.StateCancelled, inst.State)
	require.Empty(t, inst.Failures)
}

// TestRecordIncidentHistory records the history of a failed node retried by
// an administrator (RECORD_HISTORIES=1); the replay test keeps it, next to
// the histories recorded before the hardened interpreter.
func TestRecordIncidentHistory(t *testing.T) {
	t.Parallel()
	if os.Getenv("RECORD_HISTORIES") == "" {
		t.Skip("set RECORD_HISTORIES=1 to record new histories")
	}
	env := platformtest.New(t, platformtest.Options{Demo: true})
	c := temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	var saved process.SavedModel
	admin.ok("POST", "/process/model", map[string]any{"name": "Banner", "key": "banner", "bpmnXml": hugeScript}, &saved)
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, nil)
	var started process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "banner", "variables": map[string]any{"n": 1000000}}, &started)
	var inst process.InstanceView
	admin.ok("POST", fmt.Sprintf("/process/instance/%d/retry", started.InstanceID), map[string]any{"variables": map[string]any{"n": 2}}, &inst)
	for _, tk := range inst.Tasks {
		if tk.Status == process.TaskOpen {
			waiter.ok("POST", fmt.Sprintf("/process/task/%d/complete", tk.ID), map[string]any{}, nil)
		}
	}
	ctx := context.Background()
	wid := engine.InstanceWorkflowID(started.InstanceID)
	require.NoError(t, c.GetWorkflow(ctx, wid, "").Get(ctx, nil))
	writeHistory(t, filepath.Join(historiesDir, "incident-retry.json"), c.GetWorkflowHistory(ctx, wid, "", false, 0))
}
