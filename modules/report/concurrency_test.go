package report_test

import (
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/report"
)

// Orders placed at once at the same venue on the same day, with the same
// dishes, each in its own transaction (dbx.Transaction, as the order module
// writes them: concurrent ones take different lanes), all count: the daily
// rows' upserts neither lose an update nor fail an order, and the day's
// lanes add up to the day.
func TestConcurrentOrdersAllCount(t *testing.T) {
	t.Parallel()
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
				if err := dbx.Transaction(db, func(tx *gorm.DB) error { return f.mod.Recorder.OrderPlaced(tx, e) }); err != nil {
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
	var lanes []report.DailyVenue
	if err := db.Where("venue_id = ? AND local_date = ?", f.venueA, "2025-02-14").Order("lane").Find(&lanes).Error; err != nil {
		t.Fatal(err)
	}
	var orders, quantity int64
	for _, l := range lanes {
		orders += l.Orders
		quantity += l.Quantity
	}
	if orders != workers*perWorker || quantity != want || len(lanes) == 0 || len(lanes) > 8 {
		t.Fatalf("venue day in %d lanes: %d orders, %d sold; want %d orders, %d sold", len(lanes), orders, quantity, workers*perWorker, want)
	}
	t.Logf("the day's totals in %d lanes", len(lanes))
}
