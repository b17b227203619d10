package advert

import (
	"context"
	"time"

	"github.com/venueplatform/venue/workflows/engine"
)

// LaunchWith replaces the start of review instances (the workflow tests
// run them in the SDK's test environment) and stops lifecycle calls from
// waiting for a status.
func (m *Module) LaunchWith(fn func(ctx context.Context, in engine.Input) error) {
	m.launch = fn
	m.settleWait = 0
}

// FlushSeen writes the tablets' last-seen times now.
func (m *Module) FlushSeen(ctx context.Context) { m.flushSeen(ctx) }

// PlaylistMaxAge shortens the age limit of cached playlists.
func (m *Module) PlaylistMaxAge(d time.Duration) { m.lists.maxAge = d }

// ActiveAt and NextBoundary expose the window rules of playlists.
func ActiveAt(a *Advert, local time.Time) bool          { return activeAt(a, local) }
func NextBoundary(a *Advert, local time.Time) time.Time { return nextBoundary(a, local) }
func WindowEnd(a *Advert, loc *time.Location) time.Time { return windowEnd(a, loc) }
