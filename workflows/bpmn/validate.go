package bpmn

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/venueplatform/venue/workflows/expression"
)

// Validate checks a parsed model for deployment: exactly one executable
// process, and in it (and in each embedded subprocess) one none start event,
// flows between existing nodes, every node reachable and leading somewhere,
// conditions on gateway branches, boundary hosts, return targets, timer
// values, task settings, plus every Unsupported issue of that process. An
// empty result means the interpreter can run the model.
func Validate(d *Definitions) []Issue {
	v := &validator{seen: map[Issue]bool{}, exprs: expression.NewChecker()}
	execs := d.Executable()
	switch {
	case len(execs) == 0:
		v.add(d.ID, "definitions", 0, "no executable process: mark the process to run with isExecutable=\"true\"")
	case len(execs) > 1:
		for _, p := range execs[1:] {
			v.add(p.ID, "process", p.Line, "more than one executable process (%s is the first); only one may be executable", execs[0].ID)
		}
	}
	ids := map[string]bool{}
	for _, p := range execs {
		v.process(p, nil)
		collectIDs(p, ids)
	}
	for _, is := range d.Unsupported {
		if ids[is.ElementID] {
			v.addIssue(is)
		}
	}
	return v.out
}

type validator struct {
	out   []Issue
	seen  map[Issue]bool
	exprs *expression.Evaluator
}

// text checks a setting that may hold "${...}" the way the interpreter evaluates it.
func (v *validator) text(el *Element, what, s string) bool {
	if !isJUEL(s) {
		return false
	}
	if err := v.exprs.CheckText(s); err != nil {
		v.add(el.ID, string(el.Kind), el.Line, "%s: %v", what, err)
	}
	return true
}

func (v *validator) addIssue(is Issue) {
	key := is
	key.Line = 0
	if v.seen[key] {
		return
	}
	v.seen[key] = true
	v.out = append(v.out, is)
}

func (v *validator) add(id, typ string, line int, format string, args ...any) {
	v.addIssue(Issue{ElementID: id, Type: typ, Message: fmt.Sprintf(format, args...), Line: line})
}

func collectIDs(p *Process, ids map[string]bool) {
	ids[p.ID] = true
	for _, id := range p.FlowIDs {
		ids[id] = true
	}
	for _, id := range p.Order {
		ids[id] = true
		if sub := p.Elements[id].SubProcess; sub != nil {
			collectIDs(sub, ids)
		}
	}
}

// scope is one process level on the way down to a subprocess: the process
// and the id of the subprocess element it contains that leads further in.
type scope struct {
	proc  *Process
	inner string
}

func isActivity(k Kind) bool { return activityNames[string(k)] }

