package order

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// CancelInput cancels some of one dish line or the rest of the whole order.
type CancelInput struct {
	LineID   uint64 `json:"lineId"`   // 0: the whole order
	Quantity int    `json:"quantity"` // of the line; 0: all that remains
	Reason   string `json:"reason"`   // a cancel_reason dictionary value
	Remark   string `json:"remark"`
}

// CancelResult says whether a cancellation applied at once or waits for a
// manager (above the venue's approval amount), and the bill after it.
type CancelResult struct {
	Applied      bool             `json:"applied"`
	Pending      bool             `json:"pending"`
	Cancellation CancellationView `json:"cancellation"`
	Order        *OrderDetail     `json:"order" api:"notnull"`
}

// DecisionInput is a manager's note on approving or rejecting.
type DecisionInput struct {
	Note string `json:"note"`
}

var errStale = errors.New("order: cancellation no longer fits the bill")

// checkCancel validates a cancellation's fields (not yet against the bill).
func (m *Module) checkCancel(ctx context.Context, in *CancelInput) error {
	in.Reason, in.Remark = strings.TrimSpace(in.Reason), strings.TrimSpace(in.Remark)
	if in.Reason == "" {
		return api.Invalid("reason", "validation.must_select", nil)
	}
	if _, ok := m.reasonLabels(ctx, "")[in.Reason]; !ok {
		return api.Invalid("reason", "validation.bad_value", nil)
	}
	if in.Quantity < 0 || (in.LineID == 0 && in.Quantity != 0) {
		return api.Invalid("quantity", "validation.bad_value", nil)
	}
	if utf8.RuneCountInString(in.Remark) > maxLineRemark {
		return api.Invalid("remark", "validation.max_len", map[string]any{"Max": maxLineRemark})
	}
	return nil
}

// Cancel cancels a dish line (all or part of it) or the whole order after
// the staff confirmed it. Worth more than the venue's approval amount, it
// becomes a request a manager approves; nothing changes until then.
func (m *Module) Cancel(ctx context.Context, orderID uint64, in CancelInput, lang string) (*CancelResult, error) {
	p, err := writer(ctx)
	if err != nil {
		return nil, err
	}
	if err := m.checkCancel(ctx, &in); err != nil {
		return nil, err
	}
	var c Cancellation
	var o Order
	// A request above the approval amount starts order_void: its definition
	// and the starter are read before the transaction (a read through another
	// connection inside it could wait on the pool).
	var void *process.Definition
	var actor engine.Actor
	var launch engine.Input
	if m.procs != nil {
		if void, err = m.procs.PlatformDefinition(ctx, VoidProcess); err != nil {
			return nil, err
		}
		actor = m.procs.Actor(ctx, p)
	}
	err = dbx.Transaction(m.db.WithContext(ctx), func(tx *gorm.DB) error {
		if err := lockOrder(tx, orderID, &o); err != nil {
			return err
		}
		if err := cancellable(&o); err != nil {
			return err
		}
		amount, dish := o.Subtotal, i18n.T(lang, "order.whole_order", nil)
		if in.LineID != 0 {
			var l Line
			if err := tx.Where("id = ? AND order_id = ?", in.LineID, o.ID).Take(&l).Error; err != nil {
				return api.Invalid("lineId", "validation.bad_value", nil)
			}
			if in.Quantity == 0 {
				in.Quantity = l.Remaining()
			}
			if l.Remaining() == 0 {
				return api.Conflict("order.line_cancelled", map[string]any{"Dish": l.DishName})
			}
			if in.Quantity > l.Remaining() {
				return api.Invalid("quantity", "order.cancel_too_many", map[string]any{"Dish": l.DishName, "Max": l.Remaining()})
			}
			amount, dish = l.UnitPrice*int64(in.Quantity), l.DishName
		}
		v, err := m.venues.VenueSettingsIn(tx, o.VenueID) // through the tx: no second connection inside it
		if err != nil {
			return err
		}
		now := m.now().UTC()
		c = Cancellation{MerchantID: o.MerchantID, VenueID: o.VenueID, OrderID: o.ID, LineID: in.LineID, Quantity: in.Quantity, Amount: amount,
			Reason: in.Reason, Remark: in.Remark, Status: CancelPending, RequestedBy: p.UserID, RequestedName: p.UserName, CreatedAt: now}
		println("DEBUG cancel amount", amount, v.CancelApprovalAbove, in.LineID)
		if v.NeedsCancelApproval(amount) {
			if void == nil || m.temporalUp() != nil {
				return &api.Error{Status: 503, Code: api.CodeUnavailable, Key: "error.unavailable"}
			}
			if err := tx.Create(&c).Error; err != nil {
				return err
			}
			title := i18n.T(v.DefaultLanguage, "order.void_title", map[string]any{"OrderNo": o.OrderNo, "Dish": dish})
			inst, in, err := m.procs.NewInstance(tx, actor, p, void, VoidBusinessKey(c.ID), title,
				m.voidVariables(ctx, &o, &c, dish, v.DefaultLanguage))
			if err != nil {
				return err
			}
			c.InstanceID, launch = inst.ID, in
			return tx.Model(&Cancellation{ID: c.ID}).Update("instance_id", inst.ID).Error
		}
		if err := tx.Create(&c).Error; err != nil {
			return err
		}
		return m.apply(tx, &o, &c, v.DefaultLanguage, p.UserID, p.UserName, now)
	})
	if errors.Is(err, errStale) {
		return nil, api.Conflict("order.cancel_stale", nil)
	}
	if err != nil {
		return nil, err
	}
	if c.Status == CancelPending {
		// No transaction is held across the call to Temporal.
		if err := m.launchVoid(ctx, &c, launch); err != nil {
			return nil, err
		}
		m.live.publish(liveEvent{Type: liveApproval, VenueID: o.VenueID, MerchantID: o.MerchantID, ID: o.ID})
	} else {
		m.live.publish(liveEvent{Type: liveChange, VenueID: o.VenueID, MerchantID: o.MerchantID, ID: o.ID})
	}
	d, err := m.Order(ctx, orderID, lang)
	if err != nil {
		return nil, err
	}
	res := &CancelResult{Applied: c.Status == CancelApplied, Pending: c.Status == CancelPending, Order: d}
	for _, cv := range d.Cancellations {
		if cv.ID == c.ID {
			res.Cancellation = cv
		}
	}
	return res, nil
}

