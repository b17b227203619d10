package dbx

import (
	"sync"
	"time"
)

// CountCache remembers list totals for a short while, so that paging through
// a large table does not run a full COUNT(*) on every request. Writers call
// Invalidate; the TTL bounds staleness for writes made on other nodes.
type CountCache struct {
	ttl     time.Duration
	mu      sync.Mutex
	entries map[string]countEntry
}

type countEntry struct {
	n  int64
	at time.Time
}

// NewCountCache keeps totals for ttl.
func NewCountCache(ttl time.Duration) *CountCache {
	return &CountCache{ttl: ttl, entries: map[string]countEntry{}}
}

// Get answers the cached total for key, or counts with fn and caches it.
func (c *CountCache) Get(key string, fn func() (int64, error)) (int64, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if ok && time.Since(e.at) < c.ttl {
		return e.n, nil
	}
	n, err := fn()
	if err != nil {
		return 0, err
	}
	c.mu.Lock()
	if len(c.entries) > 10000 { // many distinct filters: start over rather than grow
		c.entries = map[string]countEntry{}
	}
	c.entries[key] = countEntry{n: n, at: time.Now()}
	c.mu.Unlock()
	return n, nil
}

// Invalidate forgets every total.
func (c *CountCache) Invalidate() {
	c.mu.Lock()
	c.entries = map[string]countEntry{}
	c.mu.Unlock()
}
