package process

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) instanceRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/start", Perm: "process:inbox", Action: "add",
		Summary: "Start an instance; the start form's data is validated first", Body: StartInput{}, Result: Started{}}, m.instanceStart)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/instance", Perm: "process:instance", Action: "query",
		Summary: "List instances", Query: InstanceQuery{}, Result: api.Page[Instance]{}}, m.instanceList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/instance/related", Perm: "process:inbox", Action: "query",
		Summary: "Instances the caller started or acted in", Query: InstanceQuery{}, Result: api.Page[Instance]{}}, m.instanceRelated)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/instance/:id", Perm: "process:inbox", Action: "get",
		Summary: "An instance: state, variables, timeline, done/active/rejected nodes (participants and administrators)", Result: InstanceView{}}, m.instanceGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/:id/cancel", Perm: "process:instance", Action: "delete",
		Summary: "Cancel a running instance with a reason", Body: ReasonInput{}}, m.instanceCancel)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/:id/withdraw", Perm: "process:inbox", Action: "edit",
		Summary: "The starter withdraws an instance before anyone acted"}, m.instanceWithdraw)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/message", Perm: "process:instance", Action: "edit",
		Summary: "Correlate a message by business key to the instances waiting for it", Body: MessageInput{}, Result: Delivered{}}, m.instanceMessage)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/instance/:id/retry", Perm: "process:instance", Action: "edit",
		Summary: "Run the failed nodes of an instance again, after setting variables", Body: RetryInput{}, Result: InstanceView{}}, m.instanceRetry)
}

func (m *Module) instanceStart(c *api.Ctx) (any, error) {
	var in StartInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Start(c.Ctx(), c.Principal(), in)
}

func (m *Module) instanceList(c *api.Ctx) (any, error) {
	var q InstanceQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Instances(c.Ctx(), c.Principal(), q, false)
}

func (m *Module) instanceRelated(c *api.Ctx) (any, error) {
	var q InstanceQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Instances(c.Ctx(), c.Principal(), q, true)
}

// instanceGet shows an instance to administrators and to its participants.
func (m *Module) instanceGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	if !m.mayView(c.Ctx(), c.Principal(), id) {
		return nil, api.NotFound()
	}
	return m.Detail(c.Ctx(), id)
}

func (m *Module) instanceCancel(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in ReasonInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Cancel(c.Ctx(), c.Principal(), id, in.Reason)
}

func (m *Module) instanceWithdraw(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Withdraw(c.Ctx(), c.Principal(), id)
}

func (m *Module) instanceMessage(c *api.Ctx) (any, error) {
	var in MessageInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	n, err := m.Message(c.Ctx(), c.Principal(), in)
	return Delivered{Delivered: n}, err
}

func (m *Module) instanceRetry(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in RetryInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Retry(c.Ctx(), c.Principal(), id, in)
}
