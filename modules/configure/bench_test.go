package configure_test

import (
	"net/http"
	"testing"

	"github.com/venueplatform/venue/platform/platformtest"
)

// BenchmarkTabletConfig304 is 1,000 tablets polling their configuration
// with the ETag they hold, over real HTTP on loopback with 64 connections:
// every answer is a 304 from memory. It reports requests per second and
// the database queries per request (0), like advert's BenchmarkPlaylist304;
// scripts/bench_tablet.sh measures both side by side with wrk.
func BenchmarkTabletConfig304(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	keys := platformtest.BenchTablets(b, env, 1000, nil)
	platformtest.Bench304(b, env, platformtest.TabletPaths(keys, "config"))
}

// BenchmarkTabletConfigBuild is the cost of a configuration that is not
// cached (after a change): the tablet, its table and the venue's buttons.
func BenchmarkTabletConfigBuild(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	keys := platformtest.BenchTablets(b, env, 50, nil)
	for _, m := range env.P.Modules {
		if x, ok := m.(interface{ DropTabletConfigs() }); ok {
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				x.DropTabletConfigs()
				res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/tablet/" + keys[i%len(keys)] + "/config"})
				if res.Status != 200 {
					b.Fatalf("HTTP %d", res.Status)
				}
			}
			return
		}
	}
	b.Fatal("configure module not built")
}
