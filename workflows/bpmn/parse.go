package bpmn

import (
	"fmt"
	"strings"

	"github.com/venueplatform/venue/workflows/expression"
)

// Limits on what Parse accepts. Models drawn by people are far below them;
// they bound the memory and recursion a hostile upload can cost.
const (
	MaxDocumentSize = 5 << 20
	MaxDepth        = 128
	MaxElements     = 5000 // processes, flow nodes and sequence flows of one document
)

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
	exprs      *expression.Evaluator // compiles every expression under the policy the interpreter runs with
	ids        map[string]int        // model ids → line, to refuse duplicates
	users      []*Element            // user tasks whose strategy is inferred at the end
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
	p := &parser{d: d, ids: map[string]int{}, initiators: map[string]bool{"initiator": true}, exprs: expression.NewChecker()}
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
	if len(p.ids) >= MaxElements {
		return fmt.Errorf("bpmn: more than %d elements (line %d)", MaxElements, n.line)
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
				err = p.exprs.Check(src, expression.KindBool)
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
