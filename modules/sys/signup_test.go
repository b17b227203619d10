package sys_test

import (
	"fmt"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/testkit"
	"github.com/venueplatform/venue/modules/sys"
)

func TestMerchantSignUpWaitsForThePlatform(t *testing.T) {
	var log testkit.LogBuffer
	env := testkit.New(t, testkit.Options{Demo: true, LogTo: &log})
	const mobile = "13555550001"
	testkit.OK(t, env.Do(testkit.Req{Method: "POST", Path: "/api/sys/validationcode/sms/create", Body: map[string]string{"mobile": mobile}}))
	form := map[string]string{"merchantName": "Harbour Grill", "contactName": "Lee", "mobile": mobile, "code": "000000", "password": "Grill@123"}
	if res := env.Do(testkit.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form}); res.Code != sys.CodeSMSInvalid {
		t.Fatalf("wrong code: %d", res.Code)
	}
	form["code"] = log.SMSCode(t, mobile)
	var reg sys.RegisterResult
	testkit.OK(t, env.Do(testkit.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form})).Into(t, &reg)
	if reg.Status != "pending" {
		t.Fatalf("registered %+v", reg)
	}
	// Pending: no login yet, and a second sign-up with the number is refused.
	if res := env.Do(testkit.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": mobile, "password": "Grill@123"}}); res.Code != sys.CodeBadCredentials {
		t.Fatalf("login before approval: %d", res.Code)
	}
	if res := env.Do(testkit.Req{Method: "POST", Path: "/api/sys/merchant/register", Body: form}); res.Fields["mobile"] == "" {
		t.Fatalf("second sign-up: %d %v", res.Code, res.Fields)
	}
	merchantTok := env.Login("demo_admin", sys.DemoPassword)
	if res := env.Do(testkit.Req{Method: "GET", Path: "/api/sys/merchant/application", Token: merchantTok}); res.Status != 403 {
		t.Fatalf("a merchant reads sign-ups: %d", res.Status)
	}
	admin := env.AdminToken()
	var page api.Page[sys.MerchantApplication]
	testkit.OK(t, env.Do(testkit.Req{Method: "GET", Path: "/api/sys/merchant/application?status=pending", Token: admin})).Into(t, &page)
	if page.Total != 1 || page.Records[0].BusinessName != "Harbour Grill" {
		t.Fatalf("pending %+v", page.Records)
	}
	var created sys.CreatedMerchantView
	testkit.OK(t, env.Do(testkit.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/approve", reg.ApplicationID), Token: admin})).Into(t, &created)
	if created.AdminUsername != mobile || created.MerchantID == 0 || created.VenueID == 0 {
		t.Fatalf("approved %+v", created)
	}
	tok := env.Login(mobile, "Grill@123")
	var info sys.UserInfo
	testkit.OK(t, env.Do(testkit.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok})).Into(t, &info)
	if info.MerchantID != created.MerchantID || info.OrgName != "Harbour Grill" || info.MustChangePassword {
		t.Fatalf("new merchant admin %+v", info)
	}
	if res := env.Do(testkit.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/merchant/application/%d/reject", reg.ApplicationID), Token: admin, Body: map[string]string{"reason": "late"}}); res.Code != 10003 {
		t.Fatalf("reject after approval: %d", res.Code)
	}
}
