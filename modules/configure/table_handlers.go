package configure

import (
	"net/http"
	"strings"

	"github.com/venueplatform/venue/api"
)

func (m *Module) tableRoutes(g *api.Group) {
	const base = "/merchant/configure/table"
	g.Handle(api.Route{Method: http.MethodGet, Path: base, Perm: PermTable, Action: "query",
		Summary: "List a venue's tables with their code URLs", Query: TableQuery{}, Result: api.Page[TableView]{}}, m.listTables)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/:id", Perm: PermTable, Action: "get",
		Summary: "One table", Result: TableView{}}, m.getTable)
	g.Handle(api.Route{Method: http.MethodPost, Path: base, Perm: PermTable, Action: "add",
		Summary: "Add a table to a venue (venueId) with a new random token", Query: VenueQuery{}, Body: TableInput{}, Result: TableView{}}, m.createTable)
	g.Handle(api.Route{Method: http.MethodPut, Path: base + "/:id", Perm: PermTable, Action: "edit",
		Summary: "Edit a table (its token stays)", Body: TableInput{}, Result: TableView{}}, m.updateTable)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/enable", Perm: PermTable, Action: "enable",
		Summary: "Enable a table"}, m.tableStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/disable", Perm: PermTable, Action: "disable",
		Summary: "Disable a table (its code says ordering is not available)"}, m.tableStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: base + "/:id", Perm: PermTable, Action: "delete",
		Summary: "Remove a table; its printed code says it is no longer valid"}, m.deleteTable)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/rotate", Perm: PermTable, Action: "edit",
		Summary: "Give a table a new token; its printed code stops working", Result: TableView{}}, m.rotateTable)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/rotate", Perm: PermTable, Action: "edit",
		Summary: "Give every table of a venue (venueId) a new token; all printed codes stop working", Query: VenueQuery{}, Result: RotateResult{}}, m.rotateVenue)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/:id/qr.png", Perm: PermTable, Action: "export", Raw: true,
		Summary: "A table's code as a PNG image (size in pixels, 128-2048)", Query: QRQuery{}}, m.tableQRPNG)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/:id/qr.svg", Perm: PermTable, Action: "export", Raw: true,
		Summary: "A table's code as an SVG image"}, m.tableQRSVG)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/sheet.pdf", Perm: PermTable, Action: "export", Raw: true,
		Summary: "A printable A4 PDF of the codes of a venue's (venueId) enabled tables", Query: VenueQuery{}}, m.tableSheet)
}

// VenueQuery names the venue a call acts on (venue staff may leave it out).
type VenueQuery struct {
	VenueID uint64 `form:"venueId" json:"venueId"`
}

// RotateResult counts the tables that got new tokens.
type RotateResult struct {
	Rotated int `json:"rotated"`
}

// origin is where guests reach the server: the configured public URL, else
// the origin of the console request (the staff member's own browser).
func (m *Module) origin(c *api.Ctx) string {
	if u := m.deps.Config.PublicURL; u != "" {
		return u
	}
	scheme := "http"
	if c.Request.TLS != nil {
		scheme = "https"
	} else if m.deps.Config.TrustedProxies != "" && strings.EqualFold(c.GetHeader("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	host := c.Request.Host
	if m.deps.Config.TrustedProxies != "" {
		if h := c.GetHeader("X-Forwarded-Host"); h != "" {
			host = h
		}
	}
	if !validHost(host) {
		host = "localhost"
	}
	return scheme + "://" + host
}

// validHost accepts a host[:port] of letters, digits, dots, dashes and an
// IPv6 literal's brackets and colons: nothing that could break out of a URL.
func validHost(h string) bool {
	if h == "" || len(h) > 255 {
		return false
	}
	for _, r := range h {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-:[]", r)) {
			return false
		}
	}
	return true
}

func (m *Module) listTables(c *api.Ctx) (any, error) {
	var q TableQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Tables.List(c.Ctx(), q, m.origin(c))
}

func (m *Module) getTable(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Tables.Get(c.Ctx(), id, m.origin(c))
}

func (m *Module) createTable(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.ShouldBindQuery(&q); err != nil {
		return nil, api.Invalid("venueId", "validation.bad_value", nil)
	}
	var in TableInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Tables.Create(c.Ctx(), q.VenueID, in, m.origin(c))
}

func (m *Module) updateTable(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in TableInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Tables.Update(c.Ctx(), id, in, m.origin(c))
}

func (m *Module) tableStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Tables.SetStatus(c.Ctx(), id, status)
	}
}

func (m *Module) deleteTable(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Tables.Delete(c.Ctx(), id)
}

func (m *Module) rotateTable(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Tables.RotateToken(c.Ctx(), id, m.origin(c))
}

func (m *Module) rotateVenue(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.ShouldBindQuery(&q); err != nil {
		return nil, api.Invalid("venueId", "validation.bad_value", nil)
	}
	n, err := m.Tables.RotateVenue(c.Ctx(), q.VenueID)
	if err != nil {
		return nil, err
	}
	return RotateResult{Rotated: n}, nil
}
