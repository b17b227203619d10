package e2e

// Who may start, see and act, written as the attacks a hostile user tries
// over HTTP (issue 11): the planted sign-up review, the preset outcome and
// fake opinion, the stolen task view, the copy to another tenant.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
)

const purchaseForm = `{"type":"object","properties":{
  "item":{"type":"string","title":"Item","required":true,"maxLength":100},
  "amount":{"type":"number","title":"Amount","required":true,"minimum":0}}}`

// The approver's form: the opinion is theirs to write, the amount is shown read-only.
const opinionForm = `{"type":"object","properties":{
  "amount":{"type":"number","title":"Amount"},
  "opinion":{"type":"string","title":"Opinion","maxLength":500}}}`

// purchaseModel routes on the approver's decision (outcome); startForm ""
// makes it the formless variant integrators start with their own variables.
func purchaseModel(id, startForm, assignee string) string {
	form := ""
	if startForm != "" {
		form = ` venue:formKey="` + startForm + `"`
	}
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d" targetNamespace="t">
 <bpmn:process id="` + id + `" isExecutable="true">
  <bpmn:startEvent id="start"` + form + `/>
  <bpmn:userTask id="approve" name="Approve purchase" venue:assignee="` + assignee + `" venue:formKey="purchase_opinion" venue:rejectMode="continue" venue:actions="approve,reject,transfer,delegate,addSigner,comment,cc"><bpmn:extensionElements><venue:fieldPermissions><venue:field name="amount" access="read"/></venue:fieldPermissions></bpmn:extensionElements></bpmn:userTask>
  <bpmn:exclusiveGateway id="decided" default="no"/>
  <bpmn:userTask id="buy" name="Buy it" venue:assignee="` + assignee + `"/>
  <bpmn:scriptTask id="tally" scriptFormat="expr" venue:result="total"><bpmn:script>1</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="approve"/>
  <bpmn:sequenceFlow id="f2" sourceRef="approve" targetRef="decided"/>
  <bpmn:sequenceFlow id="yes" sourceRef="decided" targetRef="buy"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${outcome == 'approved'}</bpmn:conditionExpression></bpmn:sequenceFlow>
  <bpmn:sequenceFlow id="no" sourceRef="decided" targetRef="end"/>
  <bpmn:sequenceFlow id="f3" sourceRef="buy" targetRef="tally"/>
  <bpmn:sequenceFlow id="f4" sourceRef="tally" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`
}

// deploy saves a model as the platform administrator and deploys it.
func deploy(admin apiClient, key, xml string) process.Deployed {
	var saved process.SavedModel
	admin.ok("POST", "/process/model", map[string]any{"name": key, "key": key, "bpmnXml": xml}, &saved)
	require.Empty(admin.t, saved.Issues)
	var d process.Deployed
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", saved.ID), nil, &d)
	return d
}

func purchaseForms(admin apiClient) {
	admin.ok("POST", "/process/form", map[string]any{"key": "purchase_form", "name": "Purchase", "schema": jsonRaw(purchaseForm)}, nil)
	admin.ok("POST", "/process/form", map[string]any{"key": "purchase_opinion", "name": "Opinion", "schema": jsonRaw(opinionForm)}, nil)
}

func countInstances(t *testing.T, env *platformtest.Env, key string) int64 {
	var n int64
	require.NoError(t, env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&process.Instance{}).Where("definition_key = ?", key).Count(&n).Error)
	return n
}

// A merchant user tries to plant a fake "Review sign-up" task in the
// platform administrators' inbox (and a fake ad review) through the generic
// start, by key and by id: refused, nothing is written, and neither appears
// among the startable processes.
func TestPlantedSignupStartIsRefused(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	boss := login(t, env, "demo_admin", sys.DemoPassword)

	var defs api.Page[process.Definition]
	admin.ok("GET", "/process/definition?key=merchant_signup", nil, &defs)
	require.Len(t, defs.Records, 1)
	signup := defs.Records[0]
	require.True(t, signup.System, "the onboarding module's seed marks its review as system")

	planted := map[string]any{"applicationId": 1, "merchantName": "Totally Real Ltd", "mobile": "13900000000"}
	for _, who := range []apiClient{waiter, boss, admin} {
		for _, body := range []map[string]any{
			{"definitionKey": "merchant_signup", "title": "Totally Real Ltd", "businessKey": "signup:1", "variables": planted},
			{"definitionId": signup.ID, "variables": planted},
			{"definitionKey": "advert_review", "variables": map[string]any{"advertId": 1}},
		} {
			res := who.do("POST", "/process/instance/start", body)
			require.Equal(t, 10001, res.Code, "%v", body)
			require.Contains(t, res.Fields, "definitionKey")
			require.Contains(t, res.Msg, "cannot be started here")
		}
	}
	require.Zero(t, countInstances(t, env, "merchant_signup"))
	require.Zero(t, countInstances(t, env, "advert_review"))
	require.Empty(t, todo(admin), "nothing reached the administrators' inbox")

	zh := waiter.env.Do(platformtest.Req{Method: "POST", Path: "/api/process/instance/start", Token: waiter.tok, Locale: "zh-CN",
		Body: map[string]any{"definitionKey": "merchant_signup"}})
	require.Contains(t, zh.Msg, "不能在此发起")

	var startable []process.DefinitionDetail
	waiter.ok("GET", "/process/startable", nil, &startable)
	for _, d := range startable {
		require.False(t, d.System, d.Key)
		require.NotContains(t, []string{"merchant_signup", "advert_review"}, d.Key)
	}

	// A database seeded before the flag existed gets it on the next start,
	// and a version a designer deploys later stays the module's.
	db := env.P.DB.WithContext(platformtest.SystemCtx(t))
	require.NoError(t, db.Model(&process.Model{}).Where("`key` = ?", "merchant_signup").Update("is_system", false).Error)
	require.NoError(t, db.Model(&process.Definition{}).Where("`key` = ?", "merchant_signup").Update("is_system", false).Error)
	require.NoError(t, env.P.Seed(t.Context(), false))
	var flagged int64
	require.NoError(t, db.Model(&process.Definition{}).Where("`key` = ? AND is_system = ?", "merchant_signup", true).Count(&flagged).Error)
	require.EqualValues(t, 1, flagged)
	var mod process.Model
	require.NoError(t, db.Where("`key` = ? AND merchant_id = 0", "merchant_signup").Take(&mod).Error)
	require.True(t, mod.System)
	var v2 process.Deployed
	admin.ok("POST", fmt.Sprintf("/process/model/%d/deploy", mod.ID), nil, &v2)
	var d2 process.DefinitionDetail
	admin.ok("GET", fmt.Sprintf("/process/definition/%d", v2.DefinitionID), nil, &d2)
	require.True(t, d2.System, "a redeployed version of the module's process is still the module's")
	require.Equal(t, 10001, waiter.do("POST", "/process/instance/start", map[string]any{"definitionKey": "merchant_signup"}).Code)
}

// A starter presets the decision the gateway reads, fakes the approver's
// opinion, or slips in variables the start form does not have: each is
// refused with the variable named. An integrator's formless start with its
// own variables still works, and cannot preset the engine's variables either.
func TestStarterCannotPresetOutcomeOrOpinion(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	purchaseForms(admin)
	deploy(admin, "purchase", purchaseModel("purchase", "purchase_form", "demo_admin"))
	deploy(admin, "purchase_api", purchaseModel("purchase_api", "", "demo_admin"))

	form := map[string]any{"item": "Oven", "amount": 900}
	with := func(extra map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range form {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	for _, c := range []struct {
		key   string
		vars  map[string]any
		field string
		msg   string
	}{
		{"purchase", with(map[string]any{"outcome": "approved"}), "variables.outcome", "set by the process itself"},
		{"purchase", with(map[string]any{"opinion": "Approved by the owner"}), "variables.opinion", "set by the process itself"},
		{"purchase", with(map[string]any{"supplier": "my cousin"}), "variables.supplier", "not a field of the start form"},
		{"purchase", with(map[string]any{"nrOfApprovals": 3}), "variables.nrOfApprovals", "set by the process itself"},
		{"purchase_api", map[string]any{"orderNo": "A-1", "outcome": "approved"}, "variables.outcome", "set by the process itself"},
		{"purchase_api", map[string]any{"orderNo": "A-1", "opinion": "LGTM"}, "variables.opinion", "set by the process itself"},
		{"purchase_api", map[string]any{"orderNo": "A-1", "initiator": 1}, "variables.initiator", "set by the process itself"},
		{"purchase_api", map[string]any{"orderNo": "A-1", "total": 0}, "variables.total", "set by the process itself"},
	} {
		res := waiter.do("POST", "/process/instance/start", map[string]any{"definitionKey": c.key, "variables": c.vars})
		require.Equal(t, 10001, res.Code, "%s %v", c.key, c.vars)
		require.Contains(t, res.Fields, c.field, "%s %v", c.key, c.vars)
		require.Contains(t, res.Msg, c.msg)
		require.Contains(t, res.Msg, strings.TrimPrefix(c.field, "variables."), "the message names the variable")
	}
	require.Zero(t, countInstances(t, env, "purchase"))
	require.Zero(t, countInstances(t, env, "purchase_api"))
	fr := env.Do(platformtest.Req{Method: "POST", Path: "/api/process/instance/start", Token: waiter.tok, Locale: "fr-FR",
		Body: map[string]any{"definitionKey": "purchase_api", "variables": map[string]any{"outcome": "approved"}}})
	require.Contains(t, fr.Msg, "« outcome »")

	// The form's own fields, and an integrator's own variables, start it; the
	// read-only amount shown to the approver is the starter's to give.
	var withForm, api1 process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "purchase", "variables": form}, &withForm)
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "purchase_api",
		"variables": map[string]any{"orderNo": "A-1", "amount": 12, "lines": []any{"flour", "eggs"}}}, &api1)
	var inst process.InstanceView
	waiter.ok("GET", fmt.Sprintf("/process/instance/%d", api1.InstanceID), nil, &inst)
	require.Equal(t, "A-1", inst.Variables["orderNo"])
	require.EqualValues(t, 12, inst.Variables["amount"])

	// The approver's decision is the only outcome: a rejection ends the purchase.
	boss := login(t, env, "demo_admin", sys.DemoPassword)
	var task process.TaskView
	eventually(t, "the approval", func() bool {
		for _, tk := range todo(boss) {
			if tk.InstanceID == withForm.InstanceID {
				task = tk
				return true
			}
		}
		return false
	})
	var detail process.TaskDetail
	boss.ok("GET", fmt.Sprintf("/process/task/%d", task.ID), nil, &detail)
	require.NotContains(t, detail.Variables, "opinion", "the approver's form is not prefilled by the starter")
	require.NotContains(t, detail.Variables, "outcome")
	boss.ok("POST", fmt.Sprintf("/process/task/%d/reject", task.ID), map[string]any{"comment": "too dear"}, nil)
	eventually(t, "the rejection ends it", func() bool {
		waiter.ok("GET", fmt.Sprintf("/process/instance/%d", withForm.InstanceID), nil, &inst)
		return inst.State == "completed"
	})
	require.Equal(t, "rejected", inst.Variables["outcome"])
	require.NotContains(t, inst.Done, "buy")
}

// newcomer creates a user in an organisation through the API (as its
// administrator) with one role, and logs them in.
func newcomer(t *testing.T, env *platformtest.Env, creator apiClient, username, mobile string, orgID uint64, role string) apiClient {
	t.Helper()
	var r sys.Role
	require.NoError(t, env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("merchant_id = 0 AND code = ?", role).Take(&r).Error)
	creator.ok("POST", "/sys/user", map[string]any{"username": username, "realName": username, "mobile": mobile,
		"password": "Start@123", "orgId": orgID, "roleIds": []uint64{r.ID}}, nil)
	// A new account may have to change its password first; changing it ends the old session.
	login(t, env, username, "Start@123").ok("POST", "/sys/user/updatePassword",
		map[string]string{"oldPassword": "Start@123", "password": "Start@456", "repassword": "Start@456"}, nil)
	return login(t, env, username, "Start@456")
}

func userID(t *testing.T, env *platformtest.Env, username string) uint64 {
	p, err := env.P.Sys.People.Lookup(platformtest.SystemCtx(t), username)
	require.NoError(t, err)
	return p.ID
}

// A colleague who is no participant, another merchant's venue manager and
// a platform reviewer each open a task by id, and the instance behind it:
// none of them sees it. Those who may see the instance do, a copied user
// from the moment they are copied.
func TestStolenTaskViewIsRefused(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	boss := login(t, env, "demo_admin", sys.DemoPassword)
	manager := login(t, env, "demo_manager", sys.DemoPassword)
	reviewer := login(t, env, "demo_reviewer", sys.DemoPassword)
	purchaseForms(admin)
	deploy(admin, "purchase_api", purchaseModel("purchase_api", "", "demo_admin"))

	rival, err := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Rival"}, "rival_admin", "Rival@123")
	require.NoError(t, err)
	rivalAdmin := login(t, env, "rival_admin", "Rival@123")
	rivalAdmin.ok("POST", "/sys/user/updatePassword", map[string]string{"oldPassword": "Rival@123", "password": "Rival@456", "repassword": "Rival@456"}, nil)
	rivalAdmin = login(t, env, "rival_admin", "Rival@456")
	rivalManager := newcomer(t, env, rivalAdmin, "rival_manager", "13900000011", rival.VenueID, "venue_manager")

	var started process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "purchase_api", "title": "Payroll advance",
		"variables": map[string]any{"amount": 3000, "iban": "DE89370400440532013000"}}, &started)
	var task process.TaskView
	eventually(t, "the approval", func() bool {
		ts := todo(boss)
		if len(ts) > 0 {
			task = ts[0]
		}
		return len(ts) > 0
	})
	taskPath, instPath := fmt.Sprintf("/process/task/%d", task.ID), fmt.Sprintf("/process/instance/%d", started.InstanceID)
	for name, thief := range map[string]apiClient{"colleague": manager, "rival venue manager": rivalManager, "platform reviewer": reviewer} {
		for _, path := range []string{taskPath, instPath} {
			res := thief.do("GET", path, nil)
			require.Equal(t, 10002, res.Code, "%s reads %s", name, path)
			require.NotContains(t, string(res.Body), "DE89370400440532013000", "%s reads %s", name, path)
		}
	}
	for _, c := range []apiClient{boss, waiter, admin} {
		var d process.TaskDetail
		c.ok("GET", taskPath, nil, &d)
		require.Equal(t, "DE89370400440532013000", d.Variables["iban"])
	}

	// Copied, the colleague sees it; after the approval the approver still does.
	boss.ok("POST", taskPath+"/cc", map[string]any{"userIds": []uint64{userID(t, env, "demo_manager")}}, nil)
	var d process.TaskDetail
	manager.ok("GET", taskPath, nil, &d)
	require.False(t, d.CanAct)
	boss.ok("POST", taskPath+"/approve", map[string]any{"comment": "ok"}, nil)
	boss.ok("GET", taskPath, nil, &d)
	require.Equal(t, 10002, reviewer.do("GET", taskPath, nil).Code)
}

// The assignee tries to copy, transfer, delegate or add as a signer
// another merchant's user, and a platform user, on a merchant's process;
// the platform's own process takes platform users only. Each is refused
// naming the field.
func TestHandoffToAnotherTenantIsRefused(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	admin := login(t, env, "admin", platformtest.AdminPassword)
	waiter := login(t, env, "demo_waiter", sys.DemoPassword)
	boss := login(t, env, "demo_admin", sys.DemoPassword)
	purchaseForms(admin)
	deploy(admin, "purchase_api", purchaseModel("purchase_api", "", "demo_admin"))
	deploy(admin, "platform_memo", purchaseModel("platform_memo", "", "admin"))
	_, err := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Rival"}, "rival_admin", "Rival@123")
	require.NoError(t, err)
	rivalAdmin, reviewer := userID(t, env, "rival_admin"), userID(t, env, "demo_reviewer")

	var started process.Started
	waiter.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "purchase_api", "variables": map[string]any{"amount": 5}}, &started)
	var task process.TaskView
	eventually(t, "the approval", func() bool {
		ts := todo(boss)
		if len(ts) > 0 {
			task = ts[0]
		}
		return len(ts) > 0
	})
	for _, target := range []uint64{rivalAdmin, reviewer} {
		for _, action := range []string{"cc", "transfer", "delegate", "addSigner"} {
			res := boss.do("POST", fmt.Sprintf("/process/task/%d/%s", task.ID, action), map[string]any{"userIds": []uint64{target}, "comment": "fyi"})
			require.Equal(t, 10001, res.Code, "%s to %d", action, target)
			require.Contains(t, res.Fields, "userIds")
			require.Contains(t, res.Msg, "People: user", "the message names the field")
		}
	}
	zh := env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/process/task/%d/cc", task.ID), Token: boss.tok, Locale: "zh-CN",
		Body: map[string]any{"userIds": []uint64{rivalAdmin}}})
	require.Contains(t, zh.Msg, "属于其他组织")
	var n int64
	require.NoError(t, env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&process.CC{}).Where("user_id IN ?", []uint64{rivalAdmin, reviewer}).Count(&n).Error)
	require.Zero(t, n, "no notice reached another tenant")
	boss.ok("POST", fmt.Sprintf("/process/task/%d/cc", task.ID), map[string]any{"userIds": []uint64{userID(t, env, "demo_manager")}}, nil)

	// The platform's own process: platform users only.
	var memo process.Started
	admin.ok("POST", "/process/instance/start", map[string]any{"definitionKey": "platform_memo", "variables": map[string]any{"amount": 1}}, &memo)
	var memoTask process.TaskView
	eventually(t, "the memo task", func() bool {
		for _, tk := range todo(admin) {
			if tk.InstanceID == memo.InstanceID {
				memoTask = tk
				return true
			}
		}
		return false
	})
	res := admin.do("POST", fmt.Sprintf("/process/task/%d/cc", memoTask.ID), map[string]any{"userIds": []uint64{userID(t, env, "demo_admin")}})
	require.Equal(t, 10001, res.Code)
	require.Contains(t, res.Fields, "userIds")
	admin.ok("POST", fmt.Sprintf("/process/task/%d/cc", memoTask.ID), map[string]any{"userIds": []uint64{reviewer}}, nil)
}