// lockOrder reads an order in the caller's scope and locks it until the
// transaction ends, so concurrent cancellations never double-count.
func lockOrder(tx *gorm.DB, id uint64, o *Order) error {
	return tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(o).Error
}

func cancellable(o *Order) error {
	if o.Status == StatusCancelled {
		return api.Conflict("order.already_cancelled", map[string]any{"OrderNo": o.OrderNo})
	}
	if o.PayStatus == PaySettled {
		return api.Conflict("order.already_settled", map[string]any{"OrderNo": o.OrderNo})
	}
	return nil
}

// apply cancels what c asks on the locked order o, recomputes the bill and
// tells the listeners, all in tx. A request that no longer fits (the dish
// was cancelled meanwhile) is errStale.
func (m *Module) apply(tx *gorm.DB, o *Order, c *Cancellation, venueLang string, byID uint64, byName string, now time.Time) error {
	var lines []Line
	q := tx.Where("order_id = ?", o.ID)
	if c.LineID != 0 {
		q = q.Where("id = ?", c.LineID)
	}
	if err := q.Order("id").Find(&lines).Error; err != nil {
		return err
	}
	var evLines []orderevent.Line
	var amount int64
	for _, l := range lines {
		n := l.Remaining()
		if c.LineID != 0 {
			n = c.Quantity
			if n > l.Remaining() || n <= 0 {
				return errStale
			}
		}
		if n == 0 {
			continue
		}
		left := l.Remaining() - n
		status := StatusNormal
		if left == 0 {
			status = StatusCancelled
		}
		res := tx.Model(&Line{}).Where("id = ? AND cancelled_qty = ?", l.ID, l.CancelledQty).
			Updates(map[string]any{"cancelled_qty": l.CancelledQty + n, "amount": l.UnitPrice * int64(left), "status": status})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return errStale
		}
		o.Subtotal -= l.UnitPrice * int64(n)
		o.Original -= l.OriginalPrice * int64(n)
		amount += l.UnitPrice * int64(n)
		ev := eventLines([]Line{l}, false)[0]
		ev.Quantity, ev.Amount = n, l.UnitPrice*int64(n)
		evLines = append(evLines, ev)
	}
	if len(evLines) == 0 {
		return errStale
	}
	var left int64
	if err := tx.Model(&Line{}).Where("order_id = ? AND cancelled_qty < quantity", o.ID).Count(&left).Error; err != nil {
		return err
	}
	o.reprice()
	o.UpdatedAt = now
	fields := map[string]any{"original": o.Original, "subtotal": o.Subtotal, "service_charge": o.ServiceCharge, "tax": o.Tax,
		"total": o.Total, "updated_at": now}
	if left == 0 {
		o.Status, o.OpenTableID = StatusCancelled, nil
		fields["status"], fields["open_table_id"] = StatusCancelled, nil
	}
	if err := tx.Model(&Order{ID: o.ID}).Updates(fields).Error; err != nil {
		return err
	}
	c.Status, c.Amount = CancelApplied, amount
	upd := map[string]any{"status": CancelApplied, "amount": amount}
	if c.DecidedBy != 0 {
		upd["decided_by"], upd["decided_name"], upd["decided_at"], upd["decision_note"] = c.DecidedBy, c.DecidedName, c.DecidedAt, c.DecisionNote
	}
	if err := tx.Model(&Cancellation{ID: c.ID}).Updates(upd).Error; err != nil {
		return err
	}
	reason := m.reasonLabels(tx.Statement.Context, venueLang)[c.Reason]
	if reason == "" {
		reason = c.Reason
	}
	if c.Remark != "" {
		reason += " — " + c.Remark
	}
	ev := orderevent.Cancelled{Order: o.header(), Lines: evLines, Whole: c.LineID == 0 || left == 0, Reason: reason,
		ByUserID: byID, ByUserName: byName, CancelledAt: now}
	return m.eachListener(func(l orderevent.Listener) error { return l.OrderCancelled(tx, ev) })
}

