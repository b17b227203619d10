package process

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) formRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/form", Perm: "process:form", Action: "query",
		Summary: "List forms", Query: ListQuery{}, Result: api.Page[Form]{}}, m.formList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/form/:id", Perm: "process:form", Action: "get",
		Summary: "A form with its versions", Result: FormDetail{}}, m.formGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/form", Perm: "process:form", Action: "add",
		Summary: "Save a form (by key); a changed schema is a new version", Body: FormInput{}, Result: Form{}}, m.formSave)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/process/form/:id", Perm: "process:form", Action: "delete",
		Summary: "Delete a form no model binds"}, m.formDelete)
}

func (m *Module) formSave(c *api.Ctx) (any, error) {
	var in FormInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.SaveForm(c.Ctx(), c.Principal(), in)
}

func (m *Module) formList(c *api.Ctx) (any, error) {
	var q ListQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Forms(c.Ctx(), q)
}

func (m *Module) formGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Form(c.Ctx(), id)
}

func (m *Module) formDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.DeleteForm(c.Ctx(), c.Principal(), id)
}
