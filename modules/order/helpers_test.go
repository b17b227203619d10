package order_test

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// fixture is the application with the demo merchant (menu, tables, venue
// settings), its logins, and the clock set inside the demo venue's hours.
type fixture struct {
	t                      testing.TB
	env                    *platformtest.Env
	mod                    *order.Module
	admin, manager, waiter string
	merchantID, venueID    uint64
	venueKey               string
	tables                 []configure.TableView
	menu                   cuisine.PublicMenu
	otherAdmin             string
	otherVenueID           uint64
	otherTables            []configure.TableView
	at                     time.Time // the order module's clock (setClock)
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	f := &fixture{t: t, env: env}
	var venues *shop.Module
	for _, m := range env.P.Modules {
		switch m := m.(type) {
		case *order.Module:
			f.mod = m
		case *shop.Module:
			venues = m
		}
	}
	if f.mod == nil || venues == nil {
		t.Fatal("order or shop module not built")
	}
	f.admin = env.Login("demo_admin", sys.DemoPassword)
	f.manager = env.Login("demo_manager", sys.DemoPassword)
	f.waiter = env.Login("demo_waiter", sys.DemoPassword)
	var venue sys.Org
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("type = ? AND name = ?", sys.OrgVenue, "Demo Bistro Riverside").Take(&venue).Error; err != nil {
		t.Fatal(err)
	}
	f.merchantID, f.venueID = venue.MerchantID, venue.ID
	v, err := venues.Settings.VenueSettings(t.Context(), venue.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.venueKey = v.VenueKey
	// A Wednesday at 12:30 in the venue's zone: the demo venue serves lunch.
	now := time.Now().In(v.Location)
	day := time.Date(now.Year(), now.Month(), now.Day(), 12, 30, 0, 0, v.Location)
	for day.Weekday() != time.Wednesday {
		day = day.AddDate(0, 0, 1)
	}
	f.setClock(day)
	f.tables = f.tablesOf(f.admin, f.venueID)
	f.loadMenu()
	return f
}

func (f *fixture) setClock(at time.Time) {
	f.at = at
	f.mod.SetClock(func() time.Time { return at })
}

func (f *fixture) loadMenu() {
	f.t.Helper()
	res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/" + f.venueKey + "/menu", Locale: "en_US"})
	platformtest.OK(f.t, res).Into(f.t, &f.menu)
}

func (f *fixture) tablesOf(token string, venueID uint64) []configure.TableView {
	f.t.Helper()
	var page api.Page[configure.TableView]
	f.ok("GET", fmt.Sprintf("/api/merchant/configure/table?venueId=%d&pageSize=100", venueID), token, nil).Into(f.t, &page)
	if len(page.Records) == 0 {
		f.t.Fatal("venue has no tables")
	}
	return page.Records
}

// otherMerchant creates a second merchant with one table.
func (f *fixture) otherMerchant() {
	f.t.Helper()
	m, err := f.env.P.Sys.CreateMerchant(f.t.Context(), sys.NewMerchant{Name: "Other Noodle Bar"}, "other_admin", "Other@123")
	if err != nil {
		f.t.Fatal(err)
	}
	f.otherVenueID = m.VenueID
	tok := f.env.Login("other_admin", "Other@123")
	if res := f.do("POST", "/api/sys/user/updatePassword", tok, map[string]string{"oldPassword": "Other@123", "password": "Other@123x", "repassword": "Other@123x"}); res.Code == 10000 {
		tok = f.env.Login("other_admin", "Other@123x")
	}
	f.otherAdmin = tok
	f.ok("POST", fmt.Sprintf("/api/merchant/configure/table?venueId=%d", m.VenueID), tok, map[string]any{"name": "B01", "area": "Hall", "seats": 2,
		"orderingMethod": "qr_order"})
	f.otherTables = f.tablesOf(tok, m.VenueID)
}

func (f *fixture) do(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: method, Path: path, Token: token, Body: body, Locale: "en_US"})
}

func (f *fixture) ok(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return platformtest.OK(f.t, f.do(method, path, token, body))
}

// dish finds a demo dish on the menu by name.
func (f *fixture) dish(name string) cuisine.PublicDish {
	f.t.Helper()
	for _, c := range f.menu.Categories {
		for _, d := range c.Dishes {
			if d.Name == name {
				return d
			}
		}
	}
	f.t.Fatalf("dish %q not on the menu", name)
	return cuisine.PublicDish{}
}

// option finds a dish's value of a specification.
func option(t testing.TB, d cuisine.PublicDish, spec, value string) cuisine.PublicOption {
	t.Helper()
	for _, s := range d.Specs {
		if s.Name == spec {
			for _, o := range s.Options {
				if o.Value == value {
					return o
				}
			}
		}
	}
	t.Fatalf("%s has no %s %s", d.Name, spec, value)
	return cuisine.PublicOption{}
}

func newKey() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// line is a submission line.
type line = map[string]any

// submit orders at a table code as a guest.
func (f *fixture) submit(token, key string, lines ...line) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/public/table/" + token + "/orders", Locale: "en_US",
		Body: map[string]any{"idempotencyKey": key, "lines": lines}})
}

func (f *fixture) submitOK(token string, lines ...line) order.SubmitResult {
	f.t.Helper()
	var r order.SubmitResult
	platformtest.OK(f.t, f.submit(token, newKey(), lines...)).Into(f.t, &r)
	return r
}

// kungPao is a line of Kung Pao chicken, medium and large.
func (f *fixture) kungPao(qty int) line {
	d := f.dish("Kung Pao chicken")
	return line{"dishId": d.ID, "quantity": qty, "optionIds": []uint64{option(f.t, d, "Spice level", "Medium").ID, option(f.t, d, "Size", "Large").ID}}
}

// counts are the rows of the module's tables.
func (f *fixture) counts() [3]int64 {
	f.t.Helper()
	db := f.env.P.DB.WithContext(platformtest.SystemCtx(f.t))
	var out [3]int64
	for i, m := range []any{&order.Order{}, &order.Line{}, &order.Submission{}} {
		if err := db.Model(m).Count(&out[i]).Error; err != nil {
			f.t.Fatal(err)
		}
	}
	return out
}

func (f *fixture) detail(token string, id uint64) order.OrderDetail {
	f.t.Helper()
	var d order.OrderDetail
	f.ok("GET", fmt.Sprintf("/api/merchant/order/%d", id), token, nil).Into(f.t, &d)
	return d
}

// orderIDOf finds an order's id by its number as the admin sees it.
func (f *fixture) orderIDOf(no string) uint64 {
	f.t.Helper()
	var page api.Page[order.OrderView]
	f.ok("GET", "/api/merchant/order?orderNo="+no, f.admin, nil).Into(f.t, &page)
	if len(page.Records) != 1 {
		f.t.Fatalf("order %s: %d records", no, len(page.Records))
	}
	return page.Records[0].ID
}

func strconvU(n uint64) string { return fmt.Sprint(n) }
