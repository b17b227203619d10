package report_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/report"
	"github.com/venueplatform/venue/platform/platformtest"
)

// A guest's order placed through the order module reaches the dish
// statistics in the same transaction, and a cancelled dish leaves the sales
// for the cancellations, with its reason.
func TestOrdersReachTheReports(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.openAllDay(f.venueA) // the test orders at the real time of day, whatever the demo's hours say
	var tables api.Page[configure.TableView]
	f.OK("GET", fmt.Sprintf("/api/merchant/configure/table?venueId=%d&pageSize=100", f.venueA), f.admin, nil).Into(t, &tables)
	if len(tables.Records) == 0 {
		t.Fatal("the demo venue has no tables")
	}
	var key struct {
		VenueKey *string `gorm:"column:venue_key"`
	}
	if err := f.env.P.DB.WithContext(sysCtx(t)).Table("sys_orgs").Select("venue_key").Where("id = ?", f.venueA).Take(&key).Error; err != nil || key.VenueKey == nil {
		t.Fatalf("venue key: %v", err)
	}
	venueKey := *key.VenueKey
	var menu cuisine.PublicMenu
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/" + venueKey + "/menu"})).Into(t, &menu)
	var pancake cuisine.PublicDish
	for _, c := range menu.Categories {
		for _, d := range c.Dishes {
			if d.Name == "Scallion pancake" {
				pancake = d
			}
		}
	}
	if pancake.ID == 0 {
		t.Fatal("Scallion pancake is not on the demo menu")
	}
	today := time.Now().In(mustZone(zoneA)).Format(time.DateOnly)
	day := vals("from", today, "to", today, "venueId", strconv.FormatUint(f.venueA, 10), "dishId", strconv.FormatUint(pancake.ID, 10))
	var before report.SalesReport
	f.get(f.admin, "/report/dish", day, &before)

	res := f.env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/public/table/" + tables.Records[0].Token + "/orders",
		Body: map[string]any{"idempotencyKey": "report-test-" + strconv.FormatInt(time.Now().UnixNano(), 36),
			"lines": []map[string]any{{"dishId": pancake.ID, "quantity": 3}}}})
	var placed order.SubmitResult
	platformtest.OK(t, res).Into(t, &placed)
	var after report.SalesReport
	f.get(f.admin, "/report/dish", day, &after)
	if after.Totals.Quantity-before.Totals.Quantity != 3 || after.Totals.Amount <= before.Totals.Amount {
		t.Fatalf("after ordering 3 pancakes: %+v, before %+v", after.Totals, before.Totals)
	}

	var list api.Page[order.OrderView]
	f.OK("GET", "/api/merchant/order?orderNo="+placed.Order.OrderNo, f.admin, nil).Into(t, &list)
	if len(list.Records) != 1 {
		t.Fatalf("order %s not listed: %+v", placed.Order.OrderNo, list)
	}
	var detail order.OrderDetail
	f.OK("GET", fmt.Sprintf("/api/merchant/order/%d", list.Records[0].ID), f.admin, nil).Into(t, &detail)
	var out order.CancelResult
	f.OK("POST", fmt.Sprintf("/api/merchant/order/%d/cancel", detail.ID), f.admin,
		map[string]any{"lineId": detail.Lines[0].ID, "quantity": 1, "reason": "wrong_order"}).Into(t, &out)
	if !out.Applied {
		t.Fatalf("cancellation not applied: %+v", out)
	}
	var cancelled report.SalesReport
	f.get(f.admin, "/report/dish", day, &cancelled)
	if cancelled.Totals.Quantity-before.Totals.Quantity != 2 || cancelled.Totals.CancelledQuantity-before.Totals.CancelledQuantity != 1 {
		t.Fatalf("after cancelling one: %+v, before %+v", cancelled.Totals, before.Totals)
	}
	var reasons report.CancellationReport
	f.get(f.admin, "/report/cancellation", vals("from", today, "to", today, "venueId", strconv.FormatUint(f.venueA, 10)), &reasons)
	found := false
	for _, r := range reasons.Reasons {
		// the order module names the reason in the venue's language
		found = found || r.Reason != "" && r.Quantity >= 1
	}
	if !found {
		t.Fatalf("reason missing: %+v", reasons.Reasons)
	}
}

// openAllDay sets the venue's opening hours to every day round the clock, as its
// manager would on the venue settings page, so that a guest can order now.
func (f *fixture) openAllDay(venueID uint64) {
	f.t.Helper()
	path := fmt.Sprintf("/api/merchant/shop/setting/%d", venueID)
	var form map[string]any
	f.OK("GET", path, f.admin, nil).Into(f.t, &form)
	hours := make([]map[string]any, 0, 7)
	for day := 1; day <= 7; day++ {
		hours = append(hours, map[string]any{"day": day, "closed": false, "periods": []map[string]any{{"open": "00:00", "close": "24:00"}}})
	}
	form["openingHours"] = hours
	form["closedDates"] = []string{}
	f.OK("PUT", path, f.admin, form)
}
