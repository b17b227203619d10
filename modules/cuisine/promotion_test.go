package cuisine_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
)

// promo is a valid promotion over the next week, every day.
func (f *fixture) promo(name string, rows ...map[string]any) map[string]any {
	now := time.Now()
	return map[string]any{"name": name, "startAt": now.AddDate(0, 0, -1).Format(time.DateOnly), "endAt": now.AddDate(0, 0, 7).Format(time.DateOnly), "rows": rows}
}

func row(dishID uint64, mode string, value int64) map[string]any {
	return map[string]any{"dishId": dishID, "mode": mode, "value": value}
}

func TestPromotionRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dishes
	for _, tc := range []struct {
		name       string
		body       map[string]any
		code       int
		field, msg string
	}{
		{"no rows", f.promo("Empty"), 10001, "rows", "Select at least one item to save"},
		{"no name", f.promo("", row(d["S01"], "fixed", 100)), 10001, "name", "Name cannot be empty"},
		{"no mode", f.promo("P", row(d["S01"], "fixed", 100), row(d["S03"], "", 100)), 10001, "rows[1].mode",
			"Row 2 (Scallion pancake): the promotion mode must be set"},
		{"not lower, fixed", f.promo("P", row(d["S01"], "fixed", 100), row(d["S03"], "fixed", 100), row(d["S04"], "fixed", 0)), 10001, "rows[2].value",
			"Row 3 (Spicy wood-ear mushrooms): the promotion price must be lower than the original price"},
		{"not lower, percent rounds to nothing", f.promo("P", row(d["N05"], "percent", 10)), 10001, "rows[0].value",
			"Row 1 (Steamed jasmine rice): the promotion price must be lower than the original price"},
		{"value above price", f.promo("P", row(d["N05"], "fixed", 301)), 10001, "rows[0].value", ""},
		{"percent above 100", f.promo("P", row(d["N05"], "percent", 10001)), 10001, "rows[0].value", ""},
		{"no value", f.promo("P", map[string]any{"dishId": d["N05"], "mode": "fixed"}), 10001, "rows[0].value", ""},
		{"unknown dish", f.promo("P", row(999999, "fixed", 1)), 10001, "rows[0].dishId", ""},
		{"dish twice", f.promo("P", row(d["S01"], "fixed", 1), row(d["S01"], "fixed", 2)), 10001, "rows[1].dishId", ""},
		{"period order", map[string]any{"name": "P", "startAt": "2030-05-02", "endAt": "2030-05-01", "rows": []any{row(d["S01"], "fixed", 1)}},
			10001, "endAt", "The end time must not be before the start time"},
		{"bad day", map[string]any{"name": "P", "startAt": "2030-05-01", "endAt": "2030-05-02", "days": []int{8}, "rows": []any{row(d["S01"], "fixed", 1)}},
			10001, "days", ""},
		{"no start", map[string]any{"name": "P", "endAt": "2030-05-02", "rows": []any{row(d["S01"], "fixed", 1)}}, 10001, "startAt", "Start time cannot be empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expectField(t, f.do("POST", base+"/promotion", f.admin, tc.body), tc.code, tc.field, tc.msg)
		})
	}
	var page api.Page[cuisine.PromotionView]
	f.ok("GET", base+"/promotion", f.admin, nil).Into(t, &page)
	if page.Total != 1 || page.Records[0].Name != "Spring tasting week" || page.Records[0].State != cuisine.StateActive || page.Records[0].RowCount != 3 {
		t.Fatalf("only the demo promotion may exist: %+v", page)
	}
}

