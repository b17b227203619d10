package report_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/platform/module"
)

// The workbench compares today with the same weekday a week before, in each
// venue's own zone, names today's top dishes and counts the open orders.
func TestWorkbenchToday(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := api.WithPrincipal(context.Background(), &api.Principal{UserID: 1, MerchantID: f.merchantID, OrgType: "merchant"})
	// 20:00 UTC is already tomorrow in Shanghai (04:00) and still today in New York (16:00).
	now := time.Date(2025, 6, 11, 20, 0, 0, 0, time.UTC)
	before, err := f.mod.Reports.Today(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	place := func(venue uint64, at time.Time, dish int, qty int, price int64) orderevent.Order {
		e := orderevent.Placed{Order: f.header(venue, at), Round: 1, Lines: []orderevent.Line{f.line(f.dishes[dish], qty, price)}}
		f.tx(func(tx *gorm.DB) error { return f.mod.Recorder.OrderPlaced(tx, e) })
		return e.Order
	}
	a := place(f.venueA, time.Date(2025, 6, 12, 1, 30, 0, 0, mustZone(zoneA)), 0, 2, 1000) // Shanghai's today
	place(f.venueB, time.Date(2025, 6, 11, 15, 0, 0, 0, mustZone(zoneB)), 1, 5, 300)       // New York's today
	place(f.venueB, time.Date(2025, 6, 4, 12, 0, 0, 0, mustZone(zoneB)), 1, 1, 700)        // New York, a week before
	place(f.venueA, time.Date(2025, 6, 11, 23, 0, 0, 0, mustZone(zoneA)), 2, 9, 100)       // Shanghai's yesterday: neither
	f.tx(func(tx *gorm.DB) error {
		return f.mod.Recorder.OrderSettled(tx, orderevent.Settled{Order: a, Total: 2000, SettledAt: now})
	})
	got, err := f.mod.Reports.Today(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	if got.Amount-before.Amount != 3500 || got.Orders-before.Orders != 2 || got.LastWeekAmount-before.LastWeekAmount != 700 ||
		got.LastWeekOrders-before.LastWeekOrders != 1 {
		t.Fatalf("today %+v, before %+v", got, before)
	}
	if got.OpenOrders-before.OpenOrders != 3 {
		t.Fatalf("open orders %d, before %d: want 3 more (one of four settled)", got.OpenOrders, before.OpenOrders)
	}
	if len(got.Top) != 2 || got.Top[0].DishID != f.dishes[1].ID || got.Top[0].Quantity != 5 || got.Top[1].DishID != f.dishes[0].ID {
		t.Fatalf("top today %+v", got.Top)
	}

	var wb struct {
		Cards []module.Card `json:"cards"`
	}
	f.OK("GET", "/api/sys/workbench", f.admin, nil).Into(t, &wb)
	keys := map[string]bool{}
	var open any
	for _, c := range wb.Cards {
		keys[c.Key] = true
		if c.Key == "openOrders" {
			open = c.Value
		}
	}
	// Open orders are the order records' own count.
	var list api.Page[order.OrderView]
	f.OK("GET", "/api/merchant/order?status=normal&payStatus=open&pageSize=1", f.admin, nil).Into(t, &list)
	if fmt.Sprint(open) != fmt.Sprint(list.Total) {
		t.Fatalf("open orders card %v, order records %d", open, list.Total)
	}
	for _, k := range []string{"salesToday", "ordersToday", "topDishesToday", "openOrders"} {
		if !keys[k] {
			t.Fatalf("merchant workbench lacks %s: %+v", k, wb.Cards)
		}
	}
	f.OK("GET", "/api/sys/workbench", f.platform, nil).Into(t, &wb)
	for _, c := range wb.Cards {
		if c.Key == "salesToday" {
			t.Fatal("a platform user sees a merchant's sales")
		}
	}
}
