package engine

import (
	"fmt"
	"slices"

	"go.temporal.io/sdk/workflow"
)

// taskAction is one action a person takes on a task, in one row of the
// actions table: whether every task offers it, who may take it and what it
// needs (may and validate, run by the update's validator before anything is
// written), whether it counts as acting on the instance, whether it is a
// decision that closes the task, what it changes in the runner before its
// record is written (apply), and what follows the record (after). An action
// the table does not name (a model may list any) is offered only where
// listed and is the holder's.
type taskAction struct {
	always   bool                // offered on every task, whatever the node lists
	signers  bool                // offered on a multi-instance task that lists addSigner
	acts     bool                // once taken, the starter can no longer withdraw the instance
	closes   string              // a decision: the outcome the task closes with (its token wakes)
	may      func(s *step) error // nil: the holder may
	validate func(s *step) error
	apply    func(s *step)
	after    func(ctx workflow.Context, s *step) error
}

// step is one action on one open task: the request, the record the
// handler writes (in) and its answer (res).
type step struct {
	r   *runner
	ot  *openTask
	u   TaskUpdate
	in  TaskActionInput
	res TaskUpdateResult
}

// taskActions is the table. The decisions (approve, complete, reject,
// return) close the task and wake the token that waits in it.
var taskActions = map[string]taskAction{
	ActionApprove:  {acts: true, closes: "approved"},
	ActionComplete: {acts: true, always: true, closes: "completed"},
	ActionReject:   {acts: true, closes: "rejected"},
	ActionReturn: {acts: true, closes: "returned", validate: unless(returnable, ErrBadReturnTarget),
		apply: func(s *step) { s.in.Data = map[string]any{"returnTo": s.u.TargetNode} }},
	ActionClaim:    {may: claimable, apply: func(s *step) { s.assign(s.u.Actor.UserID, s.ot.owner) }},
	ActionUnclaim:  {always: true, may: unless(holds, ErrNotClaimable), apply: func(s *step) { s.assign(0, s.ot.owner) }},
	ActionTransfer: {acts: true, may: who(holds, admin), validate: oneUser, apply: func(s *step) { s.assign(s.u.UserIDs[0], 0) }},
	ActionDelegate: {acts: true, validate: oneUser, apply: func(s *step) {
		s.assign(s.u.UserIDs[0], s.ot.assignee)
		s.in.Data = map[string]any{"owner": s.ot.owner}
	}},
	ActionResolve: {always: true, validate: unless(delegated, badRequest("the task is not delegated")), apply: func(s *step) {
		s.assign(s.ot.owner, 0)
		s.keepForm()
	}},
	ActionAddSigner:    {acts: true, signers: true, validate: unless(namesSome, badRequest("name at least one signer")), apply: namesUsers, after: addSigners},
	ActionRemoveSigner: {acts: true, signers: true, validate: removableSigner, apply: namesUsers, after: removeSigner},
	ActionComment:      {always: true, may: who(holds, starts, admin, claimsUnheld)},
	ActionCC:           {always: true, may: who(holds, starts, admin, claimsUnheld), validate: unless(namesSome, badRequest("name at least one user")), apply: namesUsers, after: notify},
	ActionUrge:         {always: true, may: who(starts, admin), apply: namesUsers, after: notify},
}

// offers reports whether the task of an activation offers an action. A
// multi-instance task that lists addSigner offers removeSigner too.
func (a *activation) offers(action string) bool {
	row, listed := taskActions[action], a.user.Actions
	if row.signers && a.el.Multi == nil {
		return false // signers are added to and removed from a multi-instance task only
	}
	if len(listed) == 0 { // a task that names none offers the defaults
		listed = []string{ActionApprove, ActionReject, ActionTransfer, ActionDelegate, ActionComment, ActionClaim}
	}
	return row.always || slices.Contains(listed, action) || row.signers && slices.Contains(listed, ActionAddSigner)
}

// validateTask refuses, before anything is written, an action the task does
// not offer or the table's row does not allow. The actor is checked against
// the task as the workflow holds it: a request made stale by a transfer, or
// one sent to Temporal directly, cannot act for someone else.
func (r *runner) validateTask(_ workflow.Context, u TaskUpdate) error {
	ot := r.tasks.open[u.TaskID]
	switch {
	case r.final != "":
		return refuse(ErrInstanceEnding)
	case ot == nil:
		return refuse(ErrTaskNotOpen)
	case !ot.act.offers(u.Action):
		return refuse(fmt.Errorf("%w: %s", ErrActionNotOffered, u.Action))
	}
	row, s := taskActions[u.Action], &step{r: r, ot: ot, u: u}
	if row.may == nil {
		row.may = who(holds)
	}
	if err := row.may(s); err != nil || row.validate == nil {
		return refuse(err)
	}
	return refuse(row.validate(s))
}

// onTask takes an action the validator let through: a decision closes the
// task, then the row's apply, the action's record, the decision's wake-up
// and the row's after.
func (r *runner) onTask(ctx workflow.Context, u TaskUpdate) (TaskUpdateResult, error) {
	ot := r.tasks.open[u.TaskID]
	if ot == nil {
		return TaskUpdateResult{}, ErrTaskNotOpen
	}
	s := &step{r: r, ot: ot, u: u, res: TaskUpdateResult{TaskID: ot.id}, in: TaskActionInput{InstanceID: r.in.InstanceID, TaskID: ot.id,
		Action: u.Action, Actor: u.Actor, Comment: u.Comment, Time: workflow.Now(ctx).UTC(), NodeID: ot.act.el.ID, NodeName: ot.act.el.Name}}
	row := taskActions[u.Action]
	r.acted = r.acted || row.acts
	if row.closes != "" {
		s.keepForm()
		s.in.Close, s.res.Closed = row.closes, true
		r.tasks.forget(ot)
	}
	if row.apply != nil {
		row.apply(s)
	}
	s.in.Seq = r.nextSeq()
	err := bookkeeping(ctx, ActTaskAction, s.in, nil)
	if err == nil && row.closes != "" {
		// The decision's form data become variables; the token applies the decision.
		for _, k := range sortedKeys(s.in.FormData) {
			r.vars[k] = s.in.FormData[k]
		}
		ot.act.post(ctx, r, u)
	}
	if err == nil && row.after != nil {
		err = row.after(ctx, s)
	}
	if err == nil && r.hardened {
		r.settle(ctx)
	}
	return s.res, err
}