// Decide approves or rejects a pending cancellation; only a manager's grant
// (order:approval) within the order's venue reaches it. A request with an
// order_void instance is decided on its approval task (as from the inbox),
// whose service task applies it; one without (asked before the process
// existed) is decided here.
func (m *Module) Decide(ctx context.Context, id uint64, approve bool, in DecisionInput, lang string) (*OrderDetail, error) {
	p, err := writer(ctx)
	if err != nil {
		return nil, err
	}
	in.Note = strings.TrimSpace(in.Note)
	if utf8.RuneCountInString(in.Note) > maxLineRemark {
		return nil, api.Invalid("note", "validation.max_len", map[string]any{"Max": maxLineRemark})
	}
	var c Cancellation
	if err := m.db.WithContext(ctx).Take(&c, id).Error; err != nil {
		return nil, err
	}
	if c.Status != CancelPending {
		return nil, api.Conflict("order.cancel_decided", nil)
	}
	if c.InstanceID != 0 && m.procs != nil {
		if err := m.decideThroughProcess(ctx, p, &c, approve, in.Note); err != nil {
			return nil, err
		}
		return m.Order(ctx, c.OrderID, lang)
	}
	o, status, err := m.decideRequest(ctx, id, approve, p.UserID, p.UserName, in.Note)
	if err != nil {
		return nil, err
	}
	if approve && status == CancelRejected {
		return nil, api.Conflict("order.cancel_stale", nil)
	}
	m.live.publish(liveEvent{Type: liveChange, VenueID: o.VenueID, MerchantID: o.MerchantID, ID: o.ID})
	return m.Order(ctx, o.ID, lang)
}

// ApprovalQuery filters the cancellations waiting for a manager.
type ApprovalQuery struct {
	VenueID uint64 `form:"venueId" json:"venueId"`
}

// Approvals lists the pending cancellations of the caller's venues.
func (m *Module) Approvals(ctx context.Context, q ApprovalQuery, lang string) ([]CancellationView, error) {
	sctx, err := m.readScope(ctx, q.VenueID)
	if err != nil {
		return nil, err
	}
	var rows []Cancellation
	if err := m.db.WithContext(sctx).Where("status = ?", CancelPending).Order("id").Limit(200).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]CancellationView, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	orderIDs, lineIDs := []uint64{}, []uint64{}
	for _, c := range rows {
		orderIDs = append(orderIDs, c.OrderID)
		lineIDs = append(lineIDs, c.LineID)
	}
	var orders []Order
	if err := m.db.WithContext(sctx).Where("id IN ?", orderIDs).Find(&orders).Error; err != nil {
		return nil, err
	}
	var lines []Line
	if err := m.db.WithContext(sctx).Select("id", "dish_name").Where("id IN ?", lineIDs).Find(&lines).Error; err != nil {
		return nil, err
	}
	byOrder := map[uint64]Order{}
	for _, o := range orders {
		byOrder[o.ID] = o
	}
	names := map[uint64]string{}
	for _, l := range lines {
		names[l.ID] = l.DishName
	}
	labels := m.reasonLabels(ctx, lang)
	for _, c := range rows {
		cv := cancellationViewOf(&c, names[c.LineID], labels)
		o := byOrder[c.OrderID]
		cv.OrderNo, cv.TableNo, cv.Currency = o.OrderNo, o.TableNo, o.Currency
		if c.LineID == 0 {
			cv.DishName = i18n.T(lang, "order.whole_order", nil)
		}
		out = append(out, cv)
	}
	return out, nil
}
