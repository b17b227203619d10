// Package e2e drives the process engine over HTTP against the embedded
// Temporal server: what the console and integrators do.
package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
)

const expenseForm = `{"type":"object","properties":{
  "amount":{"type":"number","title":"Amount","required":true,"minimum":0,"x-component":"NumberPicker"},
  "reason":{"type":"string","title":"Reason","required":true,"maxLength":200,"x-component":"Input.TextArea"},
  "grid":{"type":"void","x-component":"FormGrid","properties":{
    "category":{"type":"string","title":"Category","enum":[{"label":"Food","value":"food"},{"label":"Repairs","value":"repairs"}]}}}}}`

func model(secondTask string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d" targetNamespace="t">
 <bpmn:process id="expense" isExecutable="true">
  <bpmn:startEvent id="start" venue:formKey="expense_form"/>
  <bpmn:userTask id="manager" name="Manager approval" venue:candidateRoles="merchant_admin" venue:formKey="expense_form"><bpmn:extensionElements><venue:fieldPermissions><venue:field name="amount" access="read"/><venue:field name="reason" access="read"/></venue:fieldPermissions></bpmn:extensionElements></bpmn:userTask>
  <bpmn:exclusiveGateway id="big" default="small"/>
  <bpmn:userTask id="finance" name="` + secondTask + `" venue:assignee="demo_manager"/>
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="manager"/>
  <bpmn:sequenceFlow id="f2" sourceRef="manager" targetRef="big"/>
  <bpmn:sequenceFlow id="large" sourceRef="big" targetRef="finance"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${amount &gt; 1000}</bpmn:conditionExpression></bpmn:sequenceFlow>
  <bpmn:sequenceFlow id="small" sourceRef="big" targetRef="end"/>
  <bpmn:sequenceFlow id="f3" sourceRef="finance" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`
}

type apiClient struct {
	t   *testing.T
	env *platformtest.Env
	tok string
}

func (c apiClient) do(method, path string, body any) platformtest.Envelope {
	c.t.Helper()
	return c.env.Do(platformtest.Req{Method: method, Path: "/api" + path, Token: c.tok, Body: body})
}

func (c apiClient) ok(method, path string, body any, into any) {
	c.t.Helper()
	res := platformtest.OK(c.t, c.do(method, path, body))
	if into != nil {
		res.Into(c.t, into)
	}
}

func login(t *testing.T, env *platformtest.Env, user, pw string) apiClient {
	return apiClient{t: t, env: env, tok: env.Login(user, pw)}
}

// eventually retries until cond holds: the interpreter works asynchronously.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func todo(c apiClient) []process.TaskView {
	var page api.Page[process.TaskView]
	c.ok("GET", "/process/task/todo", nil, &page)
	return page.Records
}

func TestDeployStartApproveOverHTTP(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	boss := login(t, env, "demo_admin", sys.DemoPassword)
	manager := login(t, env, "demo_manager", sys.DemoPassword)

	admin.ok("POST", "/process/form", map[string]any{"key": "expense_form", "name": "Expense", "schema": jsonRaw(expenseForm)}, nil)
	var saved process.SavedModel
	bad := admin.do("POST", "/process/model", map[string]any{"name": "Expense", "key": "expense", "bpmnXml": "<bpmn:definitions"})
	require.Equal(t, 10001, bad.Code)
	require.NotEmpty(t, bad.Fields["bpmnXml"])
	admin.ok("POST", "/process/model", map[string]any{"name": "Expense", "key": "expense", "bpmnXml": model("Finance approval")}, &saved)
	require.Empty(t, saved.Issues)
	var v1 process.Deployed
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, &v1)
	require.Equal(t, 1, v1.Version)

	// The start form is validated: a missing amount is named.
	res := waiter.do("POST", "/process/instance/start", map[string]any{"definitionKey": "expense", "variables": map[string]any{"reason": "new oven"}})
	require.Equal(t, 10001, res.Code)
	require.Contains(t, res.Fields, "form.amount")
	res = waiter.do("POST", "/process/instance/start", map[string]any{"definitionKey": "expense", "variables": map[string]any{"amount": 5000, "reason": "oven", "category": "cars"}})
	require.Contains(t, res.Fields, "form.category")
	var started process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "expense", "title": "New oven",
		"variables": map[string]any{"amount": 5000, "reason": "new oven", "category": "repairs"}}, &started)

	// Version 2 is deployed while the instance runs; the instance keeps version 1.
	admin.ok("PUT", fmt.Sprintf("/process/model/%d", saved.ID), map[string]any{"name": "Expense", "key": "expense", "bpmnXml": model("Owner approval v2")}, &saved)
	var v2 process.Deployed
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, &v2)
	require.Equal(t, 2, v2.Version)

	var task process.TaskView
	eventually(t, "the manager task", func() bool {
		for _, tk := range todo(boss) {
			if tk.InstanceID == started.InstanceID {
				task = tk
				return true
			}
		}
		return false
	})
	require.True(t, task.Claimable)
	require.Empty(t, todo(manager), "the finance task is not there yet")
	// Only the assignee acts: the waiter (starter) cannot approve.
	require.Equal(t, 10003, waiter.do("POST", fmt.Sprintf("/process/task/%d/approve", task.ID), map[string]any{}).Code)
	boss.ok("POST", fmt.Sprintf("/process/task/%d/claim", task.ID), map[string]any{}, nil)
	var detail process.TaskDetail
	boss.ok("GET", fmt.Sprintf("/process/task/%d", task.ID), nil, &detail)
	require.True(t, detail.CanAct)
	require.Equal(t, "read", detail.FieldPerms["amount"])
	require.NotNil(t, detail.Form)
	// Read-only fields cannot be changed by the approver.
	boss.ok("POST", fmt.Sprintf("/process/task/%d/approve", task.ID), map[string]any{"comment": "fine", "formData": map[string]any{"amount": 1}}, nil)
	require.Equal(t, 10003, boss.do("POST", fmt.Sprintf("/process/task/%d/approve", task.ID), map[string]any{}).Code, "a closed task")

	var fin process.TaskView
	eventually(t, "the finance task", func() bool {
		for _, tk := range todo(manager) {
			if tk.InstanceID == started.InstanceID {
				fin = tk
				return true
			}
		}
		return false
	})
	require.Equal(t, "Finance approval", fin.NodeName, "v1's node, not v2's")
	// Reject needs a reason.
	res = manager.do("POST", fmt.Sprintf("/process/task/%d/reject", fin.ID), map[string]any{})
	require.Equal(t, 10001, res.Code)
	require.NotEmpty(t, res.Fields["comment"])
	manager.ok("POST", fmt.Sprintf("/process/task/%d/approve", fin.ID), map[string]any{"comment": "paid"}, nil)

	var inst process.InstanceView
	eventually(t, "completion", func() bool {
		waiter.ok("GET", fmt.Sprintf("/process/instance/%d", started.InstanceID), nil, &inst)
		return inst.State == "completed"
	})
	require.Equal(t, 1, inst.Version)
	require.EqualValues(t, 5000, inst.Variables["amount"], "the read-only amount kept its value")
	require.ElementsMatch(t, []string{"start", "manager", "big", "finance", "end"}, inst.Done)
	var actions []string
	for _, it := range inst.Timeline {
		if it.Kind == "task" {
			actions = append(actions, it.ActorName+":"+it.Action)
		}
	}
	require.Equal(t, []string{"Alex Chen:claim", "Alex Chen:approve", "Sam Li:approve"}, actions)

	// The starter finds it among their started and related processes; done lists show the approvals.
	var startedPage api.Page[process.Instance]
	waiter.ok("GET", "/process/task/started", nil, &startedPage)
	require.EqualValues(t, 1, startedPage.Total)
	var done api.Page[process.TaskView]
	boss.ok("GET", "/process/task/done", nil, &done)
	require.EqualValues(t, 1, done.Total)
}

func TestAnotherMerchantCannotSeeOrActOnTasks(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	admin.ok("POST", "/process/form", map[string]any{"key": "expense_form", "name": "Expense", "schema": jsonRaw(expenseForm)}, nil)
	var saved process.SavedModel
	admin.ok("POST", "/process/model", map[string]any{"name": "Expense", "key": "expense", "bpmnXml": model("Finance")}, &saved)
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, nil)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	var started process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "expense", "variables": map[string]any{"amount": 10, "reason": "x"}}, &started)

	if _, err := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Rival"}, "rival_admin", "Rival@123"); err != nil {
		t.Fatal(err)
	}
	rival := login(t, env, "rival_admin", "Rival@123")
	rival.ok("POST", "/sys/user/updatePassword", map[string]string{"oldPassword": "Rival@123", "password": "Rival@456", "repassword": "Rival@456"}, nil)
	rival = login(t, env, "rival_admin", "Rival@456")

	boss := login(t, env, "demo_admin", sys.DemoPassword)
	var task process.TaskView
	eventually(t, "the task", func() bool {
		ts := todo(boss)
		if len(ts) > 0 {
			task = ts[0]
		}
		return len(ts) > 0
	})
	require.Empty(t, todo(rival), "a rival merchant admin holds the same role code but not this merchant's tasks")
	for _, path := range []string{fmt.Sprintf("/process/task/%d", task.ID), fmt.Sprintf("/process/instance/%d", started.InstanceID)} {
		require.Equal(t, 10002, rival.do("GET", path, nil).Code, path)
	}
	require.Equal(t, 10002, rival.do("POST", fmt.Sprintf("/process/task/%d/claim", task.ID), map[string]any{}).Code)
	// A colleague without the role can see nothing to claim either.
	manager := login(t, env, "demo_manager", sys.DemoPassword)
	require.Equal(t, 10003, manager.do("POST", fmt.Sprintf("/process/task/%d/claim", task.ID), map[string]any{}).Code)

	// The administrator cancels with a reason; the task closes.
	require.Equal(t, 10001, admin.do("POST", fmt.Sprintf("/process/instance/%d/cancel", started.InstanceID), map[string]any{}).Code)
	admin.ok("POST", fmt.Sprintf("/process/instance/%d/cancel", started.InstanceID), map[string]any{"reason": "duplicate"}, nil)
	var inst process.InstanceView
	eventually(t, "cancellation", func() bool {
		admin.ok("GET", fmt.Sprintf("/process/instance/%d", started.InstanceID), nil, &inst)
		return inst.State == "cancelled"
	})
	require.Empty(t, todo(boss))
	found := false
	for _, it := range inst.Timeline {
		found = found || (it.Kind == "cancelled" && it.Comment == "duplicate")
	}
	require.True(t, found, "the reason is in the timeline")
	require.Equal(t, http.StatusOK, admin.do("GET", "/process/instance?state=cancelled", nil).Status)
}

func jsonRaw(s string) any { return rawJSON(strings.TrimSpace(s)) }

type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }
