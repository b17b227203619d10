package order

import (
	"context"
	"github.com/venueplatform/venue/internal/textsearch"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/shop"
)

// OrderQuery filters the order records (spec: order number, table number,
// dish name; plus status, venue and time range). History is never purged.
type OrderQuery struct {
	api.PageQuery
	VenueID   uint64 `form:"venueId" json:"venueId"`
	OrderNo   string `form:"orderNo" json:"orderNo"`                         // anywhere in the number
	TableNo   string `form:"tableNo" json:"tableNo"`                         // exact
	DishName  string `form:"dishName" json:"dishName"`                       // part of a line's dish name
	Status    string `form:"status" json:"status" enum:"normal,cancelled"`   // normal, cancelled
	PayStatus string `form:"payStatus" json:"payStatus" enum:"open,settled"` // open, settled
	From      string `form:"from" json:"from"`                               // RFC 3339 or YYYY-MM-DD (from its start)
	To        string `form:"to" json:"to"`                                   // RFC 3339 or YYYY-MM-DD (to its end)
}

// OrderView is one row of the order records.
type OrderView struct {
	ID             uint64     `json:"id"`
	VenueID        uint64     `json:"venueId"`
	OrderNo        string     `json:"orderNo"`
	TableNo        string     `json:"tableNo"`
	Mode           string     `json:"mode"`
	Status         string     `json:"status" enum:"normal,cancelled"`
	PayStatus      string     `json:"payStatus" enum:"open,settled"`
	Rounds         int        `json:"rounds"`
	Currency       string     `json:"currency"`
	CurrencyDigits int        `json:"currencyDigits"`
	Subtotal       int64      `json:"subtotal"`
	Total          int64      `json:"total"`
	Remark         string     `json:"remark"`
	PaymentMethod  string     `json:"paymentMethod"`
	PlacedAt       time.Time  `json:"placedAt"`
	SettledAt      *time.Time `json:"settledAt"`
	PendingCancels int        `json:"pendingCancels"`
	TimeZone       string     `json:"timeZone"` // the venue's IANA zone: times read in it, not the browser's
}

// OrderDetail is one bill with its lines, cancellations and settlement.
type OrderDetail struct {
	GuestOrder
	ID            uint64             `json:"id"`
	VenueID       uint64             `json:"venueId"`
	TableID       uint64             `json:"tableId"`
	PaymentMethod string             `json:"paymentMethod"`
	SettledAt     *time.Time         `json:"settledAt"`
	SettledBy     string             `json:"settledBy"`
	Cancellations []CancellationView `json:"cancellations"`
	// ApprovalAbove is the venue's amount above which a cancellation waits for a manager.
	ApprovalAbove int64 `json:"approvalAbove"`
}

// CancellationView is one cancellation: who asked, why, who decided.
type CancellationView struct {
	ID            uint64     `json:"id"`
	OrderID       uint64     `json:"orderId"`
	OrderNo       string     `json:"orderNo,omitempty"`
	TableNo       string     `json:"tableNo,omitempty"`
	LineID        uint64     `json:"lineId"`
	DishName      string     `json:"dishName"`
	Quantity      int        `json:"quantity"`
	Amount        int64      `json:"amount"`
	Currency      string     `json:"currency,omitempty"`
	Reason        string     `json:"reason"`
	ReasonLabel   string     `json:"reasonLabel"`
	Remark        string     `json:"remark"`
	Status        string     `json:"status" enum:"pending,applied,rejected"`
	RequestedName string     `json:"requestedName"`
	DecidedName   string     `json:"decidedName"`
	DecisionNote  string     `json:"decisionNote"`
	CreatedAt     time.Time  `json:"createdAt"`
	DecidedAt     *time.Time `json:"decidedAt"`
}

var orderSorts = map[string]string{"placedAt": "placed_at", "total": "total", "orderNo": "order_no", "id": "id"}

