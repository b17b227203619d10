package bpmn

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
)

// Namespaces the parser reads.
const (
	ModelNS    = "http://www.omg.org/spec/BPMN/20100524/MODEL"
	CamundaNS  = "http://camunda.org/schema/1.0/bpmn"
	FlowableNS = "http://flowable.org/bpmn"
	ActivitiNS = "http://activiti.org/bpmn"
)

// Limits on what Parse accepts. Models drawn by people are far below them;
// they bound the memory and recursion a hostile upload can cost.
const (
	MaxDocumentSize = 5 << 20
	MaxDepth        = 128
)

// Engines whose attributes mean the same as ours, in order of preference
// when a model carries more than one (a model moved between engines).
var engineNS = []string{CamundaNS, FlowableNS, ActivitiNS}

// ErrDoctype is returned for documents with a DOCTYPE or other markup
// declaration: BPMN never needs one, and entity declarations are how
// billion-laughs and external-entity attacks start.
var ErrDoctype = errors.New("bpmn: DOCTYPE and entity declarations are not allowed")

// ---- a small namespace-resolved XML tree

type xnode struct {
	name  xml.Name
	attrs []xml.Attr
	kids  []*xnode
	text  strings.Builder
	line  int
}

func (n *xnode) attr(space, local string) string {
	for _, a := range n.attrs {
		if a.Name.Local == local && a.Name.Space == space {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}

// bpmnAttr reads an unqualified attribute (BPMN's own attributes carry no
// prefix; a few tools qualify them with the model namespace anyway).
func (n *xnode) bpmnAttr(local string) string {
	if v := n.attr("", local); v != "" {
		return v
	}
	return n.attr(ModelNS, local)
}

// engineAttr reads the first non-empty attribute local among the Camunda,
// Flowable and Activiti namespaces.
func (n *xnode) engineAttr(local string) string {
	for _, ns := range engineNS {
		if v := n.attr(ns, local); v != "" {
			return v
		}
	}
	return ""
}

// setting reads one of our settings: venue:<local>, else the engine
// attribute named engineLocal ("" = no engine equivalent).
func (n *xnode) setting(local, engineLocal string) string {
	if v := n.attr(ExtensionNS, local); v != "" {
		return v
	}
	if engineLocal != "" {
		return n.engineAttr(engineLocal)
	}
	return ""
}

func (n *xnode) child(space, local string) *xnode {
	for _, k := range n.kids {
		if k.name.Local == local && k.name.Space == space {
			return k
		}
	}
	return nil
}

func (n *xnode) children(space, local string) []*xnode {
	var out []*xnode
	for _, k := range n.kids {
		if k.name.Local == local && k.name.Space == space {
			out = append(out, k)
		}
	}
	return out
}

// extension returns our elements named local inside extensionElements.
func (n *xnode) extension(local string) []*xnode {
	var out []*xnode
	for _, ext := range n.children(ModelNS, "extensionElements") {
		out = append(out, ext.children(ExtensionNS, local)...)
	}
	return out
}

func (n *xnode) textTrim() string { return strings.TrimSpace(n.text.String()) }

func charsetReader(label string, input io.Reader) (io.Reader, error) {
	enc, err := ianaindex.IANA.Encoding(label)
	if err != nil || enc == nil {
		enc, err = htmlindex.Get(label)
	}
	if err != nil || enc == nil {
		return nil, fmt.Errorf("bpmn: unsupported encoding %q", label)
	}
	return enc.NewDecoder().Reader(input), nil
}

func readTree(data []byte) (*xnode, error) {
	if len(data) > MaxDocumentSize {
		return nil, fmt.Errorf("bpmn: document is %d bytes; the limit is %d", len(data), MaxDocumentSize)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charsetReader
	var root *xnode
	var stack []*xnode
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("bpmn: %w", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			line, _ := dec.InputPos()
			return nil, fmt.Errorf("%w (line %d)", ErrDoctype, line)
		case xml.StartElement:
			if len(stack) >= MaxDepth {
				line, _ := dec.InputPos()
				return nil, fmt.Errorf("bpmn: elements nested deeper than %d (line %d)", MaxDepth, line)
			}
			line, _ := dec.InputPos()
			n := &xnode{name: t.Name, attrs: t.Attr, line: line}
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("bpmn: more than one root element (line %d)", line)
				}
				root = n
			} else {
				top := stack[len(stack)-1]
				top.kids = append(top.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if root == nil {
		return nil, errors.New("bpmn: empty document")
	}
	return root, nil
}

// ---- BPMN

// Flow node element names of BPMN 2.0. Anything here that the engine does
// not execute is kept in the model and reported; nothing else inside a
// process (data objects, lanes, annotations, associations, groups, DI) is a
// flow node.
var flowNodeNames = map[string]bool{
	"startEvent": true, "endEvent": true, "intermediateCatchEvent": true,
	"intermediateThrowEvent": true, "boundaryEvent": true, "implicitThrowEvent": true,
	"task": true, "userTask": true, "serviceTask": true, "scriptTask": true,
	"sendTask": true, "receiveTask": true, "businessRuleTask": true, "manualTask": true,
	"callActivity": true, "subProcess": true, "adHocSubProcess": true, "transaction": true,
	"exclusiveGateway": true, "parallelGateway": true, "inclusiveGateway": true,
	"complexGateway": true, "eventBasedGateway": true,
	"callChoreography": true, "choreographyTask": true, "subChoreography": true,
}

// Elements that contain flow elements of their own.
var containerNames = map[string]bool{"subProcess": true, "adHocSubProcess": true, "transaction": true}

var activityNames = map[string]bool{
	"task": true, "userTask": true, "serviceTask": true, "scriptTask": true,
	"sendTask": true, "receiveTask": true, "businessRuleTask": true, "manualTask": true,
	"callActivity": true, "subProcess": true, "adHocSubProcess": true, "transaction": true,
}

type parser struct {
	d          *Definitions
	ids        map[string]int // model ids → line, to refuse duplicates
	users      []*Element     // user tasks whose strategy is inferred at the end
	msgEls     []*Element
	initiators map[string]bool // variables that hold the starter (camunda:initiator)
}

// Parse reads a BPMN 2.0 document. It fails only on documents it cannot
// read (not XML, not BPMN, a DOCTYPE, over the limits, duplicate or missing
// ids); elements it reads but the engine does not execute are listed in
// Definitions.Unsupported. Run Validate before deploying.
func Parse(data []byte) (*Definitions, error) {
	root, err := readTree(data)
	if err != nil {
		return nil, err
	}
	if root.name.Space != ModelNS || root.name.Local != "definitions" {
		return nil, fmt.Errorf("bpmn: not a BPMN 2.0 document: root element is {%s}%s, want {%s}definitions",
			root.name.Space, root.name.Local, ModelNS)
	}
	d := &Definitions{
		ID:       root.bpmnAttr("id"),
		Name:     root.bpmnAttr("name"),
		Messages: map[string]string{},
	}
	p := &parser{d: d, ids: map[string]int{}, initiators: map[string]bool{"initiator": true}}
	for _, k := range root.children(ModelNS, "message") {
		id := k.bpmnAttr("id")
		if id == "" {
			continue
		}
		// Correlation needs a name; tools that leave it empty get the id.
		name := k.bpmnAttr("name")
		if name == "" {
			name = id
		}
		d.Messages[id] = name
	}
	for _, k := range root.children(ModelNS, "process") {
		proc, err := p.process(k)
		if err != nil {
			return nil, err
		}
		d.Processes = append(d.Processes, proc)
	}
	for _, el := range p.msgEls {
		el.MessageName = d.Messages[el.MessageRef]
	}
	for _, el := range p.users {
		p.finishUser(el)
	}
	return d, nil
}

func (p *parser) issue(id, typ string, line int, format string, args ...any) {
	p.d.Unsupported = append(p.d.Unsupported, Issue{ElementID: id, Type: typ, Message: fmt.Sprintf(format, args...), Line: line})
}

func (p *parser) claim(id string, n *xnode) error {
	if id == "" {
		return fmt.Errorf("bpmn: <%s> on line %d has no id", n.name.Local, n.line)
	}
	if prev, dup := p.ids[id]; dup {
		return fmt.Errorf("bpmn: duplicate id %q on lines %d and %d", id, prev, n.line)
	}
	p.ids[id] = n.line
	return nil
}

// ref strips a QName prefix ("tns:Task_1"): BPMN ids are NCNames, so the
// part after the colon is the id.
func ref(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, ':'); i >= 0 {
		return s[i+1:]
	}
	return s
}

func (p *parser) process(n *xnode) (*Process, error) {
	id := n.bpmnAttr("id")
	if err := p.claim(id, n); err != nil {
		return nil, err
	}
	proc := newProcess(id, n.bpmnAttr("name"), n.line)
	// Camunda and Activiti treat a process without isExecutable as
	// executable; migrated models rely on that.
	switch n.bpmnAttr("isExecutable") {
	case "", "true":
		proc.IsExecutable = true
	}
	if err := p.container(n, proc); err != nil {
		return nil, err
	}
	return proc, nil
}

func newProcess(id, name string, line int) *Process {
	return &Process{ID: id, Name: name, Line: line, Elements: map[string]*Element{}, Flows: map[string]*Flow{}}
}

func multipleStartsMessage(scope string) string {
	return fmt.Sprintf("%s has more than one start event; only a single none start event is supported", scope)
}

// container reads the flow elements directly inside n into proc.
func (p *parser) container(n *xnode, proc *Process) error {
	for _, k := range n.kids {
		if k.name.Space != ModelNS {
			continue
		}
		switch {
		case k.name.Local == "sequenceFlow":
			if err := p.flow(k, proc); err != nil {
				return err
			}
		case flowNodeNames[k.name.Local]:
			el, err := p.element(k, proc)
			if err != nil {
				return err
			}
			proc.Elements[el.ID] = el
			proc.Order = append(proc.Order, el.ID)
		}
	}
	for _, fid := range proc.FlowIDs {
		f := proc.Flows[fid]
		if src := proc.Elements[f.Source]; src != nil {
			src.Outgoing = append(src.Outgoing, fid)
		}
		if tgt := proc.Elements[f.Target]; tgt != nil {
			tgt.Incoming = append(tgt.Incoming, fid)
		}
	}
	starts := 0
	for _, id := range proc.Order {
		el := proc.Elements[id]
		switch el.Kind {
		case BoundaryEvent:
			if host := proc.Elements[el.AttachedTo]; host != nil {
				host.Boundaries = append(host.Boundaries, el.ID)
			}
		case StartEvent:
			starts++
			if starts > 1 {
				p.issue(el.ID, string(StartEvent), el.Line, "%s", multipleStartsMessage(proc.ID))
			}
		}
	}
	return nil
}

func (p *parser) flow(n *xnode, proc *Process) error {
	id := n.bpmnAttr("id")
	if err := p.claim(id, n); err != nil {
		return err
	}
	f := &Flow{
		ID:     id,
		Name:   n.bpmnAttr("name"),
		Source: ref(n.bpmnAttr("sourceRef")),
		Target: ref(n.bpmnAttr("targetRef")),
		Line:   n.line,
	}
	if c := n.child(ModelNS, "conditionExpression"); c != nil {
		f.RawCondition = c.textTrim()
		if lang := strings.ToLower(c.bpmnAttr("language")); lang != "" && !strings.Contains(lang, "juel") && !strings.Contains(lang, "expr") {
			p.issue(id, "sequenceFlow", n.line, "condition language %q is not supported (use ${...} or expr-lang)", c.bpmnAttr("language"))
		} else if f.RawCondition != "" {
			src, err := TranslateExpression(f.RawCondition)
			if err == nil {
				err = compileCheck(src, true)
			}
			if err != nil {
				p.issue(id, "sequenceFlow", n.line, "condition: %v", err)
			} else {
				f.Condition = src
			}
		}
	}
	proc.Flows[id] = f
	proc.FlowIDs = append(proc.FlowIDs, id)
	return nil
}

func (p *parser) element(n *xnode, proc *Process) (*Element, error) {
	local := n.name.Local
	id := n.bpmnAttr("id")
	if err := p.claim(id, n); err != nil {
		return nil, err
	}
	el := &Element{
		ID:          id,
		Kind:        Kind(local),
		Name:        n.bpmnAttr("name"),
		DefaultFlow: ref(n.bpmnAttr("default")),
		Line:        n.line,
	}
	var docs []string
	for _, doc := range n.children(ModelNS, "documentation") {
		if t := doc.textTrim(); t != "" {
			docs = append(docs, t)
		}
	}
	el.Documentation = strings.Join(docs, "\n")

	switch local {
	case "startEvent", "endEvent", "intermediateCatchEvent", "boundaryEvent",
		"intermediateThrowEvent", "implicitThrowEvent":
		p.event(n, el, proc)
	case "userTask":
		p.userTask(n, el)
	case "serviceTask":
		p.serviceTask(n, el)
	case "scriptTask":
		p.scriptTask(n, el)
	case "callActivity":
		el.CalledElement = n.bpmnAttr("calledElement")
	case "subProcess":
		if n.bpmnAttr("triggeredByEvent") == "true" {
			p.issue(id, local, n.line, "event subprocesses are not supported")
		}
	case "task", "manualTask", "exclusiveGateway", "parallelGateway", "inclusiveGateway":
	default:
		p.issue(id, local, n.line, "%s is not supported by the engine", local)
	}

	if activityNames[local] {
		if mi := n.child(ModelNS, "multiInstanceLoopCharacteristics"); mi != nil {
			if local == "userTask" {
				el.Multi = p.multi(mi, el)
			} else {
				p.issue(id, local, n.line, "multi-instance is supported on user tasks only")
			}
		}
		if n.child(ModelNS, "standardLoopCharacteristics") != nil {
			p.issue(id, local, n.line, "loops (standardLoopCharacteristics) are not supported")
		}
		if n.bpmnAttr("isForCompensation") == "true" {
			p.issue(id, local, n.line, "compensation handlers are not supported")
		}
	}

	if containerNames[local] {
		el.SubProcess = newProcess(id, el.Name, n.line)
		el.SubProcess.IsExecutable = proc.IsExecutable
		if err := p.container(n, el.SubProcess); err != nil {
			return nil, err
		}
	}
	return el, nil
}

func (p *parser) event(n *xnode, el *Element, proc *Process) {
	local := n.name.Local
	var defs []*xnode
	for _, k := range n.kids {
		if k.name.Space == ModelNS && (strings.HasSuffix(k.name.Local, "EventDefinition") || k.name.Local == "eventDefinitionRef") {
			defs = append(defs, k)
		}
	}
	trigger := ""
	switch len(defs) {
	case 0:
	case 1:
		trigger = strings.TrimSuffix(defs[0].name.Local, "EventDefinition")
		if trigger == "eventDefinitionRef" {
			trigger = "ref"
		}
	default:
		trigger = "multiple"
	}
	el.Event = EventKind(trigger)

	if len(defs) == 1 {
		switch trigger {
		case "timer":
			def := defs[0]
			if c := def.child(ModelNS, "timeDuration"); c != nil {
				el.TimerDuration = c.textTrim()
			}
			if c := def.child(ModelNS, "timeDate"); c != nil {
				el.TimerDate = c.textTrim()
			}
			if c := def.child(ModelNS, "timeCycle"); c != nil {
				el.TimerCycle = c.textTrim()
			}
		case "message":
			el.MessageRef = ref(defs[0].bpmnAttr("messageRef"))
			p.msgEls = append(p.msgEls, el)
		}
	}

	var ok bool
	switch local {
	case "startEvent":
		ok = trigger == ""
		if ok {
			if fk := n.setting("formKey", "formKey"); fk != "" && proc.StartForm == "" {
				proc.StartForm = fk
			}
		}
		if v := n.engineAttr("initiator"); v != "" {
			p.initiators[v] = true
		}
	case "endEvent":
		ok = trigger == "" || trigger == "terminate"
	case "intermediateCatchEvent", "boundaryEvent":
		ok = trigger == "timer" || trigger == "message"
	}
	if local == "boundaryEvent" {
		el.AttachedTo = ref(n.bpmnAttr("attachedToRef"))
		el.CancelActivity = n.bpmnAttr("cancelActivity") != "false"
	}
	if ok {
		return
	}
	switch {
	case local == "intermediateThrowEvent" || local == "implicitThrowEvent":
		p.issue(el.ID, local, n.line, "intermediate throw events are not supported")
	case trigger == "":
		p.issue(el.ID, local, n.line, "a %s needs a timer or message trigger", local)
	case trigger == "multiple":
		p.issue(el.ID, local, n.line, "%s with more than one trigger is not supported", local)
	default:
		p.issue(el.ID, local, n.line, "%s %s are not supported", trigger, eventNoun(local))
	}
}

func eventNoun(local string) string {
	switch local {
	case "startEvent":
		return "start events"
	case "endEvent":
		return "end events"
	case "boundaryEvent":
		return "boundary events"
	}
	return "intermediate catch events"
}

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
			if name, ok := plainVariable(raw); ok {
				if p.initiators[name] {
					u.Strategy, u.Assignee = AssignInitiator, ""
				} else {
					u.Strategy, u.Assignee = AssignFormField, name
				}
			} else if isJUEL(raw) {
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
		if name, ok := plainVariable(raw); ok {
			u.Assignee = name
		}
	}
	if u.Strategy == AssignExpression && u.Assignee != "" {
		src, err := TranslateExpression(u.Assignee)
		if err == nil {
			err = compileCheck(src, false)
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
	if isJUEL(m.Collection) {
		src, err := TranslateExpression(m.Collection)
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
			err = compileCheck(src, true)
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
			err = compileCheck(src, false)
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
			if err := compileCheck(s.Script, false); err != nil {
				p.issue(el.ID, string(el.Kind), n.line, "script: %v", err)
			}
		}
	default:
		p.issue(el.ID, string(el.Kind), n.line, "script format %q is not supported (only expr)", s.Format)
	}
}
