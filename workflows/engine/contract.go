// Package engine is the one workflow type that runs every process: it
// interprets a deployed BPMN definition token by token on Temporal. What it
// needs from the outside (task rows, history, the people behind roles) it
// gets from activities the process module registers under the names below.
//
// Where things are: workflow.go starts a run and ends it, and lists the
// replay markers; runner.go holds its state (scopes, tokens, the history
// journal) and walks a token from node to node; nodes.go has one executor per
// BPMN element and boundaries.go the boundary events; tasks.go runs a user
// task (its rows, the decisions, the multi-instance tally, the timeout);
// actions.go is the table of task actions with the task update's validator
// and handler; updates.go registers the updates and holds the instance's own
// (message, withdraw, cancel, retry, settle) and the state query;
// incidents.go parks failed nodes for a retry and settles updates (with the
// mailboxes that carry decisions and messages to waiting tokens).
// Determinism and versioning: docs/adr/0006.
package engine

import "time"

// Names on the wire between API nodes, workers and histories.
const (
	WorkflowName = "venue.Process"

	UpdateTask     = "task"     // an action on a user task
	UpdateMessage  = "message"  // a message for a waiting catch or boundary event
	UpdateWithdraw = "withdraw" // the starter takes the instance back before anyone acted
	UpdateCancel   = "cancel"   // an administrator stops the instance, with a reason
	UpdateRetry    = "retry"    // an administrator runs failed nodes again, after fixing variables
	UpdateSettle   = "settle"   // answers once every token waits (a person, a message, a timer)
	QueryState     = "state"

	ActCreateTask        = "process.CreateTask"
	ActTaskAction        = "process.TaskAction"
	ActCloseTasks        = "process.CloseTasks"
	ActRecord            = "process.Record"
	ActResolveUsers      = "process.ResolveUsers"
	ActResolveDefinition = "process.ResolveDefinition"
	ActNotify            = "process.Notify"
)

// Instance states.
const (
	StateRunning   = "running"
	StateCompleted = "completed"
	StateRejected  = "rejected"
	StateCancelled = "cancelled"
	StateWithdrawn = "withdrawn"
	StateFailed    = "failed" // a node failed: the instance waits for an administrator's retry or cancel
)

// Task actions.
const (
	ActionComplete     = "complete"
	ActionApprove      = "approve"
	ActionReject       = "reject"
	ActionReturn       = "return"
	ActionTransfer     = "transfer"
	ActionDelegate     = "delegate"
	ActionResolve      = "resolve"
	ActionClaim        = "claim"
	ActionUnclaim      = "unclaim"
	ActionAddSigner    = "addSigner"
	ActionRemoveSigner = "removeSigner"
	ActionComment      = "comment"
	ActionUrge         = "urge"
	ActionCC           = "cc"
)

// OutcomeVariable holds the decision of a user task whose rejectMode is
// "continue" (OutcomeApproved or OutcomeRejected), for the gateway after it.
const (
	OutcomeVariable = "outcome"
	OutcomeApproved = "approved"
	OutcomeRejected = "rejected"
)

// History event kinds.
const (
	EvStarted       = "started"
	EvNodeEntered   = "nodeEntered"
	EvNodeCompleted = "nodeCompleted"
	EvNodeCancelled = "nodeCancelled"
	EvNodeRejected  = "nodeRejected"
	EvFlowTaken     = "flowTaken"
	EvTaskCreated   = "taskCreated"
	EvTimerFired    = "timerFired"
	EvMessage       = "messageReceived"
	EvServiceFailed = "serviceFailed"
	EvInstanceEnded = "instanceEnded"
	EvVariables     = "variables"
	EvReminded      = "reminded"
	EvCancelled     = "cancelled" // an administrator's cancel, with the reason
	EvWithdrawn     = "withdrawn"
	EvNodeFailed    = "nodeFailed" // a node failed and waits for an administrator: data.error is the reason
	EvRetried       = "retried"    // an administrator retried the failed nodes: data.nodes, data.variables
)

// Actor is a person acting in a process.
type Actor struct {
	UserID     uint64 `json:"userId"`
	Name       string `json:"name"`
	OrgID      uint64 `json:"orgId"`
	MerchantID uint64 `json:"merchantId"`
	VenueID    uint64 `json:"venueId"`
}

