package report

import "context"

// Seed writes nothing. The demo's figures come from the demo's own orders:
// the order module's demo history (ninety days) reaches the Recorder as a
// HistoryListener, in the seed's transaction, the way live orders do, so
// the reports equal the demo venue's order lines.
func (m *Module) Seed(ctx context.Context, demo bool) error { return nil }
