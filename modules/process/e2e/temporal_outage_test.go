package e2e

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
)

const outageModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" id="d" targetNamespace="t">
 <bpmn:process id="outage" isExecutable="true">
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="approve" name="Approve" venue:candidateRoles="merchant_admin"/>
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
  <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`

// The Temporal frontend is unreachable for 30 s (the application and its
// worker reach it through a proxy that is cut): task actions and starts fail
// with the "unavailable, try again" answer instead of hanging, nothing is
// written for them, the inbox still reads; when the frontend is back the
// same actions succeed and every instance completes, without a restart.
func TestTemporalFrontendOutage(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the outage lasts 30 s: runs without -short")
	}
	env := platformtest.New(t, platformtest.Options{Demo: true})
	var proxy *platformtest.Proxy
	temporalkit.StartThrough(t, env, func(hostPort string) string {
		proxy = platformtest.NewProxy(t, hostPort)
		return proxy.Addr()
	})
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	boss := login(t, env, "demo_admin", sys.DemoPassword)

	var saved process.SavedModel
	admin.ok("POST", "/process/model", map[string]any{"name": "Outage", "key": "outage", "bpmnXml": outageModel}, &saved)
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, nil)
	var ids []uint64
	for i := 0; i < 3; i++ {
		var s process.Started
		waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "outage", "title": fmt.Sprintf("before %d", i)}, &s)
		ids = append(ids, s.InstanceID)
	}
	var tasks []process.TaskView
	eventually(t, "three open tasks", func() bool { tasks = todo(boss); return len(tasks) == 3 })
	for _, tk := range tasks {
		boss.ok("POST", fmt.Sprintf("/process/task/%d/claim", tk.ID), map[string]any{}, nil)
	}
	boss.ok("POST", fmt.Sprintf("/process/task/%d/approve", tasks[0].ID), map[string]any{"comment": "before"}, nil)

	instances := func() int64 {
		var n int64
		require.NoError(t, env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&process.Instance{}).Count(&n).Error)
		return n
	}
	cut := time.Now()
	proxy.Cut()

	res := boss.do("POST", fmt.Sprintf("/process/task/%d/approve", tasks[1].ID), map[string]any{"comment": "during"})
	require.Equal(t, http.StatusServiceUnavailable, res.Status, "approve while Temporal is down: %+v", res)
	require.Equal(t, api.CodeUnavailable, res.Code)
	require.NotEmpty(t, res.Msg)
	require.NotContains(t, res.Msg, "error.", "a message, not a key")

	before := instances()
	res = waiter.do("POST", "/process/instance/start", map[string]any{"definitionKey": "outage", "title": "during"})
	require.Equal(t, http.StatusServiceUnavailable, res.Status, "start while Temporal is down: %+v", res)
	require.Equal(t, api.CodeUnavailable, res.Code)
	require.Equal(t, before, instances(), "a refused start leaves no instance row")

	// The inbox reads from the database: the two open tasks are still there.
	require.Len(t, todo(boss), 2)

	if wait := 30*time.Second - time.Since(cut); wait > 0 {
		time.Sleep(wait)
	}
	proxy.Restore()

	// The same action succeeds once the client has reconnected. While the
	// worker's pollers are still backing off, an approve can reach Temporal
	// but not be accepted within the call's bound: it answers "unavailable"
	// and is applied once the worker is back, so the retry then hears that
	// the task was handled. Either way the approval is not lost.
	handled := i18n.T(i18n.Normalize(""), "process.task_not_open", nil)
	retry := func(id uint64) {
		deadline := time.Now().Add(3 * time.Minute)
		for {
			res := boss.do("POST", fmt.Sprintf("/process/task/%d/approve", id), map[string]any{"comment": "after"})
			if res.Code == api.CodeOK || (res.Code == api.CodeConflict && res.Msg == handled) {
				return
			}
			require.Equal(t, api.CodeUnavailable, res.Code, "while reconnecting only 'unavailable': %+v", res)
			require.True(t, time.Now().Before(deadline), "Temporal calls did not recover")
			time.Sleep(time.Second)
		}
	}
	retry(tasks[1].ID)
	retry(tasks[2].ID)
	var s process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "outage", "title": "after"}, &s)
	ids = append(ids, s.InstanceID)
	eventually(t, "the task of the instance started after", func() bool { return len(todo(boss)) == 1 })
	last := todo(boss)[0].ID
	boss.ok("POST", fmt.Sprintf("/process/task/%d/claim", last), map[string]any{}, nil)
	boss.ok("POST", fmt.Sprintf("/process/task/%d/approve", last), map[string]any{"comment": "after"}, nil)

	for _, id := range ids {
		var inst process.InstanceView
		eventually(t, fmt.Sprintf("instance %d completed", id), func() bool {
			waiter.ok("GET", fmt.Sprintf("/process/instance/%d", id), nil, &inst)
			return inst.State == "completed"
		})
	}
}
