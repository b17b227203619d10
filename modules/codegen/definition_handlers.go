package codegen

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) definitionRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/createFile/definition", Perm: permDefinition, Action: "query",
		Summary: "List saved entity definitions", Query: DefinitionQuery{}, Result: api.Page[DefinitionView]{}}, m.definitionList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/createFile/definition/:id", Perm: permDefinition, Action: "get",
		Summary: "One saved entity definition", Result: DefinitionDetail{}}, m.definitionGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/createFile/definition", Perm: permDefinition, Action: "add",
		Summary: "Save a new entity definition (checked as a preview is)", Body: Spec{}, Result: DefinitionDetail{}}, m.definitionCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/createFile/definition/:id", Perm: permDefinition, Action: "edit",
		Summary: "Save an entity definition over a saved one", Body: Spec{}, Result: DefinitionDetail{}}, m.definitionUpdate)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/createFile/definition/:id", Perm: permDefinition, Action: "delete",
		Summary: "Delete a saved entity definition"}, m.definitionDelete)
}

func (m *Module) definitionList(c *api.Ctx) (any, error) {
	var q DefinitionQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Defs.List(c.Ctx(), q)
}

func (m *Module) definitionGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Defs.Get(c.Ctx(), id)
}

func (m *Module) definitionCreate(c *api.Ctx) (any, error) {
	var s Spec
	if err := c.Bind(&s); err != nil {
		return nil, err
	}
	return m.Defs.Save(c.Ctx(), 0, s)
}

func (m *Module) definitionUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var s Spec
	if err := c.Bind(&s); err != nil {
		return nil, err
	}
	return m.Defs.Save(c.Ctx(), id, s)
}

func (m *Module) definitionDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Defs.Delete(c.Ctx(), id)
}
