package report_test

import (
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/report"
)

// Orders placed at once at the same venue on the same day, with the same
// dishes, each in its own transaction, all count: the daily rows' upserts
// neither lose an update nor fail an order.
func TestConcurrentOrdersAllCount(t *testing.T) {
	f := newFixture(t)
	at := time.Date(2025, 2, 14, 12, 0, 0, 0, time.UTC)
	const workers, perWorker = 8, 15
	events := make([][]orderevent.Placed, workers)
	var want int64
	for w := range events {
		for i := 0; i < perWorker; i++ {
			e := orderevent.Placed{Order: f.header(f.venueA, at), Round: 1}
			for l := 0; l < 3; l++ {
				e.Lines = append(e.Lines, f.line(f.dishes[(w+i+l*2)%5], 1+l, 100))
				want += int64(1 + l)
			}
			events[w] = append(events[w], e)
		}
	}
	db := f.env.P.DB.WithContext(sysCtx(t))
	var wg sync.WaitGroup
	errs := make(chan error, workers*perWorker)
	for w := range events {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, e := range events[w] {
				if err := db.Transaction(func(tx *gorm.DB) error { return f.mod.Recorder.OrderPlaced(tx, e) }); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("an order failed: %v", err)
	}
	var got report.SalesReport
	f.get(f.admin, "/report/dish", vals("from", "2025-02-14", "to", "2025-02-14"), &got)
	if got.Totals.Quantity != want || got.Totals.Amount != want*100 {
		t.Fatalf("totals %+v, want %d sold", got.Totals, want)
	}
	var venue report.DailyVenue
	if err := db.Where("venue_id = ? AND local_date = ?", f.venueA, "2025-02-14").Take(&venue).Error; err != nil {
		t.Fatal(err)
	}
	if venue.Orders != workers*perWorker || venue.Quantity != want {
		t.Fatalf("venue day %+v, want %d orders", venue, workers*perWorker)
	}
}
