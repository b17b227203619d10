package process

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) modelRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/model", Perm: "process:model", Action: "query",
		Summary: "List models", Query: ListQuery{}, Result: api.Page[Model]{}}, m.modelList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/model/:id", Perm: "process:model", Action: "get",
		Summary: "A model with its XML, form bindings and issues", Result: SavedModel{}}, m.modelGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/model", Perm: "process:model", Action: "add",
		Summary: "Create a model; answers the issues deployment would refuse", Body: ModelInput{}, Result: SavedModel{}}, m.modelCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/process/model/:id", Perm: "process:model", Action: "edit",
		Summary: "Save a model; answers the issues deployment would refuse", Body: ModelInput{}, Result: SavedModel{}}, m.modelUpdate)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/process/model/:id", Perm: "process:model", Action: "delete",
		Summary: "Delete a model (its deployed definitions stay)"}, m.modelDelete)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/model/:id/deploy", Perm: "process:definition", Action: "add",
		Summary: "Deploy a model as the next definition version", Result: Deployed{}}, m.modelDeploy)
}

func (m *Module) modelCreate(c *api.Ctx) (any, error) {
	var in ModelInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.SaveModel(c.Ctx(), c.Principal(), 0, in)
}

func (m *Module) modelUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in ModelInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.SaveModel(c.Ctx(), c.Principal(), id, in)
}

func (m *Module) modelDeploy(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Deploy(c.Ctx(), c.Principal(), id)
}

func (m *Module) modelList(c *api.Ctx) (any, error) {
	var q ListQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Models(c.Ctx(), q)
}

func (m *Module) modelGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Model(c.Ctx(), id)
}

func (m *Module) modelDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.DeleteModel(c.Ctx(), c.Principal(), id)
}
