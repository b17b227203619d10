package cuisine

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

const permCategory = "cuisine:category"

func (m *Module) categoryRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/category", Perm: permCategory, Action: "query",
		Summary: "List dish categories with their dish counts", Query: CategoryQuery{}, Result: api.Page[CategoryView]{}}, m.categoryList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/category/:id", Perm: permCategory, Action: "get",
		Summary: "One dish category", Result: CategoryView{}}, m.categoryGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/category", Perm: permCategory, Action: "add",
		Summary: "Add a dish category (name unique within the merchant)", Body: CategoryInput{}, Result: CategoryView{}}, m.categoryCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/merchant/cuisine/category/:id", Perm: permCategory, Action: "edit",
		Summary: "Rename or re-sort a dish category", Body: CategoryInput{}, Result: CategoryView{}}, m.categoryUpdate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/merchant/cuisine/category/sort", Perm: permCategory, Action: "edit",
		Summary: "Save a drag-and-drop order of categories (ids in their new order)", Body: IDsInput{}}, m.categoryReorder)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/category/:id/enable", Perm: permCategory, Action: "enable",
		Summary: "Enable a dish category"}, m.categoryStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/category/:id/disable", Perm: permCategory, Action: "disable",
		Summary: "Disable a dish category (it and its dishes leave the public menu)"}, m.categoryStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/merchant/cuisine/category/:id", Perm: permCategory, Action: "delete",
		Summary: "Delete a dish category; one with dishes needs moveTo, the category they move to", Query: DeleteCategoryQuery{}}, m.categoryDelete)
}

// IDsInput names the rows of a bulk request or a new order.
type IDsInput struct {
	IDs []uint64 `json:"ids"`
}

// DeleteCategoryQuery names where the dishes of a deleted category go.
type DeleteCategoryQuery struct {
	MoveTo uint64 `form:"moveTo" json:"moveTo"`
}

func (m *Module) categoryList(c *api.Ctx) (any, error) {
	var q CategoryQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Catalogue.Categories(c.Ctx(), q)
}

func (m *Module) categoryGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Catalogue.Category(c.Ctx(), id)
}

func (m *Module) categoryCreate(c *api.Ctx) (any, error) {
	var in CategoryInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Catalogue.CreateCategory(c.Ctx(), in)
}

func (m *Module) categoryUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in CategoryInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Catalogue.UpdateCategory(c.Ctx(), id, in)
}

func (m *Module) categoryReorder(c *api.Ctx) (any, error) {
	var in IDsInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Catalogue.ReorderCategories(c.Ctx(), in.IDs)
}

func (m *Module) categoryStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Catalogue.SetCategoryStatus(c.Ctx(), id, status)
	}
}

func (m *Module) categoryDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var q DeleteCategoryQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return nil, m.Catalogue.DeleteCategory(c.Ctx(), id, q.MoveTo)
}
