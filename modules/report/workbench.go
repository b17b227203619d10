package report

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/platform/module"
)

// topToday is how many dishes the workbench names.
const topToday = 3

// Today are the figures of the workbench: today in each venue's own time
// zone, against the same weekday a week before.
type Today struct {
	Amount, LastWeekAmount int64
	Orders, LastWeekOrders int64
	OpenOrders             int64
	Top                    []DishRow
	Currency               string
	Digits                 int
}

// Today reads the caller's venues' figures of their local today.
func (s *Reports) Today(ctx context.Context, now time.Time) (*Today, error) {
	p, ok := api.PrincipalFrom(ctx)
	if !ok || p.MerchantID == 0 {
		return nil, api.Conflict("report.merchant_only", nil)
	}
	venues, err := s.Venues(ctx)
	if err != nil {
		return nil, err
	}
	t, err := s.target(ctx, 0)
	if err != nil {
		return nil, err
	}
	out := &Today{Currency: t.currency, Digits: cuisine.Digits(t.currency)}
	if len(venues) == 0 {
		return out, nil
	}
	type key struct {
		venue uint64
		date  string
	}
	today, lastWeek := map[key]bool{}, map[key]bool{}
	ids := make([]uint64, 0, len(venues))
	var dates []string
	for _, v := range venues {
		loc := location(v.Timezone)
		d := now.In(loc)
		td, lw := d.Format(time.DateOnly), d.AddDate(0, 0, -7).Format(time.DateOnly)
		today[key{v.ID, td}] = true
		lastWeek[key{v.ID, lw}] = true
		ids = append(ids, v.ID)
		dates = append(dates, td, lw)
	}
	var days []DailyVenue
	if err := s.db.WithContext(ctx).Where("merchant_id = ? AND venue_id IN ? AND local_date IN ?", p.MerchantID, ids, dates).
		Find(&days).Error; err != nil {
		return nil, err
	}
	for _, d := range days {
		k := key{d.VenueID, d.LocalDate}
		if today[k] {
			out.Amount += d.Amount
			out.Orders += d.Orders
		}
		if lastWeek[k] {
			out.LastWeekAmount += d.Amount
			out.LastWeekOrders += d.Orders
		}
	}
	var dishes []DailyDish
	if err := s.db.WithContext(ctx).Where("merchant_id = ? AND venue_id IN ? AND local_date IN ?", p.MerchantID, ids, dates).
		Find(&dishes).Error; err != nil {
		return nil, err
	}
	sums := map[uint64]*groupRow{}
	for _, d := range dishes {
		if !today[key{d.VenueID, d.LocalDate}] {
			continue
		}
		g := sums[d.DishID]
		if g == nil {
			g = &groupRow{DishID: d.DishID, CategoryID: d.CategoryID}
			sums[d.DishID] = g
		}
		g.Quantity += d.Quantity
		g.Amount += d.Amount
	}
	var ranked []groupRow
	for _, g := range sums {
		if g.Quantity > 0 {
			ranked = append(ranked, *g)
		}
	}
	sort.Slice(ranked, func(i, j int) bool {
		if ranked[i].Quantity != ranked[j].Quantity {
			return ranked[i].Quantity > ranked[j].Quantity
		}
		return ranked[i].DishID < ranked[j].DishID
	})
	if len(ranked) > topToday {
		ranked = ranked[:topToday]
	}
	if out.Top, err = s.named(ctx, ranked); err != nil {
		return nil, err
	}
	err = s.db.WithContext(ctx).Model(&OrderFact{}).Where("merchant_id = ? AND venue_id IN ? AND state = ?", p.MerchantID, ids, StateOpen).
		Count(&out.OpenOrders).Error
	return out, err
}

// Workbench puts today's sales and orders (against the same weekday last
// week), today's top dishes and the open orders on the merchant staff's home
// page.
func (m *Module) Workbench(ctx context.Context, p *api.Principal, lang string) []module.Card {
	if p.IsPlatform() {
		return nil
	}
	d, err := m.Reports.Today(ctx, time.Now())
	if err != nil {
		m.deps.Log.Warn("report: workbench figures", "error", err)
		return nil
	}
	open := d.OpenOrders
	if m.orders != nil {
		page, err := m.orders.Orders(ctx, order.OrderQuery{PageQuery: api.PageQuery{PageNo: 1, PageSize: 1}, Status: order.StatusNormal, PayStatus: order.PayOpen})
		if err != nil {
			m.deps.Log.Warn("report: workbench open orders", "error", err)
		} else {
			open = page.Total
		}
	}
	money := func(v int64) string { return cuisine.FormatMajor(v, d.Digits) + " " + d.Currency }
	top := i18n.T(lang, "workbench.report_no_sales", nil)
	if len(d.Top) > 0 {
		names := make([]string, len(d.Top))
		for i, r := range d.Top {
			names[i] = fmt.Sprintf("%s ×%d", r.DishName, r.Quantity)
		}
		top = strings.Join(names, ", ")
	}
	return []module.Card{
		{Key: "salesToday", Title: i18n.T(lang, "workbench.report_sales_today", nil), Value: money(d.Amount), Link: "/report/sales",
			Note: i18n.T(lang, "workbench.report_last_week", map[string]any{"Value": money(d.LastWeekAmount), "Change": change(d.Amount, d.LastWeekAmount)})},
		{Key: "ordersToday", Title: i18n.T(lang, "workbench.report_orders_today", nil), Value: d.Orders, Link: "/cuisine/orderDetail",
			Note: i18n.T(lang, "workbench.report_last_week", map[string]any{"Value": d.LastWeekOrders, "Change": change(d.Orders, d.LastWeekOrders)})},
		{Key: "topDishesToday", Title: i18n.T(lang, "workbench.report_top_today", nil), Value: top, Link: "/report/sales"},
		{Key: "openOrders", Title: i18n.T(lang, "workbench.report_open_orders", nil), Value: open, Link: "/cuisine/order"},
	}
}

// change is today against last week in whole percent ("+12%", "-3%"), or
// "–" when last week had nothing to compare with.
func change(now, before int64) string {
	if before == 0 {
		return "–"
	}
	pct := (now - before) * 100 / before
	if pct >= 0 {
		return fmt.Sprintf("+%d%%", pct)
	}
	return fmt.Sprintf("%d%%", pct)
}
