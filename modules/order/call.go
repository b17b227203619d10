package order

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
)

// CallKinds are what a guest can call the staff for (configure's call icons).
var CallKinds = []string{"waiter", "water", "bill", "cutlery", "napkins", "baby_chair"}

// callRepeat is how long a second call of the same kind from one table
// answers the first instead of ringing again.
const callRepeat = time.Minute

// CallInput is a guest's call; Kind defaults to waiter.
type CallInput struct {
	Kind string `json:"kind"`
}

// CallView is a service call as staff and guests see it.
type CallView struct {
	ID        uint64     `json:"id"`
	VenueID   uint64     `json:"venueId"`
	TableID   uint64     `json:"tableId"`
	TableNo   string     `json:"tableNo"`
	Kind      string     `json:"kind"`
	Status    string     `json:"status" enum:"open,done"`
	HandledBy string     `json:"handledBy"`
	CreatedAt time.Time  `json:"createdAt"`
	HandledAt *time.Time `json:"handledAt"`
}

func callViewOf(c *ServiceCall) CallView {
	return CallView{ID: c.ID, VenueID: c.VenueID, TableID: c.TableID, TableNo: c.TableNo, Kind: c.Kind, Status: c.Status,
		HandledBy: c.HandledBy, CreatedAt: c.CreatedAt, HandledAt: c.HandledAt}
}

// Call records a guest calling the staff to a table and tells open consoles.
func (m *Module) Call(ctx context.Context, table *configure.TableRef, in CallInput) (*CallView, error) {
	if in.Kind == "" {
		in.Kind = "waiter"
	}
	if !slices.Contains(CallKinds, in.Kind) {
		return nil, api.Invalid("kind", "validation.bad_value", nil)
	}
	vctx := venueCtx(ctx, table.MerchantID, table.VenueID)
	now := m.now().UTC()
	var prev ServiceCall
	if err := m.db.WithContext(vctx).Where("table_id = ? AND kind = ? AND status = ? AND created_at > ?", table.TableID, in.Kind, CallOpen, now.Add(-callRepeat)).
		Limit(1).Find(&prev).Error; err != nil {
		return nil, err
	}
	if prev.ID != 0 {
		v := callViewOf(&prev)
		return &v, nil
	}
	row := ServiceCall{MerchantID: table.MerchantID, VenueID: table.VenueID, TableID: table.TableID, TableNo: table.Name, Kind: in.Kind,
		Status: CallOpen, CreatedAt: now}
	if err := m.db.WithContext(vctx).Create(&row).Error; err != nil {
		return nil, err
	}
	m.live.publish(liveEvent{Type: liveCall, VenueID: row.VenueID, MerchantID: row.MerchantID, ID: row.ID})
	v := callViewOf(&row)
	return &v, nil
}

// CallQuery filters the service calls of the caller's venues.
type CallQuery struct {
	VenueID uint64 `form:"venueId" json:"venueId"`
	Status  string `form:"status" json:"status" enum:"open,done"` // open (default) or done
}

// Calls lists recent service calls (the last day), newest first.
func (m *Module) Calls(ctx context.Context, q CallQuery) ([]CallView, error) {
	sctx, err := m.readScope(ctx, q.VenueID)
	if err != nil {
		return nil, err
	}
	if q.Status == "" {
		q.Status = CallOpen
	}
	var rows []ServiceCall
	if err := m.db.WithContext(sctx).Where("status = ? AND created_at > ?", q.Status, m.now().UTC().Add(-24*time.Hour)).
		Order("id DESC").Limit(200).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]CallView, len(rows))
	for i := range rows {
		out[i] = callViewOf(&rows[i])
	}
	return out, nil
}

// HandleCall marks a call answered.
func (m *Module) HandleCall(ctx context.Context, id uint64) error {
	p, err := writer(ctx)
	if err != nil {
		return err
	}
	var row ServiceCall
	if err := m.db.WithContext(ctx).Where("id = ?", id).Take(&row).Error; err != nil {
		return err
	}
	now := m.now().UTC()
	res := m.db.WithContext(ctx).Model(&ServiceCall{}).Where("id = ? AND status = ?", id, CallOpen).
		Updates(map[string]any{"status": CallDone, "handled_by": p.UserName, "handled_at": now})
	if res.Error != nil {
		return res.Error
	}
	m.live.publish(liveEvent{Type: liveCallDone, VenueID: row.VenueID, MerchantID: row.MerchantID, ID: row.ID})
	return nil
}

func (m *Module) callRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/order/call", Perm: PermOrder, Action: "query",
		Summary: "Service calls of the last day (open by default)", Query: CallQuery{}, Result: []CallView{}}, func(c *api.Ctx) (any, error) {
		var q CallQuery
		if err := c.Bind(&q); err != nil {
			return nil, err
		}
		return m.Calls(c.Ctx(), q)
	})
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/order/call/:id/done", Perm: PermOrder, Action: "edit",
		Summary: "Mark a service call answered"}, func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.HandleCall(c.Ctx(), id)
	})
}
