package order_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/platform/platformtest"
)

// placeKungPao orders qty Kung Pao chicken (large) at table i and answers the bill.
func (f *fixture) placeKungPao(i, qty int) order.OrderDetail {
	f.t.Helper()
	r := f.submitOK(f.tables[i].Token, f.kungPao(qty))
	return f.detail(f.admin, f.orderIDOf(r.Order.OrderNo))
}

func cancelPath(id uint64) string { return fmt.Sprintf("/api/merchant/order/%d/cancel", id) }

func TestCancelDishBelowTheAmountAppliesAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	o := f.placeKungPao(0, 3)
	l := o.Lines[0]
	if l.UnitPrice > 5000 {
		t.Fatalf("fixture: one portion (%d) must stay under the demo venue's approval amount 5000", l.UnitPrice)
	}
	// The reason comes from the dictionary.
	res := f.do("POST", cancelPath(o.ID), f.waiter, map[string]any{"lineId": l.ID, "quantity": 1})
	if res.Code != 10001 || res.Fields["reason"] != "Reason must be selected" && res.Fields["reason"] == "" {
		t.Fatalf("missing reason: %d %q %v", res.Code, res.Msg, res.Fields)
	}
	if res := f.do("POST", cancelPath(o.ID), f.waiter, map[string]any{"lineId": l.ID, "quantity": 4, "reason": "wrong_order"}); res.Code != 10001 {
		t.Fatalf("more than ordered: want a refusal, got %d", res.Code)
	}
	var out order.CancelResult
	f.ok("POST", cancelPath(o.ID), f.waiter, map[string]any{"lineId": l.ID, "quantity": 1, "reason": "wrong_order", "remark": "table asked"}).Into(t, &out)
	if !out.Applied || out.Pending {
		t.Fatalf("below the amount: want applied, got %+v", out)
	}
	got := out.Order.Lines[0]
	if got.CancelledQty != 1 || got.Amount != l.UnitPrice*2 || out.Order.Subtotal != o.Subtotal-l.UnitPrice {
		t.Fatalf("after cancelling one: line %+v subtotal %d (was %d)", got, out.Order.Subtotal, o.Subtotal)
	}
	if len(got.Cancellations) != 1 || got.Cancellations[0].RequestedName != "demo_waiter" || got.Cancellations[0].ReasonLabel != "Ordered by mistake" {
		t.Fatalf("who and why: %+v", got.Cancellations)
	}
	if out.Order.Total >= o.Total {
		t.Fatalf("total not recomputed: %d → %d", o.Total, out.Order.Total)
	}
}

func TestConcurrentCancellationsNeverDoubleCount(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	o := f.placeKungPao(2, 3)
	l := o.Lines[0]
	const n = 6
	var wg sync.WaitGroup
	codes := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = f.do("POST", cancelPath(o.ID), f.waiter, map[string]any{"lineId": l.ID, "quantity": 1, "reason": "out_of_stock"}).Code
		}()
	}
	wg.Wait()
	ok := 0
	for _, c := range codes {
		if c == 10000 {
			ok++
		}
	}
	d := f.detail(f.admin, o.ID)
	if ok != 3 || d.Lines[0].CancelledQty != 3 || d.Subtotal != 0 || d.Status != order.StatusCancelled {
		t.Fatalf("want exactly 3 cancellations applied and the order cancelled; %d succeeded (%v), line %+v subtotal %d status %s",
			ok, codes, d.Lines[0], d.Subtotal, d.Status)
	}
	applied := 0
	for _, c := range d.Cancellations {
		if c.Status == order.CancelApplied {
			applied++
		}
	}
	if applied != 3 {
		t.Fatalf("want 3 applied cancellations on record, got %d", applied)
	}
}

func TestMerchantsAndVenuesIsolated(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.otherMerchant()
	mine := f.placeKungPao(3, 1)
	// The other merchant sees none of it, whatever id it sends.
	var page api.Page[order.OrderView]
	f.ok("GET", "/api/merchant/order?pageSize=500", f.otherAdmin, nil).Into(t, &page)
	for _, r := range page.Records {
		if r.VenueID == f.venueID {
			t.Fatal("another merchant lists the demo venue's orders")
		}
	}
	if res := f.do("GET", fmt.Sprintf("/api/merchant/order/%d", mine.ID), f.otherAdmin, nil); res.Code != 10002 {
		t.Fatalf("another merchant reading an order: want not found, got %d", res.Code)
	}
	if res := f.do("POST", cancelPath(mine.ID), f.otherAdmin, map[string]any{"reason": "other"}); res.Code != 10002 {
		t.Fatalf("another merchant cancelling: want not found, got %d", res.Code)
	}
	if res := f.do("GET", fmt.Sprintf("/api/merchant/order?venueId=%d", f.venueID), f.otherAdmin, nil); res.Code != 10002 {
		t.Fatalf("another merchant naming the venue: want not found, got %d", res.Code)
	}
	if res := f.do("GET", fmt.Sprintf("/api/merchant/order/live?venueId=%d", f.venueID), f.otherAdmin, nil); res.Code != 10002 {
		t.Fatalf("another merchant following the venue live: want not found, got %d", res.Code)
	}
	// The demo merchant's dishes cannot be ordered at the other merchant's table.
	if res := f.submit(f.otherTables[0].Token, newKey(), f.kungPao(1)); res.Code == 10000 {
		t.Fatal("another merchant's table ordered the demo menu's dish")
	}
}

func TestExportAndSearch(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	o := f.placeKungPao(4, 2)
	var page api.Page[order.OrderView]
	f.ok("GET", "/api/merchant/order?dishName=pao&tableNo="+o.TableNo, f.waiter, nil).Into(t, &page)
	found := false
	for _, r := range page.Records {
		found = found || r.OrderNo == o.OrderNo
	}
	if !found {
		t.Fatalf("search by dish name and table: %s not found in %+v", o.OrderNo, page.Records)
	}
	res := f.do("GET", "/api/merchant/order/export?orderNo=NOSUCH", f.waiter, nil)
	if res.Code != 10003 || res.Msg != "Current page has no data, cannot export" {
		t.Fatalf("empty export: %d %q", res.Code, res.Msg)
	}
	res = f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/merchant/order/export?orderNo=" + o.OrderNo, Token: f.waiter})
	if res.Status != http.StatusOK || len(res.Body) < 4 || string(res.Body[:2]) != "PK" {
		t.Fatalf("export: HTTP %d, %d bytes", res.Status, len(res.Body))
	}
}

// The demo deploys an everyday process with a start form that venue staff
// can start from their inbox.
func TestDemoDeploysThePurchaseRequest(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var defs []struct {
		Key       string          `json:"key"`
		StartForm *map[string]any `json:"startForm"`
	}
	f.ok("GET", "/api/process/startable", f.manager, nil).Into(t, &defs)
	for _, d := range defs {
		if d.Key == order.PurchaseProcess {
			if d.StartForm == nil {
				t.Fatal("the purchase request has no start form")
			}
			return
		}
	}
	t.Fatalf("purchase request not startable: %+v", defs)
}
