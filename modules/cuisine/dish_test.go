package cuisine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
)

func TestDishRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for _, tc := range []struct {
		name       string
		edit       func(b map[string]any)
		code       int
		field, msg string
	}{
		{"name", func(b map[string]any) { delete(b, "name") }, 10001, "name", "Name cannot be empty"},
		{"number", func(b map[string]any) { b["number"] = " " }, 10001, "number", "Number cannot be empty"},
		{"number taken", func(b map[string]any) { b["number"] = "M01" }, 10001, "number", "Number is already in use"},
		{"sort", func(b map[string]any) { delete(b, "sort") }, 10001, "sort", "Sort order cannot be empty"},
		{"category", func(b map[string]any) { delete(b, "categoryId") }, 10001, "categoryId", "Category must be selected"},
		{"unknown category", func(b map[string]any) { b["categoryId"] = 999999 }, 10001, "categoryId", "Category must be selected"},
		{"price", func(b map[string]any) { delete(b, "price") }, 10001, "price", "Price cannot be empty"},
		{"negative price", func(b map[string]any) { b["price"] = -1 }, 10001, "price", "Price is out of range"},
		{"float price", func(b map[string]any) { b["price"] = 12.5 }, 10001, "price", ""},
		{"description", func(b map[string]any) { b["description"] = "" }, 10001, "description", "Description must be entered"},
		{"discount", func(b map[string]any) { b["discountPrice"] = 3000 }, 10001, "discountPrice", "The discount price must be lower than the price"},
		{"ten images", func(b map[string]any) {
			b["images"] = strings.Split(strings.TrimSuffix(strings.Repeat("/uploads/a.png,", 10), ","), ",")
		}, 10001, "images", "Images can hold at most 9 entries"},
		{"foreign image", func(b map[string]any) { b["images"] = []string{"http://evil.example/x.png"} }, 10001, "images", ""},
		{"traversal image", func(b map[string]any) { b["images"] = []string{"/uploads/../venue.db"} }, 10001, "images", ""},
		{"spec name", func(b map[string]any) { spec(b, 0)["name"] = "" }, 10001, "specs[0].name", "Specification name or attribute content cannot be empty"},
		{"spec content", func(b map[string]any) { spec(b, 1)["content"] = " , " }, 10001, "specs[1].content", "Specification name or attribute content cannot be empty"},
		{"spec value", func(b map[string]any) {
			spec(b, 0)["options"] = []map[string]any{{"value": "Small"}, {"value": " "}}
		}, 10001, "specs[0].options[1].value", "Specification name or attribute content cannot be empty"},
		{"spec sort", func(b map[string]any) { spec(b, 0)["sort"] = 3; spec(b, 1)["sort"] = 3 }, 10001, "specs[1].sort", "Specification attribute sorting can't be repeated"},
		{"spec value repeated", func(b map[string]any) { spec(b, 1)["content"] = "Mild,Hot,mild" }, 10001, "specs[1].options[2].value", "Property content can't be repeated: mild"},
		{"spec name repeated", func(b map[string]any) { spec(b, 1)["name"] = "size" }, 10001, "specs[1].name", "Specification name size can't be repeated"},
		{"spec choices", func(b map[string]any) { spec(b, 1)["maxChoices"] = 3 }, 10001, "specs[1].maxChoices", ""},
		{"spec value too long", func(b map[string]any) { spec(b, 1)["content"] = strings.Repeat("x", 65) }, 10001, "specs[1].options[0].value",
			"Specification names and values must be at most 64 characters"},
		{"spec delta", func(b map[string]any) {
			spec(b, 0)["options"] = []map[string]any{{"value": "Small", "priceDelta": -3001}}
		}, 10001, "specs[0].options[0].priceDelta", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := f.dishBody("X1")
			tc.edit(body)
			expectField(t, f.do("POST", base+"/dish", f.admin, body), tc.code, tc.field, tc.msg)
		})
	}
	var page api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?number=X1", f.admin, nil).Into(t, &page)
	if page.Total != 0 {
		t.Fatalf("a refused dish was written: %+v", page.Records)
	}
}

func spec(body map[string]any, i int) map[string]any {
	return body["specs"].([]map[string]any)[i]
}

