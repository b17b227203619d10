package sys_test

import (
	"testing"

	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The console's profile page sends the user name, mobile and avatar only:
// saving it must not clear the real name or email it does not show.
func TestProfileEditKeepsWhatItLeavesOut(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	waiter := env.Login("demo_waiter", sys.DemoPassword)
	var info sys.UserInfo
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/user/updateInfo", Token: waiter,
		Body: map[string]any{"userName": "demo_waiter", "mobile": "13800000003", "suserHeader": ""}})).Into(t, &info)
	if info.RealName != "Jo Wang" {
		t.Fatalf("real name after a save without it: %q", info.RealName)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/user/updateInfo", Token: waiter,
		Body: map[string]any{"userName": "demo_waiter", "mobile": "13800000003", "realName": "Jo W.", "email": "jo@example.com"}})).Into(t, &info)
	if info.RealName != "Jo W." || info.Email != "jo@example.com" {
		t.Fatalf("sent real name and email: %q %q", info.RealName, info.Email)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/user/updateInfo", Token: waiter,
		Body: map[string]any{"userName": "demo_waiter", "mobile": "13800000003", "realName": "", "email": ""}})).Into(t, &info)
	if info.RealName != "" || info.Email != "" {
		t.Fatalf("an empty real name and email clear them: %q %q", info.RealName, info.Email)
	}
}
