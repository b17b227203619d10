package sys

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) userRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/user", Perm: "sys:user", Action: "query",
		Summary: "List users", Query: UserQuery{}, Result: api.Page[UserView]{}}, m.userList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/user/:id", Perm: "sys:user", Action: "get",
		Summary: "One user", Result: UserView{}}, m.userGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user", Perm: "sys:user", Action: "add",
		Summary: "Create a user (a generated password is answered once)", Body: UserInput{}, Result: CreatedUser{}}, m.userCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/user/:id", Perm: "sys:user", Action: "edit",
		Summary: "Edit a user", Body: UserInput{}, Result: UserView{}}, m.userUpdate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/user/:id/roles", Perm: "sys:user", Action: "edit",
		Summary: "Replace a user's roles", Body: RolesInput{}}, m.userSetRoles)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user/:id/enable", Perm: "sys:user", Action: "enable",
		Summary: "Enable a user"}, m.userSetStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user/:id/disable", Perm: "sys:user", Action: "disable",
		Summary: "Disable a user and revoke their sessions"}, m.userSetStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user/:id/resetPassword", Perm: "sys:user", Action: "edit",
		Summary: "Reset a user's password; they must change it at next login", Body: ResetInput{}, Result: ResetResult{}}, m.userResetPassword)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user/:id/unlock", Perm: "sys:user", Action: "unlock",
		Summary: "Lift the login locks of a user (their name and mobile, from every address)", Result: UnlockResult{}}, m.userUnlock)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/user/:id", Perm: "sys:user", Action: "delete",
		Summary: "Delete a user (not oneself, not the last administrator)"}, m.userDelete)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/user/export", Perm: "sys:user", Action: "export", Raw: true,
		Summary: "Export the users of the filter as Excel", Query: UserQuery{}}, m.userExport)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/user/import/template", Perm: "sys:user", Action: "import", Raw: true,
		Summary: "The Excel template of a user import"}, m.userImportTemplate)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/user/import", Perm: "sys:user", Action: "import", MaxBody: 8 << 20,
		Summary: "Import users from Excel; nothing is written unless every row is valid", Result: api.ImportReport{}}, m.userImport)
}

func (m *Module) userList(c *api.Ctx) (any, error) {
	var q UserQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Users.List(c.Ctx(), q)
}

func (m *Module) userGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Users.Get(c.Ctx(), id)
}

func (m *Module) userCreate(c *api.Ctx) (any, error) {
	var in UserInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Users.Create(c.Ctx(), c.Principal(), m.Perms, in)
}

func (m *Module) userUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in UserInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Users.Update(c.Ctx(), c.Principal(), m.Perms, id, in)
}

// RolesInput replaces a user's roles.
type RolesInput struct {
	RoleIDs []uint64 `json:"roleIds"`
}

func (m *Module) userSetRoles(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in RolesInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Users.SetRoles(c.Ctx(), c.Principal(), m.Perms, id, in.RoleIDs)
}

func (m *Module) userSetStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Users.SetStatus(c.Ctx(), c.Principal(), id, status)
	}
}

// ResetInput optionally names the new password.
type ResetInput struct {
	Password string `json:"password"`
}

// ResetResult shows the new password once.
type ResetResult struct {
	Password string `json:"password"`
}

func (m *Module) userResetPassword(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in ResetInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	pw, err := m.Users.ResetPassword(c.Ctx(), id, in.Password)
	if err != nil {
		return nil, err
	}
	return ResetResult{Password: pw}, nil
}

func (m *Module) userDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Users.Delete(c.Ctx(), c.Principal(), id)
}

// UnlockResult tells how many locks were lifted.
type UnlockResult struct {
	Lifted int64 `json:"lifted"`
}

func (m *Module) userUnlock(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	n, err := m.Users.Unlock(c.Ctx(), id)
	if err != nil {
		return nil, err
	}
	return UnlockResult{Lifted: n}, nil
}
