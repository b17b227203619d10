package shop

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) settingsRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/shop/venues", Access: api.Self,
		Summary: "The venues the caller manages (venue staff: their own)", Result: []VenueRef{}}, m.venues)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/shop/setting/:venueId", Perm: PermSetting, Action: "get",
		Summary: "A venue's settings and profile", Result: SettingsView{}}, m.getSettings)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/merchant/shop/setting/:venueId", Perm: PermSetting, Action: "edit",
		Summary: "Save a venue's settings and profile (the currency is fixed once it has orders)", Body: SettingsInput{},
		Result: SettingsView{}}, m.updateSettings)
}

func (m *Module) venues(c *api.Ctx) (any, error) {
	return m.Settings.Venues(c.Ctx(), c.Principal())
}

func (m *Module) getSettings(c *api.Ctx) (any, error) {
	id, err := c.ID("venueId")
	if err != nil {
		return nil, err
	}
	return m.Settings.Settings(c.Ctx(), c.Principal(), id)
}

func (m *Module) updateSettings(c *api.Ctx) (any, error) {
	id, err := c.ID("venueId")
	if err != nil {
		return nil, err
	}
	var in SettingsInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Settings.Update(c.Ctx(), c.Principal(), id, in)
}
