package cuisine_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/platform/platformtest"
)

// A merchant never reads or changes another merchant's category, dish or
// promotion, whatever id it sends, and its public menu shows only its own.
func TestMerchantCannotReachAnotherMerchantsCatalogue(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	other := f.other()
	foreignDish := f.otherDish()
	var cats []cuisine.CategoryView
	f.ok("GET", base+"/dish/categories", other, nil).Into(t, &cats)
	if len(cats) != 1 {
		t.Fatalf("other merchant sees %d categories", len(cats))
	}
	foreignCat := cats[0].ID
	var promo cuisine.PromotionDetail
	f.ok("POST", base+"/promotion", other, f.promo("Theirs", row(foreignDish, "fixed", 100))).Into(t, &promo)

	cat, dish, pro := fmt.Sprintf("%s/category/%d", base, foreignCat), fmt.Sprintf("%s/dish/%d", base, foreignDish), fmt.Sprintf("%s/promotion/%d", base, promo.ID)
	for _, r := range []platformtest.Req{
		{Method: "GET", Path: cat}, {Method: "PUT", Path: cat, Body: map[string]any{"name": "Mine", "sort": 1}},
		{Method: "POST", Path: cat + "/disable"}, {Method: "DELETE", Path: cat},
		{Method: "DELETE", Path: fmt.Sprintf("%s/category/%d?moveTo=%d", base, f.categories["Mains"], foreignCat)},
		{Method: "GET", Path: dish}, {Method: "PUT", Path: dish, Body: f.dishBody("Z9")}, {Method: "DELETE", Path: dish},
		{Method: "POST", Path: base + "/dish/soldOut", Body: map[string]any{"ids": []uint64{foreignDish}}},
		{Method: "POST", Path: base + "/dish/offShelf", Body: map[string]any{"ids": []uint64{foreignDish}}},
		{Method: "GET", Path: pro}, {Method: "PUT", Path: pro, Body: f.promo("Mine", row(f.dishes["S01"], "fixed", 1))},
		{Method: "POST", Path: pro + "/disable"}, {Method: "DELETE", Path: pro},
	} {
		r.Token = f.admin
		res := f.env.Do(r)
		if r.Path == fmt.Sprintf("%s/category/%d?moveTo=%d", base, f.categories["Mains"], foreignCat) {
			if res.Code != 10001 || res.Fields["moveTo"] == "" {
				t.Errorf("move dishes into another merchant's category: %d %v", res.Code, res.Fields)
			}
			continue
		}
		if res.Code != 10002 {
			t.Errorf("%s %s on another merchant's row: %d %q", r.Method, r.Path, res.Code, res.Msg)
		}
	}
	// Their ids cannot be referenced from our rows either.
	body := f.dishBody("Z1")
	body["categoryId"] = foreignCat
	expectField(t, f.do("POST", base+"/dish", f.admin, body), 10001, "categoryId", "Category must be selected")
	expectField(t, f.do("POST", base+"/promotion", f.admin, f.promo("P", row(foreignDish, "fixed", 1))), 10001, "rows[0].dishId", "")
	// A number is unique per merchant, not across merchants.
	f.createDish("O1", nil)

	var page api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?pageSize=100", f.admin, nil).Into(t, &page)
	for _, d := range page.Records {
		if d.MerchantID != f.merchantID {
			t.Fatalf("list shows %+v", d)
		}
	}
	var theirs cuisine.DishDetail
	f.ok("GET", dish, other, nil).Into(t, &theirs)
	if theirs.Name != "Dish O1" || theirs.SoldOut || theirs.Status != cuisine.OnSale {
		t.Fatalf("their dish changed: %+v", theirs.DishView)
	}
	var theirPromo cuisine.PromotionDetail
	f.ok("GET", pro, other, nil).Into(t, &theirPromo)
	if theirPromo.Name != "Theirs" || theirPromo.Status != cuisine.StatusEnabled {
		t.Fatalf("their promotion changed: %+v", theirPromo.PromotionView)
	}
	// Each venue key answers its own merchant's menu only.
	res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/" + f.otherVenKey + "/menu"})
	var m cuisine.PublicMenu
	platformtest.OK(t, res).Into(t, &m)
	if len(m.Categories) != 1 || len(m.Categories[0].Dishes) != 1 || m.Categories[0].Dishes[0].ID != foreignDish || m.Categories[0].Dishes[0].FinalPrice != 2900 {
		t.Fatalf("other merchant's menu %+v", m)
	}
}

// Each action sits behind its operation code: waiters mark dishes sold out
// but cannot edit them, managers also change the shelf, and platform users
// (who belong to no merchant) cannot write a merchant's menu.
func TestOperationCodesOfTheRoles(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dishes
	dish := fmt.Sprintf("%s/dish/%d", base, d["S01"])
	for _, tc := range []struct {
		who, token, method, path string
		body                     any
		status                   int
	}{
		{"waiter", f.waiter, "GET", base + "/dish", nil, 200},
		{"waiter", f.waiter, "GET", dish, nil, 200},
		{"waiter", f.waiter, "POST", base + "/dish/soldOut", map[string]any{"ids": []uint64{d["S01"]}}, 200},
		{"waiter", f.waiter, "PUT", dish, f.dishBody("S01"), 403},
		{"waiter", f.waiter, "POST", base + "/dish/offShelf", map[string]any{"ids": []uint64{d["S01"]}}, 403},
		{"waiter", f.waiter, "GET", base + "/promotion", nil, 403},
		{"waiter", f.waiter, "POST", base + "/category", map[string]any{"name": "X", "sort": 1}, 403},
		{"manager", f.manager, "POST", base + "/dish/offShelf", map[string]any{"ids": []uint64{d["S01"]}}, 200},
		{"manager", f.manager, "POST", base + "/dish/inStock", map[string]any{"ids": []uint64{d["S01"]}}, 200},
		{"manager", f.manager, "GET", base + "/promotion", nil, 200},
		{"manager", f.manager, "POST", base + "/dish", f.dishBody("Y1"), 403},
		{"manager", f.manager, "DELETE", dish, nil, 403},
		{"manager", f.manager, "POST", base + "/promotion", f.promo("P", row(d["S01"], "fixed", 1)), 403},
	} {
		res := f.do(tc.method, tc.path, tc.token, tc.body)
		if res.Status != tc.status || (tc.status == 200 && res.Code != 10000) {
			t.Errorf("%s %s %s: HTTP %d code %d %q, want HTTP %d", tc.who, tc.method, tc.path, res.Status, res.Code, res.Msg, tc.status)
		}
	}
	res := f.do("POST", base+"/category", f.platform, map[string]any{"name": "Platform's", "sort": 1})
	if res.Code != 10003 || res.Msg != "Only a merchant's staff can change its menu" {
		t.Fatalf("platform write: %d %q", res.Code, res.Msg)
	}
	// The platform may still look (support), across merchants.
	var page api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?number=S0", f.platform, nil).Into(t, &page)
	if page.Total != 5 {
		t.Fatalf("platform view: %d", page.Total)
	}
	// The menus carry the operation codes the console needs.
	var menus struct {
		OperationCodes []string `json:"operationCodes"`
	}
	f.ok("POST", "/api/sys/token/user/menus", f.waiter, nil).Into(t, &menus)
	have := map[string]bool{}
	for _, c := range menus.OperationCodes {
		have[c] = true
	}
	if !have["cuisine:soldout:edit"] || !have["cuisine:dish:query"] || have["cuisine:dish:edit"] || have["cuisine:promotion:query"] {
		t.Fatalf("waiter's operation codes %v", menus.OperationCodes)
	}
}