// writer is the staff member of a write: a merchant's user (platform users
// read orders and change none).
func writer(ctx context.Context) (*api.Principal, error) {
	p, ok := api.PrincipalFrom(ctx)
	if !ok || p.MerchantID == 0 {
		return nil, api.Conflict("order.merchant_only", nil)
	}
	return p, nil
}

// readScope is ctx narrowed to a venue the caller may see, or the caller's
// own scope when venueID is 0.
func (m *Module) readScope(ctx context.Context, venueID uint64) (context.Context, error) {
	if venueID == 0 {
		return ctx, nil
	}
	p, _ := api.PrincipalFrom(ctx)
	org, err := m.venues.Venue(ctx, p, venueID, false)
	if err != nil {
		return nil, err
	}
	return shop.VenueScope(ctx, org), nil
}

// parseBound reads a time filter: RFC 3339, or a date whose start (or end,
// for an upper bound) counts.
func parseBound(field, s string, upper bool) (*time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		t = t.UTC()
		return &t, nil
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			if upper && layout == "2006-01-02" {
				t = t.Add(24*time.Hour - time.Nanosecond)
			}
			return &t, nil
		}
	}
	return nil, api.Invalid(field, "validation.bad_value", nil)
}

// filtered applies the query's filters to the order table.
func (m *Module) filtered(ctx context.Context, q OrderQuery) (*gorm.DB, error) {
	sctx, err := m.readScope(ctx, q.VenueID)
	if err != nil {
		return nil, err
	}
	db := m.db.WithContext(sctx).Model(&Order{})
	if v := strings.TrimSpace(q.OrderNo); v != "" {
		db = orderNoSearch(db, v)
	}
	if v := strings.TrimSpace(q.TableNo); v != "" {
		db = db.Where("table_no = ?", v)
	}
	if v := strings.TrimSpace(q.DishName); v != "" {
		sub := m.db.WithContext(sctx).Model(&Line{}).Select("order_id").Where("dish_name LIKE ? ESCAPE '!'", textsearch.Contains(v))
		db = db.Where("id IN (?)", sub)
	}
	switch q.Status {
	case "":
	case StatusNormal, StatusCancelled:
		db = db.Where("status = ?", q.Status)
	default:
		return nil, api.Invalid("status", "validation.bad_value", nil)
	}
	switch q.PayStatus {
	case "":
	case PayOpen, PaySettled:
		db = db.Where("pay_status = ?", q.PayStatus)
	default:
		return nil, api.Invalid("payStatus", "validation.bad_value", nil)
	}
	from, err := parseBound("from", q.From, false)
	if err != nil {
		return nil, err
	}
	to, err := parseBound("to", q.To, true)
	if err != nil {
		return nil, err
	}
	if from != nil {
		db = db.Where("placed_at >= ?", *from)
	}
	if to != nil {
		db = db.Where("placed_at <= ?", *to)
	}
	return db, nil
}

// Orders answers one page of the order records, newest first.
func (m *Module) Orders(ctx context.Context, q OrderQuery) (api.Page[OrderView], error) {
	q.Normalize()
	return m.orders(ctx, q)
}

func (m *Module) orders(ctx context.Context, q OrderQuery) (api.Page[OrderView], error) {
	db, err := m.filtered(ctx, q)
	if err != nil {
		return api.Page[OrderView]{}, err
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[OrderView]{}, err
	}
	var rows []Order
	if err := db.Order(q.OrderBy(orderSorts, "placed_at DESC") + ", id DESC").Offset(q.Offset()).Limit(q.PageSize).Find(&rows).Error; err != nil {
		return api.Page[OrderView]{}, err
	}
	pending, err := m.pendingCounts(ctx, rows)
	if err != nil {
		return api.Page[OrderView]{}, err
	}
	out := make([]OrderView, len(rows))
	for i, o := range rows {
		out[i] = OrderView{ID: o.ID, VenueID: o.VenueID, OrderNo: o.OrderNo, TableNo: o.TableNo, Mode: o.Mode, Status: o.Status,
			PayStatus: o.PayStatus, Rounds: o.Rounds, Currency: o.Currency, CurrencyDigits: cuisine.Digits(o.Currency), Subtotal: o.Subtotal,
			Total: o.Total, Remark: o.Remark, PaymentMethod: o.PaymentMethod, PlacedAt: o.PlacedAt, SettledAt: o.SettledAt,
			PendingCancels: pending[o.ID], TimeZone: o.TimeZone}
	}
	return api.NewPage(q.PageQuery, out, total), nil
}

