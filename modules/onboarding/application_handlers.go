package onboarding

import (
	"net/http"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
)

// The sign-up routes keep the paths and the permission (sys:org, the
// organisation page) they had in sys.
func (m *Module) applicationRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/merchant/register", Access: api.Public, Log: api.LogOn,
		Summary: "A merchant signs up (mobile verified by SMS code); the platform approves", Body: RegisterInput{}, Result: RegisterResult{}}, m.register)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/merchant/application", Perm: "sys:org", Action: "query",
		Summary: "Merchant sign-ups (platform only)", Query: ApplicationQuery{}, Result: api.Page[MerchantApplication]{}}, m.applicationList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/merchant/application/:id/approve", Perm: "sys:org", Action: "add",
		Summary: "Approve a sign-up: creates the merchant, its first venue and its administrator", Result: sys.MerchantAccount{}}, m.applicationApprove)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/merchant/application/:id/reject", Perm: "sys:org", Action: "edit",
		Summary: "Reject a sign-up with a reason", Body: RejectInput{}}, m.applicationReject)
}

func (m *Module) register(c *api.Ctx) (any, error) {
	var in RegisterInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Register(c.Ctx(), in, c.ClientIP())
}

// onlyPlatform guards the sign-up queue: applications belong to no merchant yet.
func onlyPlatform(c *api.Ctx) error {
	if !c.Principal().IsPlatform() {
		return api.Forbidden()
	}
	return nil
}

func (m *Module) applicationList(c *api.Ctx) (any, error) {
	if err := onlyPlatform(c); err != nil {
		return nil, err
	}
	var q ApplicationQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Applications(c.Ctx(), q)
}

func (m *Module) applicationApprove(c *api.Ctx) (any, error) {
	if err := onlyPlatform(c); err != nil {
		return nil, err
	}
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Approve(c.Ctx(), c.Principal(), id)
}

// RejectInput gives the reason of a rejection.
type RejectInput struct {
	Reason string `json:"reason"`
}

func (m *Module) applicationReject(c *api.Ctx) (any, error) {
	if err := onlyPlatform(c); err != nil {
		return nil, err
	}
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in RejectInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Reject(c.Ctx(), c.Principal(), id, in.Reason)
}
