package order_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/platform/platformtest"
)

// tabletOrder sends a submission from a tablet with its key.
func (f *fixture) tabletOrder(key string, lines ...line) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/public/tablet/" + key + "/orders", Locale: "en_US",
		Body: map[string]any{"idempotencyKey": newKey(), "lines": lines}})
}

// demoTablet is one of the demo venue's tablets with its key.
func (f *fixture) demoTablet() advert.TabletDetail {
	f.t.Helper()
	var page api.Page[advert.TabletView]
	f.ok("GET", fmt.Sprintf("/api/merchant/tablet?venueId=%d&pageSize=100", f.venueID), f.admin, nil).Into(f.t, &page)
	if len(page.Records) == 0 {
		f.t.Fatal("the demo venue has no tablet")
	}
	var d advert.TabletDetail
	f.ok("GET", fmt.Sprintf("/api/merchant/tablet/%d", page.Records[0].ID), f.admin, nil).Into(f.t, &d)
	return d
}

// bindTablet binds a tablet to a table (nil: unbinds it).
func (f *fixture) bindTablet(tb configure.TableView, tabletID *uint64) {
	f.t.Helper()
	method := "qr_order"
	if tabletID != nil {
		method = "tablet"
	}
	f.ok("PUT", fmt.Sprintf("/api/merchant/configure/table/%d", tb.ID), f.admin, map[string]any{"name": tb.Name, "area": tb.Area,
		"seats": tb.Seats, "remark": tb.Remark, "orderingMethod": method, "tabletId": tabletID, "sort": tb.Sort, "status": tb.Status})
}

// A tablet bound to a table orders through the same API with its key: the
// order is the table's, priced on the server, and the tablet sees the
// table's bill. An unknown key, a tablet bound to no table, a disabled
// tablet and a replaced key are refused and write nothing.
func TestTabletOrdersWithItsKey(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tablet := f.demoTablet()
	table := f.tables[5]
	for _, tb := range f.tables {
		if tb.TabletID != nil && *tb.TabletID == tablet.ID {
			table = tb // the demo binds it already
		}
	}
	f.bindTablet(table, &tablet.ID)

	res := f.tabletOrder(tablet.Key, f.kungPao(2))
	var r order.SubmitResult
	platformtest.OK(t, res).Into(t, &r)
	d := f.detail(f.admin, f.orderIDOf(r.Order.OrderNo))
	if d.TableNo != table.Name || len(d.Lines) != 1 || d.Lines[0].Quantity != 2 || d.Lines[0].UnitPrice <= 0 {
		t.Fatalf("tablet order: want table %s, one priced line of 2, got table %s, lines %+v", table.Name, d.TableNo, d.Lines)
	}
	var bills []order.GuestOrder
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/tablet/" + tablet.Key + "/order"})).Into(t, &bills)
	found := false
	for _, b := range bills {
		found = found || b.OrderNo == r.Order.OrderNo
	}
	if !found {
		t.Fatalf("the tablet's bill view %+v lacks order %s", bills, r.Order.OrderNo)
	}

	before := f.counts()
	refused := func(what, key string, code int, msg string) {
		t.Helper()
		res := f.tabletOrder(key, f.kungPao(1))
		if res.Code != code || (msg != "" && res.Msg != msg) {
			t.Fatalf("%s: want %d %q, got %d %q", what, code, msg, res.Code, res.Msg)
		}
	}
	refused("unknown key", "not-a-tablet-key-at-all", api.CodeNotFound, "")

	f.bindTablet(table, nil)
	refused("tablet bound to no table", tablet.Key, api.CodeConflict, "This tablet is not bound to a table")
	f.bindTablet(table, &tablet.ID)

	put := func(status int8) {
		f.ok("PUT", fmt.Sprintf("/api/merchant/tablet/%d", tablet.ID), f.admin, map[string]any{"venueId": tablet.VenueID,
			"number": tablet.Number, "name": tablet.Name, "status": status})
	}
	put(0)
	refused("disabled tablet", tablet.Key, api.CodeConflict, "This tablet is disabled")
	put(1)

	var renewed advert.TabletDetail
	f.ok("POST", fmt.Sprintf("/api/merchant/tablet/%d/key", tablet.ID), f.admin, nil).Into(t, &renewed)
	if renewed.Key == "" || renewed.Key == tablet.Key {
		t.Fatalf("a new key: got %q", renewed.Key)
	}
	refused("replaced key", tablet.Key, api.CodeNotFound, "")
	if after := f.counts(); after != before {
		t.Fatalf("refusals wrote rows: %v → %v", before, after)
	}
	platformtest.OK(t, f.tabletOrder(renewed.Key, f.kungPao(1)))
}
