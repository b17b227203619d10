package printing

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

// AgentKeyHeader carries a print agent's key.
const AgentKeyHeader = "X-Agent-Key"

func (m *Module) agentRoutes(g *api.Group) {
	const base = "/merchant/printing/agent"
	g.Handle(api.Route{Method: http.MethodGet, Path: base, Perm: PermJob, Action: "query",
		Summary: "The venue's print agent and whether it is online", Query: VenueQuery{}, Result: AgentView{}}, m.agentStatus)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/key", Perm: PermJob, Action: "edit",
		Summary: "Make or replace the venue's print agent key (shown once); the venue then prints through its agent", Query: VenueQuery{}, Result: AgentKey{}}, m.agentKey)
	g.Handle(api.Route{Method: http.MethodDelete, Path: base, Perm: PermJob, Action: "edit",
		Summary: "Remove the venue's print agent (its key stops working)", Query: VenueQuery{}}, m.removeAgent)

	// The agent's own calls: no staff login, its key in X-Agent-Key.
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/print-agent/claim", Access: api.Public, Log: api.LogOff,
		Summary: "A print agent's long poll: its venue's due jobs, held for 30 s", Body: ClaimInput{}, Result: ClaimResult{}}, m.agentClaim)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/print-agent/jobs/:id/ack", Access: api.Public, Log: api.LogOff,
		Summary: "A print agent's report on a job: written to the printer, or the error", Body: AckInput{}}, m.agentAck)
}

func (m *Module) agentStatus(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.AgentStatus(c.Ctx(), q.VenueID)
}

func (m *Module) agentKey(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.ShouldBindQuery(&q); err != nil {
		return nil, api.Invalid("venueId", "validation.bad_value", nil)
	}
	return m.NewAgentKey(c.Ctx(), q.VenueID)
}

func (m *Module) removeAgent(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.ShouldBindQuery(&q); err != nil {
		return nil, api.Invalid("venueId", "validation.bad_value", nil)
	}
	return nil, m.RemoveAgent(c.Ctx(), q.VenueID)
}

func (m *Module) agentClaim(c *api.Ctx) (any, error) {
	a, err := m.agentByKey(c.Ctx(), c.GetHeader(AgentKeyHeader), c.ClientIP())
	if err != nil {
		return nil, err
	}
	var in ClaimInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.AgentClaim(c.Ctx(), a, in)
}

func (m *Module) agentAck(c *api.Ctx) (any, error) {
	a, err := m.agentByKey(c.Ctx(), c.GetHeader(AgentKeyHeader), c.ClientIP())
	if err != nil {
		return nil, err
	}
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in AckInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.AgentAck(c.Ctx(), a, id, in)
}
