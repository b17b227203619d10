package printing_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The real order module: a guest's order at a table prints on the kitchen
// printers of its dishes' categories; a dish cancelled by staff prints a
// CANCEL ticket on the printer that printed it; the order's jobs all print.
func TestGuestOrderAndCancellationPrint(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	f.openAllDay()
	var tables api.Page[configure.TableView]
	f.ok("GET", fmt.Sprintf("/api/merchant/configure/table?venueId=%d&pageSize=100", f.venueID), f.admin, nil).Into(t, &tables)
	var table configure.TableView
	for _, tb := range tables.Records {
		if tb.OrderingMethod == configure.MethodQROrder {
			table = tb
			break
		}
	}
	settings := f.settings()
	var menu cuisine.PublicMenu
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "GET", Path: "/api/public/venue/" + settings["venueKey"].(string) + "/menu", Locale: "en_US"})).Into(t, &menu)
	var hot, cold *cuisine.PublicDish
	for _, c := range menu.Categories {
		for i := range c.Dishes {
			d := &c.Dishes[i]
			if len(d.Specs) > 0 || d.SoldOut {
				continue // no options to choose: the simplest lines
			}
			if c.ID == f.hotCat && hot == nil {
				hot = d
			}
			if f.routedTo("Cold kitchen & bar", c.ID) && cold == nil {
				cold = d
			}
		}
	}
	if hot == nil || cold == nil {
		t.Fatalf("no simple dish in a hot and a cold category: %v %v", hot, cold)
	}
	var placed order.SubmitResult
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: "/api/public/table/" + table.Token + "/orders", Locale: "en_US",
		Body: map[string]any{"idempotencyKey": fmt.Sprintf("print-%d", time.Now().UnixNano()), "remark": "birthday",
			"lines": []map[string]any{{"dishId": hot.ID, "quantity": 2, "remark": "no chilli\x1b@"}, {"dishId": cold.ID, "quantity": 1}}}})).Into(t, &placed)
	no := placed.Order.OrderNo
	hotTicket := f.waitTickets("Hot kitchen", no, 1, 10*time.Second)[0].Text
	coldTicket := f.waitTickets("Cold kitchen & bar", no, 1, 10*time.Second)[0].Text
	if !strings.Contains(hotTicket, "2 x "+hot.Name) || !strings.Contains(hotTicket, "no chilli@") || strings.Contains(hotTicket, cold.Name) {
		t.Errorf("hot kitchen:\n%s", hotTicket)
	}
	if !strings.Contains(coldTicket, "1 x "+cold.Name) || strings.Contains(coldTicket, hot.Name) {
		t.Errorf("cold kitchen:\n%s", coldTicket)
	}

	var list api.Page[order.OrderView]
	f.ok("GET", "/api/merchant/order?orderNo="+no, f.manager, nil).Into(t, &list)
	if len(list.Records) != 1 {
		t.Fatalf("order %s: %+v", no, list)
	}
	var detail order.OrderDetail
	f.ok("GET", fmt.Sprintf("/api/merchant/order/%d", list.Records[0].ID), f.manager, nil).Into(t, &detail)
	var lineID uint64
	for _, l := range detail.Lines {
		if l.DishID == hot.ID {
			lineID = l.ID
		}
	}
	f.ok("POST", fmt.Sprintf("/api/merchant/order/%d/cancel", list.Records[0].ID), f.manager,
		map[string]any{"lineId": lineID, "quantity": 1, "reason": "guest_changed_mind", "remark": ""})
	cancelTicket := f.waitTickets("Hot kitchen", "***", 1, 10*time.Second)[0].Text
	if !strings.Contains(cancelTicket, "-1 x "+hot.Name) || !strings.Contains(cancelTicket, no) {
		t.Errorf("cancel ticket:\n%s", cancelTicket)
	}
	f.settle("Cold kitchen & bar", 10*time.Second)
	if n := len(matching(f.sims["Cold kitchen & bar"].Tickets(), "***")); n != 0 {
		t.Errorf("the cold kitchen printed %d cancel tickets", n)
	}
	js := f.waitJobs(fmt.Sprintf("orderId=%d", list.Records[0].ID), 10*time.Second, func(js []printing.JobView) bool {
		if len(js) != 3 {
			return false
		}
		for _, j := range js {
			if j.State != printing.StatePrinted {
				return false
			}
		}
		return true
	})
	kinds := map[string]int{}
	for _, j := range js {
		kinds[j.Kind]++
	}
	if kinds[printing.KindKitchen] != 2 || kinds[printing.KindCancel] != 1 {
		t.Fatalf("jobs %v", kinds)
	}
}

func (f *fixture) settings() map[string]any {
	f.t.Helper()
	var s map[string]any
	f.ok("GET", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.admin, nil).Into(f.t, &s)
	return s
}

// openAllDay opens the venue around the clock, so that guests may order whenever the test runs.
func (f *fixture) openAllDay() {
	f.t.Helper()
	s := f.settings()
	hours := make([]map[string]any, 7)
	for i := range hours {
		hours[i] = map[string]any{"day": i + 1, "closed": false, "periods": []map[string]string{{"open": "00:00", "close": "24:00"}}}
	}
	s["openingHours"], s["closedDates"] = hours, []string{}
	s["cancelApprovalAbove"] = 100_000_000 // staff cancellations apply at once
	f.ok("PUT", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.admin, s)
}

func (f *fixture) routedTo(printer string, categoryID uint64) bool {
	for _, c := range f.printers[printer].CategoryIDs {
		if c == categoryID {
			return true
		}
	}
	return false
}
