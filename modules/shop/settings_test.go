package shop_test

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// A venue manager edits their venue's opening hours, profile and settings;
// the change is one save (profile on the organisation node, settings in
// the shop row), other modules read it through VenueSettings, and it is in
// the operation log.
func TestManagerEditsTheirVenue(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	v, err := f.mod.Settings.VenueSettings(t.Context(), f.venueID)
	if err != nil {
		t.Fatal(err)
	}
	if v.TaxRate != 600 || v.ServiceCharge != 1000 || v.DefaultLanguage != "zh_CN" || v.OrderPrefix != "RS" || v.Currency != "CNY" || v.Location.String() != "Asia/Shanghai" {
		t.Fatalf("demo settings: %+v", v)
	}
	form := f.form(f.manager, f.venueID)
	// The demo venue has its seeded order history (the order module): its currency is fixed.
	if form["currencyLocked"] != true {
		t.Fatalf("currency not locked with orders: %v", form["currencyLocked"])
	}
	hours := form["openingHours"].([]any)
	sunday := hours[6].(map[string]any)
	sunday["closed"] = true
	monday := hours[0].(map[string]any)
	monday["periods"] = []map[string]string{{"open": "09:00", "close": "12:00"}, {"open": "18:00", "close": "02:00"}}
	form["name"], form["contact"], form["mobile"] = "Riverside Bistro", "Sam Li", "13800000002"
	form["closedDates"] = []string{"2026-12-25", "2026-12-24", "2026-12-25"}
	form["orderingMode"], form["taxRate"], form["pricesIncludeTax"] = shop.PayPerOrder, 850, false
	form["guestLanguages"] = []string{"th_TH", "en_US"}
	form["defaultLanguage"] = "th_TH"
	var saved shop.SettingsView
	f.OK("PUT", settingsPath(f.venueID), f.manager, form).Into(t, &saved)
	if saved.Name != "Riverside Bistro" || !saved.OpeningHours[6].Closed || len(saved.OpeningHours[6].Periods) != 0 ||
		len(saved.ClosedDates) != 2 || saved.ClosedDates[0] != "2026-12-24" || saved.GuestLanguages[0] != "en_US" ||
		saved.OrderingMode != shop.PayPerOrder || saved.TaxRate != 850 || saved.PricesIncludeTax {
		t.Fatalf("saved: %+v", saved)
	}
	v, _ = f.mod.Settings.VenueSettings(t.Context(), f.venueID)
	if v.Name != "Riverside Bistro" || v.DefaultLanguage != "th_TH" || v.PricesIncludeTax {
		t.Fatalf("VenueSettings after the save: %+v", v)
	}
	// The organisation node carries the profile (the organisation page shows it).
	var org sys.Org
	f.OK("GET", "/api/sys/org/"+strconv.FormatUint(f.venueID, 10), f.admin, nil).Into(t, &org)
	if org.Name != "Riverside Bistro" || org.Mobile != "13800000002" {
		t.Fatalf("organisation node: %+v", org)
	}
	// Monday 01:30 the next night is inside Monday's late period; Sunday is closed.
	loc := v.Location
	if !v.IsOpenAt(time.Date(2026, 11, 24, 1, 30, 0, 0, loc)) || v.IsOpenAt(time.Date(2026, 11, 29, 12, 0, 0, 0, loc)) {
		t.Fatal("IsOpenAt does not follow the saved hours")
	}
	f.env.P.Sys.Oplog.Flush()
	var logged []sys.Oplog
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("route = ?", "/merchant/shop/setting/:venueId").Find(&logged).Error; err != nil {
		t.Fatal(err)
	}
	if len(logged) != 1 || logged[0].Username != "demo_manager" || logged[0].Operation != "shop:setting:edit" || logged[0].Method != "PUT" {
		t.Fatalf("operation log: %+v", logged)
	}
}

