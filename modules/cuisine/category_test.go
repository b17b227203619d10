package cuisine_test

import (
	"fmt"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
)

func TestCategoryRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, tc := range []struct {
		body       map[string]any
		field, msg string
		code       int
	}{
		{map[string]any{"sort": 1}, "name", "Name cannot be empty", 10001},
		{map[string]any{"name": "  ", "sort": 1}, "name", "Name cannot be empty", 10001},
		{map[string]any{"name": "Soups"}, "sort", "Sort order cannot be empty", 10001},
		{map[string]any{"name": "Soups", "sort": -1}, "sort", "", 10001},
		{map[string]any{"name": "Mains", "sort": 5}, "name", "Name is already in use", 10001},
	} {
		expectField(t, f.do("POST", base+"/category", f.admin, tc.body), tc.code, tc.field, tc.msg)
	}
	res := f.env.Do(reqWithLocale("POST", base+"/category", f.admin, "zh_CN", map[string]any{"sort": 1}))
	expectField(t, res, 10001, "name", "名称不能为空")

	var soups cuisine.CategoryView
	f.ok("POST", base+"/category", f.admin, map[string]any{"name": "Soups", "sort": 5}).Into(t, &soups)
	if soups.Status != cuisine.StatusEnabled || soups.DishCount != 0 || soups.MerchantID != f.merchantID {
		t.Fatalf("created %+v", soups)
	}
	path := fmt.Sprintf("%s/category/%d", base, soups.ID)
	expectField(t, f.do("PUT", path, f.admin, map[string]any{"name": "Drinks", "sort": 5}), 10001, "name", "Name is already in use")
	f.ok("PUT", path, f.admin, map[string]any{"name": "Soups and broths", "sort": 6})
	var got cuisine.CategoryView
	f.ok("GET", path, f.admin, nil).Into(t, &got)
	if got.Name != "Soups and broths" || got.Sort != 6 {
		t.Fatalf("after edit %+v", got)
	}

	var page api.Page[cuisine.CategoryView]
	f.ok("GET", base+"/category?name=Ma", f.admin, nil).Into(t, &page)
	if page.Total != 1 || page.Records[0].Name != "Mains" || page.Records[0].DishCount != 6 {
		t.Fatalf("filtered list %+v", page)
	}
}

func TestCategoryWithDishesMovesOnDelete(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	starters, mains := f.categories["Starters"], f.categories["Mains"]
	path := fmt.Sprintf("%s/category/%d", base, starters)
	res := f.do("DELETE", path, f.admin, nil)
	if res.Code != 10003 || res.Msg != "Category Starters still holds 5 dishes; choose a category to move them to" {
		t.Fatalf("delete with dishes: %d %q", res.Code, res.Msg)
	}
	expectField(t, f.do("DELETE", path+"?moveTo=999999", f.admin, nil), 10001, "moveTo", "")
	expectField(t, f.do("DELETE", fmt.Sprintf("%s?moveTo=%d", path, starters), f.admin, nil), 10001, "moveTo", "")
	f.ok("GET", path, f.admin, nil) // still there

	f.ok("DELETE", fmt.Sprintf("%s?moveTo=%d", path, mains), f.admin, nil)
	if res := f.do("GET", path, f.admin, nil); res.Code != 10002 {
		t.Fatalf("deleted category still answers: %d", res.Code)
	}
	var m cuisine.CategoryView
	f.ok("GET", fmt.Sprintf("%s/category/%d", base, mains), f.admin, nil).Into(t, &m)
	if m.DishCount != 11 {
		t.Fatalf("mains hold %d dishes after the move", m.DishCount)
	}
	if d := f.dish(f.dishes["S01"]); d.CategoryID != mains || d.CategoryName != "Mains" {
		t.Fatalf("moved dish %+v", d.DishView)
	}
	// An empty category goes without moveTo.
	var empty cuisine.CategoryView
	f.ok("POST", base+"/category", f.admin, map[string]any{"name": "Empty", "sort": 9}).Into(t, &empty)
	f.ok("DELETE", fmt.Sprintf("%s/category/%d", base, empty.ID), f.admin, nil)
}

func TestCategoryReorderAndStatus(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	c := f.categories
	order := []uint64{c["Drinks"], c["Starters"], c["Noodles and rice"], c["Mains"]}
	f.ok("PUT", base+"/category/sort", f.admin, map[string]any{"ids": order})
	var all []cuisine.CategoryView
	f.ok("GET", base+"/dish/categories", f.admin, nil).Into(t, &all)
	for i, cat := range all {
		if cat.ID != order[i] {
			t.Fatalf("order after drag: %+v", all)
		}
	}
	m, _ := f.menu()
	if len(m.Categories) != 4 || m.Categories[0].Name != "Drinks" || m.Categories[3].Name != "Mains" {
		t.Fatalf("public menu order %v", names(m))
	}
	// One unknown id and nothing moves.
	res := f.do("PUT", base+"/category/sort", f.admin, map[string]any{"ids": []uint64{c["Mains"], c["Drinks"], 999999}})
	if res.Code != 10002 {
		t.Fatalf("reorder with an unknown id: %d", res.Code)
	}
	f.ok("GET", base+"/dish/categories", f.admin, nil).Into(t, &all)
	if all[0].ID != c["Drinks"] {
		t.Fatalf("a refused reorder moved rows: %+v", all)
	}

	f.ok("POST", fmt.Sprintf("%s/category/%d/disable", base, c["Drinks"]), f.admin, nil)
	m, _ = f.menu()
	if len(m.Categories) != 3 || m.Categories[0].Name == "Drinks" {
		t.Fatalf("disabled category on the menu: %v", names(m))
	}
	f.ok("POST", fmt.Sprintf("%s/category/%d/enable", base, c["Drinks"]), f.admin, nil)
	if m, _ = f.menu(); len(m.Categories) != 4 {
		t.Fatalf("enabled category missing: %v", names(m))
	}
}

func names(m cuisine.PublicMenu) []string {
	out := make([]string, len(m.Categories))
	for i, c := range m.Categories {
		out[i] = c.Name
	}
	return out
}
