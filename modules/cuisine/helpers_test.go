package cuisine_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

const base = "/api/merchant/cuisine"

// fixture is the application with the demo merchant's menu and logins.
type fixture struct {
	t                       *testing.T
	env                     *platformtest.Env
	mod                     *cuisine.Module
	admin, manager, waiter  string
	merchantID, venueID     uint64
	venueKey                string
	categories              map[string]uint64 // demo categories by name
	dishes                  map[string]uint64 // demo dishes by number
	platform                string
	otherAdmin, otherVenKey string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	f := &fixture{t: t, env: env, mod: platformtest.Module[*cuisine.Module](env), categories: map[string]uint64{}, dishes: map[string]uint64{}}
	f.admin = env.Login("demo_admin", sys.DemoPassword)
	f.manager = env.Login("demo_manager", sys.DemoPassword)
	f.waiter = env.Login("demo_waiter", sys.DemoPassword)
	f.platform = env.AdminToken()
	venue := env.DemoVenue()
	f.merchantID, f.venueID, f.venueKey = venue.MerchantID, venue.ID, *venue.VenueKey
	var cats []cuisine.CategoryView
	f.ok("GET", base+"/dish/categories", f.admin, nil).Into(t, &cats)
	for _, c := range cats {
		f.categories[c.Name] = c.ID
	}
	var page api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?pageSize=100", f.admin, nil).Into(t, &page)
	for _, d := range page.Records {
		f.dishes[d.Number] = d.ID
	}
	if len(f.categories) != 4 || len(f.dishes) != 20 {
		t.Fatalf("demo menu: %d categories, %d dishes", len(f.categories), len(f.dishes))
	}
	return f
}

// other creates a second merchant and answers its administrator's token.
func (f *fixture) other() string {
	f.t.Helper()
	if f.otherAdmin != "" {
		return f.otherAdmin
	}
	env := f.env
	m, err := env.P.Sys.CreateMerchant(f.t.Context(), sys.NewMerchant{Name: "Other Noodle Bar"}, "other_admin", "Other@123")
	if err != nil {
		f.t.Fatal(err)
	}
	tok := env.Login("other_admin", "Other@123")
	platformtest.OK(f.t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": "Other@123", "password": "Other@456", "repassword": "Other@456"}}))
	f.otherAdmin = env.Login("other_admin", "Other@456")
	var venue sys.Org
	if err := env.P.DB.WithContext(platformtest.SystemCtx(f.t)).Take(&venue, m.VenueID).Error; err != nil {
		f.t.Fatal(err)
	}
	f.otherVenKey = *venue.VenueKey
	return f.otherAdmin
}

func (f *fixture) do(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: method, Path: path, Token: token, Body: body})
}

func (f *fixture) ok(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return platformtest.OK(f.t, f.do(method, path, token, body))
}

// dishBody is a valid dish form to vary.
func (f *fixture) dishBody(number string) map[string]any {
	return map[string]any{
		"name": "Dish " + number, "number": number, "categoryId": f.categories["Mains"], "sort": 10, "price": 3000,
		"description": "A test dish.", "images": []string{"/uploads/2026/05/abcdef.png"},
		"specs": []map[string]any{
			{"name": "Size", "options": []map[string]any{{"value": "Regular"}, {"value": "Large", "priceDelta": 500}}, "required": true},
			{"name": "Spice", "content": "Mild,Hot"},
		},
	}
}

func (f *fixture) createDish(number string, edit func(map[string]any)) cuisine.DishDetail {
	f.t.Helper()
	body := f.dishBody(number)
	if edit != nil {
		edit(body)
	}
	var d cuisine.DishDetail
	f.ok("POST", base+"/dish", f.admin, body).Into(f.t, &d)
	return d
}

func (f *fixture) dish(id uint64) cuisine.DishDetail {
	f.t.Helper()
	var d cuisine.DishDetail
	f.ok("GET", fmt.Sprintf("%s/dish/%d", base, id), f.admin, nil).Into(f.t, &d)
	return d
}

// menu fetches the public menu of the demo venue.
func (f *fixture) menu() (cuisine.PublicMenu, platformtest.Envelope) {
	f.t.Helper()
	res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/" + f.venueKey + "/menu"})
	if res.Status != http.StatusOK || res.Code != 10000 {
		f.t.Fatalf("public menu: HTTP %d code %d %s", res.Status, res.Code, res.Msg)
	}
	var m cuisine.PublicMenu
	res.Into(f.t, &m)
	return m, res
}

// menuDish finds a dish on the public menu; ok is false when it is not there.
func menuDish(m cuisine.PublicMenu, id uint64) (cuisine.PublicDish, bool) {
	for _, c := range m.Categories {
		for _, d := range c.Dishes {
			if d.ID == id {
				return d, true
			}
		}
	}
	return cuisine.PublicDish{}, false
}

// expectField asserts a validation failure on field with msg ("" = any).
func expectField(t *testing.T, res platformtest.Envelope, code int, field, msg string) {
	t.Helper()
	if res.Code != code {
		t.Fatalf("want code %d on %s, got %d %q %v", code, field, res.Code, res.Msg, res.Fields)
	}
	if field != "" && res.Fields[field] == "" {
		t.Fatalf("want a message on %s, got %q %v", field, res.Msg, res.Fields)
	}
	if msg != "" && res.Msg != msg && res.Fields[field] != msg {
		t.Fatalf("want %q on %s, got msg %q fields %v", msg, field, res.Msg, res.Fields)
	}
}

func reqWithLocale(method, path, token, locale string, body any) platformtest.Req {
	return platformtest.Req{Method: method, Path: path, Token: token, Locale: locale, Body: body}
}
