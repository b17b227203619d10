package report_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/modules/report"
)

// The demo's reports are its orders: the order module's ninety days of demo
// history reach the Recorder as they would have live, and every figure of the
// demo venue (by day, by dish, by category, cancellations) equals the same
// figure computed from the raw order lines. Kitchen printing, which does not
// follow history, printed none of it.
func TestDemoReportsEqualOrderLines(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	db := f.env.P.DB.WithContext(sysCtx(t))
	var orders []order.Order
	if err := db.Where("venue_id = ?", f.venueA).Find(&orders).Error; err != nil {
		t.Fatal(err)
	}
	if len(orders) < 1000 {
		t.Fatalf("the demo venue has %d orders, want its ninety days of history", len(orders))
	}
	dateOf := map[uint64]string{}
	from, to := "9999-12-31", ""
	for _, o := range orders {
		loc, err := time.LoadLocation(o.TimeZone)
		if err != nil {
			t.Fatal(err)
		}
		d := o.PlacedAt.In(loc).Format(time.DateOnly)
		dateOf[o.ID] = d
		from, to = min(from, d), max(to, d)
	}
	var lines []order.Line
	if err := db.Where("venue_id = ?", f.venueA).Find(&lines).Error; err != nil {
		t.Fatal(err)
	}
	byDay := map[string]report.Figures{}
	byDish := map[uint64]report.Figures{}
	byCat := map[uint64]report.Figures{}
	var total report.Figures
	add := func(m map[string]report.Figures, k string, x report.Figures) { m[k] = plus(m[k], x) }
	for _, l := range lines {
		x := report.Figures{Quantity: int64(l.Quantity - l.CancelledQty), Amount: l.Amount,
			CancelledQuantity: int64(l.CancelledQty), CancelledAmount: l.UnitPrice * int64(l.CancelledQty)}
		add(byDay, dateOf[l.OrderID], x)
		byDish[l.DishID] = plus(byDish[l.DishID], x)
		byCat[l.CategoryID] = plus(byCat[l.CategoryID], x)
		total = plus(total, x)
	}
	if total.CancelledQuantity == 0 {
		t.Fatal("the demo history has no cancellations to check")
	}
	venue := strconv.FormatUint(f.venueA, 10)

	var got report.SalesReport
	f.get(f.admin, "/report/dish", vals("from", from, "to", to, "period", "day", "venueId", venue, "pageSize", "1"), &got)
	same(t, "demo totals", got.Totals, total)
	for _, p := range got.Series {
		same(t, "demo day "+p.Period, p.Figures, byDay[p.Period])
		delete(byDay, p.Period)
	}
	if len(byDay) != 0 {
		t.Fatalf("days with order lines missing from the report: %v", byDay)
	}

	var top report.TopReport
	f.get(f.admin, "/report/sales/top", vals("from", from, "to", to, "venueId", venue, "by", "quantity", "limit", "50"), &top)
	if len(top.Dishes) != len(byDish) {
		t.Fatalf("top: %d dishes, the order lines have %d", len(top.Dishes), len(byDish))
	}
	for _, d := range top.Dishes {
		same(t, "demo dish "+d.DishName, d.Figures, byDish[d.DishID])
	}

	var cats report.CategoryReport
	f.get(f.admin, "/report/sales/category", vals("from", from, "to", to, "venueId", venue), &cats)
	same(t, "demo category totals", cats.Totals, total)
	if len(cats.Categories) != len(byCat) {
		t.Fatalf("categories: %d, the order lines have %d", len(cats.Categories), len(byCat))
	}
	for _, c := range cats.Categories {
		same(t, "demo category "+c.CategoryName, c.Figures, byCat[c.CategoryID])
	}

	// The category and dish filters: their choices are the dishes sold, and
	// a filtered report is that category's or that dish's share of the lines.
	var filters report.Filters
	f.get(f.admin, "/report/filters", nil, &filters)
	if len(filters.Dishes) != len(byDish) || len(filters.Categories) != len(byCat) {
		t.Fatalf("filters: %d dishes, %d categories; the order lines have %d and %d", len(filters.Dishes), len(filters.Categories), len(byDish), len(byCat))
	}
	for _, c := range filters.Categories {
		if c.Name == "" {
			t.Fatalf("category %d has no name in the filters", c.ID)
		}
		var in report.SalesReport
		f.get(f.admin, "/report/dish", vals("from", from, "to", to, "venueId", venue, "categoryId", strconv.FormatUint(c.ID, 10), "pageSize", "100"), &in)
		same(t, "demo category filter "+c.Name, in.Totals, byCat[c.ID])
		for _, r := range in.Rows.Records {
			if r.CategoryID != c.ID {
				t.Fatalf("category %s filter shows %s of category %d", c.Name, r.DishName, r.CategoryID)
			}
		}
		var top report.TopReport
		f.get(f.admin, "/report/sales/top", vals("from", from, "to", to, "venueId", venue, "categoryId", strconv.FormatUint(c.ID, 10), "limit", "50"), &top)
		var sum report.Figures
		for _, d := range top.Dishes {
			if d.CategoryID != c.ID {
				t.Fatalf("top of category %s shows %s of category %d", c.Name, d.DishName, d.CategoryID)
			}
			sum = plus(sum, d.Figures)
		}
		same(t, "demo top of category "+c.Name, sum, byCat[c.ID])
	}
	for _, d := range filters.Dishes[:3] {
		var one report.SalesReport
		f.get(f.admin, "/report/sales", vals("from", from, "to", to, "venueId", venue, "dishId", strconv.FormatUint(d.ID, 10)), &one)
		same(t, "demo dish filter "+d.Name, one.Totals, byDish[d.ID])
	}
	if res := f.Do("GET", "/api/report/filters", f.platform, nil); res.Code != api.CodeConflict {
		t.Fatalf("platform user asking for report filters: code %d %s", res.Code, res.Msg)
	}

	var cancel report.CancellationReport
	f.get(f.admin, "/report/cancellation", vals("from", from, "to", to, "venueId", venue), &cancel)
	same(t, "demo cancelled", [2]int64{cancel.Totals.CancelledQuantity, cancel.Totals.CancelledAmount},
		[2]int64{total.CancelledQuantity, total.CancelledAmount})

	// No report rows of their own: every sale line is an order line.
	var saleLines int64
	if err := db.Model(&report.SaleLine{}).Where("merchant_id = ?", f.merchantID).Count(&saleLines).Error; err != nil {
		t.Fatal(err)
	}
	if saleLines != int64(len(lines)) {
		t.Fatalf("%d sale lines for %d order lines", saleLines, len(lines))
	}

	// The kitchen printed none of the history.
	for _, m := range f.env.P.Modules {
		if p, ok := m.(*printing.Module); ok {
			if _, follows := any(p).(orderevent.HistoryListener); follows {
				t.Fatal("kitchen printing follows history: it would print ninety days of tickets")
			}
		}
	}
	var jobs int64
	if err := db.Model(&printing.Job{}).Where("venue_id = ?", f.venueA).Count(&jobs).Error; err != nil {
		t.Fatal(err)
	}
	if jobs != 0 {
		t.Fatalf("the demo history printed %d kitchen jobs", jobs)
	}
}