func TestDishWithSpecificationsLifecycle(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.createDish("X1", func(b map[string]any) {
		b["discountPrice"] = 2800
		b["specialty"] = true
		spec(b, 1)["minChoices"], spec(b, 1)["maxChoices"] = 0, 2
	})
	if d.Price != 3000 || *d.DiscountPrice != 2800 || d.Currency != "CNY" || d.CurrencyDigits != 2 || !d.Specialty || d.Status != cuisine.OnSale || d.SoldOut {
		t.Fatalf("created %+v", d.DishView)
	}
	if len(d.Specs) != 2 || d.Specs[0].Name != "Size" || !d.Specs[0].Required || d.Specs[0].MinChoices != 1 || d.Specs[0].MaxChoices != 1 ||
		len(d.Specs[0].Options) != 2 || d.Specs[0].Options[1].PriceDelta != 500 || d.Specs[1].Content != "Mild,Hot" || d.Specs[1].Required || d.Specs[1].MaxChoices != 2 {
		t.Fatalf("specs %+v", d.Specs)
	}
	path := fmt.Sprintf("%s/dish/%d", base, d.ID)
	body := f.dishBody("X1")
	body["name"], body["price"], body["categoryId"] = "Renamed", 4200, f.categories["Starters"]
	body["specs"] = []map[string]any{{"name": "Portion", "content": "Half,Full"}}
	var got cuisine.DishDetail
	f.ok("PUT", path, f.admin, body).Into(t, &got)
	if got.Name != "Renamed" || got.Price != 4200 || got.DiscountPrice != nil || got.CategoryName != "Starters" || len(got.Specs) != 1 || got.Specs[0].Content != "Half,Full" {
		t.Fatalf("after edit %+v %+v", got.DishView, got.Specs)
	}
	body["number"] = "M01"
	expectField(t, f.do("PUT", path, f.admin, body), 10001, "number", "Number is already in use")

	list := func(q string) api.Page[cuisine.DishView] {
		var page api.Page[cuisine.DishView]
		f.ok("GET", base+"/dish?"+q, f.admin, nil).Into(t, &page)
		return page
	}
	for q, want := range map[string]int64{
		"":            21,
		"name=Ren":    1,
		"name=ren%25": 0,
		"number=M0":   6,
		"categoryId=" + fmt.Sprint(f.categories["Drinks"]): 4,
		"status=on_sale":             21,
		"soldOut=true":               0,
		"specialty=true":             4,
		"pageSize=5&sort=price,desc": 21,
	} {
		if p := list(q); p.Total != want {
			t.Errorf("filter %q: total %d, want %d", q, p.Total, want)
		}
	}
	if p := list("pageSize=3&sort=price,desc"); len(p.Records) != 3 || p.Records[0].Number != "M04" {
		t.Errorf("most expensive first: %+v", p.Records)
	}
	if p := list(fmt.Sprintf("categoryId=%d", f.categories["Drinks"])); p.Records[0].Number != "D01" || p.Records[3].Number != "D04" {
		t.Errorf("menu order within a category: %+v", p.Records)
	}

	f.ok("DELETE", path, f.admin, nil)
	if res := f.do("GET", path, f.admin, nil); res.Code != 10002 {
		t.Fatalf("deleted dish answers %d", res.Code)
	}
	// A dish a promotion names stays until the promotion lets go of it.
	res := f.do("DELETE", fmt.Sprintf("%s/dish/%d", base, f.dishes["M01"]), f.admin, nil)
	if res.Code != 10003 || res.Msg != "Kung Pao chicken is part of promotion Spring tasting week; remove it from the promotion first" {
		t.Fatalf("delete of a promoted dish: %d %q", res.Code, res.Msg)
	}
}

func TestDishReorder(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	drinks := []uint64{f.dishes["D04"], f.dishes["D01"], f.dishes["D03"], f.dishes["D02"]}
	f.ok("PUT", base+"/dish/sort", f.admin, map[string]any{"ids": drinks})
	var page api.Page[cuisine.DishView]
	f.ok("GET", fmt.Sprintf("%s/dish?categoryId=%d", base, f.categories["Drinks"]), f.admin, nil).Into(t, &page)
	for i, d := range page.Records {
		if d.ID != drinks[i] {
			t.Fatalf("order after drag: %+v", page.Records)
		}
	}
	m, _ := f.menu()
	for _, c := range m.Categories {
		if c.Name == "Drinks" && c.Dishes[0].Number != "D04" {
			t.Fatalf("public menu order: %+v", c.Dishes)
		}
	}
}

// Every page of a filter, first or deeper, by name prefix or by status, holds
// the rows the whole list has at those places, in menu order.
func TestDishListPagesMatchTheWholeList(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	for i := range 7 {
		f.createDish(fmt.Sprintf("P%02d", i), func(b map[string]any) {
			b["name"] = fmt.Sprintf("Paged dish %d", i)
			b["sort"] = 7 - i
			b["specialty"] = i%2 == 0
		})
	}
	for _, filter := range []string{"", "name=Paged", "specialty=true", "status=on_sale&soldOut=false", "number=P0"} {
		var all api.Page[cuisine.DishView]
		f.ok("GET", base+"/dish?pageSize=100&"+filter, f.admin, nil).Into(t, &all)
		var paged []uint64
		for page := 1; ; page++ {
			var p api.Page[cuisine.DishView]
			f.ok("GET", fmt.Sprintf("%s/dish?pageSize=3&pageNo=%d&%s", base, page, filter), f.admin, nil).Into(t, &p)
			for _, d := range p.Records {
				paged = append(paged, d.ID)
			}
			if len(p.Records) < 3 {
				break
			}
		}
		if len(all.Records) == 0 || len(paged) != len(all.Records) {
			t.Fatalf("%q: %d paged rows, %d in the whole list", filter, len(paged), len(all.Records))
		}
		for i, d := range all.Records {
			if paged[i] != d.ID {
				t.Fatalf("%q: row %d is %d paged, %d in the whole list", filter, i, paged[i], d.ID)
			}
			if i > 0 && all.Records[i-1].Sort > d.Sort {
				t.Fatalf("%q: not in menu order at %d: %+v", filter, i, all.Records)
			}
		}
	}
}
