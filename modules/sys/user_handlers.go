package sys

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) userRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/user", Perm: "sys:user", Action: "query",
		Summary: "List users", Query: UserQuery{}, Result: api.Page[UserView]{}}, m.userList)
}

func (m *Module) userList(c *api.Ctx) (any, error) {
	var q UserQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Users.List(c.Ctx(), q)
}