// Input starts a process instance.
type Input struct {
	InstanceID   uint64         `json:"instanceId"`
	DefinitionID uint64         `json:"definitionId"`
	XML          string         `json:"xml"`
	ProcessID    string         `json:"processId,omitempty"` // "" = the executable process
	BusinessKey  string         `json:"businessKey"`
	MerchantID   uint64         `json:"merchantId"`
	Initiator    Actor          `json:"initiator"`
	Variables    map[string]any `json:"variables"`
	Depth        int            `json:"depth,omitempty"` // call-activity nesting
}

// Result is how an instance ended.
type Result struct {
	State     string         `json:"state"`
	Variables map[string]any `json:"variables"`
}

// Event is one line of an instance's history. Seq orders the lines and
// makes recording idempotent.
type Event struct {
	Seq      int            `json:"seq"`
	Time     time.Time      `json:"time"`
	Kind     string         `json:"kind"`
	NodeID   string         `json:"nodeId,omitempty"`
	NodeName string         `json:"nodeName,omitempty"`
	NodeKind string         `json:"nodeKind,omitempty"`
	FlowID   string         `json:"flowId,omitempty"`
	TaskID   uint64         `json:"taskId,omitempty"`
	Actor    *Actor         `json:"actor,omitempty"`
	Action   string         `json:"action,omitempty"`
	Comment  string         `json:"comment,omitempty"`
	Data     map[string]any `json:"data,omitempty"`
}

// RecordInput appends history lines and optionally moves the instance to a new state.
type RecordInput struct {
	InstanceID uint64         `json:"instanceId"`
	Events     []Event        `json:"events"`
	State      string         `json:"state,omitempty"`
	Variables  map[string]any `json:"variables,omitempty"`
	Final      bool           `json:"final,omitempty"` // the instance ended: its end time is set
}

// TaskSpec asks for one task row. (InstanceID, NodeID, Activation, Index)
// identifies it, so a retried activity finds the row it already wrote.
type TaskSpec struct {
	InstanceID     uint64            `json:"instanceId"`
	MerchantID     uint64            `json:"merchantId"`
	NodeID         string            `json:"nodeId"`
	NodeName       string            `json:"nodeName"`
	Activation     int               `json:"activation"`
	Index          int               `json:"index"`
	Strategy       string            `json:"strategy"`
	Assignee       string            `json:"assignee"`
	AssigneeUserID uint64            `json:"assigneeUserId"` // a multi-instance signer
	CandidateUsers []string          `json:"candidateUsers"`
	CandidateRoles []string          `json:"candidateRoles"`
	Org            string            `json:"org"`
	FormKey        string            `json:"formKey"`
	FieldPerms     map[string]string `json:"fieldPerms"`
	Actions        []string          `json:"actions"`
	DueAt          *time.Time        `json:"dueAt,omitempty"`
	Initiator      Actor             `json:"initiator"`
	Variables      map[string]any    `json:"variables"`
	Seq            int               `json:"seq"` // history line of the creation
	Time           time.Time         `json:"time"`
	// Record carries the history lines and variables pending when the task
	// is created, written in the same transaction (one activity, not two).
	Record *RecordInput `json:"record,omitempty"`
}

// TaskRef is a created task: its assignee, or the candidates who may claim
// it, which the workflow keeps to check who acts.
type TaskRef struct {
	TaskID         uint64   `json:"taskId"`
	AssigneeID     uint64   `json:"assigneeId"`
	CandidateUsers []uint64 `json:"candidateUsers,omitempty"`
	CandidateRoles []string `json:"candidateRoles,omitempty"`
	// CandidatesKnown is false in histories recorded before candidates were
	// answered: their tasks' claims are not checked against candidates.
	CandidatesKnown bool `json:"candidatesKnown,omitempty"`
}

// ResolveInput asks who stands behind a task's assignment (multi-instance signers).
type ResolveInput struct {
	MerchantID uint64   `json:"merchantId"`
	Spec       TaskSpec `json:"spec"`
	Collection any      `json:"collection,omitempty"` // the evaluated collection: user ids or names
}

