package order

import (
	"context"
	"time"

	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/shop"
)

// reprice recomputes the charges from the subtotal with the rates the bill
// opened with, the way shop computes them for every module.
func (o *Order) reprice() {
	rates := shop.VenueSettings{TaxRate: o.TaxRate, PricesIncludeTax: o.TaxIncluded, ServiceCharge: o.ServiceRate}
	c := rates.Charges(o.Subtotal)
	o.ServiceCharge, o.Tax, o.Total = c.ServiceCharge, c.Tax, c.Total
}

// header is the order as the events carry it.
func (o *Order) header() orderevent.Order {
	return orderevent.Order{MerchantID: o.MerchantID, VenueID: o.VenueID, OrderID: o.ID, OrderNo: o.OrderNo, TableID: o.TableID,
		TableName: o.TableNo, Currency: o.Currency, TimeZone: o.TimeZone, PlacedAt: o.PlacedAt, Remark: o.Remark}
}

// eventLines are lines as the events carry them.
func eventLines(lines []Line, _ bool) []orderevent.Line {
	out := make([]orderevent.Line, len(lines))
	for i, l := range lines {
		out[i] = orderevent.Line{LineID: l.ID, DishID: l.DishID, CategoryID: l.CategoryID, DishName: l.DishName,
			Options: append([]string{}, l.Options...), Quantity: l.Quantity, UnitPrice: l.UnitPrice, Amount: l.Amount, Remark: l.Remark,
			OriginalPrice: l.OriginalPrice, Promotion: l.Promotion}
	}
	return out
}

// LineView is one dish of a bill.
type LineView struct {
	ID            uint64   `json:"id"`
	Round         int      `json:"round"`
	DishID        uint64   `json:"dishId"`
	DishNumber    string   `json:"dishNumber"`
	DishName      string   `json:"dishName"`
	Options       []string `json:"options"`
	OriginalPrice int64    `json:"originalPrice"`
	UnitPrice     int64    `json:"unitPrice"`
	Promotion     string   `json:"promotion"`
	Quantity      int      `json:"quantity"`
	CancelledQty  int      `json:"cancelledQty"`
	Amount        int64    `json:"amount"`
	Status        string   `json:"status" enum:"normal,cancelled"`
	Remark        string   `json:"remark"`
	// Cancellations of this line: who, why, how many (staff only).
	Cancellations []CancellationView `json:"cancellations,omitempty"`
}

// GuestOrder is a bill as every phone at the table sees it.
type GuestOrder struct {
	OrderNo        string     `json:"orderNo"`
	TableNo        string     `json:"tableNo"`
	Mode           string     `json:"mode"`
	Status         string     `json:"status" enum:"normal,cancelled"`
	PayStatus      string     `json:"payStatus" enum:"open,settled"`
	Rounds         int        `json:"rounds"`
	Currency       string     `json:"currency"`
	CurrencyDigits int        `json:"currencyDigits"`
	Original       int64      `json:"original"`
	Discount       int64      `json:"discount"` // promotions: Original − Subtotal
	Subtotal       int64      `json:"subtotal"`
	ServiceRate    int        `json:"serviceRate"` // basis points
	ServiceCharge  int64      `json:"serviceCharge"`
	TaxRate        int        `json:"taxRate"` // basis points
	TaxIncluded    bool       `json:"taxIncluded"`
	Tax            int64      `json:"tax"`
	Total          int64      `json:"total"`
	Remark         string     `json:"remark"`
	PlacedAt       time.Time  `json:"placedAt"`
	TimeZone       string     `json:"timeZone"` // the venue's IANA zone: times read in it, not the browser's
	Lines          []LineView `json:"lines"`
}

func guestOf(o *Order, lines []Line) *GuestOrder {
	g := &GuestOrder{TimeZone: o.TimeZone, OrderNo: o.OrderNo, TableNo: o.TableNo, Mode: o.Mode, Status: o.Status, PayStatus: o.PayStatus, Rounds: o.Rounds,
		Currency: o.Currency, CurrencyDigits: cuisine.Digits(o.Currency), Original: o.Original, Discount: o.Original - o.Subtotal,
		Subtotal: o.Subtotal, ServiceRate: o.ServiceRate, ServiceCharge: o.ServiceCharge, TaxRate: o.TaxRate, TaxIncluded: o.TaxIncluded,
		Tax: o.Tax, Total: o.Total, Remark: o.Remark, PlacedAt: o.PlacedAt, Lines: make([]LineView, len(lines))}
	for i, l := range lines {
		g.Lines[i] = lineViewOf(&l)
	}
	return g
}

func lineViewOf(l *Line) LineView {
	opts := []string(l.Options)
	if opts == nil {
		opts = []string{}
	}
	return LineView{ID: l.ID, Round: l.Round, DishID: l.DishID, DishNumber: l.DishNumber, DishName: l.DishName, Options: opts,
		OriginalPrice: l.OriginalPrice, UnitPrice: l.UnitPrice, Promotion: l.Promotion, Quantity: l.Quantity, CancelledQty: l.CancelledQty,
		Amount: l.Amount, Status: l.Status, Remark: l.Remark}
}

// guestOrder reads a bill for a guest's page; ctx is narrowed to its venue.
func (m *Module) guestOrder(ctx context.Context, id uint64, _ *shop.VenueSettings) (*GuestOrder, error) {
	var o Order
	if err := m.db.WithContext(ctx).Where("id = ?", id).Take(&o).Error; err != nil {
		return nil, err
	}
	var lines []Line
	if err := m.db.WithContext(ctx).Where("order_id = ?", id).Order("round, id").Find(&lines).Error; err != nil {
		return nil, err
	}
	return guestOf(&o, lines), nil
}

// TableBill answers a table's bills that are still open (pay after the
// meal: at most one), for every phone at the table and the pay-bill code.
func (m *Module) TableBill(ctx context.Context, tableID, merchantID, venueID uint64) ([]*GuestOrder, error) {
	vctx := venueCtx(ctx, merchantID, venueID)
	var orders []Order
	if err := m.db.WithContext(vctx).Where("table_id = ? AND pay_status = ? AND status = ?", tableID, PayOpen, StatusNormal).
		Order("id DESC").Limit(20).Find(&orders).Error; err != nil {
		return nil, err
	}
	out := make([]*GuestOrder, 0, len(orders))
	for _, o := range orders {
		var lines []Line
		if err := m.db.WithContext(vctx).Where("order_id = ?", o.ID).Order("round, id").Find(&lines).Error; err != nil {
			return nil, err
		}
		out = append(out, guestOf(&o, lines))
	}
	return out, nil
}

// remainingLines are the dishes still on the bill, as the events carry them.
func remainingLines(lines []Line) []orderevent.Line {
	var out []orderevent.Line
	for _, l := range lines {
		if n := l.Remaining(); n > 0 {
			ev := eventLines([]Line{l}, false)[0]
			ev.Quantity, ev.Amount = n, l.UnitPrice*int64(n)
			out = append(out, ev)
		}
	}
	return out
}

// settledEvent is the settlement as the listeners and the receipt see it.
func (o *Order) settledEvent(lines []Line, at time.Time) orderevent.Settled {
	return orderevent.Settled{Order: o.header(), Lines: remainingLines(lines), Original: o.Original, Subtotal: o.Subtotal,
		ServiceCharge: o.ServiceCharge, Tax: o.Tax, Total: o.Total, SettledAt: at}
}
