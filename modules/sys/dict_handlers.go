package sys

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) dictRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/dict/type", Perm: "sys:dict", Action: "query",
		Summary: "List dictionary types", Query: DictTypeQuery{}, Result: api.Page[DictType]{}}, m.dictTypeList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/type", Perm: "sys:dict", Action: "add",
		Summary: "Add a dictionary type", Body: DictTypeForm{}, Result: DictType{}}, m.dictTypeCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/dict/type/:id", Perm: "sys:dict", Action: "edit",
		Summary: "Edit a dictionary type", Body: DictTypeForm{}, Result: DictType{}}, m.dictTypeUpdate)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/dict/type/:id", Perm: "sys:dict", Action: "delete",
		Summary: "Delete a dictionary type that is not built in, with its entries"}, m.dictTypeDelete)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/dict/item", Perm: "sys:dict", Action: "query",
		Summary: "List the entries of a type", Query: DictItemQuery{}, Result: []DictItem{}}, m.dictItemList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/item", Perm: "sys:dict", Action: "add",
		Summary: "Add an entry", Body: DictItemForm{}, Result: DictItem{}}, m.dictItemCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/dict/item/:id", Perm: "sys:dict", Action: "edit",
		Summary: "Edit an entry", Body: DictItemForm{}, Result: DictItem{}}, m.dictItemUpdate)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/item/:id/enable", Perm: "sys:dict", Action: "enable",
		Summary: "Enable an entry"}, m.dictItemStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/item/:id/disable", Perm: "sys:dict", Action: "disable",
		Summary: "Disable an entry"}, m.dictItemStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/dict/item/:id", Perm: "sys:dict", Action: "delete",
		Summary: "Delete an entry that is not built in"}, m.dictItemDelete)
}

func (m *Module) dictTypeList(c *api.Ctx) (any, error) {
	var q DictTypeQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Dicts.TypePage(c.Ctx(), q)
}

func (m *Module) dictTypeCreate(c *api.Ctx) (any, error) {
	var in DictTypeForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Dicts.CreateType(c.Ctx(), in)
}

func (m *Module) dictTypeUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in DictTypeForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Dicts.UpdateType(c.Ctx(), id, in)
}

func (m *Module) dictTypeDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Dicts.DeleteType(c.Ctx(), id)
}

func (m *Module) dictItemList(c *api.Ctx) (any, error) {
	var q DictItemQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Dicts.Items(c.Ctx(), q.Type)
}

func (m *Module) dictItemCreate(c *api.Ctx) (any, error) {
	var in DictItemForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Dicts.CreateItem(c.Ctx(), in)
}

func (m *Module) dictItemUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in DictItemForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Dicts.UpdateItem(c.Ctx(), id, in)
}

func (m *Module) dictItemStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Dicts.SetItemStatus(c.Ctx(), id, status)
	}
}

func (m *Module) dictItemDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Dicts.DeleteItem(c.Ctx(), id)
}
