package configure_test

import (
	"fmt"
	"testing"

	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/platform/platformtest"
)

// A merchant never reads or changes another merchant's tables, buttons or
// printers, whatever id or venue it sends; a venue manager never reaches
// another venue of the same merchant; the merchant's administrator manages
// both of its venues.
func TestIsolationBetweenMerchantsAndVenues(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.otherMerchant()
	f.secondVenue()
	ours := f.tables(f.manager, 0)[0]
	harbour := f.addTable(f.manager2, 0, "H1")
	if harbour.VenueID != f.venue2ID || harbour.MerchantID != f.merchantID {
		t.Fatalf("harbour table: %+v", harbour)
	}
	var printers struct {
		Records []configure.PrinterView `json:"records"`
	}
	f.OK("GET", base+"/printer", f.manager, nil).Into(t, &printers)
	printer := printers.Records[0]
	button := f.buttons(f.manager, 0)[0]

	foreign := func(token string, venueID uint64, tableID, printerID, buttonID uint64) []platformtest.Req {
		tb, pr, bt := fmt.Sprintf("%s/table/%d", base, tableID), fmt.Sprintf("%s/printer/%d", base, printerID), fmt.Sprintf("%s/button/%d", base, buttonID)
		v := fmt.Sprintf("?venueId=%d", venueID)
		reqs := []platformtest.Req{
			{Method: "GET", Path: base + "/table" + v}, {Method: "POST", Path: base + "/table" + v, Body: map[string]any{"name": "Z", "orderingMethod": "qr_order"}},
			{Method: "POST", Path: base + "/table/rotate" + v}, {Method: "GET", Path: base + "/table/sheet.pdf" + v},
			{Method: "GET", Path: base + "/printer" + v}, {Method: "GET", Path: base + "/printer/check" + v},
			{Method: "POST", Path: base + "/printer" + v, Body: printerBody("Z")},
			{Method: "GET", Path: base + "/button" + v}, {Method: "POST", Path: base + "/button/restore" + v},
			{Method: "GET", Path: fmt.Sprintf("/api/merchant/shop/setting/%d", venueID)},
		}
		if tableID != 0 {
			reqs = append(reqs, platformtest.Req{Method: "GET", Path: tb}, platformtest.Req{Method: "PUT", Path: tb, Body: map[string]any{"name": "Mine", "orderingMethod": "qr_order"}},
				platformtest.Req{Method: "POST", Path: tb + "/rotate"}, platformtest.Req{Method: "POST", Path: tb + "/disable"},
				platformtest.Req{Method: "GET", Path: tb + "/qr.png"}, platformtest.Req{Method: "GET", Path: tb + "/qr.svg"}, platformtest.Req{Method: "DELETE", Path: tb})
		}
		if printerID != 0 {
			reqs = append(reqs, platformtest.Req{Method: "GET", Path: pr}, platformtest.Req{Method: "PUT", Path: pr, Body: printerBody("Mine")},
				platformtest.Req{Method: "POST", Path: pr + "/disable"}, platformtest.Req{Method: "DELETE", Path: pr})
		}
		if buttonID != 0 {
			reqs = append(reqs, platformtest.Req{Method: "PUT", Path: bt, Body: map[string]any{"names": map[string]string{"en_US": "Mine"}}},
				platformtest.Req{Method: "POST", Path: bt + "/disable"})
		}
		for i := range reqs {
			reqs[i].Token = token
		}
		return reqs
	}
	check := func(who string, reqs []platformtest.Req) {
		t.Helper()
		for _, r := range reqs {
			if res := f.env.Do(r); res.Code != 10002 {
				t.Errorf("%s: %s %s answered %d %q", who, r.Method, r.Path, res.Code, res.Msg)
			}
		}
	}
	// Another merchant, on our venue and our rows.
	check("other merchant", foreign(f.otherAdmin, f.venueID, ours.ID, printer.ID, button.ID))
	// The harbour manager on the riverside venue and its rows, and the riverside manager on the harbour's.
	check("harbour manager", foreign(f.manager2, f.venueID, ours.ID, printer.ID, button.ID))
	check("riverside manager", foreign(f.manager, f.venue2ID, harbour.ID, 0, 0))

	// Nothing changed.
	after := f.tables(f.manager, 0)[0]
	if after.Token != ours.Token || after.Name != ours.Name || after.Status != ours.Status {
		t.Fatalf("our table changed: %+v", after)
	}
	if _, err := f.mod.Printers.Printer(t.Context(), printer.ID); err != nil {
		t.Fatal(err)
	}
	// Each manager's list holds their own venue's rows only; the administrator sees each venue by name.
	for _, tb := range f.tables(f.manager2, 0) {
		if tb.VenueID != f.venue2ID {
			t.Fatalf("harbour manager sees %+v", tb)
		}
	}
	if len(f.tables(f.admin, f.venue2ID)) != 1 || len(f.tables(f.admin, f.venueID)) != len(f.tables(f.manager, 0)) {
		t.Fatal("administrator's view of the two venues")
	}
	f.addTable(f.admin, f.venue2ID, "H2")
	if len(f.tables(f.manager2, 0)) != 2 {
		t.Fatal("administrator's table did not reach the harbour")
	}
	// The other merchant's own venue works for them, and their codes are theirs.
	theirs := f.addTable(f.otherAdmin, f.otherVenueID, "O1")
	var g configure.GuestTable
	f.OK("GET", "/api/public/table/"+theirs.Token, "", nil).Into(t, &g)
	if g.Venue.ID != f.otherVenueID || g.Table.MerchantID == f.merchantID {
		t.Fatalf("their code: %+v", g)
	}
	// Platform users read and never write.
	f.OK("GET", fmt.Sprintf("%s/table?venueId=%d", base, f.venueID), f.platform, nil)
	if res := f.Do("POST", fmt.Sprintf("%s/table?venueId=%d", base, f.venueID), f.platform, map[string]any{"name": "P", "orderingMethod": "qr_order"}); res.Code != 10003 {
		t.Fatalf("platform write: %d", res.Code)
	}
	// A waiter may read and download codes, not change them.
	f.OK("GET", base+"/table", f.waiter, nil)
	if res := f.Do("POST", fmt.Sprintf("%s/table/%d/rotate", base, ours.ID), f.waiter, nil); res.Status != 403 {
		t.Fatalf("waiter rotates: HTTP %d", res.Status)
	}
}
