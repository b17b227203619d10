package sys

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) roleRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/role", Perm: "sys:role", Action: "query",
		Summary: "List roles (the platform's templates and the caller's own)", Query: RoleQuery{}, Result: api.Page[Role]{}}, m.roleList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/role/grantTree", Perm: "sys:role", Action: "query",
		Summary: "Menus and operations the caller may grant", Result: []*GrantNode{}}, m.roleGrantTree)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/role/:id", Perm: "sys:role", Action: "get",
		Summary: "One role with its grants", Result: RoleDetail{}}, m.roleGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/role", Perm: "sys:role", Action: "add",
		Summary: "Create a role", Body: RoleInput{}, Result: Role{}}, m.roleCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/role/:id", Perm: "sys:role", Action: "edit",
		Summary: "Edit a role", Body: RoleInput{}, Result: Role{}}, m.roleUpdate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/role/:id/grants", Perm: "sys:role", Action: "edit",
		Summary: "Replace a role's menus and operations (effective on every node at once)", Body: GrantsInput{}}, m.roleSetGrants)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/role/:id/enable", Perm: "sys:role", Action: "enable",
		Summary: "Enable a role"}, m.roleSetStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/role/:id/disable", Perm: "sys:role", Action: "disable",
		Summary: "Disable a role"}, m.roleSetStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/role/:id", Perm: "sys:role", Action: "delete",
		Summary: "Delete a role that is not built in"}, m.roleDelete)
}

func (m *Module) roleList(c *api.Ctx) (any, error) {
	var q RoleQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Roles.List(c.Ctx(), q)
}

func (m *Module) roleGrantTree(c *api.Ctx) (any, error) {
	return m.MenuSvc.GrantTree(c.Ctx(), c.Principal(), m.Perms, c.Lang())
}

func (m *Module) roleGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Roles.Get(c.Ctx(), id)
}

func (m *Module) roleCreate(c *api.Ctx) (any, error) {
	var in RoleInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Roles.Create(c.Ctx(), c.Principal(), in)
}

func (m *Module) roleUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in RoleInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Roles.Update(c.Ctx(), c.Principal(), id, in)
}

func (m *Module) roleSetGrants(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in GrantsInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Roles.SetGrants(c.Ctx(), c.Principal(), id, in)
}

func (m *Module) roleSetStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Roles.SetStatus(c.Ctx(), c.Principal(), id, status)
	}
}

func (m *Module) roleDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Roles.Delete(c.Ctx(), c.Principal(), id)
}
