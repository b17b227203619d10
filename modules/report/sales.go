package report

import (
	"context"
	"sort"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/sys"
)

// Menu is what the module reads of the cuisine module's catalogue: category
// names for the reports, dishes for the demo's sales.
type Menu interface {
	AllCategories(ctx context.Context) ([]cuisine.CategoryView, error)
	Dishes(ctx context.Context, q cuisine.DishQuery) (api.Page[cuisine.DishView], error)
}

// Reports is the module's Go service: every report reads the daily totals.
type Reports struct {
	db   *gorm.DB
	orgs *sys.OrgService
	cats Menu
}

// Figures are the four numbers every report row carries. Quantity and
// Amount are what was sold net of cancellations; the cancelled part is
// beside them. Amounts are minor units of the merchant's currency.
type Figures struct {
	Quantity          int64 `json:"quantity"`
	Amount            int64 `json:"amount"`
	CancelledQuantity int64 `json:"cancelledQuantity"`
	CancelledAmount   int64 `json:"cancelledAmount"`
}

func (f *Figures) add(o Figures) {
	f.Quantity += o.Quantity
	f.Amount += o.Amount
	f.CancelledQuantity += o.CancelledQuantity
	f.CancelledAmount += o.CancelledAmount
}

// Point is one day or ISO week of a series.
type Point struct {
	Period string `json:"period" doc:"YYYY-MM-DD or YYYY-Www"`
	Figures
}

// DishRow is one dish's figures, in one period when the report has periods.
type DishRow struct {
	Period       string `json:"period,omitempty"`
	DishID       uint64 `json:"dishId"`
	DishName     string `json:"dishName"`
	CategoryID   uint64 `json:"categoryId"`
	CategoryName string `json:"categoryName"`
	Figures
}

// CategoryRow is one category's figures over the range.
type CategoryRow struct {
	CategoryID   uint64 `json:"categoryId"`
	CategoryName string `json:"categoryName"`
	Figures
}

// ReasonRow totals the cancellations of one reason.
type ReasonRow struct {
	Reason   string `json:"reason"`
	Quantity int64  `json:"quantity"`
	Amount   int64  `json:"amount"`
	Times    int64  `json:"times"`
}

// Header is what every report answer starts with.
type Header struct {
	From           string `json:"from"`
	To             string `json:"to"`
	VenueID        uint64 `json:"venueId"`
	Currency       string `json:"currency"`
	CurrencyDigits int    `json:"currencyDigits"`
}

// SalesReport is the per-dish table of a range by day or week, with the
// whole range's series and totals for the chart.
type SalesReport struct {
	Header
	Period string            `json:"period" enum:"day,week"`
	Series []Point           `json:"series"`
	Totals Figures           `json:"totals"`
	Rows   api.Page[DishRow] `json:"rows"`
}

// TopReport ranks dishes over a range.
type TopReport struct {
	Header
	By     string    `json:"by" enum:"quantity,amount"`
	Dishes []DishRow `json:"dishes"`
}

// CategoryReport splits a range's sales by category.
type CategoryReport struct {
	Header
	Categories []CategoryRow `json:"categories"`
	Totals     Figures       `json:"totals"`
}

// CancellationReport shows a range's cancellations: by dish and by reason.
type CancellationReport struct {
	Header
	Dishes  []DishRow   `json:"dishes"`
	Reasons []ReasonRow `json:"reasons"`
	Totals  Figures     `json:"totals"`
}

// VenueView is a venue the caller may report on.
type VenueView struct {
	ID       uint64 `json:"id"`
	Name     string `json:"name"`
	Timezone string `json:"timezone"`
}

// sums are the aggregate columns every grouped query selects.
const sums = "SUM(quantity) AS quantity, SUM(amount) AS amount, SUM(cancelled_quantity) AS cancelled_quantity, SUM(cancelled_amount) AS cancelled_amount"

type groupRow struct {
	Period            string
	DishID            uint64
	CategoryID        uint64
	Quantity          int64
	Amount            int64
	CancelledQuantity int64
	CancelledAmount   int64
}

func (g groupRow) figures() Figures {
	return Figures{Quantity: g.Quantity, Amount: g.Amount, CancelledQuantity: g.CancelledQuantity, CancelledAmount: g.CancelledAmount}
}

