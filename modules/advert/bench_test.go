package advert_test

import (
	"fmt"
	"net/http"
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
// with the server; scripts/bench_tablet.sh measures the binary with wrk.
func BenchmarkPlaylist304(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	keys := benchFixture(b, env, 1000)
	platformtest.Bench304(b, env, platformtest.TabletPaths(keys, "playlist"))
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
	now := time.Now().UTC()
	return platformtest.BenchTablets(b, env, n, func(tx *gorm.DB, venue platformtest.BenchVenue) error {
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
}
