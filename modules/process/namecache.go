package process

import (
	"context"
	"sync"
	"time"

	"github.com/venueplatform/venue/modules/sys"
)

// nameCache remembers people's display names for history lines for a
// minute: every task action names its actor.
type nameCache struct {
	mu      sync.Mutex
	entries map[uint64]nameEntry
}

type nameEntry struct {
	name string
	at   time.Time
}

func (c *nameCache) name(ctx context.Context, people *sys.Directory, id uint64, fallback string) string {
	c.mu.Lock()
	e, ok := c.entries[id]
	c.mu.Unlock()
	if ok && time.Since(e.at) < time.Minute {
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
	c.entries[id] = nameEntry{name: name, at: time.Now()}
	c.mu.Unlock()
	return name
}
