package sys_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// BenchmarkUserList measures the authenticated list route in process
// (VENUE_TEST_DB=mysql for MySQL); scripts/bench.sh measures it over HTTP.
func BenchmarkUserList(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	tok := env.AdminToken()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest(http.MethodGet, "/api/sys/user?pageNo=1&pageSize=20", nil)
			req.Header.Set("Authorization", tok)
			w := httptest.NewRecorder()
			env.Engine.ServeHTTP(w, req)
			if w.Code != 200 {
				b.Fatalf("HTTP %d", w.Code)
			}
		}
	})
}

// BenchmarkOplogList is the operation log at 1,000,000 rows (VENUE_TEST_DB=mysql
// for MySQL), rotating through the console's filters, one request at a time and
// 16 at once, as the platform administrator and as a merchant administrator:
//
//	VENUE_TEST_DB=mysql go test -run '^$' -bench OplogList -benchtime 2000x ./modules/sys/
func BenchmarkOplogList(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	db := env.P.DB.WithContext(platformtest.SystemCtx(b))
	var merchantID uint64
	if err := db.Model(&sys.Org{}).Where("type = ? AND name = ?", sys.OrgMerchant, "Demo Bistro").Pluck("merchant_id", &merchantID).Error; err != nil || merchantID == 0 {
		b.Fatalf("demo merchant: %v", err)
	}
	const total, batch = 1_000_000, 2_000
	modules := []string{"sys", "cuisine", "advert", "process"}
	start := time.Now().Add(-30 * 24 * time.Hour).UTC()
	for n := 0; n < total; n += batch {
		rows := make([]sys.Oplog, 0, batch)
		for i := n; i < n+batch; i++ {
			code := api.CodeOK
			if i%20 == 0 {
				code = api.CodeConflict
			}
			merchant := uint64(1000 + i%50)
			if i%10 == 0 {
				merchant = merchantID
			}
			rows = append(rows, sys.Oplog{CreatedAt: start.Add(time.Duration(i) * 2590 * time.Millisecond),
				UserID: uint64(1000 + i%200), Username: fmt.Sprintf("bench_%03d", i%200), MerchantID: merchant,
				Module: modules[i%len(modules)], Operation: "edit", Summary: "Edit a dish", Method: http.MethodPut,
				Path: fmt.Sprintf("/api/merchant/cuisine/dish/%d", i), Route: "/api/merchant/cuisine/dish/:id",
				Status: 200, Code: code, LatencyMs: int64(i % 40), IP: fmt.Sprintf("10.0.%d.%d", i%7, i%250), UserAgent: "bench"})
		}
		if err := db.CreateInBatches(&rows, 1000).Error; err != nil {
			b.Fatal(err)
		}
	}
	day := start.Add(12 * 24 * time.Hour).Format(time.DateOnly)
	queries := []string{
		"", "pageNo=50", "username=bench_042", "module=cuisine", "result=fail",
		"from=" + day + "&to=" + day, "module=advert&result=ok&pageNo=3", "ip=10.0.3.17",
	}
	for _, who := range []struct{ name, token string }{
		{"platform", env.AdminToken()},
		{"merchant", env.Login("demo_admin", sys.DemoPassword)},
	} {
		get := func(b *testing.B, q string) time.Duration {
			req := httptest.NewRequest(http.MethodGet, "/api/sys/log?pageSize=20&"+q, nil)
			req.Header.Set("Authorization", who.token)
			w := httptest.NewRecorder()
			t0 := time.Now()
			env.Engine.ServeHTTP(w, req)
			took := time.Since(t0)
			if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"code":10000`) {
				b.Fatalf("%s: HTTP %d %s", q, w.Code, w.Body.String())
			}
			return took
		}
		for _, q := range queries { // first request of each filter counts its rows
			get(b, q)
		}
		b.Run(who.name+"/16-concurrent", func(b *testing.B) {
			var mu sync.Mutex
			var all []time.Duration
			next := 0
			b.SetParallelism(max(1, 16/runtime.GOMAXPROCS(0)))
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				var mine []time.Duration
				for pb.Next() {
					mu.Lock()
					q := queries[next%len(queries)]
					next++
					mu.Unlock()
					mine = append(mine, get(b, q))
				}
				mu.Lock()
				all = append(all, mine...)
				mu.Unlock()
			})
			b.StopTimer()
			slices.Sort(all)
			at := func(p float64) float64 {
				return float64(all[min(len(all)-1, int(p*float64(len(all))))].Microseconds()) / 1000
			}
			b.ReportMetric(at(0.50), "p50-ms")
			b.ReportMetric(at(0.99), "p99-ms")
		})
	}
}
