package cuisine

import "time"

// DropMenus forgets a merchant's cached menus on this node (cold-path benchmarks).
func (m *Module) DropMenus(merchantID uint64) { m.menus.dropMerchant(merchantID) }

// SetClock fixes the catalogue's clock (sold-out restores, promotion periods, the menu) in tests.
func (m *Module) SetClock(now func() time.Time) { m.Catalogue.now = now }
