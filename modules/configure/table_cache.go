package configure

import (
	"sync"
	"time"
)

// tokenMaxAge bounds how long a table read by its code is answered from
// memory: changes are dropped on every node through the change feed
// ("tables:<venue id>", applied at once here and at the others' next poll
// or Sync); the age limit covers an announcement that failed.
const tokenMaxAge = 5 * time.Minute

// tokenCache keeps the enabled tables read by their codes (guests' every
// call starts with one), by code. A table change of a venue (create, edit,
// status, delete, code rotation, tablet binding) drops the venue's codes.
// The venue's own state (enabled) is not kept here: TableByToken asks the
// venue settings' cache for it on every call.
type tokenCache struct {
	mu      sync.Mutex
	gen     uint64 // bumped by every drop: a read that began before one is not kept
	entries map[string]tokenEntry
	byVenue map[uint64]map[string]struct{}
}

type tokenEntry struct {
	row Table
	at  time.Time
}

func newTokenCache() *tokenCache {
	return &tokenCache{entries: map[string]tokenEntry{}, byVenue: map[uint64]map[string]struct{}{}}
}

// get answers the table of a code read within tokenMaxAge, and the
// generation to hand to put when it has to be read.
func (c *tokenCache) get(token string) (Table, uint64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[token]
	if !ok || time.Since(e.at) >= tokenMaxAge {
		return Table{}, c.gen, false
	}
	return e.row, c.gen, true
}

// put keeps a table read by its code, unless a drop happened since gen.
func (c *tokenCache) put(token string, gen uint64, row Table) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return // dropped while it was read: the next caller reads again
	}
	if len(c.entries) > 100_000 {
		c.entries, c.byVenue = map[string]tokenEntry{}, map[uint64]map[string]struct{}{}
	}
	c.entries[token] = tokenEntry{row: row, at: time.Now()}
	v := c.byVenue[row.VenueID]
	if v == nil {
		v = map[string]struct{}{}
		c.byVenue[row.VenueID] = v
	}
	v[token] = struct{}{}
}

// dropVenue forgets the codes of a venue's tables.
func (c *tokenCache) dropVenue(venueID uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for token := range c.byVenue[venueID] {
		delete(c.entries, token)
	}
	delete(c.byVenue, venueID)
}
