package onboarding_test

import (
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/onboarding"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
	"github.com/venueplatform/venue/workflows/engine"
)

type fixture struct {
	t     *testing.T
	env   *platformtest.Env
	log   *platformtest.LogBuffer
	admin string
}

func newFixture(t *testing.T) *fixture {
	log := &platformtest.LogBuffer{}
	env := platformtest.New(t, platformtest.Options{Demo: true, LogTo: log})
	temporalkit.Start(t, env)
	return &fixture{t: t, env: env, log: log, admin: env.AdminToken()}
}

// signUp registers a merchant and answers its sign-up, bound to a review.
func (f *fixture) signUp(name, mobile, password string) onboarding.MerchantApplication {
	f.t.Helper()
	platformtest.OK(f.t, f.env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/validationcode/sms/create", Body: map[string]string{"mobile": mobile}}))
	form := map[string]string{"merchantName": name, "contactName": "Lee " + name, "mobile": mobile,
		"code": f.log.SMSCode(f.t, mobile), "password": password, "address": "1 Quay Street"}
	var reg onboarding.RegisterResult
	platformtest.OK(f.t, f.env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form})).Into(f.t, &reg)
	a := f.application(reg.ApplicationID)
	if a.Status != onboarding.ApplicationPending || a.InstanceID == 0 {
		f.t.Fatalf("sign-up not under review: %+v", a)
	}
	return a
}

func (f *fixture) application(id uint64) onboarding.MerchantApplication {
	f.t.Helper()
	var page api.Page[onboarding.MerchantApplication]
	platformtest.OK(f.t, f.env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/merchant/application?pageSize=100&status=", Token: f.admin})).Into(f.t, &page)
	for _, a := range page.Records {
		if a.ID == id {
			return a
		}
	}
	f.t.Fatalf("sign-up %d not listed", id)
	return onboarding.MerchantApplication{}
}

func (f *fixture) eventually(what string, cond func() bool) {
	f.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	f.t.Fatalf("timed out waiting for %s", what)
}

// todo answers the open review task of an instance in token's inbox, if any.
func (f *fixture) todo(token string, instanceID uint64) (process.TaskView, bool) {
	var page api.Page[process.TaskView]
	platformtest.OK(f.t, f.env.Do(platformtest.Req{Method: "GET", Path: "/api/process/task/todo?pageSize=100", Token: token})).Into(f.t, &page)
	for _, tk := range page.Records {
		if tk.InstanceID == instanceID && tk.NodeID == "review" {
			return tk, true
		}
	}
	return process.TaskView{}, false
}

func (f *fixture) instance(id uint64) process.InstanceView {
	f.t.Helper()
	var v process.InstanceView
	platformtest.OK(f.t, f.env.Do(platformtest.Req{Method: "GET", Path: fmt.Sprintf("/api/process/instance/%d", id), Token: f.admin})).Into(f.t, &v)
	return v
}

func TestSignUpIsApprovedFromThePlatformInbox(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	a := f.signUp("Harbour Grill", "13555550101", "Grill@123")
	var task process.TaskView
	f.eventually("the review task in the administrator's inbox", func() bool {
		var ok bool
		task, ok = f.todo(f.admin, a.InstanceID)
		return ok
	})
	if task.Title == "" || task.DefinitionKey != onboarding.ReviewProcess {
		t.Fatalf("review task %+v", task)
	}
	// A platform reviewer (ads) and a merchant administrator do not review sign-ups.
	for _, who := range []string{"demo_reviewer", "demo_admin"} {
		if _, ok := f.todo(f.env.Login(who, sys.DemoPassword), a.InstanceID); ok {
			t.Fatalf("%s sees the sign-up review", who)
		}
	}
	// The task carries the sign-up for the reviewer to check.
	var detail process.TaskDetail
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "GET", Path: fmt.Sprintf("/api/process/task/%d", task.ID), Token: f.admin})).Into(t, &detail)
	if detail.Variables["merchantName"] != "Harbour Grill" || detail.Variables["mobile"] != "13555550101" {
		t.Fatalf("task variables %+v", detail.Variables)
	}
	// Ended only by its task: the generic cancel is refused.
	if res := f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/process/instance/%d/cancel", a.InstanceID), Token: f.admin,
		Body: map[string]string{"reason": "tidy up"}}); res.Code == api.CodeOK {
		t.Fatal("a sign-up review was cancelled")
	}
	// The organisation page's direct approval is for sign-ups without a review.
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/process/task/%d/claim", task.ID), Token: f.admin, Body: map[string]any{}}))
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/process/task/%d/approve", task.ID), Token: f.admin,
		Body: map[string]any{"comment": "licence checked"}}))
	f.eventually("the merchant created", func() bool { return f.application(a.ID).Status == onboarding.ApplicationApproved })
	got := f.application(a.ID)
	if got.ReviewedBy == "" || got.ReviewedAt == nil {
		t.Fatalf("approved sign-up %+v", got)
	}
	tok := f.env.Login("13555550101", "Grill@123")
	var info sys.UserInfo
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok})).Into(t, &info)
	if info.MerchantID == 0 || info.OrgName != "Harbour Grill" {
		t.Fatalf("new merchant administrator %+v", info)
	}
	f.eventually("the review finished", func() bool { return f.instance(a.InstanceID).State == "completed" })
	inst := f.instance(a.InstanceID)
	if inst.Variables["adminUsername"] != "13555550101" {
		t.Fatalf("instance variables %+v", inst.Variables)
	}
	for _, node := range []string{"review", "createMerchant", "endApproved"} {
		if !contains(inst.Done, node) {
			t.Fatalf("node %s not done: %+v", node, inst.Done)
		}
	}
}

