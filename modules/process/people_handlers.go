package process

import (
	"net/http"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
)

// PersonRef is a person a task can be handed or copied to.
type PersonRef struct {
	ID       uint64 `json:"id"`
	Username string `json:"username"`
	RealName string `json:"realName"`
	OrgName  string `json:"orgName"`
}

// PeopleQuery searches people by user name prefix, or names them by id.
type PeopleQuery struct {
	Keyword string   `form:"keyword" json:"keyword"`
	IDs     []uint64 `form:"ids" json:"ids"`
}

func (m *Module) peopleRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/people", Perm: "process:inbox", Action: "query",
		Summary: "People of the caller's organisation to transfer, delegate or copy a task to", Query: PeopleQuery{}, Result: []PersonRef{}}, m.people)
}

// people answers up to 20 enabled users within the caller's tenant scope.
func (m *Module) people(c *api.Ctx) (any, error) {
	var q PeopleQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	if len(q.IDs) > 0 {
		return m.peopleByID(c, q.IDs)
	}
	enabled := sys.StatusEnabled
	page, err := m.core.Users.List(c.Ctx(), sys.UserQuery{PageQuery: api.PageQuery{PageNo: 1, PageSize: 20, Sort: "username,asc"},
		Username: strings.TrimSpace(q.Keyword), Status: &enabled})
	if err != nil {
		return nil, err
	}
	out := make([]PersonRef, 0, len(page.Records))
	for _, u := range page.Records {
		out = append(out, PersonRef{ID: u.ID, Username: u.Username, RealName: u.RealName, OrgName: u.OrgName})
	}
	return out, nil
}

// peopleByID names people by id (a picker showing saved values), within
// the caller's tenant scope.
func (m *Module) peopleByID(c *api.Ctx, ids []uint64) ([]PersonRef, error) {
	if len(ids) > 100 {
		ids = ids[:100]
	}
	out := make([]PersonRef, 0, len(ids))
	for _, id := range ids {
		u, err := m.core.Users.Get(c.Ctx(), id)
		if err != nil {
			continue // outside the caller's scope, or gone: not named
		}
		out = append(out, PersonRef{ID: u.ID, Username: u.Username, RealName: u.RealName, OrgName: u.OrgName})
	}
	return out, nil
}
