package report_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strconv"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/report"
)

// rawLine is an order line as the test placed it, with what it cancelled:
// the independent record every report is checked against.
type rawLine struct {
	venue  uint64
	zone   string
	at     time.Time
	dish   cuisine.DishView
	qty    int
	amount int64
	unit   int64
	id     uint64
	cut    []rawCancel
}

type rawCancel struct {
	event  int
	qty    int
	amount int64
	reason string
}

func (l *rawLine) left() int {
	n := l.qty
	for _, c := range l.cut {
		n -= c.qty
	}
	return n
}

func (l *rawLine) localDate() string { return l.at.In(mustZone(l.zone)).Format("2006-01-02") }

func (l *rawLine) week() string {
	y, w := l.at.In(mustZone(l.zone)).ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w)
}

func (l *rawLine) figures() report.Figures {
	f := report.Figures{Quantity: int64(l.qty), Amount: l.amount}
	for _, c := range l.cut {
		f.Quantity -= int64(c.qty)
		f.Amount -= c.amount
		f.CancelledQuantity += int64(c.qty)
		f.CancelledAmount += c.amount
	}
	return f
}

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

func plus(a, b report.Figures) report.Figures {
	return report.Figures{Quantity: a.Quantity + b.Quantity, Amount: a.Amount + b.Amount,
		CancelledQuantity: a.CancelledQuantity + b.CancelledQuantity, CancelledAmount: a.CancelledAmount + b.CancelledAmount}
}

var reasons = []string{"", "cold food", "wrong dish", "guest left", "too slow"}

// scenario places random orders at both venues over three weeks around the
// end of daylight saving time in New York (2 November 2025), most of them
// within half an hour of a local midnight, with partial and whole
// cancellations, some a day later.
func scenario(f *fixture, seed uint64) []*rawLine {
	rng := rand.New(rand.NewPCG(seed, 16))
	var lines []*rawLine
	event := 0
	start := time.Date(2025, 10, 20, 0, 0, 0, 0, time.UTC)
	for o := 0; o < 90; o++ {
		venue := f.venueA
		if rng.IntN(2) == 1 {
			venue = f.venueB
		}
		loc := mustZone(f.zone(venue))
		d := start.AddDate(0, 0, rng.IntN(21))
		var at time.Time
		if rng.IntN(10) < 5 {
			at = time.Date(d.Year(), d.Month(), d.Day(), 23, 30+rng.IntN(29), rng.IntN(60), 0, loc)
		} else {
			at = time.Date(d.Year(), d.Month(), d.Day(), 10+rng.IntN(13), rng.IntN(60), 0, 0, loc)
		}
		head := f.header(venue, at)
		var mine []*rawLine
		rounds := 1 + rng.IntN(3)
		roundAt := at
		for r := 1; r <= rounds; r++ {
			e := orderevent.Placed{Order: head, Round: r}
			e.PlacedAt = roundAt.UTC()
			for n := 1 + rng.IntN(4); n > 0; n-- {
				dish := f.dishes[rng.IntN(12)]
				unit := int64(500 + rng.IntN(60)*100)
				l := f.line(dish, 1+rng.IntN(5), unit)
				e.Lines = append(e.Lines, l)
				raw := &rawLine{venue: venue, zone: f.zone(venue), at: roundAt, dish: dish, qty: l.Quantity, amount: l.Amount, unit: unit, id: l.LineID}
				mine = append(mine, raw)
				lines = append(lines, raw)
			}
			f.tx(func(tx *gorm.DB) error { return f.mod.Recorder.OrderPlaced(tx, e) })
			roundAt = roundAt.Add(time.Duration(10+rng.IntN(40)) * time.Minute)
		}
		whole := false
		for c := rng.IntN(3); c > 0; c-- {
			l := mine[rng.IntN(len(mine))]
			if l.left() == 0 {
				continue
			}
			event++
			q := 1 + rng.IntN(l.left())
			e := orderevent.Cancelled{Order: head, Reason: reasons[rng.IntN(len(reasons))], CancelledAt: roundAt.Add(time.Hour).UTC()}
			e.Lines = []orderevent.Line{{LineID: l.id, DishID: l.dish.ID, CategoryID: l.dish.CategoryID, DishName: l.dish.Name, Quantity: q,
				UnitPrice: l.unit, Amount: l.unit * int64(q)}}
			l.cut = append(l.cut, rawCancel{event: event, qty: q, amount: l.unit * int64(q), reason: e.Reason})
			f.tx(func(tx *gorm.DB) error { return f.mod.Recorder.OrderCancelled(tx, e) })
		}
		if rng.IntN(6) == 0 {
			whole = true
			event++
			e := orderevent.Cancelled{Order: head, Whole: true, Reason: reasons[rng.IntN(len(reasons))], CancelledAt: roundAt.Add(25 * time.Hour).UTC()}
			for _, l := range mine {
				if n := l.left(); n > 0 {
					e.Lines = append(e.Lines, orderevent.Line{LineID: l.id, DishID: l.dish.ID, CategoryID: l.dish.CategoryID, DishName: l.dish.Name,
						Quantity: n, UnitPrice: l.unit, Amount: l.unit * int64(n)})
					l.cut = append(l.cut, rawCancel{event: event, qty: n, amount: l.unit * int64(n), reason: e.Reason})
				}
			}
			f.tx(func(tx *gorm.DB) error { return f.mod.Recorder.OrderCancelled(tx, e) })
		}
		if !whole && rng.IntN(2) == 0 {
			e := orderevent.Settled{Order: head, Total: 100, SettledAt: roundAt.Add(time.Hour).UTC()}
			f.tx(func(tx *gorm.DB) error { return f.mod.Recorder.OrderSettled(tx, e) })
		}
	}
	return lines
}

