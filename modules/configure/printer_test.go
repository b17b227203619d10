package configure_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/platform/platformtest"
)

func printerBody(name string) map[string]any {
	return map[string]any{"name": name, "type": "kitchen", "model": "XP-N1601", "ip": "192.168.1.50", "copies": 1,
		"fontSize": "normal", "charset": "GB18030", "paperWidth": 80, "cut": true}
}

// The spec's required printer fields each answer 'cannot be empty' or
// 'must be selected' naming the field; the port defaults to 9100.
func TestPrinterValidationMessages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	path := base + "/printer"
	cases := []struct {
		field, msg string
		value      any
	}{
		{"type", "Type must be selected", ""},
		{"model", "Printer must be selected", ""},
		{"ip", "IP address cannot be empty", ""},
		{"copies", "Copies cannot be empty", 0},
		{"fontSize", "Font size must be selected", ""},
		{"paperWidth", "Parameters (paper width) must be selected", 0},
		{"charset", "Character set must be selected", ""},
		{"name", "Name cannot be empty", ""},
		{"ip", "IP address must be an IP address such as 192.168.1.100", "printer.local; rm -rf"},
		{"copies", "Copies must be between 1 and 9", 10},
		{"port", "Port must be between 1 and 65535", 70000},
		{"paperWidth", "", 76},
		{"type", "", "usb"},
	}
	for _, c := range cases {
		body := printerBody("P1")
		body[c.field] = c.value
		platformtest.ExpectField(t, f.Do("POST", path, f.manager, body), c.field, c.msg)
	}
	// All at once: each field named in one answer.
	res := f.Do("POST", path, f.manager, map[string]any{})
	for _, field := range []string{"type", "model", "ip", "copies", "fontSize", "paperWidth", "charset"} {
		if res.Fields[field] == "" {
			t.Errorf("empty form: no message on %s (%v)", field, res.Fields)
		}
	}
	var p configure.PrinterView
	f.OK("POST", path, f.manager, printerBody("P1")).Into(t, &p)
	if p.Port != 9100 || p.VenueID != f.venueID || p.Address() != "192.168.1.50:9100" || p.Columns() != 48 {
		t.Fatalf("created: %+v", p)
	}
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, printerBody("P1")), "name", "Name is already in use")
	body := printerBody("P1")
	body["backupId"] = p.ID
	platformtest.ExpectField(t, f.Do("PUT", fmt.Sprintf("%s/%d", path, p.ID), f.manager, body), "backupId", "A printer cannot be its own backup")
}

// Kitchen printers take the tickets of their dish categories; the setup
// check lists on-shelf dishes whose category reaches no enabled kitchen
// printer, read through the cuisine module.
func TestPrinterRoutingAndSetupCheck(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var cats []cuisine.CategoryView
	f.OK("GET", "/api/merchant/cuisine/dish/categories", f.admin, nil).Into(t, &cats)
	byName := map[string]uint64{}
	for _, c := range cats {
		byName[c.Name] = c.ID
	}
	all, err := f.mod.Printers.PrintersForVenue(t.Context(), f.venueID)
	if err != nil || len(all) != 3 {
		t.Fatalf("demo printers: %d %v", len(all), err)
	}
	for _, c := range cats {
		ps, err := f.mod.Printers.KitchenPrintersFor(t.Context(), f.venueID, c.ID)
		if err != nil || len(ps) != 1 || ps[0].IP != "127.0.0.1" || ps[0].Port != 9100 || ps[0].BackupID == nil {
			t.Fatalf("category %s routes to %+v %v", c.Name, ps, err)
		}
	}
	receipts, _ := f.mod.Printers.ReceiptPrinters(t.Context(), f.venueID)
	if len(receipts) != 1 || receipts[0].Name != "Front desk" {
		t.Fatalf("receipt printers: %+v", receipts)
	}
	var check configure.SetupCheck
	f.OK("GET", base+"/printer/check", f.manager, nil).Into(t, &check)
	if check.KitchenPrinters != 2 || len(check.Unrouted) != 0 {
		t.Fatalf("demo check: %+v", check)
	}
	// Disable the hot kitchen: mains and noodles on shelf reach nothing.
	hot := all[slices.IndexFunc(all, func(p configure.PrinterView) bool { return p.Name == "Hot kitchen" })]
	f.OK("POST", fmt.Sprintf("%s/printer/%d/disable", base, hot.ID), f.manager, nil)
	f.OK("GET", base+"/printer/check", f.manager, nil).Into(t, &check)
	var onShelf api.Page[cuisine.DishView]
	f.OK("GET", fmt.Sprintf("/api/merchant/cuisine/dish?categoryId=%d&status=on_sale&pageSize=100", byName["Mains"]), f.admin, nil).Into(t, &onShelf)
	mains := 0
	for _, d := range check.Unrouted {
		if d.CategoryName == "Mains" {
			mains++
		}
		if d.CategoryName != "Mains" && d.CategoryName != "Noodles and rice" {
			t.Fatalf("unrouted %+v", d)
		}
	}
	if check.KitchenPrinters != 1 || mains != int(onShelf.Total) || len(check.Categories) != 2 {
		t.Fatalf("check with the hot kitchen off: %+v (mains on shelf %d)", check, onShelf.Total)
	}
	// A dish taken off the shelf is no longer a problem.
	f.OK("POST", "/api/merchant/cuisine/dish/offShelf", f.admin, map[string]any{"ids": []uint64{check.Unrouted[0].ID}})
	var after configure.SetupCheck
	f.OK("GET", base+"/printer/check", f.manager, nil).Into(t, &after)
	if len(after.Unrouted) != len(check.Unrouted)-1 {
		t.Fatalf("after off-shelf: %d unrouted, was %d", len(after.Unrouted), len(check.Unrouted))
	}
	// Route both categories to a new kitchen printer: nothing left.
	body := printerBody("Wok station")
	body["categoryIds"] = []uint64{byName["Mains"], byName["Noodles and rice"]}
	var wok configure.PrinterView
	f.OK("POST", base+"/printer", f.manager, body).Into(t, &wok)
	f.OK("GET", base+"/printer/check", f.manager, nil).Into(t, &after)
	if len(after.Unrouted) != 0 || len(wok.CategoryIDs) != 2 {
		t.Fatalf("after the wok station: %+v %+v", after, wok)
	}
	// Another merchant's category cannot be routed.
	f.otherMerchant()
	var theirs cuisine.CategoryView
	f.OK("POST", "/api/merchant/cuisine/category", f.otherAdmin, map[string]any{"name": "Theirs", "sort": 1}).Into(t, &theirs)
	body["name"], body["categoryIds"] = "Foreign", []uint64{theirs.ID}
	platformtest.ExpectField(t, f.Do("POST", base+"/printer", f.manager, body), "categoryIds", "")
	// Removing a printer clears it as others' backup.
	f.OK("DELETE", fmt.Sprintf("%s/printer/%d", base, hot.ID), f.manager, nil)
	left, _ := f.mod.Printers.PrintersForVenue(t.Context(), f.venueID)
	for _, p := range left {
		if p.BackupID != nil && *p.BackupID == hot.ID {
			t.Fatalf("%s still backs up to a removed printer", p.Name)
		}
	}
}
