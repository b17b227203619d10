package configure

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) buttonRoutes(g *api.Group) {
	const base = "/merchant/configure/button"
	g.Handle(api.Route{Method: http.MethodGet, Path: base, Perm: PermButton, Action: "query",
		Summary: "A venue's tablet buttons, one per function, in display order", Query: VenueQuery{}, Result: []ButtonView{}}, m.listButtons)
	g.Handle(api.Route{Method: http.MethodPut, Path: base + "/:id", Perm: PermButton, Action: "edit",
		Summary: "Edit a tablet button (names per language, image, link, call icons, sort, status)", Body: ButtonInput{}, Result: ButtonView{}}, m.updateButton)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/enable", Perm: PermButton, Action: "enable",
		Summary: "Show a button on the venue's tablets"}, m.buttonStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/disable", Perm: PermButton, Action: "disable",
		Summary: "Hide a button from the venue's tablets"}, m.buttonStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/restore", Perm: PermButton, Action: "edit",
		Summary: "Replace a venue's buttons with the default set", Query: VenueQuery{}, Result: []ButtonView{}}, m.restoreButtons)
}

func (m *Module) listButtons(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Buttons.List(c.Ctx(), q.VenueID)
}

func (m *Module) updateButton(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in ButtonInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Buttons.Update(c.Ctx(), id, in)
}

func (m *Module) buttonStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Buttons.SetStatus(c.Ctx(), id, status)
	}
}

func (m *Module) restoreButtons(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.ShouldBindQuery(&q); err != nil {
		return nil, api.Invalid("venueId", "validation.bad_value", nil)
	}
	return m.Buttons.RestoreDefaults(c.Ctx(), q.VenueID)
}
