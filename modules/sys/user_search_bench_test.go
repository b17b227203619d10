package sys_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// BenchmarkUserSearch is the user list searched anywhere in names and mobile
// numbers at 100,000 users of one merchant (VENUE_TEST_DB=mysql for MySQL),
// as that merchant's administrator and as the platform administrator, one
// request at a time; each reports the p50/p99 latency of one request in ms:
//
//	VENUE_TEST_DB=mysql go test -run '^$' -bench UserSearch -benchtime 200x ./modules/sys/
func BenchmarkUserSearch(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	db := env.P.DB.WithContext(platformtest.SystemCtx(b))
	var merchant sys.Org
	if err := db.Where("type = ? AND name = ?", sys.OrgMerchant, "Demo Bistro").Take(&merchant).Error; err != nil {
		b.Fatalf("demo merchant: %v", err)
	}
	given := []string{"Wei", "Na", "Min", "Jun", "Lei", "Alex", "Sam", "Maria", "Jo", "Pat"}
	family := []string{"Chen", "Li", "Wang", "Zhang", "Liu", "Smith", "Garcia", "Müller", "Rossi", "Kim"}
	cjk := []string{"王小明", "李娜", "张伟", "刘洋", "陈静"}
	const total, batch = 100_000, 1_000
	start := time.Now()
	for n := 0; n < total; n += batch {
		users := make([]sys.User, 0, batch)
		for i := n; i < n+batch; i++ {
			name := fmt.Sprintf("%s %s", given[i%len(given)], family[(i/len(given))%len(family)])
			if i%7 == 0 {
				name = cjk[i%len(cjk)] + fmt.Sprintf("%d", i%100)
			}
			mobile := fmt.Sprintf("139%08d", i)
			users = append(users, sys.User{Username: fmt.Sprintf("staff%06d", i), RealName: name, Mobile: &mobile,
				PasswordHash: "x", Status: sys.StatusEnabled, OrgID: merchant.ID, MerchantID: merchant.MerchantID})
		}
		if err := db.CreateInBatches(&users, 500).Error; err != nil {
			b.Fatal(err)
		}
		if err := sys.IndexUsers(db, users); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("filled %d users with their suffixes in %s", total, time.Since(start).Round(time.Second))
	queries := []struct{ name, q string }{
		{"prefix", "username=staff0421"},
		{"inside-many", "username=f0421"},
		{"inside-one", "username=042170"},
		{"real-name", "username=" + url.QueryEscape("ang Mü")},
		{"cjk", "username=" + url.QueryEscape("小明")},
		{"mobile", "mobile=0042170"},
		{"nowhere", "username=zzz"},
		{"all", ""},
	}
	for _, who := range []struct{ name, token string }{
		{"merchant", env.Login("demo_admin", sys.DemoPassword)},
		{"platform", env.AdminToken()},
	} {
		get := func(b *testing.B, q string) time.Duration {
			req := httptest.NewRequest(http.MethodGet, "/api/sys/user?pageSize=20&"+q, nil)
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
		for _, c := range queries {
			get(b, c.q) // the first request of each filter counts its rows
			b.Run(who.name+"/"+c.name, func(b *testing.B) {
				all := make([]time.Duration, 0, b.N)
				for i := 0; i < b.N; i++ {
					all = append(all, get(b, c.q))
				}
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
}
