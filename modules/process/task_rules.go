package process

import (
	"context"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/engine"
)

// actionRule is what the API checks of one task action before the instance
// sees it (the instance checks again against the task it holds, see
// workflows/engine/actions.go): who may take it, the request's fields, the
// people it names, and whether it submits the task's form.
type actionRule struct {
	may    func(a actor) bool
	fields func(c *api.Check, in ActInput)
	users  userRule
	form   bool // the task's form data is checked and submitted
}

// userRule is what an action's userIds must satisfy beyond its fields.
type userRule int

const (
	usersAny     userRule = iota
	usersReceive          // they receive the task or a copy: the instance's tenant, at most 100 (mayReceive)
	usersCapped           // at most 100
)

// actor is the caller facing a task.
type actor struct {
	holds, starts, admin bool
	candidate            func() bool // unassigned and a candidate (reads the candidates only when asked)
}

var actionRules = map[string]actionRule{
	engine.ActionApprove:      {may: holder, form: true},
	engine.ActionComplete:     {may: holder, form: true},
	engine.ActionResolve:      {may: holder, form: true},
	engine.ActionReject:       {may: holder, fields: needsComment},
	engine.ActionReturn:       {may: holder, fields: func(c *api.Check, in ActInput) { needsComment(c, in); c.Required("targetNode", in.TargetNode) }},
	engine.ActionClaim:        {may: func(a actor) bool { return a.candidate() }},
	engine.ActionUnclaim:      {may: holder},
	engine.ActionTransfer:     {may: func(a actor) bool { return a.holds || a.admin }, fields: oneUser, users: usersReceive},
	engine.ActionDelegate:     {may: holder, fields: oneUser, users: usersReceive},
	engine.ActionAddSigner:    {may: holder, fields: someUsers, users: usersReceive},
	engine.ActionRemoveSigner: {may: holder, fields: someUsers, users: usersCapped},
	engine.ActionComment:      {may: follows, fields: needsComment},
	engine.ActionCC:           {may: follows, fields: someUsers, users: usersReceive},
	engine.ActionUrge:         {may: func(a actor) bool { return a.starts || a.admin }},
}

// ruleOf is an action's rule; an action without one is the holder's.
func ruleOf(action string) actionRule {
	if r, ok := actionRules[action]; ok {
		return r
	}
	return actionRule{may: holder}
}

func holder(a actor) bool { return a.holds }

// follows: those who see a task may comment on it or copy it to others.
func follows(a actor) bool { return a.holds || a.starts || a.admin || a.candidate() }

func needsComment(c *api.Check, in ActInput) {
	if c.Required("comment", in.Comment) {
		c.MaxLen("comment", in.Comment, 2000)
	}
}

func oneUser(c *api.Check, in ActInput) {
	if len(in.UserIDs) != 1 {
		c.Add("userIds", "process.one_user", nil)
	}
}

func someUsers(c *api.Check, in ActInput) {
	if len(in.UserIDs) == 0 {
		c.Add("userIds", "validation.required", nil)
	}
}

// checkAct applies an action's rule to a request on an open task.
func (m *Module) checkAct(ctx context.Context, p *api.Principal, t *Task, inst *Instance, action string, in ActInput, admin bool) error {
	rule := ruleOf(action)
	a := actor{holds: t.AssigneeID == p.UserID, starts: inst.InitiatorID == p.UserID, admin: admin,
		candidate: func() bool { return t.AssigneeID == 0 && m.isCandidate(ctx, p, t.ID) }}
	if !rule.may(a) {
		return api.Conflict("process.not_your_task", nil)
	}
	if err := m.guard(ctx, p, t, action); err != nil {
		return err
	}
	if rule.fields != nil {
		var chk api.Check
		rule.fields(&chk, in)
		if err := chk.Err(); err != nil {
			return err
		}
	}
	switch rule.users {
	case usersReceive:
		return m.mayReceive(ctx, p, inst, in.UserIDs)
	case usersCapped:
		if len(in.UserIDs) > 100 {
			return api.Invalid("userIds", "process.too_many_users", map[string]any{"Max": 100})
		}
	}
	return nil
}
