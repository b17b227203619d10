package process

import (
	"context"
	"sync"
	"time"

	"github.com/venueplatform/venue/modules/sys"
)

// nameCache remembers people's display names for history lines: every task
// action names its actor. A user's change (sys.Auth.OnUserChange) drops the
// name on every node; the age limit is a backstop should an announcement be
// lost.
type nameCache struct {
	mu      sync.Mutex
	entries map[uint64]nameEntry
	gen     uint64 // counts drops: a read one overtook is answered, not kept
}

type nameEntry struct {
	name string
	at   time.Time
}

const nameBackstop = 10 * time.Minute

func (c *nameCache) name(ctx context.Context, people *sys.Directory, id uint64, fallback string) string {
	c.mu.Lock()
	e, ok := c.entries[id]
	gen := c.gen
	c.mu.Unlock()
	if ok && time.Since(e.at) < nameBackstop {
		return e.name
	}
	name := fallback
	if p, err := people.Person(ctx, id); err == nil {
		name = p.DisplayName()
	}
	c.mu.Lock()
	if c.entries == nil || len(c.entries) > 10000 {
		c.entries = map[uint64]nameEntry{}
	}
	if c.gen == gen {
		c.entries[id] = nameEntry{name: name, at: time.Now()}
	}
	c.mu.Unlock()
	return name
}

// drop forgets a user's name, or every name when id is 0.
func (c *nameCache) drop(id uint64) {
	c.mu.Lock()
	c.gen++
	if id == 0 {
		c.entries = nil
	} else {
		delete(c.entries, id)
	}
	c.mu.Unlock()
}
