package advert

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) advertRoutes(g *api.Group) {
	const base = "/merchant/advert"
	g.Handle(api.Route{Method: http.MethodGet, Path: base, Perm: PermRelease, Action: "query",
		Summary: "List ads (title, status, type, request, period filters)", Query: AdvertQuery{}, Result: api.Page[AdvertView]{}}, m.listAdverts)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/display", Perm: PermRelease, Action: "query",
		Summary: "In-store display: what each venue's tablets play now", Query: DisplayQuery{}, Result: []VenueDisplay{}}, m.display)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/:id", Perm: PermRelease, Action: "get",
		Summary: "An ad with its materials, targets and review timeline", Result: AdvertDetail{}}, m.getAdvert)
	g.Handle(api.Route{Method: http.MethodPost, Path: base, Perm: PermRelease, Action: "add",
		Summary: "Create a draft ad", Body: AdvertInput{}, Result: AdvertDetail{}}, m.createAdvert)
	g.Handle(api.Route{Method: http.MethodPut, Path: base + "/:id", Perm: PermRelease, Action: "edit",
		Summary: "Edit a draft or a rejected ad", Body: AdvertInput{}, Result: AdvertDetail{}}, m.updateAdvert)
	g.Handle(api.Route{Method: http.MethodDelete, Path: base + "/:id", Perm: PermRelease, Action: "delete",
		Summary: "Delete an ad before publishing or after its broadcast ended"}, m.deleteAdvert)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/publish", Perm: PermRelease, Action: "edit",
		Summary: "Send an ad to review, or resubmit a rejected ad", Result: AdvertDetail{}}, m.publishAdvert)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/withdraw", Perm: PermRelease, Action: "edit",
		Summary: "Take an ad out of review; it becomes a draft", Result: AdvertDetail{}}, m.withdrawAdvert)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/takedown", Perm: PermRelease, Action: "edit",
		Summary: "Take an approved ad down by force, with a reason", Body: TakedownInput{}, Result: AdvertDetail{}}, m.takedownAdvert)
}

func (m *Module) listAdverts(c *api.Ctx) (any, error) {
	var q AdvertQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.List(c.Ctx(), q)
}

func (m *Module) getAdvert(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Detail(withLang(c.Ctx(), c.Lang()), id)
}

func (m *Module) createAdvert(c *api.Ctx) (any, error) {
	var in AdvertInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Create(withLang(c.Ctx(), c.Lang()), c.Principal(), in)
}

func (m *Module) updateAdvert(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in AdvertInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Update(withLang(c.Ctx(), c.Lang()), c.Principal(), id, in)
}

func (m *Module) deleteAdvert(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Delete(c.Ctx(), c.Principal(), id)
}

func (m *Module) publishAdvert(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Publish(withLang(c.Ctx(), c.Lang()), c.Principal(), id)
}

func (m *Module) withdrawAdvert(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Withdraw(withLang(c.Ctx(), c.Lang()), c.Principal(), id)
}

func (m *Module) takedownAdvert(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in TakedownInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Takedown(withLang(c.Ctx(), c.Lang()), c.Principal(), id, in)
}
