package configure

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/venueplatform/venue/internal/tenancy"
)

// topicVenue announces a change of a venue's equipment: key
// "tables:<venue id>", "buttons:<venue id>" or "printers:<venue id>".
const topicVenue = "configure.venue"

// listeners of printer changes (the printing module).
type listeners struct {
	mu  sync.RWMutex
	fns []func(venueID uint64)
}

func (m *Module) subscribe() {
	m.deps.Feed.Subscribe(topicVenue, func(key string) {
		kind, id, ok := strings.Cut(key, ":")
		venueID, err := strconv.ParseUint(id, 10, 64)
		if !ok || err != nil {
			return
		}
		switch kind {
		case "tables":
			m.tokens.dropVenue(venueID)
			m.configs.dropVenue(venueID)
		case "buttons":
			m.configs.dropVenue(venueID)
		case "printers":
			m.Printers.routes.drop(venueID)
			m.printerFns.mu.RLock()
			fns := append([]func(uint64){}, m.printerFns.fns...)
			m.printerFns.mu.RUnlock()
			for _, fn := range fns {
				fn(venueID)
			}
		}
	})
	// A venue's name, logo, languages or status shapes its tablets' configuration.
	m.venues.OnChange(m.configs.dropVenue)
	m.tablets.OnTabletChange(m.configs.drop)
}

func (m *Module) onPrinters(fn func(venueID uint64)) {
	m.printerFns.mu.Lock()
	m.printerFns.fns = append(m.printerFns.fns, fn)
	m.printerFns.mu.Unlock()
}

// announce tells every node that a venue's equipment changed; called after
// the change's transaction has committed.
func (m *Module) announce(ctx context.Context, kind string, venueID uint64) {
	key := kind + ":" + strconv.FormatUint(venueID, 10)
	if err := m.deps.Feed.Publish(tenancy.SystemContext(ctx), topicVenue, key); err != nil {
		m.configs.dropVenue(venueID) // the others fall back on the entries' age limit
		if kind == "tables" {
			m.tokens.dropVenue(venueID)
		}
		if kind == "printers" {
			m.Printers.routes.drop(venueID)
		}
		m.log.Warn("configure: announce a change", "key", key, "error", err)
	}
}

func (m *Module) tableChanged(ctx context.Context, venueID uint64) {
	m.announce(ctx, "tables", venueID)
}
func (m *Module) buttonsChanged(ctx context.Context, venueID uint64) {
	m.announce(ctx, "buttons", venueID)
}
func (m *Module) printersChanged(ctx context.Context, venueID uint64) {
	m.announce(ctx, "printers", venueID)
}
