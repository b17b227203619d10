package sys_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/venueplatform/venue/internal/testkit"
)

// BenchmarkUserList measures the authenticated list route in process
// (VENUE_TEST_DB=mysql for MySQL); scripts/bench.sh measures it over HTTP.
func BenchmarkUserList(b *testing.B) {
	env := testkit.New(b, testkit.Options{Demo: true})
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
