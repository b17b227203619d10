package order

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/modules/cuisine"
)

// maxExportRows bounds one export.
const maxExportRows = 10000

func (m *Module) orderRoutes(g *api.Group) {
	const base = "/merchant/order"
	g.Handle(api.Route{Method: http.MethodGet, Path: base, Perm: PermOrder, Action: "query",
		Summary: "Order records: search by order number, table, dish name, status, venue, time range", Query: OrderQuery{}, Result: api.Page[OrderView]{}}, m.listOrders)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/export", Perm: PermOrder, Action: "export", Raw: true,
		Summary: "Export the orders of the filter as Excel", Query: OrderQuery{}}, m.exportOrders)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/:id", Perm: PermOrder, Action: "get",
		Summary: "One order with its lines, cancellations and settlement", Result: OrderDetail{}}, m.getOrder)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/cancel", Perm: PermOrder, Action: "edit",
		Summary: "Cancel a dish (lineId, quantity) or the whole order with a reason; above the venue's amount it waits for a manager",
		Body:    CancelInput{}, Result: CancelResult{}}, m.cancelOrder)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/settle", Perm: PermOrder, Action: "edit",
		Summary: "Mark an order paid with a payment method", Body: SettleInput{}, Result: OrderDetail{}}, m.settleOrder)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/print-bill", Perm: PermOrder, Action: "edit",
		Summary: "Print the bill (a receipt once settled) on the venue's receipt printers; a second print is marked REPRINT",
		Result:  PrintBillResult{}}, m.printBill)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/approval", Perm: PermApproval, Action: "query",
		Summary: "Cancellations waiting for a manager's approval", Query: ApprovalQuery{}, Result: []CancellationView{}}, m.listApprovals)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/approval/:id/approve", Perm: PermApproval, Action: "edit",
		Summary: "Approve a cancellation: it applies now", Body: DecisionInput{}, Result: OrderDetail{}}, m.decide(true))
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/approval/:id/reject", Perm: PermApproval, Action: "edit",
		Summary: "Reject a cancellation: the order stays as it is", Body: DecisionInput{}, Result: OrderDetail{}}, m.decide(false))
}

func (m *Module) listOrders(c *api.Ctx) (any, error) {
	var q OrderQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Orders(c.Ctx(), q)
}

func (m *Module) getOrder(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Order(c.Ctx(), id, c.Lang())
}

func (m *Module) cancelOrder(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in CancelInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Cancel(c.Ctx(), id, in, c.Lang())
}

func (m *Module) settleOrder(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in SettleInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Settle(c.Ctx(), id, in, c.Lang())
}

func (m *Module) listApprovals(c *api.Ctx) (any, error) {
	var q ApprovalQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Approvals(c.Ctx(), q, c.Lang())
}

func (m *Module) decide(approve bool) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		var in DecisionInput
		if err := c.Bind(&in); err != nil {
			return nil, err
		}
		return m.Decide(c.Ctx(), id, approve, in, c.Lang())
	}
}

// exportOrders writes the filter's orders (up to maxExportRows) as one
// sheet, a row per order with its dishes.
func (m *Module) exportOrders(c *api.Ctx) (any, error) {
	var q OrderQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.PageNo, q.PageSize = 1, maxExportRows
	page, err := m.orders(c.Ctx(), q)
	if err != nil {
		return nil, err
	}
	if len(page.Records) == 0 {
		return nil, api.Business(api.CodeConflict, "export.empty", nil)
	}
	ids := make([]uint64, len(page.Records))
	for i, o := range page.Records {
		ids[i] = o.ID
	}
	var lines []Line
	if err := m.db.WithContext(c.Ctx()).Select("order_id", "dish_name", "quantity", "cancelled_qty").Where("order_id IN ?", ids).Order("id").
		Find(&lines).Error; err != nil {
		return nil, err
	}
	dishes := map[uint64][]string{}
	for _, l := range lines {
		if l.Remaining() > 0 {
			dishes[l.OrderID] = append(dishes[l.OrderID], fmt.Sprintf("%s ×%d", l.DishName, l.Remaining()))
		}
	}
	lang := c.Lang()
	header := []string{}
	for _, f := range []string{"orderNo", "tableNo", "placedAt", "status", "payStatus", "currency", "subtotal", "total", "dishes", "remark", "paymentMethod"} {
		header = append(header, api.FieldLabel(lang, f))
	}
	rows := make([][]any, len(page.Records))
	for i, o := range page.Records {
		rows[i] = []any{o.OrderNo, o.TableNo, o.PlacedAt.Format(time.RFC3339), i18n.T(lang, "dict.order_status."+o.Status, nil),
			i18n.T(lang, "order.pay."+o.PayStatus, nil), o.Currency, cuisine.FormatMajor(o.Subtotal, o.CurrencyDigits),
			cuisine.FormatMajor(o.Total, o.CurrencyDigits), strings.Join(dishes[o.ID], ", "), o.Remark, o.PaymentMethod}
	}
	data, err := sheet.Write("orders", header, rows)
	if err != nil {
		return nil, err
	}
	name := "orders-" + time.Now().UTC().Format("20060102-150405") + ".xlsx"
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Data(http.StatusOK, sheet.ContentType, data)
	return nil, nil
}

// printBill prints the order's bill (or its receipt once settled) on the
// venue's receipt printers; a second print is marked REPRINT.
func (m *Module) printBill(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.PrintBill(c.Ctx(), id, m.deps.Config.PublicURL)
}
