package order

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/printing"
)

// BillPrinter queues bills and receipts on a venue's receipt printers:
// printing's Bills. tx is the caller's transaction (nil: its own).
type BillPrinter interface {
	Print(ctx context.Context, tx *gorm.DB, in printing.Bill) ([]printing.JobView, error)
}

// UseBills lets staff print a bill from the order page. (The receipt at
// settlement is printing's: it follows OrderSettled.)
func (m *Module) UseBills(b BillPrinter) *Module {
	m.bills = b
	return m
}

// PrintBillResult is what a bill print queued: a job per receipt printer.
type PrintBillResult struct {
	Jobs []printing.JobView `json:"jobs"`
}

// PrintBill prints the order's bill (a receipt once it is settled) on the
// venue's receipt printers; one printed before for the order is marked
// REPRINT on paper. An open bill carries the table's pay-bill code when
// origin (the server's public URL) is known.
func (m *Module) PrintBill(ctx context.Context, id uint64, origin string) (*PrintBillResult, error) {
	if m.bills == nil {
		return nil, api.Conflict("printing.no_receipt_printer", nil)
	}
	var o Order
	if err := m.db.WithContext(ctx).Take(&o, id).Error; err != nil {
		return nil, err
	}
	var lines []Line
	if err := m.db.WithContext(ctx).Where("order_id = ?", o.ID).Order("id").Find(&lines).Error; err != nil {
		return nil, err
	}
	at := o.PlacedAt
	if o.SettledAt != nil {
		at = *o.SettledAt
	}
	b := printing.BillOf(o.settledEvent(lines, at), o.PayStatus == PaySettled)
	if o.PayStatus != PaySettled && o.Status == StatusNormal && origin != "" {
		if tables, err := m.tables.AllOfVenue(ctx, o.VenueID, origin); err == nil {
			for _, t := range tables {
				if t.ID == o.TableID {
					b.PayURL = configure.URL(origin, t.Token)
				}
			}
		}
	}
	if b.At.IsZero() {
		b.At = time.Now().UTC()
	}
	jobs, err := m.bills.Print(ctx, nil, b)
	if err != nil {
		return nil, err
	}
	return &PrintBillResult{Jobs: jobs}, nil
}
