// Package bpmn reads BPMN 2.0 XML into the model the process interpreter
// runs. It understands our own extension attributes (namespace
// ExtensionNS, prefix "venue") and, for migrated models, the equivalent
// Camunda 7, Flowable and Activiti attributes. Elements the engine does not
// execute are kept in the model and reported by id and type, never dropped.
package bpmn

// ExtensionNS is the XML namespace of our extension attributes and
// elements; the console's moddle descriptor uses the same URI.
const ExtensionNS = "http://venueplatform.io/schema/bpmn/1.0"

// Kind is the type of a flow element.
type Kind string

// Element kinds the interpreter executes.
const (
	StartEvent             Kind = "startEvent"
	EndEvent               Kind = "endEvent"
	UserTask               Kind = "userTask"
	ServiceTask            Kind = "serviceTask"
	ScriptTask             Kind = "scriptTask"
	ExclusiveGateway       Kind = "exclusiveGateway"
	ParallelGateway        Kind = "parallelGateway"
	InclusiveGateway       Kind = "inclusiveGateway"
	IntermediateCatchEvent Kind = "intermediateCatchEvent"
	BoundaryEvent          Kind = "boundaryEvent"
	SubProcess             Kind = "subProcess"
	CallActivity           Kind = "callActivity"
	// Task (a plain bpmn:task) and ManualTask pass straight through.
	Task       Kind = "task"
	ManualTask Kind = "manualTask"
)

// EventKind is the trigger of an event element.
type EventKind string

// Event triggers.
const (
	EventNone      EventKind = ""
	EventTimer     EventKind = "timer"
	EventMessage   EventKind = "message"
	EventTerminate EventKind = "terminate" // end events only
)

// Definitions is one parsed BPMN document.
type Definitions struct {
	ID        string
	Name      string
	Processes []*Process
	// Messages by id → name (message events refer to them by id).
	Messages map[string]string
	// Unsupported lists the elements the engine does not execute; a model
	// with any of them on an executable path is refused at deploy.
	Unsupported []Issue
}

// Process is one bpmn:process (or the flow elements of a subprocess).
type Process struct {
	ID           string
	Name         string
	IsExecutable bool
	// Elements by id, and in document order in Order (iterate Order, never the map).
	Elements map[string]*Element
	Order    []string
	Flows    map[string]*Flow
	FlowIDs  []string // document order
	// StartForm is the formKey of the (none) start event, if any.
	StartForm string
	// Line is the line of the process's start tag in the XML (0 when unknown).
	Line int
}

// Element is one flow node.
type Element struct {
	ID            string
	Kind          Kind
	Name          string
	Documentation string
	Incoming      []string // flow ids
	Outgoing      []string // flow ids, document order
	DefaultFlow   string   // gateways and activities: the default sequence flow id

	Event EventKind // events: trigger
	// Timer: exactly one of these (ISO 8601 duration "PT15M", date-time, or
	// a cycle "R3/PT10M"); an expression "${...}" is allowed in each.
	TimerDuration string
	TimerDate     string
	TimerCycle    string
	// Message: the message name (resolved from messageRef).
	MessageName string
	// MessageRef is messageRef as written (a bpmn:message id); MessageName
	// stays empty when it names no message.
	MessageRef string

	// Boundary events.
	AttachedTo     string
	CancelActivity bool // interrupting (default true)
	// Boundaries lists the boundary event ids attached to this activity.
	Boundaries []string

	User    *UserTaskSettings    // userTask
	Service *ServiceTaskSettings // serviceTask
	Script  *ScriptSettings      // scriptTask
	Multi   *MultiInstance       // loop characteristics (user tasks)

	// SubProcess holds the embedded subprocess's own elements.
	SubProcess *Process
	// CalledElement is a call activity's process key (definition key).
	CalledElement string

	// Line is the line of the element's start tag in the XML (0 when unknown).
	Line int
}

// Flow is a sequence flow.
type Flow struct {
	ID           string
	Name         string
	Source       string
	Target       string
	Condition    string // expr-lang source, already translated from JUEL "${...}" when needed
	RawCondition string // as written in the XML
	Line         int    // line of the flow in the XML (0 when unknown)
}

