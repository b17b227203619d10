package engine

import (
	"fmt"
	"slices"
	"strings"

	"go.temporal.io/sdk/workflow"
)

// taskAction is one action a person takes on a task, in one row of the
// actions table: whether every task offers it, who may take it and what it
// needs (may and validate, run by the update's validator before anything is
// written), whether it counts as acting on the instance, what it changes in
// the runner before its record is written (apply), and what follows the
// record (after). An action the table does not name (a model may list any)
// is offered only where listed and is the holder's.
type taskAction struct {
	always   bool // offered on every task, whatever the node lists
	signers  bool // offered on a multi-instance task that lists addSigner
	acts     bool // once taken, the starter can no longer withdraw the instance
	may      func(s *step) error
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
	ActionApprove:  {acts: true, may: who(holds), apply: closeAs("approved"), after: sendDecision},
	ActionComplete: {acts: true, always: true, may: who(holds), apply: closeAs("completed"), after: sendDecision},
	ActionReject:   {acts: true, may: who(holds), apply: closeAs("rejected"), after: sendDecision},
	ActionReturn: {acts: true, may: who(holds), validate: unless(returnable, ErrBadReturnTarget), after: sendDecision, apply: func(s *step) {
		closeAs("returned")(s)
		s.in.Data = map[string]any{"returnTo": s.u.TargetNode}
	}},
	ActionClaim:   {may: claimable, apply: func(s *step) { s.ot.assignee, s.in.AssigneeID = s.u.Actor.UserID, s.u.Actor.UserID }},
	ActionUnclaim: {always: true, may: unless(holds, ErrNotClaimable), apply: func(s *step) { s.ot.assignee = 0 }},
	ActionTransfer: {acts: true, may: who(holds, admin), validate: unless(oneUser, badRequest("name exactly one user")), apply: func(s *step) {
		s.ot.assignee, s.ot.owner, s.in.AssigneeID = s.u.UserIDs[0], 0, s.u.UserIDs[0]
	}},
	ActionDelegate: {acts: true, may: who(holds), validate: unless(oneUser, badRequest("name exactly one user")), apply: func(s *step) {
		s.ot.owner, s.ot.assignee, s.in.AssigneeID = s.ot.assignee, s.u.UserIDs[0], s.u.UserIDs[0]
		s.in.Data = map[string]any{"owner": s.ot.owner}
	}},
	ActionResolve: {always: true, may: who(holds), validate: unless(delegated, badRequest("the task is not delegated")), apply: func(s *step) {
		s.ot.assignee, s.ot.owner, s.in.AssigneeID = s.ot.owner, 0, s.ot.owner
		s.keepForm()
	}},
	ActionAddSigner:    {acts: true, signers: true, may: who(holds), validate: unless(namesSome, badRequest("name at least one signer")), apply: namesUsers, after: addSigners},
	ActionRemoveSigner: {acts: true, signers: true, may: who(holds), validate: removableSigner, apply: namesUsers, after: removeSigner},
	ActionComment:      {always: true, may: who(holds, starts, admin, claimsUnheld)},
	ActionCC:           {always: true, may: who(holds, starts, admin, claimsUnheld), validate: unless(namesSome, badRequest("name at least one user")), apply: namesUsers, after: notify},
	ActionUrge:         {always: true, may: who(starts, admin), apply: namesUsers, after: notify},
}

// actionOf is an action's row; an action the table does not name is the holder's.
func actionOf(name string) taskAction {
	if a, ok := taskActions[name]; ok {
		return a
	}
	return taskAction{may: who(holds)}
}

// defaultActions are offered when a task names none.
var defaultActions = []string{ActionApprove, ActionReject, ActionTransfer, ActionDelegate, ActionComment, ActionClaim}

// offers reports whether the task of an activation offers an action.
func (a *activation) offers(action string) bool {
	row, listed := actionOf(action), defaultActions
	if row.signers && a.el.Multi == nil {
		return false // signers are added to and removed from a multi-instance task only
	}
	if u := a.el.User; u != nil && len(u.Actions) > 0 {
		listed = u.Actions
	}
	return row.always || slices.Contains(listed, action) ||
		row.signers && a.el.Multi != nil && a.el.User != nil && slices.Contains(a.el.User.Actions, ActionAddSigner)
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
	row, s := actionOf(u.Action), &step{r: r, ot: ot, u: u}
	if err := row.may(s); err != nil || row.validate == nil {
		return refuse(err)
	}
	return refuse(row.validate(s))
}

