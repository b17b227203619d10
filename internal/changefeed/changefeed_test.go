package changefeed

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/dbx/dbxtest"
)

func open(t *testing.T) (*Feed, *Feed) {
	t.Helper()
	db, err := dbx.Open(dbx.Options{DSN: dbxtest.DSN(t), DataDir: t.TempDir(), MaxOpen: 8})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dbx.Close(db) })
	if err := db.AutoMigrate(&Event{}); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	a, b := New(db, log), New(db, log)
	// Not started: the test drives the polls.
	return a, b
}

type recorder struct {
	mu   sync.Mutex
	keys []string
}

func (r *recorder) add(k string) { r.mu.Lock(); r.keys = append(r.keys, k); r.mu.Unlock() }
func (r *recorder) got() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.keys...)
}

// What one node publishes, another applies on its next Sync, once.
func TestSyncAppliesOtherNodesChangesAtOnce(t *testing.T) {
	t.Parallel()
	a, b := open(t)
	ctx := context.Background()
	var onA, onB recorder
	a.Subscribe("t", onA.add)
	b.Subscribe("t", onB.add)
	if err := a.Publish(ctx, "t", "1"); err != nil {
		t.Fatal(err)
	}
	b.Sync(ctx)
	if got := onB.got(); len(got) != 1 || got[0] != "1" {
		t.Fatalf("b after Sync: %v", got)
	}
	a.Sync(ctx) // its own change is not applied twice
	b.Sync(ctx)
	if got := onA.got(); len(got) != 1 {
		t.Fatalf("a applied its own change %d times", len(got))
	}
	if got := onB.got(); len(got) != 1 {
		t.Fatalf("b applied the change %d times", len(got))
	}
}

// PublishSoon applies an event here at once and writes the events published
// together in one batch: another node applies each once after its next
// Sync, this node never again.
func TestPublishSoon(t *testing.T) {
	t.Parallel()
	a, b := open(t)
	ctx := context.Background()
	var onA, onB recorder
	a.Subscribe("t", onA.add)
	b.Subscribe("t", onB.add)
	const n = 40
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() { defer wg.Done(); a.PublishSoon("t", fmt.Sprint(i)) }()
	}
	wg.Wait()
	if got := onA.got(); len(got) != n {
		t.Fatalf("a applied %d of its %d events at once", len(got), n)
	}
	a.Poll(ctx) // a poll while the writer may be writing: still once each
	a.Flush()
	var rows int64
	if err := a.db.Model(&Event{}).Count(&rows).Error; err != nil || rows != n {
		t.Fatalf("%d rows written (err %v), want %d", rows, err, n)
	}
	b.Sync(ctx)
	a.Sync(ctx)
	got := onB.got()
	seen := map[string]bool{}
	for _, k := range got {
		seen[k] = true
	}
	if len(got) != n || len(seen) != n {
		t.Fatalf("b applied %d events (%d distinct), want %d once each", len(got), len(seen), n)
	}
	if got := onA.got(); len(got) != n {
		t.Fatalf("a applied %d events, want its %d once each", len(got), n)
	}
}

// An id read before a lower one has committed (MySQL hands ids out at
// insert, rows show at commit) does not make the feed skip the lower one.
func TestLateCommittedLowerIDIsApplied(t *testing.T) {
	t.Parallel()
	a, b := open(t)
	ctx := context.Background()
	var got recorder
	b.Subscribe("t", got.add)
	db := a.db
	for _, ev := range []Event{{ID: 1, Topic: "t", Key: "1"}, {ID: 3, Topic: "t", Key: "3"}} {
		ev.CreatedAt = time.Now().UTC()
		if err := db.Create(&ev).Error; err != nil {
			t.Fatal(err)
		}
	}
	b.Poll(ctx)
	if k := got.got(); len(k) != 2 || k[0] != "1" || k[1] != "3" {
		t.Fatalf("first poll: %v", k)
	}
	if b.lastID != 1 {
		t.Fatalf("lastID %d moved over the hole at 2", b.lastID)
	}
	late := Event{ID: 2, Topic: "t", Key: "2", CreatedAt: time.Now().UTC()}
	if err := db.Create(&late).Error; err != nil {
		t.Fatal(err)
	}
	b.Poll(ctx)
	if k := got.got(); len(k) != 3 || k[2] != "2" {
		t.Fatalf("the late id 2 was not applied once: %v", k)
	}
	if b.lastID != 3 {
		t.Fatalf("lastID %d, want 3", b.lastID)
	}

	// A hole that never fills (a rolled-back insert) is skipped after gapWait.
	gone := Event{ID: 5, Topic: "t", Key: "5", CreatedAt: time.Now().UTC()}
	if err := db.Create(&gone).Error; err != nil {
		t.Fatal(err)
	}
	b.Poll(ctx)
	if b.lastID != 3 {
		t.Fatalf("lastID %d, want 3 while the hole at 4 is young", b.lastID)
	}
	b.pollMu.Lock()
	b.advance(b.gapAt.Add(gapWait))
	b.pollMu.Unlock()
	if b.lastID != 5 || len(b.applied) != 0 {
		t.Fatalf("after gapWait: lastID %d, applied %v", b.lastID, b.applied)
	}
	if k := got.got(); len(k) != 4 {
		t.Fatalf("applied %v", k)
	}
}

// Concurrent Syncs share reads, yet each returns only after a read that
// began after it was called: a change committed on another node before the
// call is applied when Sync returns, for every caller.
func TestConcurrentSyncsSeeWhatWasCommittedBefore(t *testing.T) {
	t.Parallel()
	a, b := open(t)
	ctx := context.Background()
	var mu sync.Mutex
	seen := map[string]bool{}
	b.Subscribe("t", func(k string) { mu.Lock(); seen[k] = true; mu.Unlock() })
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 16 {
		wg.Go(func() {
			for i := range 10 {
				key := fmt.Sprintf("%d-%d", g, i)
				if err := a.Publish(ctx, "t", key); err != nil {
					errs <- err.Error()
					return
				}
				b.Sync(ctx)
				mu.Lock()
				ok := seen[key]
				mu.Unlock()
				if !ok {
					errs <- "Sync returned before applying " + key
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
