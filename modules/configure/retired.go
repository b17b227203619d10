package configure

import (
	"context"
	"time"
)

// retiredKeep is how long a rotated code still says "no longer valid"
// rather than "unknown": longer than printed codes linger on tables.
const retiredKeep = 400 * 24 * time.Hour

// PurgeRetired forgets rotated tokens retired before now − retiredKeep;
// their codes then answer as unknown (still a clear page for the guest).
func (m *Module) PurgeRetired(ctx context.Context, now time.Time) (int64, error) {
	res := m.sys(ctx).Where("retired_at < ?", now.Add(-retiredKeep).UTC()).Delete(&RetiredToken{})
	return res.RowsAffected, res.Error
}

// Start runs the daily purge of old retired tokens (idempotent, so every
// node may run it).
func (m *Module) Start(ctx context.Context) error {
	go func() {
		tick := time.NewTicker(24 * time.Hour)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-tick.C:
				if _, err := m.PurgeRetired(ctx, now); err != nil && ctx.Err() == nil {
					m.log.Warn("configure: purge retired table codes", "error", err)
				}
			}
		}
	}()
	return nil
}