func (m *Module) pendingCounts(ctx context.Context, rows []Order) (map[uint64]int, error) {
	out := map[uint64]int{}
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, o := range rows {
		ids[i] = o.ID
	}
	var pend []Cancellation
	if err := m.db.WithContext(ctx).Select("order_id").Where("order_id IN ? AND status = ?", ids, CancelPending).Find(&pend).Error; err != nil {
		return nil, err
	}
	for _, c := range pend {
		out[c.OrderID]++
	}
	return out, nil
}

// Order reads one bill the caller may see, with its lines and cancellations.
func (m *Module) Order(ctx context.Context, id uint64, lang string) (*OrderDetail, error) {
	var o Order
	if err := m.db.WithContext(ctx).Where("id = ?", id).Take(&o).Error; err != nil {
		return nil, err
	}
	var lines []Line
	if err := m.db.WithContext(ctx).Where("order_id = ?", id).Order("round, id").Find(&lines).Error; err != nil {
		return nil, err
	}
	var cancels []Cancellation
	if err := m.db.WithContext(ctx).Where("order_id = ?", id).Order("id").Find(&cancels).Error; err != nil {
		return nil, err
	}
	d := &OrderDetail{GuestOrder: *guestOf(&o, lines), ID: o.ID, VenueID: o.VenueID, TableID: o.TableID, PaymentMethod: o.PaymentMethod,
		SettledAt: o.SettledAt, SettledBy: o.SettledBy, Cancellations: []CancellationView{}}
	if v, err := m.venues.VenueSettings(ctx, o.VenueID); err == nil {
		d.ApprovalAbove = v.CancelApprovalAbove
	}
	labels := m.reasonLabels(ctx, lang)
	names := map[uint64]string{}
	for _, l := range lines {
		names[l.ID] = l.DishName
	}
	byLine := map[uint64][]CancellationView{}
	for _, c := range cancels {
		cv := cancellationViewOf(&c, names[c.LineID], labels)
		d.Cancellations = append(d.Cancellations, cv)
		if c.LineID != 0 {
			byLine[c.LineID] = append(byLine[c.LineID], cv)
		}
	}
	for i := range d.Lines {
		d.Lines[i].Cancellations = byLine[d.Lines[i].ID]
	}
	return d, nil
}

func cancellationViewOf(c *Cancellation, dish string, labels map[string]string) CancellationView {
	label := labels[c.Reason]
	if label == "" {
		label = c.Reason
	}
	return CancellationView{ID: c.ID, OrderID: c.OrderID, LineID: c.LineID, DishName: dish, Quantity: c.Quantity, Amount: c.Amount,
		Reason: c.Reason, ReasonLabel: label, Remark: c.Remark, Status: c.Status, RequestedName: c.RequestedName,
		DecidedName: c.DecidedName, DecisionNote: c.DecisionNote, CreatedAt: c.CreatedAt, DecidedAt: c.DecidedAt}
}

// reasonLabels are the cancel_reason dictionary's labels in lang.
func (m *Module) reasonLabels(ctx context.Context, lang string) map[string]string {
	out := map[string]string{}
	entries, err := m.core.Dicts.ByType(ctx, DictCancelReason, lang)
	if err != nil {
		return out
	}
	for _, e := range entries {
		out[e.DictValue] = e.DictKey
	}
	return out
}
