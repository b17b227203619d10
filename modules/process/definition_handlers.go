package process

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) definitionRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/definition", Perm: "process:definition", Action: "query",
		Summary: "List definitions (all versions of a key with key=)", Query: ListQuery{}, Result: api.Page[Definition]{}}, m.definitionList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/definition/:id", Perm: "process:definition", Action: "get",
		Summary: "A definition with its XML and frozen forms", Result: DefinitionDetail{}}, m.definitionGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/definition/:id/suspend", Perm: "process:definition", Action: "disable",
		Summary: "Suspend a definition: no new starts"}, m.definitionStatus(DefinitionSuspended))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/definition/:id/activate", Perm: "process:definition", Action: "enable",
		Summary: "Activate a suspended definition"}, m.definitionStatus(DefinitionActive))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/process/definition/:id", Perm: "process:definition", Action: "delete",
		Summary: "Delete a definition version no instance runs on"}, m.definitionDelete)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/startable", Perm: "process:inbox", Action: "query",
		Summary: "Definitions the caller can start, with their start forms", Result: []DefinitionDetail{}}, m.startable)
}

func (m *Module) definitionStatus(status string) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.SetDefinitionStatus(c.Ctx(), c.Principal(), id, status)
	}
}

func (m *Module) definitionDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.DeleteDefinition(c.Ctx(), c.Principal(), id)
}

func (m *Module) definitionList(c *api.Ctx) (any, error) {
	var q ListQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Definitions(c.Ctx(), q)
}

func (m *Module) definitionGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Definition(c.Ctx(), id)
}

func (m *Module) startable(c *api.Ctx) (any, error) {
	return m.Startable(c.Ctx())
}