// Assignee strategies of a user task.
const (
	AssignUser          = "user"            // Assignee is a user id or user name
	AssignRole          = "role"            // candidates: CandidateRoles
	AssignOrgLeader     = "orgLeader"       // leader of Org (or of the initiator's organisation when empty)
	AssignInitiator     = "initiator"       // the user who started the instance
	AssignInitiatorLead = "initiatorLeader" // leader of the initiator's organisation
	AssignFormField     = "formField"       // user id taken from the variable named in Assignee
	AssignExpression    = "expression"      // Assignee is an expression evaluated over the variables
)

// UserTaskSettings are the per-task settings of the process designer.
type UserTaskSettings struct {
	Strategy       string            // one of the Assign* constants; "" = infer (assignee set → user, candidates → role)
	Assignee       string            // user, field name or expression depending on Strategy; JUEL "${x}" allowed
	CandidateUsers []string          // user names or ids
	CandidateRoles []string          // role codes (Camunda candidateGroups)
	Org            string            // organisation id for orgLeader
	FormKey        string            // form binding
	DueDate        string            // ISO 8601 duration from creation ("P2D") or date-time, or an expression
	FieldPerms     map[string]string // field name → read | write | hidden
	Actions        []string          // offered: approve, reject, return, transfer, delegate, addSigner, comment, claim
	TimeoutAfter   string            // ISO 8601 duration after which TimeoutAction applies
	TimeoutAction  string            // remind | autoApprove | autoReject
	RejectMode     string            // end | return | continue (default end)
	RejectTarget   string            // element id an approval returns to when RejectMode = return
}

// RejectContinue is the rejectMode in which a rejection completes the task
// like an approval, with engine.OutcomeVariable telling them apart, so that a
// gateway after the task routes the rejection (a revise-and-resubmit loop).
const RejectContinue = "continue"

// MultiInstance modes.
const (
	MultiAll        = "all"        // every signer must approve (countersign)
	MultiAny        = "any"        // one approval completes (or-sign)
	MultiRatio      = "ratio"      // completes when approvals / signers >= Ratio
	MultiSequential = "sequential" // one after another, all must approve
)

// MultiInstance are loop characteristics of a user task.
type MultiInstance struct {
	Mode  string  // one of Multi*
	Ratio float64 // for MultiRatio
	// Collection names the variable (or expression) listing the signers;
	// empty = the task's candidates resolved to users.
	Collection          string
	ElementVariable     string
	CompletionCondition string // expr-lang, translated from JUEL
	Sequential          bool
}

// ServiceTaskSettings name the registered activity a service task runs.
type ServiceTaskSettings struct {
	Activity string            // registered activity name (venue:activity, or camunda:delegateExpression/class/type)
	Input    map[string]string // activity input: name → expression over variables
	Result   string            // variable that receives the activity's result
}

// ScriptSettings assign variables from expressions.
type ScriptSettings struct {
	Format string // "expr" (expr-lang); JUEL/javascript scripts are unsupported
	Script string
	Result string // variable that receives the script's value
}

// Issue names an element by id and type, with what is wrong or unsupported.
type Issue struct {
	ElementID string `json:"elementId"`
	Type      string `json:"type"`
	Message   string `json:"message"`
	Line      int    `json:"line,omitempty"`
}

// Find returns the element with the given id in p or in any embedded
// subprocess, with the process (or subprocess) that directly holds it.
func (p *Process) Find(id string) (*Element, *Process) {
	if p == nil {
		return nil, nil
	}
	if el, ok := p.Elements[id]; ok {
		return el, p
	}
	for _, eid := range p.Order {
		if sub := p.Elements[eid].SubProcess; sub != nil {
			if el, in := sub.Find(id); el != nil {
				return el, in
			}
		}
	}
	return nil, nil
}

// Executable returns the processes marked executable, in document order.
func (d *Definitions) Executable() []*Process {
	var out []*Process
	for _, p := range d.Processes {
		if p.IsExecutable {
			out = append(out, p)
		}
	}
	return out
}
