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
	load func(ctx context.Context, ids []uint64) (map[uint64]V, error)
}

func newRefCache[V any](feed *changefeed.Feed, topic string, load func(context.Context, []uint64) (map[uint64]V, error)) *refCache[V] {
	c := &refCache[V]{vals: map[uint64]V{}, load: load}
	feed.Subscribe(topic, func(key string) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if id, err := strconv.ParseUint(key, 10, 64); err == nil {
			delete(c.vals, id)
		} else {
			c.vals = map[uint64]V{}
		}
	})
	return c
}

// Get answers the values of ids, loading the missing ones in one call.
func (c *refCache[V]) Get(ctx context.Context, ids []uint64) (map[uint64]V, error) {
	out := make(map[uint64]V, len(ids))
	var missing []uint64
	c.mu.RLock()
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
	for id, v := range loaded {
		c.vals[id] = v
		out[id] = v
	}
	c.mu.Unlock()
	return out, nil
}
