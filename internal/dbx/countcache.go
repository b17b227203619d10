package dbx

import (
	"context"
	"sync"
	"time"
)

// CountCache remembers list totals, so that paging through a large table
// does not run a full COUNT(*) on every request.
//
//   - A total younger than the TTL is answered as is.
//   - An older one is still answered at once, and one background count per
//     key refreshes it (stale while revalidating): the TTL bounds how long a
//     write made on another node goes unseen, and no request waits for it.
//     A count that takes long is kept longer (costFactor times its duration),
//     so recounting a large table stays a small share of the database's time.
//   - A missing total is counted once however many requests ask for it at
//     the same moment; the others wait for that count.
//   - Writers on this node call Invalidate: the next request counts afresh,
//     and a count that started before the write is not kept.
type CountCache struct {
	ttl     time.Duration
	mu      sync.Mutex
	gen     uint64
	entries map[string]countEntry
	flight  map[string]*countCall
}

type countEntry struct {
	n     int64
	until time.Time // fresh until
}

type countCall struct {
	done chan struct{}
	n    int64
	err  error
}

// maxCountKeys bounds the distinct filters remembered.
const maxCountKeys = 10000

// costFactor: a total that took d to count stays fresh for at least costFactor×d.
const costFactor = 50

// refreshTimeout bounds a background recount.
const refreshTimeout = time.Minute

// NewCountCache keeps totals fresh for ttl.
func NewCountCache(ttl time.Duration) *CountCache {
	return &CountCache{ttl: ttl, entries: map[string]countEntry{}, flight: map[string]*countCall{}}
}

// Get answers the total for key, counting with fn when there is none. fn gets
// ctx, or for a background refresh a context with ctx's values that the
// request's end does not cancel.
func (c *CountCache) Get(ctx context.Context, key string, fn func(context.Context) (int64, error)) (int64, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok {
		if time.Now().After(e.until) {
			if _, busy := c.flight[key]; !busy {
				call := &countCall{done: make(chan struct{})}
				c.flight[key] = call
				go c.run(key, call, c.gen, func() (int64, error) {
					bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), refreshTimeout)
					defer cancel()
					return fn(bg)
				})
			}
		}
		c.mu.Unlock()
		return e.n, nil
	}
	if call, busy := c.flight[key]; busy {
		c.mu.Unlock()
		select {
		case <-call.done:
			return call.n, call.err
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
	call := &countCall{done: make(chan struct{})}
	c.flight[key] = call
	gen := c.gen
	c.mu.Unlock()
	c.run(key, call, gen, func() (int64, error) { return fn(ctx) })
	return call.n, call.err
}

// run counts, keeps the total unless an Invalidate came in meanwhile, and
// releases the waiters.
func (c *CountCache) run(key string, call *countCall, gen uint64, count func() (int64, error)) {
	defer close(call.done)
	start := time.Now()
	call.n, call.err = count()
	took := time.Since(start)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.flight[key] == call {
		delete(c.flight, key)
	}
	if call.err != nil || gen != c.gen {
		return
	}
	if len(c.entries) >= maxCountKeys { // many distinct filters: start over rather than grow
		c.entries = map[string]countEntry{}
	}
	c.entries[key] = countEntry{n: call.n, until: time.Now().Add(max(c.ttl, costFactor*took))}
}

// Invalidate forgets every total, and any count still running.
func (c *CountCache) Invalidate() {
	c.mu.Lock()
	c.gen++
	c.entries = map[string]countEntry{}
	c.flight = map[string]*countCall{}
	c.mu.Unlock()
}
