package order

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
)

// demoDays is how far back the demo venue's order history reaches.
const demoDays = 90

// seedDemo gives the demo venue about ninety days of orders, once: lunch
// and dinner peaks, busier weekends, a few dishes and whole orders
// cancelled with reasons, everything settled but three tables eating now.
// Lines are priced from the demo menu as guests' submissions are, and
// written in batches (history prints no kitchen tickets).
func (m *Module) seedDemo(ctx context.Context) error {
	merchant, err := m.core.Orgs.MerchantByName(ctx, sys.DemoMerchantName)
	if err != nil || merchant == nil {
		return err
	}
	venues, err := m.core.Orgs.Venues(ctx, merchant.ID)
	if err != nil || len(venues) == 0 {
		return fmt.Errorf("demo venue of %s: %v", sys.DemoMerchantName, err)
	}
	if has, err := m.VenueHasOrders(ctx, venues[0].ID); err != nil || has {
		return err
	}
	v, err := m.venues.VenueSettings(ctx, venues[0].ID)
	if err != nil {
		return err
	}
	// Acting as the venue's own staff to list its tables through configure.
	pctx := api.WithPrincipal(ctx, &api.Principal{UserName: "seed", OrgType: sys.OrgVenue, MerchantID: v.MerchantID, VenueID: v.VenueID})
	tables, err := m.tables.AllOfVenue(pctx, v.VenueID, "")
	if err != nil || len(tables) == 0 {
		return err
	}
	now := m.now().UTC()
	menu, err := m.menu.VenueMenu(ctx, v.VenueKey, v.DefaultLanguage, now)
	if err != nil {
		return err
	}
	var dishes []cuisine.PublicDish
	for _, c := range menu.Categories {
		for _, d := range c.Dishes {
			if !d.SoldOut {
				dishes = append(dishes, d)
			}
		}
	}
	if len(dishes) == 0 {
		return nil
	}
	g := &demoGen{v: v, tables: tables, dishes: dishes, menu: menu, rnd: rand.New(rand.NewPCG(7, v.VenueID)), now: now}
	g.plan()
	return m.db.WithContext(venueCtx(ctx, v.MerchantID, v.VenueID)).Transaction(func(tx *gorm.DB) error {
		if err := g.write(tx); err != nil {
			return err
		}
		return m.replayHistory(tx, g)
	})
}

type demoOrder struct {
	order   Order
	lines   []Line
	cancels []Cancellation
}

type demoGen struct {
	v      *shop.VenueSettings
	tables []configure.TableView
	dishes []cuisine.PublicDish
	menu   *cuisine.PublicMenu
	rnd    *rand.Rand
	now    time.Time
	orders []*demoOrder
	days   map[string]int
}

var (
	demoReasons  = []string{"guest_changed_mind", "out_of_stock", "wrong_order", "too_slow", "quality"}
	demoPayments = []string{"cash", "card", "card", "wechat_pay", "alipay", "alipay"}
	demoStaff    = []string{"demo_waiter", "demo_manager"}
)

// plan draws the orders day by day in the venue's calendar.
func (g *demoGen) plan() {
	g.days = map[string]int{}
	loc := g.v.Location
	today := g.now.In(loc)
	for back := demoDays; back >= 1; back-- {
		day := time.Date(today.Year(), today.Month(), today.Day()-back, 0, 0, 0, 0, loc)
		n := 12 + g.rnd.IntN(8)
		if wd := day.Weekday(); wd == time.Friday || wd == time.Saturday || wd == time.Sunday {
			n += 8
		}
		for range n {
			// Two thirds at dinner; both services peak in their middle.
			at := day.Add(12*time.Hour + 30*time.Minute)
			if g.rnd.IntN(3) > 0 {
				at = day.Add(19*time.Hour + 15*time.Minute)
			}
			at = at.Add(time.Duration(g.rnd.NormFloat64()*40) * time.Minute)
			g.add(at, true)
		}
	}
	for i := range min(3, len(g.tables)) { // the last tables are eating now
		g.addAt(g.now.Add(-time.Duration(20+15*i)*time.Minute), false, len(g.tables)-1-i)
	}
}

func (g *demoGen) add(at time.Time, settled bool) {
	g.addAt(at, settled, g.rnd.IntN(len(g.tables)))
}

