package process

import (
	"net/http"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/engine"
)

func (m *Module) taskRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/todo", Perm: "process:inbox", Action: "query",
		Summary: "My open tasks: assigned to me or claimable through my roles", Query: TaskQuery{}, Result: api.Page[TaskView]{}}, m.todo)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/todo/count", Perm: "process:inbox", Action: "query",
		Summary: "How many open tasks I have", Result: Count{}}, m.todoCount)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/done", Perm: "process:inbox", Action: "query",
		Summary: "Tasks I closed", Query: TaskQuery{}, Result: api.Page[TaskView]{}}, m.done)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/cc", Perm: "process:inbox", Action: "query",
		Summary: "Notices copied to me", Query: TaskQuery{}, Result: api.Page[CCView]{}}, m.ccList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/process/task/cc/:id/read", Perm: "process:inbox", Action: "edit",
		Summary: "Mark a notice copied to me as read"}, m.ccRead)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/started", Perm: "process:inbox", Action: "query",
		Summary: "Instances I started", Query: InstanceQuery{}, Result: api.Page[Instance]{}}, m.started)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task", Perm: "process:task", Action: "query",
		Summary: "All tasks (administrators)", Query: TaskQuery{}, Result: api.Page[TaskView]{}}, m.allTasks)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/process/task/:id", Perm: "process:inbox", Action: "get",
		Summary: "A task with its form, field permissions, actions, diagram and timeline", Result: TaskDetail{}}, m.taskGet)
	for _, a := range []string{engine.ActionClaim, engine.ActionUnclaim, engine.ActionComplete, engine.ActionApprove, engine.ActionReject,
		engine.ActionReturn, engine.ActionTransfer, engine.ActionDelegate, engine.ActionResolve, engine.ActionAddSigner,
		engine.ActionRemoveSigner, engine.ActionComment, engine.ActionUrge, engine.ActionCC} {
		g.Handle(api.Route{Method: http.MethodPost, Path: "/process/task/:id/" + a, Perm: "process:inbox", Action: "edit",
			Summary: "Task action: " + a, Body: ActInput{}, Result: engine.TaskUpdateResult{}}, m.taskAct(a))
	}
}

func (m *Module) started(c *api.Ctx) (any, error) {
	var q InstanceQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.InitiatorID = c.Principal().UserID
	return m.Instances(c.Ctx(), c.Principal(), q, false)
}

func (m *Module) todo(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Todo(c.Ctx(), c.Principal(), q)
}

func (m *Module) todoCount(c *api.Ctx) (any, error) {
	n, err := m.TodoCount(c.Ctx(), c.Principal())
	return Count{Count: n}, err
}

func (m *Module) done(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Done(c.Ctx(), c.Principal(), q)
}

func (m *Module) ccList(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.CCList(c.Ctx(), c.Principal(), q)
}

func (m *Module) allTasks(c *api.Ctx) (any, error) {
	var q TaskQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.All(c.Ctx(), q)
}

func (m *Module) taskGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Task(c.Ctx(), c.Principal(), id)
}

func (m *Module) taskAct(action string) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		var in ActInput
		if err := c.Bind(&in); err != nil {
			return nil, err
		}
		p := c.Principal()
		admin := p.Admin || m.core.Perms.Allowed(p, "process:task", "edit")
		return m.Act(c.Ctx(), p, id, action, in, admin)
	}
}

func (m *Module) ccRead(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.ReadCC(c.Ctx(), c.Principal(), id)
}
