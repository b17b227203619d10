package order

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/order/orderevent"
)

// SettleInput closes a bill; taking the payment happens outside the product.
type SettleInput struct {
	PaymentMethod string `json:"paymentMethod"` // a payment_method dictionary value
}

// Settle marks an open bill paid with a payment method and frees its
// table; the listeners see the final amounts in the same transaction.
func (m *Module) Settle(ctx context.Context, id uint64, in SettleInput, lang string) (*OrderDetail, error) {
	p, err := writer(ctx)
	if err != nil {
		return nil, err
	}
	in.PaymentMethod = strings.TrimSpace(in.PaymentMethod)
	if in.PaymentMethod == "" {
		return nil, api.Invalid("paymentMethod", "validation.must_select", nil)
	}
	methods, err := m.core.Dicts.ByType(ctx, DictPaymentMethod, "")
	if err != nil {
		return nil, err
	}
	known := false
	for _, e := range methods {
		known = known || e.DictValue == in.PaymentMethod
	}
	if !known {
		return nil, api.Invalid("paymentMethod", "validation.bad_value", nil)
	}
	var o Order
	err = dbx.Transaction(m.db.WithContext(ctx), func(tx *gorm.DB) error {
		if err := lockOrder(tx, id, &o); err != nil {
			return err
		}
		if err := cancellable(&o); err != nil {
			return err
		}
		var pending int64
		if err := tx.Model(&Cancellation{}).Where("order_id = ? AND status = ?", o.ID, CancelPending).Count(&pending).Error; err != nil {
			return err
		}
		if pending > 0 {
			return api.Conflict("order.pending_cancellations", nil)
		}
		now := m.now().UTC()
		if err := tx.Model(&Order{ID: o.ID}).Updates(map[string]any{"pay_status": PaySettled, "payment_method": in.PaymentMethod,
			"settled_at": now, "settled_by": p.UserName, "open_table_id": nil, "updated_at": now}).Error; err != nil {
			return err
		}
		var lines []Line
		if err := tx.Where("order_id = ?", o.ID).Order("id").Find(&lines).Error; err != nil {
			return err
		}
		ev := o.settledEvent(lines, now)
		return m.eachListener(func(l orderevent.Listener) error { return l.OrderSettled(tx, ev) })
	})
	if err != nil {
		return nil, err
	}
	m.live.publish(liveEvent{Type: liveChange, VenueID: o.VenueID, MerchantID: o.MerchantID, ID: o.ID})
	return m.Order(ctx, id, lang)
}
