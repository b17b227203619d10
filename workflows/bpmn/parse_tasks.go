package bpmn

import (
	"strconv"
	"strings"

	"github.com/venueplatform/venue/workflows/expression"
)

// Task parsing: user tasks (assignment, forms, actions, field permissions),
// their multi-instance settings, service and script tasks.

// splitList splits a comma-separated attribute, leaving commas inside
// "${...}" and quotes alone.
func splitList(s string) []string {
	var out []string
	depth, quote, start := 0, byte(0), 0
	add := func(part string) {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '{' || c == '(' || c == '[':
			depth++
		case c == '}' || c == ')' || c == ']':
			if depth > 0 {
				depth--
			}
		case c == ',' && depth == 0:
			add(s[start:i])
			start = i + 1
		}
	}
	add(s[start:])
	return out
}

func (p *parser) userTask(n *xnode, el *Element) {
	u := &UserTaskSettings{
		Strategy:       n.setting("assigneeStrategy", ""),
		Assignee:       n.setting("assignee", "assignee"),
		CandidateUsers: splitList(n.setting("candidateUsers", "candidateUsers")),
		CandidateRoles: splitList(n.setting("candidateRoles", "candidateGroups")),
		Org:            n.setting("org", ""),
		FormKey:        n.setting("formKey", "formKey"),
		DueDate:        n.setting("dueDate", "dueDate"),
		Actions:        splitList(n.setting("actions", "")),
		TimeoutAfter:   n.setting("timeoutAfter", ""),
		TimeoutAction:  n.setting("timeoutAction", ""),
		RejectMode:     n.setting("rejectMode", ""),
		RejectTarget:   n.setting("rejectTarget", ""),
	}
	for _, fp := range n.extension("fieldPermissions") {
		for _, f := range fp.children(ExtensionNS, "field") {
			name := f.attr("", "name")
			if name == "" {
				continue
			}
			if u.FieldPerms == nil {
				u.FieldPerms = map[string]string{}
			}
			u.FieldPerms[name] = f.attr("", "access")
		}
	}
	if u.Assignee == "" && len(u.CandidateUsers) == 0 && len(u.CandidateRoles) == 0 {
		p.resourceRoles(n, u)
	}
	// A return target only makes sense with returning.
	if u.RejectTarget != "" && u.RejectMode == "" {
		u.RejectMode = "return"
	}
	el.User = u
	p.users = append(p.users, el)
}

// resourceRoles reads standard BPMN assignments (humanPerformer,
// potentialOwner with "user(x)" / "group(x)" expressions) the way Camunda
// does: a bare name is a user for humanPerformer and a group otherwise.
func (p *parser) resourceRoles(n *xnode, u *UserTaskSettings) {
	for _, k := range n.kids {
		if k.name.Space != ModelNS {
			continue
		}
		human := k.name.Local == "humanPerformer"
		if !human && k.name.Local != "potentialOwner" {
			continue
		}
		rae := k.child(ModelNS, "resourceAssignmentExpression")
		if rae == nil {
			continue
		}
		fe := rae.child(ModelNS, "formalExpression")
		if fe == nil {
			continue
		}
		for _, item := range splitList(fe.textTrim()) {
			switch {
			case strings.HasPrefix(item, "user(") && strings.HasSuffix(item, ")"):
				item = strings.TrimSpace(item[5 : len(item)-1])
				if human && u.Assignee == "" {
					u.Assignee = item
				} else {
					u.CandidateUsers = append(u.CandidateUsers, item)
				}
			case strings.HasPrefix(item, "group(") && strings.HasSuffix(item, ")"):
				u.CandidateRoles = append(u.CandidateRoles, strings.TrimSpace(item[6:len(item)-1]))
			case human && u.Assignee == "":
				u.Assignee = item
			default:
				u.CandidateRoles = append(u.CandidateRoles, item)
			}
		}
	}
}

// finishUser infers the assignee strategy once every start event's
// initiator variable is known.
func (p *parser) finishUser(el *Element) {
	u := el.User
	raw := u.Assignee
	if u.Strategy == "" {
		switch {
		case raw != "":
			if name, ok := expression.PlainVariable(raw); ok {
				if p.initiators[name] {
					u.Strategy, u.Assignee = AssignInitiator, ""
				} else {
					u.Strategy, u.Assignee = AssignFormField, name
				}
			} else if expression.IsTemplate(raw) {
				u.Strategy = AssignExpression
			} else {
				u.Strategy = AssignUser
			}
		case len(u.CandidateRoles) > 0:
			u.Strategy = AssignRole
		case len(u.CandidateUsers) > 0:
			u.Strategy = AssignUser
		}
	} else if u.Strategy == AssignFormField {
		if name, ok := expression.PlainVariable(raw); ok {
			u.Assignee = name
		}
	}
	if u.Strategy == AssignExpression && u.Assignee != "" {
		src, err := TranslateExpression(u.Assignee)
		if err == nil {
			err = p.exprs.Check(src, expression.KindValue)
		}
		if err != nil {
			p.issue(el.ID, string(el.Kind), el.Line, "assignee: %v", err)
		} else {
			u.Assignee = src
		}
	}
}

