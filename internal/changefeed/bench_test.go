package changefeed

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/dbx/dbxtest"
)

// BenchmarkSync is the change feed's cost per authenticated request: every
// request syncs the feed before it reads the auth caches. Callers runs that
// many goroutines syncing at once (a node's concurrent requests); callers
// arriving while a read is under way share the next one. It reports ns per
// Sync and the feed queries per Sync, over a table of 10,000 past events
// with another node publishing one every 10 ms (each Sync that reads finds
// 0 or 1 new events, as in service). SQLite by default;
// VENUE_TEST_DB=mysql VENUE_TEST_MYSQL_DSN=... for MySQL/MariaDB.
//
//	go test -run '^$' -bench Sync -benchtime 3s ./internal/changefeed/
func BenchmarkSync(b *testing.B) {
	db, err := dbx.Open(dbx.Options{DSN: dbxtest.DSN(b), DataDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { dbx.Close(db) })
	if err := db.AutoMigrate(&Event{}); err != nil {
		b.Fatal(err)
	}
	past := make([]Event, 10000)
	for i := range past {
		past[i] = Event{Topic: "sys.user", Key: fmt.Sprint(i), CreatedAt: time.Now().UTC()}
	}
	if err := db.CreateInBatches(past, 1000).Error; err != nil {
		b.Fatal(err)
	}
	// Count the feed's reads: queries on its table from the node under test.
	var queries atomic.Int64
	if err := db.Callback().Query().After("gorm:query").Register("bench:count", func(tx *gorm.DB) {
		if tx.Statement.Table == (Event{}).TableName() {
			queries.Add(1)
		}
	}); err != nil {
		b.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	for _, callers := range []int{1, 8, 64} {
		b.Run(fmt.Sprintf("callers=%d", callers), func(b *testing.B) {
			node, other := New(db, log), New(db, log)
			pctx, stop := context.WithCancel(ctx)
			defer stop()
			if err := node.Start(pctx); err != nil { // positions after the newest event; polls every second
				b.Fatal(err)
			}
			var pub sync.WaitGroup
			pub.Go(func() {
				tick := time.NewTicker(10 * time.Millisecond)
				defer tick.Stop()
				for {
					select {
					case <-pctx.Done():
						return
					case <-tick.C:
						_ = other.Publish(pctx, "sys.user", "1")
					}
				}
			})
			// The publisher's own inserts are not the node's reads: count from here,
			// and Publish inserts rather than queries, so only Sync and polls count.
			var next atomic.Int64
			before := queries.Load()
			b.ResetTimer()
			var wg sync.WaitGroup
			for range callers {
				wg.Go(func() {
					for next.Add(1) <= int64(b.N) {
						node.Sync(ctx)
					}
				})
			}
			wg.Wait()
			b.StopTimer()
			stop()
			pub.Wait()
			b.ReportMetric(float64(queries.Load()-before)/float64(b.N), "queries/op")
		})
	}
}
