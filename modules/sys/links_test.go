package sys_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The attack of issue 11: a merchant administrator stores javascript: or
// data: addresses (or one climbing out of /uploads/) in the organisation's
// logo and their own avatar, and a platform administrator plants a menu entry
// pointing at //evil; each is refused naming the field, and nothing is saved.
func TestFileAndLinkFieldsRefuseHostileAddresses(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	for _, bad := range []string{"javascript:alert(1)", " JaVaScRiPt:alert(1)", "data:image/svg+xml;base64,PHN2Zz4=",
		"//evil.example/logo.png", "/uploads/../../etc/passwd", "http://evil.example/logo.png", "https://evil.example/a b.png"} {
		res := env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/org/%d", f.venue), Token: f.merchant,
			Body: map[string]any{"name": "Demo Bistro Riverside", "logo": bad}})
		if res.Code != 10001 || res.Fields["logo"] == "" || !strings.Contains(res.Fields["logo"], "Logo") {
			t.Fatalf("logo %q: %d %v", bad, res.Code, res.Fields)
		}
		res = env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/user/updateInfo", Token: f.merchant,
			Body: map[string]any{"userName": "demo_admin", "mobile": "13800000001", "suserHeader": bad}})
		if res.Code != 10001 || res.Fields["suserHeader"] == "" {
			t.Fatalf("avatar %q: %d %v", bad, res.Code, res.Fields)
		}
	}
	var org sys.Org
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: fmt.Sprintf("/api/sys/org/%d", f.venue), Token: f.merchant})).Into(t, &org)
	if org.Logo != "" {
		t.Fatalf("a refused logo was stored: %q", org.Logo)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/org/%d", f.venue), Token: f.merchant,
		Body: map[string]any{"name": "Demo Bistro Riverside", "logo": "/uploads/2026/11/0123456789abcdef.png"}}))
	for _, bad := range []string{"//evil.example", "/\\evil.example", "javascript:alert(1)"} {
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/menu", Token: f.admin, Body: map[string]any{"name": "x", "url": bad}})
		if res.Code != 10001 || res.Fields["url"] == "" {
			t.Fatalf("menu url %q: %d %v", bad, res.Code, res.Fields)
		}
	}
}