// onTask takes an action the validator let through: the row's apply, the
// action's record, the row's after.
func (r *runner) onTask(ctx workflow.Context, u TaskUpdate) (TaskUpdateResult, error) {
	ot := r.tasks.open[u.TaskID]
	if ot == nil {
		return TaskUpdateResult{}, ErrTaskNotOpen
	}
	s := &step{r: r, ot: ot, u: u, res: TaskUpdateResult{TaskID: ot.id}, in: TaskActionInput{InstanceID: r.in.InstanceID, TaskID: ot.id,
		Action: u.Action, Actor: u.Actor, Comment: u.Comment, Time: workflow.Now(ctx).UTC(), NodeID: ot.act.el.ID, NodeName: ot.act.el.Name}}
	row := actionOf(u.Action)
	r.acted = r.acted || row.acts
	if row.apply != nil {
		row.apply(s)
	}
	s.in.Seq = r.nextSeq()
	if err := workflow.ExecuteLocalActivity(localOptions(ctx), ActTaskAction, s.in).Get(ctx, nil); err != nil {
		return s.res, err
	}
	if row.after != nil {
		if err := row.after(ctx, s); err != nil {
			return s.res, err
		}
	}
	if r.hardened {
		r.settle(ctx)
	}
	return s.res, nil
}

// Who may act, by the API's rule: the holder acts, a candidate claims, the
// starter urges, an administrator transfers; those who see a task (the
// candidates of one nobody holds among them) comment on it or copy it to
// others. And what an action needs.

func holds(s *step) bool { return s.u.Actor.UserID != 0 && s.ot.assignee == s.u.Actor.UserID }
func starts(s *step) bool {
	return s.u.Actor.UserID != 0 && s.u.Actor.UserID == s.r.in.Initiator.UserID
}
func admin(s *step) bool { return s.u.Admin }
func candidate(s *step) bool {
	return s.u.Actor.UserID != 0 && s.ot.candidate(s.u.Actor.UserID, s.u.ActorRoles)
}
func claimsUnheld(s *step) bool { return s.ot.assignee == 0 && candidate(s) }
func returnable(s *step) bool   { return s.r.canReturn(s.ot.act, s.u.TargetNode) }
func oneUser(s *step) bool      { return len(s.u.UserIDs) == 1 && s.u.UserIDs[0] != 0 }
func namesSome(s *step) bool    { return len(s.u.UserIDs) > 0 }
func delegated(s *step) bool    { return s.ot.owner != 0 }

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

// canReturn allows a return to a user task completed earlier on the same
// path: by this token or by an ancestor before its fork.
func (r *runner) canReturn(act *activation, target string) bool {
	if target == act.el.ID || !r.tasks.completed[target] {
		return false
	}
	lineage := r.visited[target]
	if act.tok.scope.proc.Elements[target] != nil {
		return lineage == act.tok.id || strings.HasPrefix(act.tok.id, lineage+".")
	}
	// A node before the subprocess that holds the task (its tokens are "<parent>/<sub>...").
	if !r.hardened {
		return false
	}
	for s := act.tok.scope.parent; s != nil; s = s.parent {
		if s.proc.Elements[target] != nil {
			return strings.HasPrefix(act.tok.id, lineage+".") || strings.HasPrefix(act.tok.id, lineage+"/")
		}
	}
	return false
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

func closeAs(outcome string) func(*step) {
	return func(s *step) {
		s.keepForm()
		s.in.Close = outcome
		s.r.tasks.forget(s.ot)
		s.res.Closed = true
	}
}

// keepForm keeps the form fields the node lets its assignee write.
func (s *step) keepForm() {
	if len(s.u.FormData) == 0 {
		return
	}
	var perms map[string]string
	if u := s.ot.act.el.User; u != nil {
		perms = u.FieldPerms
	}
	s.in.FormData = map[string]any{}
	for _, k := range sortedKeys(s.u.FormData) {
		if p, ok := perms[k]; !ok || p == "write" {
			s.in.FormData[k] = s.u.FormData[k]
		}
	}
}

func namesUsers(s *step) { s.in.Data = map[string]any{"userIds": s.u.UserIDs} }

// What follows the record.

// sendDecision keeps the task's form data and wakes the token waiting in the task.
func sendDecision(ctx workflow.Context, s *step) error {
	for _, k := range sortedKeys(s.in.FormData) {
		s.r.vars[k] = s.in.FormData[k]
	}
	s.r.wake(ctx, s.ot.act, decision{action: s.u.Action, target: s.u.TargetNode})
	return nil
}

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
	s.r.wake(ctx, act, decision{action: "recount"})
	return nil
}

// notify tells the named users (cc) or the holder (urge).
func notify(ctx workflow.Context, s *step) error {
	users := s.u.UserIDs
	if s.u.Action == ActionUrge {
		users = []uint64{s.ot.assignee}
	}
	return workflow.ExecuteLocalActivity(localOptions(ctx), ActNotify, NotifyInput{InstanceID: s.r.in.InstanceID, Seq: s.in.Seq, TaskID: s.ot.id,
		Kind: s.u.Action, UserIDs: users, Actor: &s.u.Actor, Comment: s.u.Comment}).Get(ctx, nil)
}