func (p *parser) multi(n *xnode, el *Element) *MultiInstance {
	m := &MultiInstance{Sequential: n.bpmnAttr("isSequential") == "true"}
	m.Mode = n.attr(ExtensionNS, "mode")
	if r := n.attr(ExtensionNS, "ratio"); r != "" {
		v, err := strconv.ParseFloat(r, 64)
		if err != nil {
			p.issue(el.ID, string(el.Kind), n.line, "multi-instance ratio %q is not a number", r)
		}
		m.Ratio = v
		if m.Mode == "" {
			m.Mode = MultiRatio
		}
	}
	if m.Mode == "" {
		m.Mode = MultiAll
		if m.Sequential {
			m.Mode = MultiSequential
		}
	}
	if m.Mode == MultiSequential {
		m.Sequential = true
	}
	m.Collection = n.setting("collection", "collection")
	if m.Collection == "" {
		if c := n.child(ModelNS, "loopDataInputRef"); c != nil {
			m.Collection = c.textTrim()
		}
	}
	if m.Collection != "" {
		src, err := TranslateExpression(m.Collection)
		if err == nil {
			err = p.exprs.Check(src, expression.KindValue)
		}
		if err != nil {
			p.issue(el.ID, string(el.Kind), n.line, "multi-instance collection: %v", err)
		} else {
			m.Collection = src
		}
	}
	m.ElementVariable = n.setting("elementVariable", "elementVariable")
	if m.ElementVariable == "" {
		if c := n.child(ModelNS, "inputDataItem"); c != nil {
			m.ElementVariable = c.bpmnAttr("name")
		}
	}
	if c := n.child(ModelNS, "completionCondition"); c != nil && c.textTrim() != "" {
		src, err := TranslateExpression(c.textTrim())
		if err == nil {
			err = p.exprs.Check(src, expression.KindBool)
		}
		if err != nil {
			p.issue(el.ID, string(el.Kind), c.line, "completion condition: %v", err)
		} else {
			m.CompletionCondition = src
		}
	}
	if n.child(ModelNS, "loopCardinality") != nil {
		p.issue(el.ID, string(el.Kind), n.line, "loopCardinality is not supported; name a collection or use the task's candidates")
	}
	return m
}

func (p *parser) serviceTask(n *xnode, el *Element) {
	s := &ServiceTaskSettings{Activity: n.attr(ExtensionNS, "activity")}
	if s.Activity == "" {
		for _, local := range []string{"delegateExpression", "class"} {
			if s.Activity = n.engineAttr(local); s.Activity != "" {
				break
			}
		}
	}
	if s.Activity == "" {
		// External tasks are named by their topic, not by the type "external".
		if t := n.engineAttr("type"); t == "external" && n.engineAttr("topic") != "" {
			s.Activity = n.engineAttr("topic")
		} else {
			s.Activity = t
		}
	}
	if s.Activity == "" && n.engineAttr("expression") != "" {
		p.issue(el.ID, string(el.Kind), n.line, "expression service tasks (%s) are not supported; name a registered activity with venue:activity", n.engineAttr("expression"))
	}
	for _, in := range n.extension("input") {
		name := in.attr("", "name")
		if name == "" {
			continue
		}
		val := in.attr("", "value")
		if val == "" {
			val = in.textTrim()
		}
		src, err := TranslateExpression(val)
		if err == nil {
			err = p.exprs.Check(src, expression.KindValue)
		}
		if err != nil {
			p.issue(el.ID, string(el.Kind), in.line, "input %q: %v", name, err)
		}
		if s.Input == nil {
			s.Input = map[string]string{}
		}
		s.Input[name] = src
	}
	s.Result = n.setting("result", "resultVariable")
	el.Service = s
}

func (p *parser) scriptTask(n *xnode, el *Element) {
	s := &ScriptSettings{Format: n.bpmnAttr("scriptFormat"), Result: n.setting("result", "resultVariable")}
	if c := n.child(ModelNS, "script"); c != nil {
		s.Script = c.textTrim()
	}
	el.Script = s
	if r := n.engineAttr("resource"); r != "" {
		p.issue(el.ID, string(el.Kind), n.line, "external script resources (%s) are not supported", r)
		return
	}
	switch strings.ToLower(s.Format) {
	case "", "expr", "expr-lang":
		s.Format = "expr"
		if s.Script != "" {
			if err := p.exprs.CheckScript(s.Script); err != nil {
				p.issue(el.ID, string(el.Kind), n.line, "script: %v", err)
			}
		}
	default:
		p.issue(el.ID, string(el.Kind), n.line, "script format %q is not supported (only expr)", s.Format)
	}
}