// periodColumn is the column a period groups by (never the caller's text).
func periodColumn(period string) string {
	if period == PeriodWeek {
		return "week"
	}
	return "local_date"
}

// target is the merchant and venue a report covers.
type target struct {
	merchantID, venueID uint64
	currency            string
}

// rangeOf reads a report's range, in periods, and the merchant (or venue)
// the reader may see it for.
func (s *Reports) rangeOf(ctx context.Context, q RangeQuery, period string) (span, target, error) {
	sp, err := parseRange(q, period)
	if err != nil {
		return span{}, target{}, err
	}
	t, err := s.target(ctx, q.VenueID)
	return sp, t, err
}

// target resolves who the report is for: a merchant's staff only; a venue's
// staff see their venue whatever they ask; another merchant's venue is not
// found.
func (s *Reports) target(ctx context.Context, venueID uint64) (target, error) {
	p, ok := api.PrincipalFrom(ctx)
	if !ok || p.MerchantID == 0 {
		return target{}, api.Conflict("report.merchant_only", nil)
	}
	t := target{merchantID: p.MerchantID, venueID: venueID}
	switch {
	case p.VenueID != 0:
		if venueID != 0 && venueID != p.VenueID {
			return target{}, api.NotFound()
		}
		t.venueID = p.VenueID
	case venueID != 0:
		venues, err := s.orgs.Venues(ctx, p.MerchantID)
		if err != nil {
			return target{}, err
		}
		found := false
		for _, v := range venues {
			found = found || v.ID == venueID
		}
		if !found {
			return target{}, api.NotFound()
		}
	}
	t.currency = "CNY"
	if m, err := s.orgs.Get(ctx, p.MerchantID); err == nil && m.Currency != "" {
		t.currency = strings.ToUpper(m.Currency)
	}
	return t, nil
}

func (t target) header(sp span) Header {
	return Header{From: sp.fromDay, To: sp.toDay, VenueID: t.venueID, Currency: t.currency, CurrencyDigits: cuisine.Digits(t.currency)}
}

// daily is the statement over the target's daily dish totals in the span.
func (s *Reports) daily(ctx context.Context, t target, sp span) *gorm.DB {
	q := s.db.WithContext(ctx).Model(&DailyDish{}).Where("merchant_id = ? AND local_date BETWEEN ? AND ?", t.merchantID, sp.fromDay, sp.toDay)
	if t.venueID != 0 {
		q = q.Where("venue_id = ?", t.venueID)
	}
	return q
}

// Sales answers the per-dish table by day or ISO week (a page of it), with
// the series and totals of the whole range.
func (s *Reports) Sales(ctx context.Context, q SalesQuery) (*SalesReport, error) {
	q.Normalize()
	return s.sales(ctx, q, q.Offset(), q.PageSize)
}

// Trend answers the series and totals of a range without the table.
func (s *Reports) Trend(ctx context.Context, q SalesQuery) (*SalesReport, error) {
	q.PageNo, q.PageSize = 1, 0
	return s.sales(ctx, q, 0, 0)
}

// sales reads the series and totals, then limit table rows from offset (none
// when limit is 0).
func (s *Reports) sales(ctx context.Context, q SalesQuery, offset, limit int) (*SalesReport, error) {
	period, err := checkPeriod(q.Period)
	if err != nil {
		return nil, err
	}
	sp, t, err := s.rangeOf(ctx, q.RangeQuery, period)
	if err != nil {
		return nil, err
	}
	col := periodColumn(period)
	filter := func(db *gorm.DB) *gorm.DB {
		if q.CategoryID != 0 {
			db = db.Where("category_id = ?", q.CategoryID)
		}
		if q.DishID != 0 {
			db = db.Where("dish_id = ?", q.DishID)
		}
		return db
	}
	var series []groupRow
	if err := filter(s.daily(ctx, t, sp)).Select(col + " AS period, " + sums).Group(col).Scan(&series).Error; err != nil {
		return nil, err
	}
	out := &SalesReport{Header: t.header(sp), Period: period, Series: []Point{}}
	byPeriod := make(map[string]Figures, len(series))
	for _, r := range series {
		byPeriod[r.Period] = r.figures()
	}
	for _, p := range sp.periods(period) {
		f := byPeriod[p]
		out.Series = append(out.Series, Point{Period: p, Figures: f})
		out.Totals.add(f)
	}
	if limit == 0 {
		out.Rows = api.NewPage[DishRow](q.PageQuery, nil, 0)
		return out, nil
	}
	var total int64
	sub := filter(s.daily(ctx, t, sp)).Select(col + ", dish_id").Group(col + ", dish_id")
	if err := s.db.WithContext(ctx).Table("(?) AS g", sub).Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []groupRow
	err = filter(s.daily(ctx, t, sp)).Select(col + " AS period, dish_id, MAX(category_id) AS category_id, " + sums).
		Group(col + ", dish_id").Order(col + " DESC, SUM(quantity) DESC, dish_id").Offset(offset).Limit(limit).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	records, err := s.named(ctx, rows)
	if err != nil {
		return nil, err
	}
	out.Rows = api.NewPage(q.PageQuery, records, total)
	return out, nil
}

