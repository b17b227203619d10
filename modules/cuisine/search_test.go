package cuisine_test

import (
	"fmt"
	"net/url"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
)

// Search by name finds the text anywhere in the name or the dish number,
// case-insensitively, in Chinese as in English (issue 17: "tofu" and "hot
// pot" found nothing while the search matched prefixes only).
func TestDishSearchFindsWordsInsideNames(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.createDish("H01", func(b map[string]any) { b["name"] = "Sichuan Hot Pot 麻辣火锅" })
	list := func(path, q string) api.Page[cuisine.DishView] {
		var page api.Page[cuisine.DishView]
		f.ok("GET", base+path+"?"+q, f.admin, nil).Into(t, &page)
		return page
	}
	for q, want := range map[string][]string{
		"name=" + url.QueryEscape("tofu"):    {"M02"},
		"name=" + url.QueryEscape("TOFU"):    {"M02"},
		"name=" + url.QueryEscape("hot pot"): {"H01"},
		"name=" + url.QueryEscape("火锅"):      {"H01"},
		"name=" + url.QueryEscape("辣"):       {"H01"},
		"name=" + url.QueryEscape("m02"):     {"M02"},
		"number=" + url.QueryEscape("02"):    {"D02", "M02", "N02", "S02"},
		"name=" + url.QueryEscape("50%"):     {},
		"name=" + url.QueryEscape("o_u"):     {},
	} {
		page := list("/dish", q+"&pageSize=100")
		got := map[string]bool{}
		for _, d := range page.Records {
			got[d.Number] = true
		}
		if len(got) != len(want) || int(page.Total) != len(want) {
			t.Errorf("%s: got %v (total %d), want %v", q, got, page.Total, want)
			continue
		}
		for _, n := range want {
			if !got[n] {
				t.Errorf("%s: got %v, want %v", q, got, want)
			}
		}
	}
	var cats api.Page[cuisine.Category]
	f.ok("GET", base+"/category?name="+url.QueryEscape("rice"), f.admin, nil).Into(t, &cats)
	if cats.Total != 1 || cats.Records[0].Name != "Noodles and rice" {
		t.Errorf("category search inside the name: %+v", cats.Records)
	}
}

// A renamed dish is found by its new name only; a deleted one not at all; an
// imported one at once.
func TestDishSearchFollowsEdits(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.createDish("Z01", func(b map[string]any) { b["name"] = "Crème brûlée tart" })
	count := func(q string) int64 {
		var page api.Page[cuisine.DishView]
		f.ok("GET", base+"/dish?name="+url.QueryEscape(q), f.admin, nil).Into(t, &page)
		return page.Total
	}
	if n := count("BRÛLÉE"); n != 1 {
		t.Fatalf("accented upper case finds %d", n)
	}
	body := f.dishBody("Z01")
	body["name"] = "Lemon tart with a very long name that goes past the indexed suffix length"
	f.ok("PUT", fmt.Sprintf("%s/dish/%d", base, d.ID), f.admin, body)
	if n := count("brûlée"); n != 0 {
		t.Errorf("old name still found: %d", n)
	}
	if n := count("goes past the indexed suffix length"); n != 1 {
		t.Errorf("a text longer than the index keeps found: %d", n)
	}
	if n := count("goes past the indexed suffix lengthX"); n != 0 {
		t.Errorf("a longer text that is not in the name: %d", n)
	}
	f.ok("DELETE", fmt.Sprintf("%s/dish/%d", base, d.ID), f.admin, nil)
	if n := count("goes past the"); n != 0 {
		t.Errorf("deleted dish found: %d", n)
	}
}
