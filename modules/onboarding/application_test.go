package onboarding_test

import (
	"fmt"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/onboarding"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestMerchantSignUpWaitsForThePlatform(t *testing.T) {
	t.Parallel()
	var log platformtest.LogBuffer
	env := platformtest.New(t, platformtest.Options{Demo: true, LogTo: &log})
	const mobile = "13555550001"
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/validationcode/sms/create", Body: map[string]string{"mobile": mobile}}))
	form := map[string]string{"merchantName": "Harbour Grill", "contactName": "Lee", "mobile": mobile, "code": "000000", "password": "Grill@123"}
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form}); res.Code != sys.CodeSMSInvalid {
		t.Fatalf("wrong code: %d", res.Code)
	}
	form["code"] = log.SMSCode(t, mobile)
	var reg onboarding.RegisterResult
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form})).Into(t, &reg)
	if reg.Status != "pending" {
		t.Fatalf("registered %+v", reg)
	}
	// Pending: no login yet, and a second sign-up with the number is refused.
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": mobile, "password": "Grill@123"}}); res.Code != sys.CodeBadCredentials {
		t.Fatalf("login before approval: %d", res.Code)
	}
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form}); res.Code != sys.CodeSMSInvalid {
		t.Fatalf("second sign-up with the used code: %d %v", res.Code, res.Fields)
	}
	merchantTok := env.Login("demo_admin", sys.DemoPassword)
	if res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/merchant/application", Token: merchantTok}); res.Status != 403 {
		t.Fatalf("a merchant reads sign-ups: %d", res.Status)
	}
	admin := env.AdminToken()
	var page api.Page[onboarding.MerchantApplication]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/merchant/application?status=pending", Token: admin})).Into(t, &page)
	if page.Total != 1 || page.Records[0].BusinessName != "Harbour Grill" {
		t.Fatalf("pending %+v", page.Records)
	}
	var created sys.MerchantAccount
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/approve", reg.ApplicationID), Token: admin})).Into(t, &created)
	if created.AdminUsername != mobile || created.MerchantID == 0 || created.VenueID == 0 {
		t.Fatalf("approved %+v", created)
	}
	tok := env.Login(mobile, "Grill@123")
	var info sys.UserInfo
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok})).Into(t, &info)
	if info.MerchantID != created.MerchantID || info.OrgName != "Harbour Grill" || info.MustChangePassword {
		t.Fatalf("new merchant admin %+v", info)
	}
	if res := env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/reject", reg.ApplicationID), Token: admin, Body: map[string]string{"reason": "late"}}); res.Code != 10003 {
		t.Fatalf("reject after approval: %d", res.Code)
	}
}

// The attack: probing sign-up with numbers and wrong codes to learn which
// numbers are registered. Before the code is verified every number answers alike;
// only the number's holder, with its code, learns that it is taken.
func TestSignUpDoesNotTellWhetherAMobileIsRegistered(t *testing.T) {
	t.Parallel()
	var log platformtest.LogBuffer
	env := platformtest.New(t, platformtest.Options{Demo: true, LogTo: &log})
	const registered, free = "13800000001", "13555550009" // demo_admin's number, and nobody's
	answers := map[string]platformtest.Envelope{}
	for _, mobile := range []string{registered, free} {
		platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/validationcode/sms/create", Body: map[string]string{"mobile": mobile}}))
		form := map[string]string{"merchantName": "Probe", "contactName": "P", "mobile": mobile, "code": "999999", "password": "Pr0be-long-pw"}
		answers[mobile] = env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form})
	}
	a, b := answers[registered], answers[free]
	if a.Code != sys.CodeSMSInvalid || a.Code != b.Code || a.Msg != b.Msg || len(a.Fields) != len(b.Fields) {
		t.Fatalf("registered: %d %q %v; free: %d %q %v", a.Code, a.Msg, a.Fields, b.Code, b.Msg, b.Fields)
	}
	form := map[string]string{"merchantName": "Probe", "contactName": "P", "mobile": registered, "code": log.SMSCode(t, registered), "password": "Pr0be-long-pw"}
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form}); res.Fields["mobile"] == "" {
		t.Fatalf("holder of a registered number: %d %v", res.Code, res.Fields)
	}
}