func (g *demoGen) addAt(at time.Time, settled bool, tableIdx int) {
	t := g.tables[tableIdx]
	at = at.UTC().Truncate(time.Second)
	day := at.In(g.v.Location).Format("20060102")
	g.days[day]++
	o := Order{MerchantID: g.v.MerchantID, VenueID: g.v.VenueID, OrderNo: fmt.Sprintf("%s%s%04d", g.v.OrderPrefix, day[2:], g.days[day]),
		TableID: t.ID, TableNo: t.Name, Mode: g.v.OrderingMode, Status: StatusNormal, PayStatus: PayOpen, Rounds: 1, Currency: g.v.Currency,
		TimeZone: g.v.Timezone, TaxRate: g.v.TaxRate, TaxIncluded: g.v.PricesIncludeTax, ServiceRate: g.v.ServiceCharge, PlacedAt: at, UpdatedAt: at}
	d := &demoOrder{}
	rounds := 1
	if g.rnd.IntN(4) == 0 {
		rounds = 2
	}
	for r := 1; r <= rounds; r++ {
		for range 1 + g.rnd.IntN(4) {
			p := g.line()
			qty := 1 + g.rnd.IntN(10)/8
			d.lines = append(d.lines, Line{MerchantID: o.MerchantID, VenueID: o.VenueID, Round: r, DishID: p.dish.ID, CategoryID: p.categoryID,
				DishNumber: p.dish.Number, DishName: p.dish.Name, Options: p.options, OriginalPrice: p.original, UnitPrice: p.unit,
				Promotion: p.promotion, Quantity: qty, Amount: p.unit * int64(qty), Status: StatusNormal, CreatedAt: at.Add(time.Duration(r-1) * 25 * time.Minute)})
			o.Original += p.original * int64(qty)
			o.Subtotal += p.unit * int64(qty)
		}
	}
	o.Rounds = rounds
	staff := demoStaff[g.rnd.IntN(len(demoStaff))]
	switch roll := g.rnd.IntN(100); {
	case roll < 2: // the whole order, before anything was served
		for i := range d.lines {
			d.lines[i].CancelledQty, d.lines[i].Amount, d.lines[i].Status = d.lines[i].Quantity, 0, StatusCancelled
		}
		d.cancels = append(d.cancels, g.cancel(&o, 0, o.Subtotal, staff, at.Add(10*time.Minute)))
		o.Status, o.Original, o.Subtotal = StatusCancelled, 0, 0
		settled = false
	case roll < 9: // one dish
		idx := g.rnd.IntN(len(d.lines))
		l := &d.lines[idx]
		l.CancelledQty, l.Amount, l.Status = l.Quantity, 0, StatusCancelled
		o.Subtotal -= l.UnitPrice * int64(l.Quantity)
		o.Original -= l.OriginalPrice * int64(l.Quantity)
		c := g.cancel(&o, l.Quantity, l.UnitPrice*int64(l.Quantity), staff, at.Add(15*time.Minute))
		c.LineID = uint64(idx + 1) // the line's position until write knows its id
		d.cancels = append(d.cancels, c)
		if o.Subtotal == 0 && o.Original == 0 {
			o.Status, settled = StatusCancelled, false
		}
	}
	o.reprice()
	if settled {
		paid := at.Add(time.Duration(45+g.rnd.IntN(50)) * time.Minute)
		o.PayStatus, o.PaymentMethod, o.SettledAt, o.SettledBy = PaySettled, demoPayments[g.rnd.IntN(len(demoPayments))], &paid, staff
	} else if o.Status == StatusNormal && o.Mode == shop.PayAfterMeal {
		id := t.ID
		o.OpenTableID = &id
	}
	d.order = o
	g.orders = append(g.orders, d)
}

func (g *demoGen) cancel(o *Order, qty int, amount int64, by string, at time.Time) Cancellation {
	return Cancellation{MerchantID: o.MerchantID, VenueID: o.VenueID, Quantity: qty, Amount: amount,
		Reason: demoReasons[g.rnd.IntN(len(demoReasons))], Status: CancelApplied, RequestedName: by, DecidedName: by, CreatedAt: at, DecidedAt: &at}
}

// line draws a dish with valid choices and prices it as a submission is.
func (g *demoGen) line() pricedLine {
	for {
		d := g.dishes[g.rnd.IntN(len(g.dishes))]
		var ids []uint64
		for _, s := range d.Specs {
			want := s.MinChoices
			if s.Required && want < 1 {
				want = 1
			}
			if want == 0 && s.MaxChoices > 0 && g.rnd.IntN(3) == 0 {
				want = 1
			}
			for _, i := range g.rnd.Perm(len(s.Options)) {
				if want == 0 {
					break
				}
				if !s.Options[i].SoldOut {
					ids = append(ids, s.Options[i].ID)
					want--
				}
			}
		}
		priced, err := priceLines(g.menu, []SubmitLine{{DishID: d.ID, OptionIDs: ids, Quantity: 1}})
		if err == nil {
			return priced[0]
		}
	}
}

