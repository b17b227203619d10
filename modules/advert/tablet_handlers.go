package advert

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) tabletRoutes(g *api.Group) {
	const base = "/merchant/tablet"
	g.Handle(api.Route{Method: http.MethodGet, Path: base, Perm: PermTablet, Action: "query",
		Summary: "List tablets", Query: TabletQuery{}, Result: api.Page[TabletView]{}}, m.listTablets)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/:id", Perm: PermTablet, Action: "get",
		Summary: "A tablet with its key", Result: TabletDetail{}}, m.getTablet)
	g.Handle(api.Route{Method: http.MethodPost, Path: base, Perm: PermTablet, Action: "add",
		Summary: "Add a tablet to a venue; answers its key", Body: TabletInput{}, Result: TabletDetail{}}, m.createTablet)
	g.Handle(api.Route{Method: http.MethodPut, Path: base + "/:id", Perm: PermTablet, Action: "edit",
		Summary: "Rename, renumber, enable or disable a tablet", Body: TabletInput{}, Result: TabletDetail{}}, m.updateTablet)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/key", Perm: PermTablet, Action: "edit",
		Summary: "Give a tablet a new key; the old one stops working", Result: TabletDetail{}}, m.regenerateKey)
	g.Handle(api.Route{Method: http.MethodDelete, Path: base + "/:id", Perm: PermTablet, Action: "delete",
		Summary: "Remove a tablet"}, m.deleteTablet)
}

func (m *Module) listTablets(c *api.Ctx) (any, error) {
	var q TabletQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Tablets(c.Ctx(), q)
}

func (m *Module) getTablet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Tablet(c.Ctx(), id)
}

func (m *Module) createTablet(c *api.Ctx) (any, error) {
	var in TabletInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.CreateTablet(c.Ctx(), c.Principal(), in)
}

func (m *Module) updateTablet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in TabletInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.UpdateTablet(c.Ctx(), id, in)
}

func (m *Module) regenerateKey(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.RegenerateKey(c.Ctx(), id)
}

func (m *Module) deleteTablet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.DeleteTablet(c.Ctx(), id)
}
