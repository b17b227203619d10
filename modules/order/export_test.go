package order

import "time"

// SetClock fixes the module's clock (opening hours, order times) in tests.
func (m *Module) SetClock(now func() time.Time) { m.now = now }

// Now is the module's clock.
func (m *Module) Now() time.Time { return m.now() }
