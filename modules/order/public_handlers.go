package order

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
)

// publicRoutes are the guests' and tablets' calls: no staff login; the
// table's token or the tablet's key in the path decides the venue.
func (m *Module) publicRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/public/order/labels", Access: api.Public, Log: api.LogOff,
		Summary: "The guests' ordering page texts in a language", Query: LabelsQuery{}, Result: GuestLabels{}}, m.guestLabels)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/table/:token/orders", Access: api.Public, Log: api.LogOff, MaxBody: 256 << 10,
		Summary: "Order at a table (Idempotency-Key header or idempotencyKey): priced on the server from the current menu; pay-after-meal rounds join the table's open bill",
		Body:    SubmitInput{}, Result: SubmitResult{}}, m.publicSubmit)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/public/table/:token/order", Access: api.Public, Log: api.LogOff,
		Summary: "The table's open bills with their lines, as every phone at the table sees them", Result: []GuestOrder{}}, m.publicBill)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/table/:token/call", Access: api.Public, Log: api.LogOff,
		Summary: "Call the staff to the table (waiter, water, bill …)", Body: CallInput{}, Result: CallView{}}, m.publicCall)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/tablet/:tabletKey/orders", Access: api.Public, Log: api.LogOff, MaxBody: 256 << 10,
		Summary: "Order from the tablet bound to a table (as /public/table/{token}/orders)", Body: SubmitInput{}, Result: SubmitResult{}}, m.publicSubmit)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/public/tablet/:tabletKey/order", Access: api.Public, Log: api.LogOff,
		Summary: "The open bills of the tablet's table", Result: []GuestOrder{}}, m.publicBill)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/tablet/:tabletKey/call", Access: api.Public, Log: api.LogOff,
		Summary: "Call the staff from the tablet's call-service button", Body: CallInput{}, Result: CallView{}}, m.publicCall)
}

// tableOf resolves the path's table code or tablet key; a code that leads
// nowhere answers configure's code 10301 with the reason's message.
func (m *Module) tableOf(c *api.Ctx) (*configure.TableRef, error) {
	if key := c.Param("tabletKey"); key != "" {
		return m.TableOfTablet(c.Ctx(), key)
	}
	return m.tableOfCode(c.Ctx(), c.Param("token"))
}

// tableOfCode resolves a table code; one that leads nowhere answers
// configure's code 10301 with the reason's message.
func (m *Module) tableOfCode(ctx context.Context, token string) (*configure.TableRef, error) {
	ref, err := m.tables.TableByToken(ctx, token)
	var code *configure.CodeError
	if errors.As(err, &code) {
		return nil, &api.Error{Status: http.StatusOK, Code: configure.CodeTableCode, Key: "configure.code." + code.Reason + ".message",
			Detail: map[string]string{"reason": code.Reason}}
	}
	return ref, err
}

// TableOfTablet resolves an enabled tablet bound to a table.
func (m *Module) TableOfTablet(ctx context.Context, key string) (*configure.TableRef, error) {
	ref, _, err := m.tableOfTablet(ctx, key)
	return ref, err
}

// tableOfTablet is TableOfTablet with the table's code.
func (m *Module) tableOfTablet(ctx context.Context, key string) (*configure.TableRef, string, error) {
	if m.tablets == nil {
		return nil, "", api.NotFound()
	}
	t, err := m.tablets.TabletByKey(ctx, key)
	if err != nil || t == nil {
		return nil, "", errors.Join(err, api.NotFound())
	}
	if !t.Enabled {
		return nil, "", api.Conflict("order.tablet_disabled", nil)
	}
	row, err := m.tables.TableOfTablet(ctx, t.ID)
	if err != nil {
		return nil, "", err
	}
	if row == nil {
		return nil, "", api.Conflict("order.tablet_no_table", nil)
	}
	// The table's code decides whether it takes orders (disabled table or venue).
	ref, err := m.tables.TableByToken(ctx, row.Token)
	return ref, row.Token, err
}

func (m *Module) publicSubmit(c *api.Ctx) (any, error) {
	var table *configure.TableRef
	var token string
	var err error
	if key := c.Param("tabletKey"); key != "" {
		table, token, err = m.tableOfTablet(c.Ctx(), key)
	} else {
		token = c.Param("token")
		table, err = m.tableOfCode(c.Ctx(), token)
	}
	if err != nil {
		return nil, err
	}
	var in SubmitInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if k := strings.TrimSpace(c.GetHeader("Idempotency-Key")); k != "" {
		in.IdempotencyKey = k
	}
	// The table's code was answered from memory (configure's cache): once
	// the menu's read of the change feed has applied what other nodes
	// changed, the code is asked again (from memory, or read when a change
	// dropped it), so a code rotated or a table disabled on another node is
	// refused at once, as when every submission read the table. (A tablet's
	// binding is read from the database on every call.)
	recheck := func() (*configure.TableRef, error) { return m.tableOfCode(c.Ctx(), token) }
	return m.submit(c.Ctx(), table, recheck, in)
}

func (m *Module) publicBill(c *api.Ctx) (any, error) {
	table, err := m.tableOf(c)
	if err != nil {
		return nil, err
	}
	c.Header("Cache-Control", "no-store")
	return m.TableBill(c.Ctx(), table.TableID, table.MerchantID, table.VenueID)
}

func (m *Module) publicCall(c *api.Ctx) (any, error) {
	table, err := m.tableOf(c)
	if err != nil {
		return nil, err
	}
	var in CallInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Call(c.Ctx(), table, in)
}
