package order_test

import (
	"fmt"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/modules/report"
)

// The platform as assembled (platform/modules.go) sends every order to the
// kitchen printers and into the sales figures: a guest's submission makes
// kitchen tickets and counts in today's report; a cancelled dish makes a
// CANCEL ticket and moves its quantity to the cancelled figures.
func TestOrdersReachKitchenAndReports(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	// The fixture's clock: a Wednesday lunch in the venue's zone, from today on, inside the
	// demo promotion (it runs from yesterday for a year), as the cancellation below assumes.
	at := f.at
	day := at.Format("2006-01-02")

	kungPao := func() report.Figures {
		var top report.TopReport
		f.ok("GET", fmt.Sprintf("/api/report/sales/top?from=%s&to=%s&venueId=%d&limit=50", day, day, f.venueID), f.admin, nil).Into(t, &top)
		for _, d := range top.Dishes {
			if d.DishName == "Kung Pao chicken" {
				return d.Figures
			}
		}
		return report.Figures{}
	}
	jobs := func(orderNo string) []printing.JobView {
		var page api.Page[printing.JobView]
		f.ok("GET", fmt.Sprintf("/api/merchant/printing/job?venueId=%d&orderNo=%s&pageSize=50", f.venueID, orderNo), f.admin, nil).Into(t, &page)
		return page.Records
	}

	before := kungPao()
	r := f.submitOK(f.tables[0].Token, f.kungPao(3))
	after := kungPao()
	if after.Quantity-before.Quantity != 3 {
		t.Fatalf("report: Kung Pao quantity %d → %d, want +3", before.Quantity, after.Quantity)
	}
	kinds := map[string]int{}
	for _, j := range jobs(r.Order.OrderNo) {
		kinds[j.Kind]++
	}
	if kinds[printing.KindKitchen] == 0 {
		t.Fatalf("no kitchen ticket for order %s: %v", r.Order.OrderNo, kinds)
	}

	// The waiter cancels one of the three.
	id := f.orderIDOf(r.Order.OrderNo)
	line := f.detail(f.waiter, id).Lines[0]
	f.ok("POST", fmt.Sprintf("/api/merchant/order/%d/cancel", id), f.waiter,
		map[string]any{"lineId": line.ID, "quantity": 1, "reason": "wrong_order"})
	cancelled := kungPao()
	if cancelled.Quantity != after.Quantity-1 || cancelled.CancelledQuantity != after.CancelledQuantity+1 {
		t.Fatalf("report after cancelling one: %+v (was %+v)", cancelled, after)
	}
	kinds = map[string]int{}
	for _, j := range jobs(r.Order.OrderNo) {
		kinds[j.Kind]++
	}
	if kinds[printing.KindCancel] == 0 {
		t.Fatalf("no CANCEL ticket after the cancellation: %v", kinds)
	}
}