// expected computes a report's figures from the raw lines alone.
type expected struct {
	lines    []*rawLine
	from, to string // local dates, both included
	venue    uint64
	week     bool
}

func (x expected) in(l *rawLine) bool {
	d := l.localDate()
	return (x.venue == 0 || l.venue == x.venue) && d >= x.from && d <= x.to
}

func (x expected) period(l *rawLine) string {
	if x.week {
		return l.week()
	}
	return l.localDate()
}

// widen moves from back to a Monday and to forward to a Sunday, one day at a
// time: a week report covers whole ISO weeks.
func (x expected) widen() expected {
	f, _ := time.Parse("2006-01-02", x.from)
	t, _ := time.Parse("2006-01-02", x.to)
	for f.Weekday() != time.Monday {
		f = f.Add(-24 * time.Hour)
	}
	for t.Weekday() != time.Sunday {
		t = t.Add(24 * time.Hour)
	}
	x.from, x.to = f.Format("2006-01-02"), t.Format("2006-01-02")
	return x
}

func (x expected) series() ([]report.Point, report.Figures) {
	by := map[string]report.Figures{}
	var total report.Figures
	for _, l := range x.lines {
		if x.in(l) {
			by[x.period(l)] = plus(by[x.period(l)], l.figures())
			total = plus(total, l.figures())
		}
	}
	var out []report.Point
	f, _ := time.Parse("2006-01-02", x.from)
	t, _ := time.Parse("2006-01-02", x.to)
	seen := map[string]bool{}
	for d := f; !d.After(t); d = d.Add(24 * time.Hour) {
		p := d.Format("2006-01-02")
		if x.week {
			y, w := d.ISOWeek()
			p = fmt.Sprintf("%d-W%02d", y, w)
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, report.Point{Period: p, Figures: by[p]})
		}
	}
	return out, total
}

type dishKey struct {
	period string
	dish   uint64
}

func (x expected) rows() []report.DishRow {
	by := map[dishKey]*report.DishRow{}
	for _, l := range x.lines {
		if !x.in(l) {
			continue
		}
		k := dishKey{x.period(l), l.dish.ID}
		r := by[k]
		if r == nil {
			r = &report.DishRow{Period: k.period, DishID: l.dish.ID, DishName: l.dish.Name, CategoryID: l.dish.CategoryID, CategoryName: l.dish.CategoryName}
			by[k] = r
		}
		r.Figures = plus(r.Figures, l.figures())
	}
	out := make([]report.DishRow, 0, len(by))
	for _, r := range by {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Period != b.Period {
			return a.Period > b.Period
		}
		if a.Quantity != b.Quantity {
			return a.Quantity > b.Quantity
		}
		return a.DishID < b.DishID
	})
	return out
}

// dishes totals the range per dish, without periods.
func (x expected) dishes() []report.DishRow {
	x.week = false
	by := map[uint64]*report.DishRow{}
	for _, r := range x.rows() {
		d := by[r.DishID]
		if d == nil {
			d = &report.DishRow{DishID: r.DishID, DishName: r.DishName, CategoryID: r.CategoryID, CategoryName: r.CategoryName}
			by[r.DishID] = d
		}
		d.Figures = plus(d.Figures, r.Figures)
	}
	out := make([]report.DishRow, 0, len(by))
	for _, d := range by {
		out = append(out, *d)
	}
	return out
}