// Who may act, by the API's rule: the holder acts, a candidate claims, the
// starter urges, an administrator transfers; those who see a task (the
// candidates of one nobody holds among them) comment on it or copy it to
// others. And what an action needs.

func holds(s *step) bool { return s.u.Actor.UserID != 0 && s.ot.assignee == s.u.Actor.UserID }
func starts(s *step) bool {
	return s.u.Actor.UserID != 0 && s.u.Actor.UserID == s.r.in.Initiator.UserID
}
func admin(s *step) bool        { return s.u.Admin }
func claimsUnheld(s *step) bool { return s.ot.assignee == 0 && candidate(s) }
func namesSome(s *step) bool    { return len(s.u.UserIDs) > 0 }
func delegated(s *step) bool    { return s.ot.owner != 0 }

// candidate: the actor may claim the task. For a task of an older history
// (!known) the API's check stands alone.
func candidate(s *step) bool {
	ot, user := s.ot, s.u.Actor.UserID
	return user != 0 && (!ot.known || slices.Contains(ot.users, user) ||
		slices.ContainsFunc(ot.roles, func(want string) bool { return slices.Contains(s.u.ActorRoles, want) }))
}

// returnable: a return goes to a user task completed earlier on the task's path.
func returnable(s *step) bool {
	to := s.u.TargetNode
	return to != s.ot.act.el.ID && s.r.tasks.completed[to] && s.r.behind(s.ot.act.tok, to)
}

// who refuses everyone none of the rules names.
func who(rules ...func(*step) bool) func(*step) error {
	return unless(func(s *step) bool {
		return slices.ContainsFunc(rules, func(rule func(*step) bool) bool { return rule(s) })
	}, ErrNotYourTask)
}

// unless refuses with a refusal when the rule does not hold.
func unless(rule func(*step) bool, refusal error) func(*step) error {
	return func(s *step) error {
		if rule(s) {
			return nil
		}
		return refusal
	}
}

// claimable: a candidate claims a task nobody holds.
func claimable(s *step) error {
	if s.ot.assignee != 0 {
		return ErrNotClaimable
	}
	return who(candidate)(s)
}

// oneUser: a transfer or a delegation names the one user who takes the task.
var oneUser = unless(func(s *step) bool { return len(s.u.UserIDs) == 1 && s.u.UserIDs[0] != 0 }, badRequest("name exactly one user"))

func removableSigner(s *step) error {
	act := s.ot.act
	if len(s.u.UserIDs) != 1 || act.signerTask(s.u.UserIDs[0]) == nil {
		return ErrNoSuchSigner
	}
	if len(act.open)+len(act.queue) <= 1 {
		return badRequest("the last signer cannot be removed")
	}
	return nil
}

// signerTask is the open row of a signer (or of its current holder).
func (a *activation) signerTask(user uint64) *openTask {
	for _, id := range sortedIDs(a.open) {
		if ot := a.open[id]; ot.signer == user || ot.assignee == user {
			return ot
		}
	}
	return nil
}

// What an action changes before its record.

// assign hands the task to a user, with the owner it goes back to (0: none).
func (s *step) assign(user, owner uint64) {
	s.ot.assignee, s.ot.owner, s.in.AssigneeID = user, owner, user
}

// keepForm keeps the form fields the node lets its assignee write.
func (s *step) keepForm() {
	s.in.FormData = map[string]any{} // empty: none (omitted on the wire)
	for _, k := range sortedKeys(s.u.FormData) {
		if p, ok := s.ot.act.user.FieldPerms[k]; !ok || p == "write" {
			s.in.FormData[k] = s.u.FormData[k]
		}
	}
}

func namesUsers(s *step) { s.in.Data = map[string]any{"userIds": s.u.UserIDs} }

// What follows the record.

func addSigners(ctx workflow.Context, s *step) error {
	act := s.ot.act
	act.total += len(s.u.UserIDs)
	for _, user := range s.u.UserIDs {
		if act.sequential() {
			act.queue = append(act.queue, user)
			continue
		}
		added, err := s.r.createTask(ctx, act, user)
		if err != nil {
			return err
		}
		s.res.Added = append(s.res.Added, added.id)
	}
	s.r.flush(ctx)
	return nil
}

func removeSigner(ctx workflow.Context, s *step) error {
	act := s.ot.act
	act.total--
	if err := s.r.closeRows(ctx, []uint64{act.signerTask(s.u.UserIDs[0]).id}, "removed"); err != nil {
		return err
	}
	act.post(ctx, s.r, TaskUpdate{Action: "recount"})
	return nil
}

// notify tells the named users (cc) or the holder (urge).
func notify(ctx workflow.Context, s *step) error {
	users := s.u.UserIDs
	if s.u.Action == ActionUrge {
		users = []uint64{s.ot.assignee}
	}
	return bookkeeping(ctx, ActNotify, NotifyInput{InstanceID: s.r.in.InstanceID, Seq: s.in.Seq, TaskID: s.ot.id,
		Kind: s.u.Action, UserIDs: users, Actor: &s.u.Actor, Comment: s.u.Comment}, nil)
}
