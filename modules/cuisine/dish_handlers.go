package cuisine

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

const (
	permDish = "cuisine:dish"
	// permSoldOut is its own permission so that floor staff can mark dishes
	// sold out ("86") without being able to edit the menu.
	permSoldOut = "cuisine:soldout"
)

func (m *Module) dishRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/dish", Perm: permDish, Action: "query",
		Summary: "List dishes by name or number prefix, category, sold-out, shelf status", Query: DishQuery{}, Result: api.Page[DishView]{}}, m.dishList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/dish/categories", Perm: permDish, Action: "query",
		Summary: "Every dish category, in menu order (filters and the dish form)", Result: []CategoryView{}}, m.dishCategories)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/dish/:id", Perm: permDish, Action: "get",
		Summary: "One dish with its specifications", Result: DishDetail{}}, m.dishGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish", Perm: permDish, Action: "add",
		Summary: "Add a dish with its specifications", Body: DishInput{}, Result: DishDetail{}}, m.dishCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/merchant/cuisine/dish/:id", Perm: permDish, Action: "edit",
		Summary: "Edit a dish and replace its specifications", Body: DishInput{}, Result: DishDetail{}}, m.dishUpdate)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/merchant/cuisine/dish/:id", Perm: permDish, Action: "delete",
		Summary: "Delete a dish that no promotion names"}, m.dishDelete)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish/delete", Perm: permDish, Action: "delete",
		Summary: "Delete dishes, all or none", Body: IDsInput{}}, m.dishDeleteMany)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/merchant/cuisine/dish/sort", Perm: permDish, Action: "edit",
		Summary: "Save a drag-and-drop order of dishes (ids in their new order)", Body: IDsInput{}}, m.dishReorder)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish/onShelf", Perm: permDish, Action: "enable",
		Summary: "Put dishes on sale, all or none", Body: IDsInput{}}, m.dishShelf(OnSale))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish/offShelf", Perm: permDish, Action: "disable",
		Summary: "Take dishes off the menu, all or none", Body: IDsInput{}}, m.dishShelf(Removed))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish/soldOut", Perm: permSoldOut, Action: "edit",
		Summary: "Mark dishes sold out, all or none, optionally until restoreAt", Body: SoldOutInput{}}, m.dishSoldOut)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish/inStock", Perm: permSoldOut, Action: "edit",
		Summary: "End the sold-out state of dishes, all or none", Body: IDsInput{}}, m.dishInStock)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish/option/soldOut", Perm: permSoldOut, Action: "edit",
		Summary: "Mark specification values sold out or back, all or none", Body: OptionsSoldOutInput{}}, m.optionSoldOut)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/dish/export", Perm: permDish, Action: "export", Raw: true,
		Summary: "Export the dishes of the filter as Excel", Query: DishQuery{}}, m.dishExport)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/dish/import/template", Perm: permDish, Action: "import", Raw: true,
		Summary: "The Excel template of a dish import"}, m.dishImportTemplate)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/merchant/cuisine/dish/import", Perm: permDish, Action: "import", MaxBody: 8 << 20,
		Summary: "Import dishes from Excel (existing numbers are updated); nothing is written unless every row is valid", Result: api.ImportReport{}}, m.dishImport)
}

func (m *Module) dishList(c *api.Ctx) (any, error) {
	var q DishQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Catalogue.Dishes(c.Ctx(), q)
}

func (m *Module) dishCategories(c *api.Ctx) (any, error) {
	return m.Catalogue.AllCategories(c.Ctx())
}

func (m *Module) dishGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Catalogue.Dish(c.Ctx(), id)
}

func (m *Module) dishCreate(c *api.Ctx) (any, error) {
	var in DishInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Catalogue.CreateDish(c.Ctx(), in)
}

func (m *Module) dishUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in DishInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Catalogue.UpdateDish(c.Ctx(), id, in)
}

func (m *Module) dishDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Catalogue.DeleteDishes(c.Ctx(), []uint64{id})
}

func (m *Module) dishDeleteMany(c *api.Ctx) (any, error) {
	var in IDsInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Catalogue.DeleteDishes(c.Ctx(), in.IDs)
}

func (m *Module) dishReorder(c *api.Ctx) (any, error) {
	var in IDsInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Catalogue.ReorderDishes(c.Ctx(), in.IDs)
}

func (m *Module) dishShelf(status string) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		var in IDsInput
		if err := c.Bind(&in); err != nil {
			return nil, err
		}
		return nil, m.Catalogue.SetShelf(c.Ctx(), in.IDs, status)
	}
}

func (m *Module) dishSoldOut(c *api.Ctx) (any, error) {
	var in SoldOutInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Catalogue.MarkSoldOut(c.Ctx(), in)
}

func (m *Module) dishInStock(c *api.Ctx) (any, error) {
	var in IDsInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Catalogue.MarkInStock(c.Ctx(), in.IDs)
}

func (m *Module) optionSoldOut(c *api.Ctx) (any, error) {
	var in OptionsSoldOutInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Catalogue.SetOptionsSoldOut(c.Ctx(), in)
}