// Top ranks the dishes of a range by net quantity or net amount.
func (s *Reports) Top(ctx context.Context, q TopQuery) (*TopReport, error) {
	if err := checkTop(&q); err != nil {
		return nil, err
	}
	sp, t, err := s.rangeOf(ctx, q.RangeQuery, PeriodDay)
	if err != nil {
		return nil, err
	}
	order := "SUM(quantity) DESC, SUM(amount) DESC, dish_id"
	if q.By == ByAmount {
		order = "SUM(amount) DESC, SUM(quantity) DESC, dish_id"
	}
	var rows []groupRow
	q2 := s.daily(ctx, t, sp)
	if q.CategoryID != 0 {
		q2 = q2.Where("category_id = ?", q.CategoryID)
	}
	err = q2.Select("dish_id, MAX(category_id) AS category_id, " + sums).Group("dish_id").
		Having("SUM(quantity) > 0").Order(order).Limit(q.Limit).Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	dishes, err := s.named(ctx, rows)
	if err != nil {
		return nil, err
	}
	return &TopReport{Header: t.header(sp), By: q.By, Dishes: dishes}, nil
}

// ByCategory splits a range's sales by the category each dish had when sold.
func (s *Reports) ByCategory(ctx context.Context, q RangeQuery) (*CategoryReport, error) {
	sp, t, err := s.rangeOf(ctx, q, PeriodDay)
	if err != nil {
		return nil, err
	}
	var rows []groupRow
	if err := s.daily(ctx, t, sp).Select("category_id, " + sums).Group("category_id").Order("SUM(amount) DESC, category_id").
		Scan(&rows).Error; err != nil {
		return nil, err
	}
	names := s.categoryNames(ctx)
	out := &CategoryReport{Header: t.header(sp), Categories: make([]CategoryRow, 0, len(rows))}
	for _, r := range rows {
		out.Categories = append(out.Categories, CategoryRow{CategoryID: r.CategoryID, CategoryName: names[r.CategoryID], Figures: r.figures()})
		out.Totals.add(r.figures())
	}
	return out, nil
}