func TestSignUpDecidedFromTheOrganisationPageActsOnItsTask(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	rejected := f.signUp("Noodle Cart", "13555550102", "Noodle@123")
	approved := f.signUp("Tea House", "13555550103", "TeaHouse@123")

	// Rejecting needs a reason; the reason reaches the sign-up and the process history.
	if res := f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/reject", rejected.ID), Token: f.admin,
		Body: map[string]string{"reason": " "}}); res.Fields["reason"] == "" {
		t.Fatalf("reject without a reason: %d %v", res.Code, res.Fields)
	}
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/reject", rejected.ID), Token: f.admin,
		Body: map[string]string{"reason": "No food licence"}}))
	got := f.application(rejected.ID)
	if got.Status != onboarding.ApplicationRejected || got.Reason != "No food licence" {
		t.Fatalf("rejected sign-up %+v", got)
	}
	f.eventually("the rejected review finished", func() bool { return f.instance(rejected.InstanceID).State == "completed" })
	inst := f.instance(rejected.InstanceID)
	found := false
	for _, it := range inst.Timeline {
		if it.Action == "reject" && it.Comment == "No food licence" {
			found = true
		}
	}
	if !found || !contains(inst.Done, "recordRejection") {
		t.Fatalf("rejection not in the history: %+v", inst.Timeline)
	}
	if res := f.env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": "13555550102", "password": "Noodle@123"}}); res.Code == api.CodeOK {
		t.Fatal("a rejected sign-up logs in")
	}

	// Approving answers the merchant the process created.
	var created sys.MerchantAccount
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/approve", approved.ID), Token: f.admin})).Into(t, &created)
	if created.MerchantID == 0 || created.VenueID == 0 || created.AdminUserID == 0 || created.AdminUsername != "13555550103" {
		t.Fatalf("approved %+v", created)
	}
	if res := f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/approve", approved.ID), Token: f.admin}); res.Code == api.CodeOK {
		t.Fatal("a sign-up approved twice")
	}
	f.env.Login("13555550103", "TeaHouse@123")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A review whose service task fails (the mobile number became someone's user
// name meanwhile) ends without a decision; the organisation page then decides
// the sign-up directly.
func TestASignUpWhoseReviewFailedIsDecidedOnTheOrganisationPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	a := f.signUp("Corner Cafe", "13555550104", "Corner@123")
	if _, err := f.env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Another Cafe"}, "13555550104", "Another@123"); err != nil {
		t.Fatal(err)
	}
	var task process.TaskView
	f.eventually("the review task", func() bool {
		var ok bool
		task, ok = f.todo(f.admin, a.InstanceID)
		return ok
	})
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/process/task/%d/claim", task.ID), Token: f.admin, Body: map[string]any{}}))
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/process/task/%d/approve", task.ID), Token: f.admin, Body: map[string]any{}}))
	f.eventually("the review failed", func() bool { return f.instance(a.InstanceID).State == "failed" })
	if got := f.application(a.ID); got.Status != onboarding.ApplicationPending {
		t.Fatalf("sign-up after the failed review %+v", got)
	}
	// Approving again meets the same conflict, now in the administrator's face.
	if res := f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/approve", a.ID), Token: f.admin}); res.Code == api.CodeOK {
		t.Fatalf("approved although the user name is taken: %+v", res)
	}
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/reject", a.ID), Token: f.admin,
		Body: map[string]string{"reason": "Mobile number already in use"}}))
	got := f.application(a.ID)
	if got.Status != onboarding.ApplicationRejected || got.Reason != "Mobile number already in use" || got.InstanceID != 0 {
		t.Fatalf("rejected sign-up %+v", got)
	}
}

