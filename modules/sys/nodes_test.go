package sys_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/venueplatform/venue/platform/platformtest"
)

// Two API nodes on one database: a logout or a revoked grant on one node
// holds on the other within the change feed's poll interval.
func TestChangesReachEveryNode(t *testing.T) {
	t.Parallel()
	a := platformtest.New(t, platformtest.Options{Demo: true})
	b := a.Node()
	tok := a.Login("demo_admin", "Demo@12345")
	platformtest.OK(t, b.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/org/tree", Token: tok}))

	platformtest.OK(t, a.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/logoutjwt", Token: tok}))
	eventually(t, func() bool {
		return b.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/org/tree", Token: tok}).Status == http.StatusUnauthorized
	})
}

func eventually(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("condition not met within 5 s")
}
