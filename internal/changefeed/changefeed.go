// Package changefeed tells every API node about changes that invalidate
// in-memory state (revoked tokens, changed grants, changed users, dictionary
// entries). A change is a row in sys_change_events; each node applies its own
// changes at once, polls for the others' every second, and catches up before
// a request that must see them at once (Sync: a token revoked on another
// node is refused by the next request here).
package changefeed

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"
)

// Event is one change.
type Event struct {
	ID        uint64    `gorm:"primaryKey;autoIncrement"`
	Topic     string    `gorm:"size:64;not null;index"`
	Key       string    `gorm:"size:191;not null"`
	CreatedAt time.Time `gorm:"not null;index"`
}

func (Event) TableName() string { return "sys_change_events" }

// Handler reacts to a change of one topic.
type Handler func(key string)

// Feed publishes and distributes changes.
type Feed struct {
	db       *gorm.DB
	log      *slog.Logger
	mu       sync.RWMutex
	handlers map[string][]Handler
	lastID   uint64
	seenMu   sync.Mutex
	own      map[uint64]bool // ids this node published and applied already
	interval time.Duration

	// pollMu serialises polls.
	pollMu sync.Mutex
	// Sync's rounds: running is the read under way, next the one that starts
	// when it ends; a caller arriving while one runs waits for next, shared
	// by every caller that arrives meanwhile (one read for all of them).
	syncMu  sync.Mutex
	running *round
	next    *round
	// Ids above lastID already applied. Ids are handed out when a row is
	// inserted but become visible when it commits, so on MySQL id 11 can be
	// read while id 10 is still being written: lastID stays below such a
	// hole until its row shows up or gapWait has passed (a rolled-back insert,
	// or auto_increment_increment > 1, leaves holes that never fill).
	applied map[uint64]bool
	gapAt   time.Time

	// PublishSoon's queue: events applied here already, their rows not yet
	// written; writing tells a writer goroutine is on it.
	soonMu  sync.Mutex
	soon    []Event
	writing bool
	idle    *sync.Cond // on soonMu: broadcast when the writer stops
}

// soonLinger is how long PublishSoon's writer gathers events before it
// writes them, in one statement.
const soonLinger = 10 * time.Millisecond

// gapWait is how long a hole in the ids is waited for before it is skipped.
const gapWait = 10 * time.Second

// New returns a feed over db; call Run to start polling.
func New(db *gorm.DB, log *slog.Logger) *Feed {
	f := &Feed{db: db, log: log, handlers: map[string][]Handler{}, own: map[uint64]bool{}, applied: map[uint64]bool{}, interval: time.Second}
	f.idle = sync.NewCond(&f.soonMu)
	return f
}

// Subscribe registers h for topic.
func (f *Feed) Subscribe(topic string, h Handler) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.handlers[topic] = append(f.handlers[topic], h)
}

// Publish announces a committed change: this node applies it at once, the
// others at their next poll. Handlers reload what changed from the database,
// so call Publish after the change's transaction has committed.
func (f *Feed) Publish(ctx context.Context, topic, key string) error {
	ev := Event{Topic: topic, Key: key, CreatedAt: time.Now().UTC()}
	// One statement is atomic on its own: no BEGIN and COMMIT around it.
	if err := f.db.Session(&gorm.Session{SkipDefaultTransaction: true, Context: ctx}).Create(&ev).Error; err != nil {
		return err
	}
	f.seenMu.Lock()
	f.own[ev.ID] = true
	f.seenMu.Unlock()
	f.dispatch(topic, key)
	return nil
}

// PublishSoon announces a committed change that other nodes may learn a
// moment later: this node applies it at once, and a writer of this node
// writes the events published within soonLinger of each other in one
// statement, off the caller's path (live notices: new orders, service calls;
// not what another node's Sync must see at once, such as revoked grants).
// A failed write is logged: the other nodes miss the notice, as between
// two polls of a page that refreshes on its own.
func (f *Feed) PublishSoon(topic, key string) {
	f.dispatch(topic, key)
	f.soonMu.Lock()
	f.soon = append(f.soon, Event{Topic: topic, Key: key, CreatedAt: time.Now().UTC()})
	start := !f.writing
	f.writing = true
	f.soonMu.Unlock()
	if start {
		go f.writeSoon()
	}
}

// Flush waits until the events PublishSoon queued so far are written (or
// their write failed).
func (f *Feed) Flush() {
	f.soonMu.Lock()
	defer f.soonMu.Unlock()
	for f.writing {
		f.idle.Wait()
	}
}

// writeSoon writes the queued events until the queue stays empty.
func (f *Feed) writeSoon() {
	for {
		time.Sleep(soonLinger)
		f.soonMu.Lock()
		evs := f.soon
		f.soon = nil
		if len(evs) == 0 {
			f.writing = false
			f.idle.Broadcast()
			f.soonMu.Unlock()
			return
		}
		f.soonMu.Unlock()
		f.writeOwn(evs)
	}
}

