package sys_test

import (
	"testing"

	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestMobileLoginWithSMSCode(t *testing.T) {
	t.Parallel()
	var log platformtest.LogBuffer
	env := platformtest.New(t, platformtest.Options{Demo: true, LogTo: &log})
	const mobile = "13800000003" // demo_waiter

	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/validationcode/sms/create", Body: map[string]string{"mobile": "12ab"}}); res.Code != 10001 || res.Fields["mobile"] == "" {
		t.Fatalf("bad mobile: %d %v", res.Code, res.Fields)
	}
	var created sys.SMSCreated
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/validationcode/sms/create", Body: map[string]string{"mobile": mobile}})).Into(t, &created)
	if created.ExpiresIn != 300 || created.ResendAfter != 60 {
		t.Fatalf("created %+v", created)
	}
	// A second request within the minute is refused.
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/validationcode/sms/create", Body: map[string]string{"mobile": mobile}}); res.Code != sys.CodeSMSTooOften {
		t.Fatalf("resend too soon: %d %q", res.Code, res.Msg)
	}
	code := log.SMSCode(t, mobile)
	wrong := "000000"
	if code == wrong {
		wrong = "111111"
	}
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginMobileMcc", Body: map[string]string{"mobile": mobile, "code": wrong}}); res.Code != sys.CodeSMSInvalid {
		t.Fatalf("wrong code: %d %q", res.Code, res.Msg)
	}
	var out sys.LoginResult
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginMobileMcc", Body: map[string]string{"mobile": mobile, "code": code}})).Into(t, &out)
	var info sys.UserInfo
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: out.Token})).Into(t, &info)
	if info.UserName != "demo_waiter" {
		t.Fatalf("logged in as %q", info.UserName)
	}
	// A code logs in once.
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginMobileMcc", Body: map[string]string{"mobile": mobile, "code": code}}); res.Code != sys.CodeSMSInvalid {
		t.Fatalf("reused code: %d", res.Code)
	}
}
