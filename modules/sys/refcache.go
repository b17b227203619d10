package sys

import (
	"context"
	"strconv"
	"sync"

	"github.com/venueplatform/venue/internal/changefeed"
)

// refCache keeps small, rarely changing rows (organisation names, role
// names) that lists show beside every row; a change-feed topic clears it.
type refCache[V any] struct {
	mu   sync.RWMutex
	vals map[uint64]V
	// gen counts invalidations: a load that one overtook may have read rows
	// older than the change and is answered but not kept (the cache has no
	// age limit, so keeping it would keep the old value until the next change).
	gen  uint64
	load func(ctx context.Context, ids []uint64) (map[uint64]V, error)
}

func newRefCache[V any](feed *changefeed.Feed, topic string, load func(context.Context, []uint64) (map[uint64]V, error)) *refCache[V] {
	c := &refCache[V]{vals: map[uint64]V{}, load: load}
	feed.Subscribe(topic, c.invalidate)
	return c
}

// invalidate drops the value of the id key names, or every value.
func (c *refCache[V]) invalidate(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	if id, err := strconv.ParseUint(key, 10, 64); err == nil {
		delete(c.vals, id)
	} else {
		c.vals = map[uint64]V{}
	}
}

// Get answers the values of ids, loading the missing ones in one call.
func (c *refCache[V]) Get(ctx context.Context, ids []uint64) (map[uint64]V, error) {
	out := make(map[uint64]V, len(ids))
	var missing []uint64
	c.mu.RLock()
	gen := c.gen
	for _, id := range ids {
		if v, ok := c.vals[id]; ok {
			out[id] = v
		} else if _, dup := out[id]; !dup {
			missing = append(missing, id)
		}
	}
	c.mu.RUnlock()
	if len(missing) == 0 {
		return out, nil
	}
	loaded, err := c.load(ctx, missing)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	keep := c.gen == gen
	for id, v := range loaded {
		if keep {
			c.vals[id] = v
		}
		out[id] = v
	}
	c.mu.Unlock()
	return out, nil
}