// write inserts the plan in batches: orders, then their lines and
// cancellations with the ids the orders got, then the day counters.
func (g *demoGen) write(tx *gorm.DB) error {
	orders := make([]Order, len(g.orders))
	for i, d := range g.orders {
		orders[i] = d.order
	}
	if err := tx.CreateInBatches(&orders, 200).Error; err != nil {
		return err
	}
	if err := indexOrderNumbers(tx, orders); err != nil {
		return err
	}
	var lines []Line
	for i, d := range g.orders {
		d.order.ID = orders[i].ID
		for j := range d.lines {
			d.lines[j].OrderID = orders[i].ID
		}
		lines = append(lines, d.lines...)
	}
	if err := tx.CreateInBatches(&lines, 300).Error; err != nil {
		return err
	}
	var cancels []Cancellation
	k := 0
	for _, d := range g.orders {
		for j := range d.lines {
			d.lines[j].ID = lines[k+j].ID
		}
		for x := range d.cancels {
			c := &d.cancels[x]
			c.OrderID = d.order.ID
			if c.LineID != 0 { // 1-based index of the order's line
				c.LineID = d.lines[c.LineID-1].ID
			}
			cancels = append(cancels, *c)
		}
		k += len(d.lines)
	}
	if len(cancels) > 0 {
		if err := tx.CreateInBatches(&cancels, 300).Error; err != nil {
			return err
		}
	}
	counters := make([]Counter, 0, len(g.days))
	for day, n := range g.days {
		counters = append(counters, Counter{MerchantID: g.v.MerchantID, VenueID: g.v.VenueID, Day: day, Seq: n})
	}
	return tx.CreateInBatches(&counters, 200).Error
}

// replayHistory tells the listeners that follow history (reports, not
// printing) about the seeded orders, as if they had happened.
func (m *Module) replayHistory(tx *gorm.DB, g *demoGen) error {
	m.lmu.RLock()
	var hs []orderevent.HistoryListener
	for _, l := range m.listeners {
		if h, ok := l.(orderevent.HistoryListener); ok {
			hs = append(hs, h)
		}
	}
	m.lmu.RUnlock()
	if len(hs) == 0 {
		return nil
	}
	labels := m.reasonLabels(tx.Statement.Context, g.v.DefaultLanguage)
	for _, d := range g.orders {
		o := d.order
		full := o
		full.Status = StatusNormal
		for r := 1; r <= o.Rounds; r++ {
			var round []Line
			for _, l := range d.lines {
				if l.Round == r {
					l.Amount, l.CancelledQty = l.UnitPrice*int64(l.Quantity), 0
					round = append(round, l)
				}
			}
			if len(round) == 0 {
				continue
			}
			ev := orderevent.Placed{Order: full.header(), Round: r, Lines: eventLines(round, false)}
			for _, h := range hs {
				if err := h.OrderPlaced(tx, ev); err != nil {
					return err
				}
			}
		}
		for _, c := range d.cancels {
			ev := orderevent.Cancelled{Order: o.header(), Whole: c.LineID == 0, Reason: labels[c.Reason], ByUserName: c.RequestedName, CancelledAt: c.CreatedAt}
			for _, l := range d.lines {
				if (c.LineID == 0 || c.LineID == l.ID) && l.CancelledQty > 0 {
					e := eventLines([]Line{l}, false)[0]
					e.Quantity, e.Amount = l.CancelledQty, l.UnitPrice*int64(l.CancelledQty)
					ev.Lines = append(ev.Lines, e)
				}
			}
			for _, h := range hs {
				if err := h.OrderCancelled(tx, ev); err != nil {
					return err
				}
			}
		}
		if o.PayStatus == PaySettled && o.SettledAt != nil {
			ev := orderevent.Settled{Order: o.header(), Subtotal: o.Subtotal, ServiceCharge: o.ServiceCharge, Tax: o.Tax, Total: o.Total, SettledAt: *o.SettledAt}
			for _, h := range hs {
				if err := h.OrderSettled(tx, ev); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
