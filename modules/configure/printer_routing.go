package configure

import (
	"context"
	"slices"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
)

// PrintersForVenue answers every printer of a venue, enabled or not,
// whatever the caller's scope (the printing module's workers have none).
func (s *Printers) PrintersForVenue(ctx context.Context, venueID uint64) ([]PrinterView, error) {
	return s.PrintersForVenueIn(s.m.sys(ctx), venueID)
}

// PrintersForVenueIn is PrintersForVenue read through db: a caller inside a
// transaction (an order listener) passes it, so the read never waits for a
// second pool connection while its transaction holds SQLite's write lock.
func (s *Printers) PrintersForVenueIn(db *gorm.DB, venueID uint64) ([]PrinterView, error) {
	ctx := db.Statement.Context
	if ctx == nil {
		ctx = context.Background()
	}
	db = db.WithContext(tenancy.SystemContext(ctx))
	var rows []Printer
	if err := db.Where("venue_id = ?", venueID).Order("type, name, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	return printerViews(db, rows)
}

// Printer answers one printer by id whatever the caller's scope; nil when
// it no longer exists.
func (s *Printers) Printer(ctx context.Context, id uint64) (*PrinterView, error) {
	var rows []Printer
	if err := s.m.sys(ctx).Where("id = ?", id).Limit(1).Find(&rows).Error; err != nil || len(rows) == 0 {
		return nil, err
	}
	views, err := printerViews(s.m.sys(ctx), rows)
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// KitchenPrintersFor answers the enabled kitchen printers of a venue that
// print a dish category's tickets (none: the category reaches no kitchen;
// the setup check lists such dishes). A printer's BackupID names where its
// jobs go when it fails; follow it one hop only.
func (s *Printers) KitchenPrintersFor(ctx context.Context, venueID, categoryID uint64) ([]PrinterView, error) {
	all, err := s.PrintersForVenue(ctx, venueID)
	if err != nil {
		return nil, err
	}
	var out []PrinterView
	for _, p := range all {
		if p.Type == PrinterKitchen && p.Enabled() && slices.Contains(p.CategoryIDs, categoryID) {
			out = append(out, p)
		}
	}
	return out, nil
}

// ReceiptPrinters answers the enabled receipt printers of a venue.
func (s *Printers) ReceiptPrinters(ctx context.Context, venueID uint64) ([]PrinterView, error) {
	all, err := s.PrintersForVenue(ctx, venueID)
	if err != nil {
		return nil, err
	}
	var out []PrinterView
	for _, p := range all {
		if p.Type == PrinterReceipt && p.Enabled() {
			out = append(out, p)
		}
	}
	return out, nil
}

// OnChange calls fn, on every node, with the id of a venue whose printers
// changed (after the change committed).
func (s *Printers) OnChange(fn func(venueID uint64)) { s.m.onPrinters(fn) }

// RoutingForVenueIn answers a venue's printers as kitchen routing reads
// them (every printer with its categories), from memory: every change of a
// venue's printers drops its entry on this node at once and on the others
// at their next read of the change feed, which the order submission syncs
// before it prices the menu. A miss reads through db, the caller's
// transaction. The answer is shared: read it, never change it.
func (s *Printers) RoutingForVenueIn(db *gorm.DB, venueID uint64) ([]PrinterView, error) {
	if all, ok := s.routes.get(venueID); ok {
		return all, nil
	}
	gen := s.routes.generation(venueID)
	all, err := s.PrintersForVenueIn(db, venueID)
	if err != nil {
		return nil, err
	}
	s.routes.put(venueID, gen, all)
	return all, nil
}

// routeMaxAge bounds a missed announcement of a printer change.
const routeMaxAge = time.Minute

type routeEntry struct {
	all []PrinterView
	at  time.Time
}

// routeCache holds the venues' printers for routing; gen counts the drops
// of a venue so that a read begun before a drop is not kept after it.
type routeCache struct {
	mu      sync.Mutex
	entries map[uint64]routeEntry
	gen     map[uint64]uint64
}

func newRouteCache() *routeCache {
	return &routeCache{entries: map[uint64]routeEntry{}, gen: map[uint64]uint64{}}
}

func (c *routeCache) get(venueID uint64) ([]PrinterView, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[venueID]
	if !ok || time.Since(e.at) >= routeMaxAge {
		return nil, false
	}
	return e.all, true
}

func (c *routeCache) generation(venueID uint64) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen[venueID]
}

func (c *routeCache) put(venueID, gen uint64, all []PrinterView) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen[venueID] != gen {
		return // dropped while it was read: the next caller reads again
	}
	if len(c.entries) > 100_000 {
		c.entries = map[uint64]routeEntry{}
	}
	c.entries[venueID] = routeEntry{all: all, at: time.Now()}
}

func (c *routeCache) drop(venueID uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen[venueID]++
	delete(c.entries, venueID)
}