// TaskActionInput persists one action on a task.
type TaskActionInput struct {
	InstanceID uint64         `json:"instanceId"`
	TaskID     uint64         `json:"taskId"`
	Action     string         `json:"action"`
	Actor      Actor          `json:"actor"`
	Comment    string         `json:"comment"`
	FormData   map[string]any `json:"formData,omitempty"`
	Close      string         `json:"close,omitempty"` // the task's final outcome when the action closes it
	AssigneeID uint64         `json:"assigneeId,omitempty"`
	Seq        int            `json:"seq"`
	Time       time.Time      `json:"time"`
	NodeID     string         `json:"nodeId"`
	NodeName   string         `json:"nodeName"`
	Data       map[string]any `json:"data,omitempty"`
}

// CloseInput cancels open tasks (a boundary event interrupted them, a
// return moved the token, the instance ended).
type CloseInput struct {
	InstanceID uint64   `json:"instanceId"`
	TaskIDs    []uint64 `json:"taskIds"`
	Outcome    string   `json:"outcome"`
}

// DefinitionRef is a call activity's definition (latest active version of
// its key) and the child instance row created for it.
type DefinitionRef struct {
	DefinitionID uint64 `json:"definitionId"`
	InstanceID   uint64 `json:"instanceId"`
	XML          string `json:"xml"`
	Key          string `json:"key"`
}

// NotifyInput tells users about a task (CC, urge, timeout reminder).
type NotifyInput struct {
	InstanceID uint64   `json:"instanceId"`
	Seq        int      `json:"seq"`
	TaskID     uint64   `json:"taskId"`
	Kind       string   `json:"kind"`
	UserIDs    []uint64 `json:"userIds"`
	Actor      *Actor   `json:"actor,omitempty"`
	Comment    string   `json:"comment,omitempty"`
}

// TaskUpdate is the payload of UpdateTask. ActorRoles and Admin are what the
// API vouches for; the workflow checks the actor against the task it holds.
type TaskUpdate struct {
	TaskID     uint64         `json:"taskId"`
	Action     string         `json:"action"`
	Actor      Actor          `json:"actor"`
	ActorRoles []string       `json:"actorRoles,omitempty"` // role codes of the actor (claims of role candidates)
	Admin      bool           `json:"admin,omitempty"`      // an administrator (transfer, comment, urge anyone's task)
	Comment    string         `json:"comment"`
	FormData   map[string]any `json:"formData,omitempty"`
	TargetNode string         `json:"targetNode,omitempty"` // return
	UserIDs    []uint64       `json:"userIds,omitempty"`    // transfer, delegate, addSigner, cc
}

// TaskUpdateResult answers UpdateTask.
type TaskUpdateResult struct {
	TaskID uint64   `json:"taskId"`
	Closed bool     `json:"closed"`
	Added  []uint64 `json:"added,omitempty"` // addSigner: the new task ids
}

// MessageUpdate is the payload of UpdateMessage.
type MessageUpdate struct {
	Name      string         `json:"name"`
	Variables map[string]any `json:"variables,omitempty"`
	Actor     *Actor         `json:"actor,omitempty"`
	Comment   string         `json:"comment,omitempty"`
}

// CancelUpdate is the payload of UpdateCancel.
type CancelUpdate struct {
	Actor  Actor  `json:"actor"`
	Reason string `json:"reason"`
}

// RetryUpdate is the payload of UpdateRetry: the variables to set first,
// and the failed node to run again ("" = every failed node).
type RetryUpdate struct {
	Actor     Actor          `json:"actor"`
	NodeID    string         `json:"nodeId,omitempty"`
	Variables map[string]any `json:"variables,omitempty"`
	Comment   string         `json:"comment,omitempty"`
}

// Failure is a node that failed and waits for an administrator.
type Failure struct {
	NodeID   string `json:"nodeId"`
	NodeName string `json:"nodeName"`
	Reason   string `json:"reason"`
}

// State answers QueryState.
type State struct {
	Status      string         `json:"status"`
	ActiveNodes []string       `json:"activeNodes"`
	OpenTasks   []uint64       `json:"openTasks"`
	Variables   map[string]any `json:"variables"`
	Waiting     []string       `json:"waitingMessages"`
	Failures    []Failure      `json:"failures,omitempty"`
}