// Cancellations answers what was cancelled of a range's sales, by dish and
// by reason.
func (s *Reports) Cancellations(ctx context.Context, q RangeQuery) (*CancellationReport, error) {
	sp, t, err := s.rangeOf(ctx, q, PeriodDay)
	if err != nil {
		return nil, err
	}
	var rows []groupRow
	if err := s.daily(ctx, t, sp).Select("dish_id, MAX(category_id) AS category_id, " + sums).Group("dish_id").
		Having("SUM(cancelled_quantity) > 0 OR SUM(cancelled_amount) > 0").Order("SUM(cancelled_amount) DESC, SUM(cancelled_quantity) DESC, dish_id").
		Scan(&rows).Error; err != nil {
		return nil, err
	}
	dishes, err := s.named(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := &CancellationReport{Header: t.header(sp), Dishes: dishes, Reasons: []ReasonRow{}}
	for _, r := range rows {
		out.Totals.add(r.figures())
	}
	rq := s.db.WithContext(ctx).Model(&DailyReason{}).Where("merchant_id = ? AND local_date BETWEEN ? AND ?", t.merchantID, sp.fromDay, sp.toDay)
	if t.venueID != 0 {
		rq = rq.Where("venue_id = ?", t.venueID)
	}
	if err := rq.Select("reason, SUM(quantity) AS quantity, SUM(amount) AS amount, SUM(times) AS times").Group("reason").
		Order("SUM(amount) DESC, SUM(quantity) DESC, reason").Scan(&out.Reasons).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// FilterOption is a category or a dish the caller can filter a report by.
type FilterOption struct {
	ID         uint64 `json:"id"`
	Name       string `json:"name"`
	CategoryID uint64 `json:"categoryId,omitempty"` // a dish's category
}

// Filters are the categories and dishes the merchant's sales know.
type Filters struct {
	Categories []FilterOption `json:"categories"`
	Dishes     []FilterOption `json:"dishes"`
}

// Filters lists the dishes the merchant has sold (their latest names and
// categories) and those categories, ordered by name: the choices of the
// report pages' category and dish filters.
func (s *Reports) Filters(ctx context.Context) (*Filters, error) {
	p, ok := api.PrincipalFrom(ctx)
	if !ok || p.MerchantID == 0 {
		return nil, api.Conflict("report.merchant_only", nil)
	}
	var labels []DishLabel
	if err := s.db.WithContext(ctx).Where("merchant_id = ?", p.MerchantID).Order("dish_name, dish_id").Limit(5000).Find(&labels).Error; err != nil {
		return nil, err
	}
	names := s.categoryNames(ctx)
	out := &Filters{Categories: []FilterOption{}, Dishes: make([]FilterOption, 0, len(labels))}
	seen := map[uint64]bool{}
	for _, l := range labels {
		out.Dishes = append(out.Dishes, FilterOption{ID: l.DishID, Name: l.DishName, CategoryID: l.CategoryID})
		if !seen[l.CategoryID] {
			seen[l.CategoryID] = true
			out.Categories = append(out.Categories, FilterOption{ID: l.CategoryID, Name: names[l.CategoryID]})
		}
	}
	sort.SliceStable(out.Categories, func(i, j int) bool {
		a, b := out.Categories[i], out.Categories[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.ID < b.ID
	})
	return out, nil
}

// Venues lists the venues the caller may report on.
func (s *Reports) Venues(ctx context.Context) ([]VenueView, error) {
	p, ok := api.PrincipalFrom(ctx)
	if !ok || p.MerchantID == 0 {
		return nil, api.Conflict("report.merchant_only", nil)
	}
	venues, err := s.orgs.Venues(ctx, p.MerchantID)
	if err != nil {
		return nil, err
	}
	out := []VenueView{}
	for _, v := range venues {
		if p.VenueID == 0 || v.ID == p.VenueID {
			out = append(out, VenueView{ID: v.ID, Name: v.Name, Timezone: v.Timezone})
		}
	}
	return out, nil
}

// named adds the dishes' latest names and their categories' names.
func (s *Reports) named(ctx context.Context, rows []groupRow) ([]DishRow, error) {
	out := make([]DishRow, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, 0, len(rows))
	seen := map[uint64]bool{}
	for _, r := range rows {
		if !seen[r.DishID] {
			seen[r.DishID] = true
			ids = append(ids, r.DishID)
		}
	}
	var labels []DishLabel
	if err := s.db.WithContext(ctx).Where("dish_id IN ?", ids).Find(&labels).Error; err != nil {
		return nil, err
	}
	dishNames := make(map[uint64]string, len(labels))
	for _, l := range labels {
		dishNames[l.DishID] = l.DishName
	}
	cats := s.categoryNames(ctx)
	for _, r := range rows {
		out = append(out, DishRow{Period: r.Period, DishID: r.DishID, DishName: dishNames[r.DishID], CategoryID: r.CategoryID,
			CategoryName: cats[r.CategoryID], Figures: r.figures()})
	}
	return out, nil
}

// categoryNames are the caller's category names by id; a deleted category
// is left unnamed (the console shows its id).
func (s *Reports) categoryNames(ctx context.Context) map[uint64]string {
	out := map[uint64]string{}
	if s.cats == nil {
		return out
	}
	cats, err := s.cats.AllCategories(ctx)
	if err != nil {
		return out
	}
	for _, c := range cats {
		out[c.ID] = c.Name
	}
	return out
}

// reasonLabel is how a blank reason reads.
func reasonLabel(lang, reason string) string {
	if reason == "" {
		return i18n.T(lang, "report.no_reason", nil)
	}
	return reason
}