func (x expected) top(byAmount bool, limit int) []report.DishRow {
	var out []report.DishRow
	for _, d := range x.dishes() {
		if d.Quantity > 0 {
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		ka, kb := [2]int64{a.Quantity, a.Amount}, [2]int64{b.Quantity, b.Amount}
		if byAmount {
			ka, kb = [2]int64{a.Amount, a.Quantity}, [2]int64{b.Amount, b.Quantity}
		}
		if ka != kb {
			return ka[0] > kb[0] || (ka[0] == kb[0] && ka[1] > kb[1])
		}
		return a.DishID < b.DishID
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

func (x expected) categories() ([]report.CategoryRow, report.Figures) {
	by := map[uint64]*report.CategoryRow{}
	var total report.Figures
	for _, d := range x.dishes() {
		c := by[d.CategoryID]
		if c == nil {
			c = &report.CategoryRow{CategoryID: d.CategoryID, CategoryName: d.CategoryName}
			by[d.CategoryID] = c
		}
		c.Figures = plus(c.Figures, d.Figures)
		total = plus(total, d.Figures)
	}
	out := make([]report.CategoryRow, 0, len(by))
	for _, c := range by {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Amount != out[j].Amount {
			return out[i].Amount > out[j].Amount
		}
		return out[i].CategoryID < out[j].CategoryID
	})
	return out, total
}

func (x expected) cancellations() ([]report.DishRow, []report.ReasonRow, report.Figures) {
	var dishes []report.DishRow
	var total report.Figures
	for _, d := range x.dishes() {
		if d.CancelledQuantity > 0 || d.CancelledAmount > 0 {
			dishes = append(dishes, d)
			total = plus(total, d.Figures)
		}
	}
	sort.Slice(dishes, func(i, j int) bool {
		a, b := dishes[i], dishes[j]
		if a.CancelledAmount != b.CancelledAmount {
			return a.CancelledAmount > b.CancelledAmount
		}
		if a.CancelledQuantity != b.CancelledQuantity {
			return a.CancelledQuantity > b.CancelledQuantity
		}
		return a.DishID < b.DishID
	})
	by := map[string]*report.ReasonRow{}
	times := map[string]bool{}
	for _, l := range x.lines {
		if !x.in(l) {
			continue
		}
		for _, c := range l.cut {
			r := by[c.reason]
			if r == nil {
				r = &report.ReasonRow{Reason: c.reason}
				by[c.reason] = r
			}
			r.Quantity += int64(c.qty)
			r.Amount += c.amount
			// one cancellation counts once per venue and day it touched
			k := strconv.Itoa(c.event) + "|" + strconv.FormatUint(l.venue, 10) + "|" + l.localDate()
			if !times[k] {
				times[k] = true
				r.Times++
			}
		}
	}
	reasonsOut := []report.ReasonRow{}
	for _, r := range by {
		reasonsOut = append(reasonsOut, *r)
	}
	sort.Slice(reasonsOut, func(i, j int) bool {
		a, b := reasonsOut[i], reasonsOut[j]
		if a.Amount != b.Amount {
			return a.Amount > b.Amount
		}
		if a.Quantity != b.Quantity {
			return a.Quantity > b.Quantity
		}
		return a.Reason < b.Reason
	})
	return dishes, reasonsOut, total
}

func same(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:\n got  %+v\n want %+v", what, got, want)
	}
}

// TestReportsEqualRawLines is the correctness test of issue 16: after random
// orders, partial and whole cancellations across midnights and week
// boundaries in two time zones, every report equals the figures computed
// from the raw order lines.
func TestReportsEqualRawLines(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	lines := scenario(f, 2026)
	crossed := map[bool]int{}
	for _, l := range lines {
		crossed[l.localDate() != l.at.UTC().Format("2006-01-02")]++
	}
	if crossed[true] == 0 || crossed[false] == 0 {
		t.Fatalf("the scenario should have lines whose local day differs from the UTC day and lines where it does not: %v", crossed)
	}
	ranges := [][2]string{{"2025-10-18", "2025-11-12"}, {"2025-10-29", "2025-11-04"}, {"2025-11-02", "2025-11-02"}, {"2025-11-03", "2025-11-03"}}
	for _, venue := range []uint64{0, f.venueA, f.venueB} {
		for _, r := range ranges {
			for _, week := range []bool{false, true} {
				x := expected{lines: lines, from: r[0], to: r[1], venue: venue, week: week}
				period := "day"
				if week {
					period = "week"
					x = x.widen()
				}
				name := fmt.Sprintf("venue %d %s..%s by %s", venue, r[0], r[1], period)
				params := vals("from", r[0], "to", r[1], "period", period, "venueId", strconv.FormatUint(venue, 10), "pageSize", "7")
				var got report.SalesReport
				f.get(f.admin, "/report/dish", params, &got)
				wantSeries, wantTotal := x.series()
				same(t, name+" series", got.Series, wantSeries)
				same(t, name+" totals", got.Totals, wantTotal)
				same(t, name+" range", [2]string{got.From, got.To}, [2]string{x.from, x.to})
				rows := got.Rows.Records
				for page := 2; int64(len(rows)) < got.Rows.Total; page++ {
					params.Set("pageNo", strconv.Itoa(page))
					var next report.SalesReport
					f.get(f.admin, "/report/dish", params, &next)
					if len(next.Rows.Records) == 0 {
						t.Fatalf("%s: page %d empty before total %d", name, page, got.Rows.Total)
					}
					rows = append(rows, next.Rows.Records...)
				}
				same(t, name+" rows", rows, nonNil(x.rows()))
				var trend report.SalesReport
				f.get(f.admin, "/report/sales", params, &trend)
				same(t, name+" trend", trend.Series, wantSeries)
				if week {
					continue
				}
				for _, byAmount := range []bool{false, true} {
					by := "quantity"
					if byAmount {
						by = "amount"
					}
					var top report.TopReport
					f.get(f.admin, "/report/sales/top", vals("from", r[0], "to", r[1], "venueId", strconv.FormatUint(venue, 10), "by", by, "limit", "5"), &top)
					same(t, name+" top by "+by, top.Dishes, nonNil(x.top(byAmount, 5)))
				}
				var cats report.CategoryReport
				f.get(f.admin, "/report/sales/category", vals("from", r[0], "to", r[1], "venueId", strconv.FormatUint(venue, 10)), &cats)
				wantCats, wantCatTotal := x.categories()
				same(t, name+" categories", cats.Categories, nonNilC(wantCats))
				same(t, name+" category totals", cats.Totals, wantCatTotal)
				var cancel report.CancellationReport
				f.get(f.admin, "/report/cancellation", vals("from", r[0], "to", r[1], "venueId", strconv.FormatUint(venue, 10)), &cancel)
				wantDishes, wantReasons, wantCancel := x.cancellations()
				same(t, name+" cancelled dishes", cancel.Dishes, nonNil(wantDishes))
				same(t, name+" reasons", cancel.Reasons, wantReasons)
				same(t, name+" cancelled totals", cancel.Totals, wantCancel)
			}
		}
	}
	// The raw GROUP BY over the sale lines (the benchmark's baseline) agrees too.
	x := expected{lines: lines, from: "2025-10-18", to: "2025-11-12"}
	wantSeries, _ := x.series()
	byDay := map[string]report.Figures{}
	for _, p := range wantSeries {
		byDay[p.Period] = p.Figures
	}
	raw := rawSeriesByDay(t, f, f.merchantID, 0, x.from, x.to)
	for day, figs := range byDay {
		same(t, "raw lines on "+day, raw[day], figs)
	}
	for day, figs := range raw {
		same(t, "raw lines on "+day, figs, byDay[day])
	}
}

func nonNil(rows []report.DishRow) []report.DishRow {
	if rows == nil {
		return []report.DishRow{}
	}
	return rows
}

func nonNilC(rows []report.CategoryRow) []report.CategoryRow {
	if rows == nil {
		return []report.CategoryRow{}
	}
	return rows
}

// rawSeriesByDay is the plain GROUP BY over the sale lines.
func rawSeriesByDay(t testing.TB, f *fixture, merchant, venue uint64, from, to string) map[string]report.Figures {
	t.Helper()
	q := f.env.P.DB.WithContext(sysCtx(t)).Model(&report.SaleLine{}).
		Select("local_date AS period, SUM(quantity - cancelled_quantity) AS quantity, SUM(amount - cancelled_amount) AS amount, "+
			"SUM(cancelled_quantity) AS cancelled_quantity, SUM(cancelled_amount) AS cancelled_amount").
		Where("merchant_id = ? AND local_date BETWEEN ? AND ?", merchant, from, to)
	if venue != 0 {
		q = q.Where("venue_id = ?", venue)
	}
	var rows []report.Point
	if err := q.Group("local_date").Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := map[string]report.Figures{}
	for _, r := range rows {
		out[r.Period] = r.Figures
	}
	return out
}
