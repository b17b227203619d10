package advert_test

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
	"github.com/venueplatform/venue/platform/platformtest"
)

// BenchmarkPlaylist304 is 1,000 tablets polling their playlists with the
// ETag they hold, over real HTTP on loopback with 64 connections: every
// answer is a 304 from memory. It reports requests per second and the
// database queries per request (0). The client shares the machine's cores
// with the server; scripts/bench_playlist.sh measures the binary with wrk.
func BenchmarkPlaylist304(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	keys := benchFixture(b, env, 1000)
	srv := httptest.NewServer(env.Engine)
	b.Cleanup(srv.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64, MaxConnsPerHost: 64}}
	etags := make([]string, len(keys))
	for i, k := range keys {
		res, err := client.Get(srv.URL + "/api/public/tablet/" + k + "/playlist")
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("ETag") == "" {
			b.Fatalf("warm-up %d: HTTP %d", i, res.StatusCode)
		}
		etags[i] = res.Header.Get("ETag")
	}
	// Statements of the request path; the change feed's own poll (once a
	// second, whatever the load) is not one.
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
			i := int(next.Add(1)) % len(keys)
			req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/public/tablet/"+keys[i]+"/playlist", nil)
			req.Header.Set("If-None-Match", etags[i])
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusNotModified {
				b.Errorf("tablet %d: HTTP %d", i, res.StatusCode)
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

// BenchmarkPlaylistBuild is the cost of a playlist that is not cached
// (after a change or at a window boundary): one tablet lookup and one ads
// query.
func BenchmarkPlaylistBuild(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	keys := benchFixture(b, env, 50)
	var mod *advert.Module
	for _, m := range env.P.Modules {
		if x, ok := m.(*advert.Module); ok {
			mod = x
		}
	}
	mod.PlaylistMaxAge(0) // every poll rebuilds
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/tablet/" + keys[i%len(keys)] + "/playlist"})
		if res.Status != 200 {
			b.Fatalf("HTTP %d", res.Status)
		}
	}
}

// benchFixture adds n tablets to the demo venue and three approved ads
// that play on them (written as rows: the review is not what is measured).
func benchFixture(b *testing.B, env *platformtest.Env, n int) []string {
	b.Helper()
	db := env.P.DB.WithContext(platformtest.SystemCtx(b))
	var venue struct{ ID, MerchantID uint64 }
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
	now := time.Now().UTC()
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.CreateInBatches(tablets, 200).Error; err != nil {
			return err
		}
		for i := 0; i < 3; i++ {
			ad := advert.Advert{MerchantID: venue.MerchantID, ReleaseNo: fmt.Sprintf("BENCH-%d", i), Title: fmt.Sprintf("Bench ad %d", i),
				Type: advert.TypeMerchant, MaterialType: advert.MaterialImage, Status: advert.StatusApproved, ApprovedAt: &now,
				Materials:     []advert.Material{{URL: "/uploads/2026/11/a.png", Type: "image", Duration: 10}, {URL: "/uploads/2026/11/b.png", Type: "image", Duration: 10}},
				TotalDuration: 20, StartDate: "2000-01-01", EndDate: "2999-12-31", DailyStart: "00:00", DailyEnd: "24:00", TargetType: advert.TargetVenue,
				LinkType: advert.LinkURL, LinkValue: "https://example.com/"}
			if err := tx.Create(&ad).Error; err != nil {
				return err
			}
			if err := tx.Create(&advert.AdvertTarget{MerchantID: venue.MerchantID, AdvertID: ad.ID, Kind: advert.TargetVenue, RefID: venue.ID}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return keys
}
