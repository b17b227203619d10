package platformtest

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/modules/advert"
)

// Bench304 is the tablet polling harness: it fetches every path once for its
// ETag, then polls them over real HTTP on loopback with 64 connections,
// sending the ETag it holds, so every answer must be a 304. It reports
// requests per second and the database queries per request, and fails when
// any poll reaches the database. Statements of the change feed's own poll
// (once a second, whatever the load) are not counted.
func Bench304(b *testing.B, env *Env, paths []string) {
	b.Helper()
	srv := httptest.NewServer(env.Engine)
	b.Cleanup(srv.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64}}
	etags := make([]string, len(paths))
	for i, p := range paths {
		res, err := client.Get(srv.URL + p)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("ETag") == "" {
			b.Fatalf("warm-up %d: HTTP %d", i, res.StatusCode)
		}
		etags[i] = res.Header.Get("ETag")
	}
	var queries atomic.Int64
	count := func(db *gorm.DB) {
		if db.Statement.Table != "sys_change_events" {
			queries.Add(1)
		}
	}
	if err := env.P.DB.Callback().Query().After("gorm:query").Register("bench:count_query", count); err != nil {
		b.Fatal(err)
	}
	if err := env.P.DB.Callback().Row().After("gorm:row").Register("bench:count_row", count); err != nil {
		b.Fatal(err)
	}
	var next atomic.Int64
	b.SetParallelism(max(1, 64/runtime.GOMAXPROCS(0)))
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(next.Add(1)) % len(paths)
			req, _ := http.NewRequest(http.MethodGet, srv.URL+paths[i], nil)
			req.Header.Set("If-None-Match", etags[i])
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			_ = res.Body.Close()
			if res.StatusCode != http.StatusNotModified {
				b.Errorf("path %d: HTTP %d", i, res.StatusCode)
				return
			}
		}
	})
	elapsed := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(queries.Load())/float64(b.N), "queries/req")
	if queries.Load() != 0 {
		b.Errorf("%d database queries for %d polls", queries.Load(), b.N)
	}
}

// BenchVenue is the demo venue the benchmarks write their rows to.
type BenchVenue struct{ ID, MerchantID uint64 }

// BenchTablets adds n enabled tablets to the demo venue (rows of the advert
// module, written directly: their creation is not what is measured) and
// returns their keys. extra, when not nil, writes more rows in the same
// transaction.
func BenchTablets(b *testing.B, env *Env, n int, extra func(tx *gorm.DB, venue BenchVenue) error) []string {
	b.Helper()
	db := env.P.DB.WithContext(SystemCtx(b))
	var venue BenchVenue
	if err := db.Table("sys_orgs").Select("id", "merchant_id").Where("type = ? AND name = ?", "venue", "Demo Bistro Riverside").Take(&venue).Error; err != nil {
		b.Fatal(err)
	}
	keys := make([]string, n)
	tablets := make([]advert.Tablet, n)
	for i := range tablets {
		var k [32]byte
		_, _ = rand.Read(k[:])
		keys[i] = base64.RawURLEncoding.EncodeToString(k[:])
		tablets[i] = advert.Tablet{MerchantID: venue.MerchantID, VenueID: venue.ID, Number: fmt.Sprintf("B%04d", i), Key: keys[i], Status: advert.TabletEnabled}
	}
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.CreateInBatches(tablets, 200).Error; err != nil {
			return err
		}
		if extra != nil {
			return extra(tx, venue)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return keys
}

// TabletPaths is the public path of each tablet key with the given tail
// ("playlist", "config").
func TabletPaths(keys []string, tail string) []string {
	paths := make([]string, len(keys))
	for i, k := range keys {
		paths[i] = "/api/public/tablet/" + k + "/" + tail
	}
	return paths
}