// writeOwn inserts events this node has applied already and marks them as
// its own, so its polls skip them. The insert holds no lock of the feed: on
// SQLite it may wait for the write lock, held by a transaction that itself
// waits for a poll (Sync). A poll that reads a row before it is marked
// applies it here a second time (a live notice twice: harmless); a row a
// poll has passed is not marked (it would never be cleared).
func (f *Feed) writeOwn(evs []Event) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.db.Session(&gorm.Session{SkipDefaultTransaction: true, Context: ctx}).CreateInBatches(evs, 500).Error; err != nil {
		f.log.Warn("changefeed: write events", "events", len(evs), "error", err)
		return
	}
	f.pollMu.Lock() // no I/O under it here: only against a poll's bookkeeping
	defer f.pollMu.Unlock()
	f.seenMu.Lock()
	defer f.seenMu.Unlock()
	for _, ev := range evs {
		if ev.ID > f.lastID && !f.applied[ev.ID] {
			f.own[ev.ID] = true
		}
	}
}

func (f *Feed) dispatch(topic, key string) {
	f.mu.RLock()
	hs := f.handlers[topic]
	f.mu.RUnlock()
	for _, h := range hs {
		h(key)
	}
}

// Start positions the feed after the newest event (state loaded at start-up
// is already current) and polls until ctx ends.
func (f *Feed) Start(ctx context.Context) error {
	var last Event
	if err := f.db.WithContext(ctx).Order("id DESC").Limit(1).Find(&last).Error; err != nil {
		return err
	}
	f.lastID = last.ID
	go f.loop(ctx)
	return nil
}

func (f *Feed) loop(ctx context.Context) {
	tick := time.NewTicker(f.interval)
	defer tick.Stop()
	purge := time.NewTicker(time.Hour)
	defer purge.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			f.Poll(ctx)
		case <-purge.C:
			cutoff := time.Now().Add(-24 * time.Hour)
			if err := f.db.WithContext(ctx).Where("created_at < ?", cutoff).Delete(&Event{}).Error; err != nil {
				f.log.Warn("changefeed purge", "error", err)
			}
		}
	}
}

// Poll applies the changes other nodes published since the last poll.
func (f *Feed) Poll(ctx context.Context) {
	f.pollMu.Lock()
	defer f.pollMu.Unlock()
	f.poll(ctx)
}

// round is one read of the feed on behalf of the Sync callers waiting for it.
type round struct{ done chan struct{} }

// Sync applies the changes other nodes have committed by now before it
// returns: call it before answering from a cache another node may have
// invalidated. It returns after a read of the feed that began after the
// call: with none under way, the caller reads; otherwise it waits for the
// read that starts when the current one ends, which every caller arriving
// meanwhile shares (one query per read however many requests wait). A
// failed read is logged and the cache answers as it is, as between two
// polls; a caller whose ctx ends stops waiting.
func (f *Feed) Sync(ctx context.Context) {
	f.syncMu.Lock()
	if f.running == nil {
		r := &round{done: make(chan struct{})}
		f.running = r
		f.syncMu.Unlock()
		f.runRound(r)
		return
	}
	if r := f.next; r != nil {
		f.syncMu.Unlock()
		select {
		case <-r.done:
		case <-ctx.Done():
		}
		return
	}
	r := &round{done: make(chan struct{})}
	f.next = r
	prev := f.running
	f.syncMu.Unlock()
	// This caller starts the next round once the current one ends (which makes
	// it the running one): the others waiting for it rely on that, whatever
	// happens to this caller's request.
	<-prev.done
	f.runRound(r)
}

// runRound reads the feed for round r, then hands over to the next round.
func (f *Feed) runRound(r *round) {
	// Callers waiting for this round rely on it: it must not end with the
	// request that runs it.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	f.Poll(ctx)
	cancel()
	f.syncMu.Lock()
	f.running, f.next = f.next, nil
	f.syncMu.Unlock()
	close(r.done)
}

func (f *Feed) poll(ctx context.Context) {
	var evs []Event
	if err := f.db.WithContext(ctx).Where("id > ?", f.lastID).Order("id").Limit(1000).Find(&evs).Error; err != nil {
		if ctx.Err() == nil {
			f.log.Warn("changefeed poll", "error", err)
		}
		return
	}
	for _, ev := range evs {
		if f.applied[ev.ID] {
			continue
		}
		f.applied[ev.ID] = true
		f.seenMu.Lock()
		mine := f.own[ev.ID]
		delete(f.own, ev.ID)
		f.seenMu.Unlock()
		if !mine {
			f.dispatch(ev.Topic, ev.Key)
		}
	}
	f.advance(time.Now())
}

// advance moves lastID over the applied ids that follow it, and over a hole
// that has stayed open for gapWait.
func (f *Feed) advance(now time.Time) {
	for len(f.applied) > 0 {
		next := f.lastID + 1
		if f.applied[next] {
			delete(f.applied, next)
			f.lastID = next
			f.gapAt = time.Time{}
			continue
		}
		if f.gapAt.IsZero() {
			f.gapAt = now
		}
		if now.Sub(f.gapAt) < gapWait {
			return
		}
		// The hole did not fill: skip to the lowest applied id.
		low := uint64(0)
		for id := range f.applied {
			if low == 0 || id < low {
				low = id
			}
		}
		f.lastID = low - 1
		f.gapAt = time.Time{}
	}
}