func TestPromotionPricesAndOverlaps(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dishes
	var p cuisine.PromotionDetail
	f.ok("POST", base+"/promotion", f.admin, f.promo("Drinks week",
		row(d["D01"], "percent", 2500), row(d["D02"], "fixed", 350), row(d["D04"], "percent", 3333))).Into(t, &p)
	want := []struct{ orig, price, off int64 }{{1200, 900, 300}, {1800, 1450, 350}, {1500, 1000, 500}}
	for i, r := range p.Rows {
		if r.OriginalPrice != want[i].orig || r.PromotionPrice != want[i].price || r.Discount != want[i].off || r.DishName == "" {
			t.Errorf("row %d: %+v, want %+v", i, r, want[i])
		}
	}
	if p.State != cuisine.StateActive || len(p.Days) != 7 || p.Currency != "CNY" || p.CurrencyDigits != 2 {
		t.Fatalf("promotion %+v", p.PromotionView)
	}
	// The preview answers what a save would store.
	var preview []cuisine.PromotionRowView
	f.ok("POST", base+"/promotion/preview", f.admin, map[string]any{"rows": []any{row(d["D03"], "percent", 1250)}}).Into(t, &preview)
	if len(preview) != 1 || preview[0].PromotionPrice != 700 || preview[0].Discount != 100 {
		t.Fatalf("preview %+v", preview)
	}

	// The public menu prices the dishes now.
	m, _ := f.menu()
	for _, c := range []struct {
		number      string
		final, orig int64
	}{{"D01", 900, 1200}, {"D02", 1450, 1800}, {"D03", 800, 800}, {"M01", 4080, 4800}} {
		md, ok := menuDish(m, d[c.number])
		if !ok || md.FinalPrice != c.final || md.OriginalPrice != c.orig {
			t.Errorf("%s on the menu: %+v", c.number, md)
		}
		if c.final != c.orig && (md.Promotion == nil || md.Promotion.Discount != c.orig-c.final) {
			t.Errorf("%s promotion %+v", c.number, md.Promotion)
		}
	}

	// Overlap: the same dish in another enabled promotion at a common time is refused, naming both.
	res := f.do("POST", base+"/promotion", f.admin, f.promo("Tea time", row(d["D03"], "fixed", 100), row(d["D02"], "fixed", 100)))
	if res.Code != 10003 || res.Msg != "Fresh lemon tea is already in promotion Drinks week at an overlapping time" || res.Fields["rows[1].dishId"] == "" {
		t.Fatalf("overlap: %d %q %v", res.Code, res.Msg, res.Fields)
	}
	// Not overlapping: after the period, or on other days of the week.
	later := f.promo("Next month", row(d["D02"], "fixed", 100))
	later["startAt"], later["endAt"] = time.Now().AddDate(0, 0, 30).Format(time.DateOnly), time.Now().AddDate(0, 0, 40).Format(time.DateOnly)
	f.ok("POST", base+"/promotion", f.admin, later)
	today := int(time.Now().In(shanghai).Weekday()+6)%7 + 1
	weekday := f.promo("Today only", row(d["D03"], "fixed", 100))
	weekday["days"] = []int{today}
	f.ok("POST", base+"/promotion", f.admin, weekday)
	otherDays := f.promo("Other days", row(d["D03"], "fixed", 200))
	otherDays["days"] = []int{today%7 + 1, (today+1)%7 + 1}
	f.ok("POST", base+"/promotion", f.admin, otherDays)
	if md, _ := menuDish(mustMenu(f), d["D03"]); md.Promotion == nil || md.Promotion.Name != "Today only" || md.FinalPrice != 700 {
		t.Fatalf("D03 today: %+v", md)
	}

	// A disabled promotion may overlap, but enabling it is checked again.
	weekly := f.promo("Weekly", row(d["D02"], "fixed", 100))
	weekly["status"] = 0
	var wk cuisine.PromotionDetail
	f.ok("POST", base+"/promotion", f.admin, weekly).Into(t, &wk)
	f.ok("PUT", fmt.Sprintf("%s/promotion/%d", base, wk.ID), f.admin, f.promo("Weekly", row(d["D02"], "fixed", 150)))
	if res := f.do("POST", fmt.Sprintf("%s/promotion/%d/enable", base, wk.ID), f.admin, nil); res.Code != 10003 || res.Fields["rows[0].dishId"] == "" {
		t.Fatalf("enable an overlapping promotion: %d %q", res.Code, res.Msg)
	}
	f.ok("POST", fmt.Sprintf("%s/promotion/%d/disable", base, p.ID), f.admin, nil)
	if md, _ := menuDish(mustMenu(f), d["D01"]); md.Promotion != nil || md.FinalPrice != 1200 {
		t.Fatalf("disabled promotion still prices D01: %+v", md)
	}
	f.ok("POST", fmt.Sprintf("%s/promotion/%d/enable", base, wk.ID), f.admin, nil)
	if md, _ := menuDish(mustMenu(f), d["D02"]); md.Promotion == nil || md.Promotion.Name != "Weekly" || md.FinalPrice != 1650 {
		t.Fatalf("weekly promotion on the menu: %+v", md)
	}
	f.ok("DELETE", fmt.Sprintf("%s/promotion/%d", base, wk.ID), f.admin, nil)
	if res := f.do("GET", fmt.Sprintf("%s/promotion/%d", base, wk.ID), f.admin, nil); res.Code != 10002 {
		t.Fatalf("deleted promotion answers %d", res.Code)
	}
}

var shanghai, _ = time.LoadLocation("Asia/Shanghai")

func mustMenu(f *fixture) cuisine.PublicMenu {
	m, _ := f.menu()
	return m
}

// A promotion's days and period are read in the venue's time zone, and the
// cached menu changes by itself when a promotion starts.
func TestPromotionPeriodAndDaysOnTheMenu(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dishes
	// The catalogue's clock stands still until the test moves it.
	clock := time.Now().In(shanghai).Truncate(time.Second)
	f.mod.SetClock(func() time.Time { return clock })
	now := clock
	today := int(now.Weekday()+6)%7 + 1
	notToday := f.promo("Not today", row(d["S03"], "fixed", 100))
	notToday["days"] = []int{today%7 + 1}
	f.ok("POST", base+"/promotion", f.admin, notToday)
	if md, _ := menuDish(mustMenu(f), d["S03"]); md.Promotion != nil {
		t.Fatalf("promotion of another weekday applies: %+v", md.Promotion)
	}

	// Within the menu's age limit, so that only the start can end the cached menu.
	start := now.Add(5 * time.Minute)
	soon := map[string]any{"name": "Starting soon", "startAt": start.Format(time.DateTime), "endAt": now.Add(time.Hour).Format(time.DateTime),
		"rows": []any{row(d["S05"], "percent", 5000)}}
	f.ok("POST", base+"/promotion", f.admin, soon)
	m, first := f.menu()
	if md, _ := menuDish(m, d["S05"]); md.Promotion != nil || md.FinalPrice != 3800 {
		t.Fatalf("promotion before its start: %+v", md)
	}
	clock = start.Add(-time.Second)
	m, _ = f.menu()
	if md, _ := menuDish(m, d["S05"]); md.Promotion != nil {
		t.Fatalf("promotion a second before its start: %+v", md)
	}
	clock = start
	m, second := f.menu()
	if md, _ := menuDish(m, d["S05"]); md.Promotion == nil || md.FinalPrice != 1900 {
		t.Fatalf("promotion at its start: %+v", md)
	}
	if first.Header.Get("ETag") == second.Header.Get("ETag") {
		t.Fatal("the menu changed but its ETag did not")
	}
}