// Bad settings name the field in the caller's language; nothing is saved.
func TestSettingsValidationMessages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	put := func(edit func(map[string]any), locale string) platformtest.Envelope {
		form := f.form(f.manager, f.venueID)
		edit(form)
		return f.env.Do(platformtest.Req{Method: "PUT", Path: settingsPath(f.venueID), Token: f.manager, Body: form, Locale: locale})
	}
	day := func(form map[string]any, i int) map[string]any {
		return form["openingHours"].([]any)[i].(map[string]any)
	}
	cases := []struct {
		field, msg string
		edit       func(map[string]any)
	}{
		{"name", "Name cannot be empty", func(m map[string]any) { m["name"] = " " }},
		{"timezone", "Time zone has an invalid value", func(m map[string]any) { m["timezone"] = "Mars/Olympus" }},
		{"currency", "Currency has an invalid value", func(m map[string]any) { m["currency"] = "XYZ" }},
		{"currency", "Currency must be selected", func(m map[string]any) { m["currency"] = "" }},
		{"taxRate", "Tax rate must be between 0 and 100 %", func(m map[string]any) { m["taxRate"] = 10001 }},
		{"serviceCharge", "Service charge cannot be empty", func(m map[string]any) { delete(m, "serviceCharge") }},
		{"orderingMode", "Ordering mode must be selected", func(m map[string]any) { m["orderingMode"] = "" }},
		{"guestLanguages", "Guest languages must be selected", func(m map[string]any) { m["guestLanguages"] = []string{} }},
		{"defaultLanguage", "The default language must be one of the guest languages", func(m map[string]any) { m["defaultLanguage"] = "ar_EG" }},
		{"orderPrefix", "Order number prefix may hold up to 8 capital letters, digits or dashes", func(m map[string]any) { m["orderPrefix"] = "TOO LONG PREFIX" }},
		{"cancelApprovalAbove", "Cancellation approval amount is out of range", func(m map[string]any) { m["cancelApprovalAbove"] = -1 }},
		{"logo", "The logo must be uploaded through the image upload first", func(m map[string]any) { m["logo"] = "javascript:alert(1)" }},
		{"mobile", "Mobile phone number is not a valid mobile phone number", func(m map[string]any) { m["mobile"] = "call me" }},
		{"closedDates", "Closed dates: 25/12/2026 is not a date (YYYY-MM-DD)", func(m map[string]any) { m["closedDates"] = []string{"25/12/2026"} }},
		{"openingHours", "Day 2: opening periods overlap", func(m map[string]any) {
			day(m, 1)["periods"] = []map[string]string{{"open": "11:00", "close": "15:00"}, {"open": "14:00", "close": "20:00"}}
		}},
		{"openingHours", "Day 3: the period 25:00–26:00 is not a valid time range (HH:MM)", func(m map[string]any) {
			day(m, 2)["periods"] = []map[string]string{{"open": "25:00", "close": "26:00"}}
		}},
		{"openingHours", "Day 4: add an opening period or mark the day closed", func(m map[string]any) { day(m, 3)["periods"] = []any{} }},
		{"openingHours", "Day 7: opening periods overlap", func(m map[string]any) {
			// Sunday's late night runs into Monday's first period (17:00 in the demo).
			day(m, 6)["periods"] = []map[string]string{{"open": "20:00", "close": "18:00"}}
		}},
		{"openingHours", "Opening hours must list each weekday once", func(m map[string]any) { m["openingHours"] = m["openingHours"].([]any)[:6] }},
	}
	for _, c := range cases {
		platformtest.ExpectField(t, put(c.edit, ""), c.field, c.msg)
	}
	platformtest.ExpectField(t, put(func(m map[string]any) { m["orderingMode"] = "" }, "zh_CN"), "orderingMode", "请选择点餐模式")
	v, _ := f.mod.Settings.VenueSettings(t.Context(), f.venueID)
	if v.Name != "Demo Bistro Riverside" || v.TaxRate != 600 {
		t.Fatalf("a refused save changed the venue: %+v", v)
	}
}