// A "Review sign-up" planted through the generic start before it refused
// module processes is bound to no sign-up: an administrator cancels it and
// it leaves the inbox. A real review stays refused.
func TestAPlantedSignupReviewCanBeCancelled(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	real := f.signUp("Quay Noodles", "13555550199", "Quay@1234")
	var proc *process.Module
	for _, m := range f.env.P.Modules {
		if pm, ok := m.(*process.Module); ok {
			proc = pm
		}
	}
	ctx := platformtest.SystemCtx(t)
	def, err := proc.PlatformDefinition(ctx, onboarding.ReviewProcess)
	if err != nil {
		t.Fatal(err)
	}
	person, err := f.env.P.Sys.People.Lookup(ctx, "demo_waiter")
	if err != nil {
		t.Fatal(err)
	}
	planter := &api.Principal{UserID: person.ID, UserName: person.Username, OrgID: person.OrgID, MerchantID: person.MerchantID, VenueID: person.VenueID}
	var inst *process.Instance
	var in engine.Input
	if err := f.env.P.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inst, in, err = proc.NewInstance(tx, proc.Actor(ctx, planter), planter, def, onboarding.BusinessKey(real.ID), "Totally Real Ltd",
			map[string]any{"applicationId": real.ID, "merchantName": "Totally Real Ltd"})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := proc.Launch(ctx, in); err != nil {
		t.Fatal(err)
	}
	f.eventually("the planted task in the inbox", func() bool { _, ok := f.todo(f.admin, inst.ID); return ok })

	cancel := func(id uint64) platformtest.Envelope {
		return f.env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/process/instance/%d/cancel", id), Token: f.admin,
			Body: map[string]string{"reason": "planted"}})
	}
	if res := cancel(real.InstanceID); res.Code == api.CodeOK {
		t.Fatal("a real sign-up review was cancelled")
	}
	platformtest.OK(t, cancel(inst.ID))
	f.eventually("the planted review cancelled", func() bool { return f.instance(inst.ID).State == "cancelled" })
	if _, ok := f.todo(f.admin, inst.ID); ok {
		t.Fatal("the planted task is still in the inbox")
	}
	if got := f.application(real.ID); got.InstanceID != real.InstanceID || got.Status != onboarding.ApplicationPending {
		t.Fatalf("the real sign-up changed: %+v", got)
	}
}
