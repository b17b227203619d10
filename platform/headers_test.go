package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestEveryAnswerCarriesTheBrowserProtections(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Config: func(c *config.Config) { c.TrustedProxies = "10.0.0.0/8" }})
	for _, path := range []string{"/", "/user/login", "/api/sys/token/user", "/api/openapi.json"} {
		res := env.Do(platformtest.Req{Method: "GET", Path: path})
		csp := res.Header.Get("Content-Security-Policy")
		script := ""
		for _, d := range strings.Split(csp, ";") {
			if d = strings.TrimSpace(d); strings.HasPrefix(d, "script-src ") {
				script = d
			}
		}
		if script == "" || strings.Contains(script, "'unsafe-inline'") || strings.Contains(script, "*") ||
			!strings.Contains(csp, "object-src 'none'") || !strings.Contains(csp, "frame-ancestors 'self'") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
		if res.Header.Get("Referrer-Policy") != "strict-origin-when-cross-origin" ||
			!strings.Contains(res.Header.Get("Permissions-Policy"), "camera=()") {
			t.Errorf("%s: Referrer-Policy %q, Permissions-Policy %q", path, res.Header.Get("Referrer-Policy"), res.Header.Get("Permissions-Policy"))
		}
		if res.Header.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS over plain http", path)
		}
	}
	// HSTS only when a trusted proxy says the browser came over https.
	for _, tc := range []struct {
		remote string
		hsts   bool
	}{{"10.1.2.3:443", true}, {"203.0.113.9:443", false}} {
		res := env.Do(platformtest.Req{Method: "GET", Path: "/", RemoteAddr: tc.remote, Header: map[string]string{"X-Forwarded-Proto": "https"}})
		if got := res.Header.Get("Strict-Transport-Security"); (got != "") != tc.hsts || (tc.hsts && !strings.Contains(got, "max-age=31536000")) {
			t.Errorf("X-Forwarded-Proto https from %s: HSTS %q", tc.remote, got)
		}
	}
}

// The attack: anyone on the internet reads /metrics (routes, volumes, the runtime).
func TestMetricsAreNotPublic(t *testing.T) {
	t.Parallel()
	open := platformtest.New(t)
	if res := open.Do(platformtest.Req{Method: "GET", Path: "/metrics"}); res.Status != http.StatusNotFound || strings.Contains(string(res.Body), "venue_http") {
		t.Fatalf("/metrics without a configured token: HTTP %d %s", res.Status, res.Body)
	}
	env := platformtest.New(t, platformtest.Options{Config: func(c *config.Config) { c.MetricsToken = "scrape-8c1f2e" }})
	for _, auth := range []string{"", "Bearer wrong", "scrape-8c1f2e"} {
		res := env.Do(platformtest.Req{Method: "GET", Path: "/metrics", Header: map[string]string{"Authorization": auth}})
		if res.Status != http.StatusUnauthorized || strings.Contains(string(res.Body), "venue_http") {
			t.Fatalf("/metrics with %q: HTTP %d", auth, res.Status)
		}
	}
	res := env.Do(platformtest.Req{Method: "GET", Path: "/metrics", Header: map[string]string{"Authorization": "Bearer scrape-8c1f2e"}})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Body), "venue_http_requests_total") {
		t.Fatalf("/metrics with the token: HTTP %d", res.Status)
	}
	if env.P.MetricsHandler() == nil {
		t.Fatal("no handler for VENUE_METRICS_ADDR")
	}
}
