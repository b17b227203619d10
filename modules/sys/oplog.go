package sys

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/tenancy"
)

const topicAPISettings = "sys.api"

// OplogWriter records operations in batches off the request path, and
// purges rows past the retention. It implements api.OplogSink.
type OplogWriter struct {
	db   *gorm.DB
	log  *slog.Logger
	in   chan api.OplogEntry
	sync chan chan struct{}
	done chan struct{}
	once sync.Once
	// started: run's goroutine exists. A platform opened and closed without
	// Start (venue migrate, seed, admin ...) must not wait for one at Stop.
	started atomic.Bool

	mu        sync.RWMutex
	overrides map[string]string // "METHOD path" → on/off
}

func newOplogWriter(db *gorm.DB, log *slog.Logger, feed *changefeed.Feed) *OplogWriter {
	w := &OplogWriter{db: db, log: log, in: make(chan api.OplogEntry, 4096), sync: make(chan chan struct{}), done: make(chan struct{}), overrides: map[string]string{}}
	feed.Subscribe(topicAPISettings, func(string) { w.loadOverrides(context.Background()) })
	return w
}

func (w *OplogWriter) loadOverrides(ctx context.Context) {
	var rows []APISetting
	if err := w.db.WithContext(tenancy.SystemContext(ctx)).Find(&rows).Error; err != nil {
		w.log.Warn("load interface log settings", "error", err)
		return
	}
	m := make(map[string]string, len(rows))
	for _, r := range rows {
		m[r.Method+" "+r.Path] = r.LogMode
	}
	w.mu.Lock()
	w.overrides = m
	w.mu.Unlock()
}

// Enabled applies an administrator's override, else the route's default.
func (w *OplogWriter) Enabled(rt api.Route) bool {
	w.mu.RLock()
	mode, ok := w.overrides[rt.Method+" "+rt.Path]
	w.mu.RUnlock()
	if ok {
		return mode == "on"
	}
	return rt.Logged()
}

// Record queues an entry; when the queue is full the entry is dropped with a
// warning rather than slowing requests down.
func (w *OplogWriter) Record(e api.OplogEntry) {
	select {
	case w.in <- e:
	default:
		w.log.Warn("operation log queue full, entry dropped", "path", e.Path, "user", e.UserName)
	}
}

// Start runs the writer and the daily purge until ctx ends or Stop.
func (w *OplogWriter) Start(ctx context.Context, retentionDays func() int) {
	w.loadOverrides(ctx)
	if w.started.CompareAndSwap(false, true) {
		go w.run()
	}
	go func() {
		t := time.NewTicker(24 * time.Hour)
		defer t.Stop()
		for {
			if days := retentionDays(); days > 0 {
				w.purge(ctx, days)
			}
			select {
			case <-ctx.Done():
				return
			case <-w.done:
				return
			case <-t.C:
			}
		}
	}()
}

func (w *OplogWriter) purge(ctx context.Context, days int) {
	cutoff := time.Now().UTC().AddDate(0, 0, -days)
	// Small batches keep each delete short on a large table.
	for {
		var ids []uint64
		db := w.db.WithContext(tenancy.SystemContext(ctx))
		if err := db.Model(&Oplog{}).Where("created_at < ?", cutoff).Limit(5000).Pluck("id", &ids).Error; err != nil || len(ids) == 0 {
			return
		}
		if err := db.Where("id IN ?", ids).Delete(&Oplog{}).Error; err != nil {
			w.log.Warn("purge operation log", "error", err)
			return
		}
	}
}

func (w *OplogWriter) run() {
	batch := make([]Oplog, 0, 200)
	flush := func() {
		if len(batch) == 0 {
			return
		}
		ctx := tenancy.SystemContext(context.Background())
		if err := w.db.WithContext(ctx).CreateInBatches(batch, 200).Error; err != nil {
			w.log.Error("write operation log", "error", err, "rows", len(batch))
		}
		batch = batch[:0]
	}
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case e, ok := <-w.in:
			if !ok {
				flush()
				close(w.done)
				return
			}
			batch = append(batch, oplogRow(e))
			if len(batch) == cap(batch) {
				flush()
			}
		case ack := <-w.sync:
			for drained := false; !drained; {
				select {
				case e := <-w.in:
					batch = append(batch, oplogRow(e))
				default:
					drained = true
				}
			}
			flush()
			close(ack)
		case <-tick.C:
			flush()
		}
	}
}

// Stop writes what is queued and ends the writer.
func (w *OplogWriter) Stop() {
	w.once.Do(func() {
		if w.started.CompareAndSwap(false, true) {
			go w.run() // never started: it writes whatever was queued, and ends
		}
		close(w.in)
		select {
		case <-w.done:
		case <-time.After(5 * time.Second):
		}
	})
}

// Flush writes every entry recorded so far before it returns.
func (w *OplogWriter) Flush() {
	ack := make(chan struct{})
	select {
	case w.sync <- ack:
		<-ack
	case <-w.done:
	}
}

func oplogRow(e api.OplogEntry) Oplog {
	return Oplog{CreatedAt: e.Time, UserID: e.UserID, Username: e.UserName, MerchantID: e.MerchantID, Module: e.Module,
		Operation: e.Operation, Summary: e.Summary, Method: e.Method, Path: truncate(e.Path, 255), Route: e.Route,
		Status: e.Status, Code: e.Code, LatencyMs: e.LatencyMs, IP: e.IP, UserAgent: e.UserAgent, RequestID: e.RequestID, Body: e.Body}
}
