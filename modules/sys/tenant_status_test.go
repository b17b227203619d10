package sys_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The attack: a merchant is disabled, and its staff keep working with the
// tokens they hold (on this node and on another) or log in again.
func TestDisablingAMerchantOrVenueShutsItsUsersOutAtOnce(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	other := env.Node()
	admin := env.AdminToken()
	merchant, err := env.P.Sys.Orgs.MerchantByName(t.Context(), sys.DemoMerchantName)
	if err != nil || merchant == nil {
		t.Fatalf("demo merchant: %v", err)
	}
	venues, err := env.P.Sys.Orgs.Venues(platformtest.SystemCtx(t), merchant.ID)
	if err != nil || len(venues) == 0 {
		t.Fatalf("venues: %v", err)
	}
	for _, tc := range []struct {
		org         uint64
		user, inMsg string
	}{{merchant.ID, "demo_admin", "merchant"}, {venues[0].ID, "demo_waiter", "venue"}} {
		tok := env.Login(tc.user, sys.DemoPassword)
		// Warm the principal caches of both nodes.
		platformtest.OK(t, other.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok}))
		platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/org/%d/disable", tc.org), Token: admin}))
		// This node at once; the other at its next change-feed poll (every second).
		if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok}); res.Status != http.StatusUnauthorized {
			t.Fatalf("%s's token after disabling: HTTP %d", tc.user, res.Status)
		}
		deadline := time.Now().Add(10 * time.Second)
		for other.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok}).Status != http.StatusUnauthorized {
			if time.Now().After(deadline) {
				t.Fatalf("%s's token still accepted by the other node", tc.user)
			}
			time.Sleep(100 * time.Millisecond)
		}
		res := login(env, tc.user, sys.DemoPassword, "")
		if res.Code != sys.CodeDisabled || !strings.Contains(strings.ToLower(res.Msg), tc.inMsg) {
			t.Fatalf("%s login while disabled: %d %q", tc.user, res.Code, res.Msg)
		}
		platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/org/%d/enable", tc.org), Token: admin}))
		tok = env.Login(tc.user, sys.DemoPassword)
		platformtest.OK(t, other.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok}))
	}
}