func (v *validator) process(p *Process, outer []scope) {
	typ := "process"
	if len(outer) > 0 {
		typ = string(SubProcess)
	}

	var starts []*Element
	for _, id := range p.Order {
		if el := p.Elements[id]; el.Kind == StartEvent && el.Event == EventNone {
			starts = append(starts, el)
		}
	}
	if len(starts) == 0 {
		v.add(p.ID, typ, p.Line, "%s has no none start event", p.ID)
	}
	for _, el := range starts[min(1, len(starts)):] {
		v.add(el.ID, string(StartEvent), el.Line, "%s", multipleStartsMessage(p.ID))
	}

	for _, fid := range p.FlowIDs {
		f := p.Flows[fid]
		if f.Source == "" || p.Elements[f.Source] == nil {
			v.add(fid, "sequenceFlow", f.Line, "source %q is not a node of %s", f.Source, p.ID)
		}
		if f.Target == "" || p.Elements[f.Target] == nil {
			v.add(fid, "sequenceFlow", f.Line, "target %q is not a node of %s", f.Target, p.ID)
		}
	}

	if len(starts) > 0 {
		reached := map[string]bool{}
		for _, s := range starts {
			walk(p, s.ID, reached)
		}
		for _, id := range p.Order {
			if el := p.Elements[id]; !reached[id] {
				v.add(id, string(el.Kind), el.Line, "not reachable from the start event")
			}
		}
	}

	for _, id := range p.Order {
		el := p.Elements[id]
		kind := string(el.Kind)
		if el.Kind != EndEvent && len(el.Outgoing) == 0 {
			v.add(id, kind, el.Line, "has no outgoing sequence flow")
		}
		if el.Kind == StartEvent && len(el.Incoming) > 0 {
			v.add(id, kind, el.Line, "a start event cannot have incoming sequence flows")
		}
		if el.Kind == EndEvent && len(el.Outgoing) > 0 {
			v.add(id, kind, el.Line, "an end event cannot have outgoing sequence flows")
		}
		if el.DefaultFlow != "" && !contains(el.Outgoing, el.DefaultFlow) {
			v.add(id, kind, el.Line, "default flow %q is not one of its outgoing flows", el.DefaultFlow)
		}
		// An inclusive gateway's flow without a condition is always taken (as in Camunda 7 and Flowable).
		if el.Kind == ExclusiveGateway && len(el.Outgoing) > 1 {
			for _, fid := range el.Outgoing {
				if f := p.Flows[fid]; fid != el.DefaultFlow && f.Condition == "" && f.RawCondition == "" {
					v.add(fid, "sequenceFlow", f.Line, "flow out of %s %s has no condition; only the default flow may omit it", kind, id)
				}
			}
		}
		switch el.Event {
		case EventTimer:
			v.timer(el)
		case EventMessage:
			switch {
			case el.MessageRef == "":
				v.add(id, kind, el.Line, "message event has no messageRef")
			case el.MessageName == "":
				v.add(id, kind, el.Line, "messageRef %q names no bpmn:message", el.MessageRef)
			}
		}
		if el.Kind == BoundaryEvent {
			host := p.Elements[el.AttachedTo]
			switch {
			case host == nil:
				v.add(id, kind, el.Line, "attachedToRef %q is not a node of %s", el.AttachedTo, p.ID)
			case !isActivity(host.Kind):
				v.add(id, kind, el.Line, "attached to %s %s; boundary events attach to activities", host.Kind, host.ID)
			}
		}
		switch el.Kind {
		case UserTask:
			v.userTask(el, append(outer, scope{proc: p, inner: id}))
		case ServiceTask:
			if el.Service == nil || el.Service.Activity == "" {
				v.add(id, kind, el.Line, "service task names no activity (venue:activity)")
			}
		case ScriptTask:
			if el.Script != nil && el.Script.Format == "expr" && el.Script.Script == "" {
				v.add(id, kind, el.Line, "script task has no script")
			}
		case CallActivity:
			if el.CalledElement == "" {
				v.add(id, kind, el.Line, "call activity has no calledElement")
			}
		}
		if el.Multi != nil {
			v.multi(el)
		}
		if el.SubProcess != nil {
			v.process(el.SubProcess, append(outer, scope{proc: p, inner: id}))
		}
	}
}