// orderHistory answers the currency lock's question as the order module
// will once it is registered at assembly: here, the venue that has orders.
type orderHistory struct{ venue atomic.Uint64 }

func (o *orderHistory) VenueHasOrders(_ context.Context, venueID uint64) (bool, error) {
	return o.venue.Load() == venueID, nil
}

// The currency is fixed once the venue has orders; other fields stay editable.
func TestCurrencyFixedOnceTheVenueHasOrders(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	h := &orderHistory{}
	f.mod.Settings.UseOrderHistory(h)
	form := f.form(f.manager, f.venueID)
	form["currency"] = "HKD"
	var saved shop.SettingsView
	f.OK("PUT", settingsPath(f.venueID), f.manager, form).Into(t, &saved)
	if saved.Currency != "HKD" || saved.CurrencyDigits != 2 || saved.CurrencyLocked {
		t.Fatalf("before orders: %+v", saved)
	}
	h.venue.Store(f.venueID)
	form = f.form(f.manager, f.venueID)
	if form["currencyLocked"] != true {
		t.Fatal("the page does not show the currency as fixed")
	}
	form["currency"] = "JPY"
	platformtest.ExpectField(t, f.Do("PUT", settingsPath(f.venueID), f.manager, form), "currency", "The currency stays HKD: the venue already has orders")
	form["currency"], form["receiptFooter"] = "HKD", "Thanks!"
	f.OK("PUT", settingsPath(f.venueID), f.manager, form).Into(t, &saved)
	if saved.ReceiptFooter != "Thanks!" || saved.Currency != "HKD" {
		t.Fatalf("other fields after the lock: %+v", saved)
	}
	// The second venue has no orders: its currency is free.
	form = f.form(f.admin, f.venue2ID)
	form["currency"] = "JPY"
	f.OK("PUT", settingsPath(f.venue2ID), f.admin, form).Into(t, &saved)
	if saved.CurrencyDigits != 0 {
		t.Fatalf("JPY digits: %+v", saved)
	}
}

// A merchant never reads or edits another merchant's venue; a venue manager
// only their own venue; the merchant's administrator both; platform users read.
func TestSettingsIsolation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	form := f.form(f.manager, f.venueID)
	for _, c := range []struct {
		who, token string
		venue      uint64
	}{
		{"other merchant", f.otherAdmin, f.venueID},
		{"harbour manager", f.manager2, f.venueID},
		{"riverside manager", f.manager, f.venue2ID},
		{"riverside manager on another merchant", f.manager, f.otherVenueID},
		{"riverside manager on the merchant node", f.manager, f.merchantID},
	} {
		if res := f.Do("GET", settingsPath(c.venue), c.token, nil); res.Code != 10002 {
			t.Errorf("%s reads: %d", c.who, res.Code)
		}
		if res := f.Do("PUT", settingsPath(c.venue), c.token, form); res.Code != 10002 {
			t.Errorf("%s writes: %d %q", c.who, res.Code, res.Msg)
		}
	}
	var venues []shop.VenueRef
	f.OK("GET", "/api/merchant/shop/venues", f.manager, nil).Into(t, &venues)
	if len(venues) != 1 || venues[0].ID != f.venueID {
		t.Fatalf("manager's venues: %+v", venues)
	}
	f.OK("GET", "/api/merchant/shop/venues", f.admin, nil).Into(t, &venues)
	if len(venues) != 2 {
		t.Fatalf("administrator's venues: %+v", venues)
	}
	f.form(f.admin, f.venue2ID)
	f.OK("GET", settingsPath(f.venueID), f.platform, nil)
	if res := f.Do("PUT", settingsPath(f.venueID), f.platform, form); res.Code != 10003 {
		t.Fatalf("platform writes: %d", res.Code)
	}
	v, _ := f.mod.Settings.VenueSettings(t.Context(), f.venueID)
	if v.Name != "Demo Bistro Riverside" {
		t.Fatalf("changed: %+v", v)
	}
}
