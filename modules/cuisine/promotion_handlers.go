package cuisine

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

const permPromotion = "cuisine:promotion"

func (m *Module) promotionRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/promotion", Perm: permPromotion, Action: "query",
		Summary: "List promotions", Query: PromotionQuery{}, Result: api.Page[PromotionView]{}}, m.promotionList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/promotion/:id", Perm: permPromotion, Action: "get",
		Summary: "One promotion with its rows", Result: PromotionDetail{}}, m.promotionGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/promotion/preview", Perm: permPromotion, Action: "query",
		Summary: "Compute the prices of promotion rows as a save would, without saving", Body: PreviewInput{}, Result: []PromotionRowView{}}, m.promotionPreview)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/promotion", Perm: permPromotion, Action: "add",
		Summary: "Add a promotion with its rows", Body: PromotionInput{}, Result: PromotionDetail{}}, m.promotionCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/merchant/cuisine/promotion/:id", Perm: permPromotion, Action: "edit",
		Summary: "Edit a promotion and replace its rows", Body: PromotionInput{}, Result: PromotionDetail{}}, m.promotionUpdate)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/promotion/:id/enable", Perm: permPromotion, Action: "enable",
		Summary: "Enable a promotion (refused when it overlaps another on a dish)"}, m.promotionStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/promotion/:id/disable", Perm: permPromotion, Action: "disable",
		Summary: "Disable a promotion"}, m.promotionStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/merchant/cuisine/promotion/:id", Perm: permPromotion, Action: "delete",
		Summary: "Delete a promotion"}, m.promotionDelete)
}

func (m *Module) promotionList(c *api.Ctx) (any, error) {
	var q PromotionQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Catalogue.Promotions(c.Ctx(), q)
}

func (m *Module) promotionGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Catalogue.Promotion(c.Ctx(), id)
}

func (m *Module) promotionPreview(c *api.Ctx) (any, error) {
	var in PreviewInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Catalogue.PreviewPromotionRows(c.Ctx(), in.Rows)
}

func (m *Module) promotionCreate(c *api.Ctx) (any, error) {
	var in PromotionInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Catalogue.CreatePromotion(c.Ctx(), in)
}

func (m *Module) promotionUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in PromotionInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Catalogue.UpdatePromotion(c.Ctx(), id, in)
}

func (m *Module) promotionStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Catalogue.SetPromotionStatus(c.Ctx(), id, status)
	}
}

func (m *Module) promotionDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Catalogue.DeletePromotion(c.Ctx(), id)
}