// walk marks every node reachable from id along sequence flows; an
// activity's boundary events are reachable with it.
func walk(p *Process, id string, seen map[string]bool) {
	stack := []string{id}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		el := p.Elements[cur]
		if el == nil || seen[cur] {
			continue
		}
		seen[cur] = true
		stack = append(stack, el.Boundaries...)
		for _, fid := range el.Outgoing {
			if f := p.Flows[fid]; f != nil {
				stack = append(stack, f.Target)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (v *validator) timer(el *Element) {
	kind := string(el.Kind)
	set := 0
	for _, s := range []string{el.TimerDuration, el.TimerDate, el.TimerCycle} {
		if s != "" {
			set++
		}
	}
	if set != 1 {
		v.add(el.ID, kind, el.Line, "a timer needs exactly one of timeDuration, timeDate and timeCycle (has %d)", set)
	}
	if s := el.TimerDuration; s != "" && !v.text(el, "timeDuration", s) {
		if _, err := ParseDuration(s); err != nil {
			v.add(el.ID, kind, el.Line, "timeDuration: %v", err)
		}
	}
	if s := el.TimerDate; s != "" && !v.text(el, "timeDate", s) {
		if _, err := parseDateTime(s); err != nil {
			v.add(el.ID, kind, el.Line, "timeDate %q is not an RFC 3339 date-time (2025-01-31T09:00:00Z)", s)
		}
	}
	if s := el.TimerCycle; s != "" && !v.text(el, "timeCycle", s) {
		if _, _, err := ParseCycle(s); err != nil {
			v.add(el.ID, kind, el.Line, "timeCycle: %v", err)
		}
	}
}

var (
	knownStrategies = map[string]bool{
		AssignUser: true, AssignRole: true, AssignOrgLeader: true, AssignInitiator: true,
		AssignInitiatorLead: true, AssignFormField: true, AssignExpression: true,
	}
	knownActions = map[string]bool{
		"approve": true, "reject": true, "return": true, "transfer": true, "delegate": true,
		"addSigner": true, "removeSigner": true, "comment": true, "claim": true, "cc": true,
	}
	knownAccess   = map[string]bool{"read": true, "write": true, "hidden": true}
	knownTimeouts = map[string]bool{"remind": true, "autoApprove": true, "autoReject": true}
	knownModes    = map[string]bool{MultiAll: true, MultiAny: true, MultiRatio: true, MultiSequential: true}
)

func (v *validator) userTask(el *Element, scopes []scope) {
	u := el.User
	if u == nil {
		return
	}
	id, kind, line := el.ID, string(el.Kind), el.Line
	switch u.Strategy {
	case "":
	case AssignUser:
		if u.Assignee == "" && len(u.CandidateUsers) == 0 {
			v.add(id, kind, line, "assignee strategy user needs an assignee or candidate users")
		}
	case AssignRole:
		if len(u.CandidateRoles) == 0 {
			v.add(id, kind, line, "assignee strategy role needs candidate roles")
		}
	case AssignFormField, AssignExpression:
		if u.Assignee == "" {
			v.add(id, kind, line, "assignee strategy %s needs an assignee", u.Strategy)
		}
	default:
		if !knownStrategies[u.Strategy] {
			v.add(id, kind, line, "unknown assignee strategy %q", u.Strategy)
		}
	}
	for _, a := range u.Actions {
		if !knownActions[a] {
			v.add(id, kind, line, "unknown action %q", a)
		}
	}
	for _, f := range sortedKeys(u.FieldPerms) {
		if !knownAccess[u.FieldPerms[f]] {
			v.add(id, kind, line, "field %q: access %q is not read, write or hidden", f, u.FieldPerms[f])
		}
	}
	if s := u.DueDate; s != "" && !v.text(el, "dueDate", s) && !validDue(s) {
		v.add(id, kind, line, "dueDate %q is neither an ISO 8601 duration nor an RFC 3339 date-time with a zone", s)
	}
	if u.TimeoutAfter != "" {
		if _, err := ParseDuration(u.TimeoutAfter); err != nil {
			v.add(id, kind, line, "timeoutAfter: %v", err)
		}
	}
	if u.TimeoutAction != "" {
		if !knownTimeouts[u.TimeoutAction] {
			v.add(id, kind, line, "timeoutAction %q is not remind, autoApprove or autoReject", u.TimeoutAction)
		}
		if u.TimeoutAfter == "" {
			v.add(id, kind, line, "timeoutAction needs timeoutAfter")
		}
	}
	switch u.RejectMode {
	case "", "end", RejectContinue:
	case "return":
		v.rejectTarget(el, scopes)
	default:
		v.add(id, kind, line, "rejectMode %q is not end, return or continue", u.RejectMode)
	}
}

// validDue accepts exactly what the engine reads for a due date (ParseDue):
// a date without a time or a zone would deploy and then fail the node when
// the task starts.
func validDue(s string) bool {
	_, err := ParseDue(s, time.Time{})
	return err == nil
}

// rejectTarget checks that a return goes to a user task (or the start
// event) from which this task can be reached: in the task's own process, or
// in an enclosing one before the subprocess that holds the task.
func (v *validator) rejectTarget(el *Element, scopes []scope) {
	u := el.User
	id, kind, line := el.ID, string(el.Kind), el.Line
	target := u.RejectTarget
	if target == "" {
		v.add(id, kind, line, "rejectMode return needs a rejectTarget")
		return
	}
	if target == id {
		v.add(id, kind, line, "rejectTarget %q is the task itself", target)
		return
	}
	for i := len(scopes) - 1; i >= 0; i-- {
		sc := scopes[i]
		t := sc.proc.Elements[target]
		if t == nil {
			continue
		}
		if t.Kind != UserTask && t.Kind != StartEvent {
			v.add(id, kind, line, "rejectTarget %q is a %s; returns go to a user task or the start event", target, t.Kind)
			return
		}
		seen := map[string]bool{}
		walk(sc.proc, target, seen)
		if !seen[sc.inner] {
			v.add(id, kind, line, "rejectTarget %q does not come before this task", target)
		}
		return
	}
	v.add(id, kind, line, "rejectTarget %q is not a node of this process", target)
}

func (v *validator) multi(el *Element) {
	m := el.Multi
	id, kind, line := el.ID, string(el.Kind), el.Line
	if !knownModes[m.Mode] {
		v.add(id, kind, line, "multi-instance mode %q is not all, any, ratio or sequential", m.Mode)
	}
	if m.Mode == MultiRatio && (m.Ratio <= 0 || m.Ratio > 1) {
		v.add(id, kind, line, "multi-instance ratio %s must be in (0, 1]", strconv.FormatFloat(m.Ratio, 'g', -1, 64))
	}
	if m.Collection == "" && el.User != nil && len(el.User.CandidateUsers) == 0 && len(el.User.CandidateRoles) == 0 {
		v.add(id, kind, line, "multi-instance task needs a collection or candidates to sign")
	}
}

func sortedKeys(m map[string]string) []string { return slices.Sorted(maps.Keys(m)) }
