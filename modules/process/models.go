package process

import "time"

// Form is a Formily JSON Schema form, versioned: Version is the newest.
type Form struct {
	ID          uint64    `gorm:"primaryKey" json:"id"`
	MerchantID  uint64    `gorm:"not null;default:0;uniqueIndex:uk_process_forms_key,priority:1" json:"merchantId"`
	Key         string    `gorm:"size:64;not null;uniqueIndex:uk_process_forms_key,priority:2" json:"key"`
	Name        string    `gorm:"size:128;not null" json:"name"`
	Description string    `gorm:"size:255;not null;default:''" json:"description"`
	Version     int       `gorm:"not null;default:1" json:"version"`
	Schema      string    `gorm:"type:text;not null" json:"schema"`
	UpdatedBy   string    `gorm:"size:64;not null;default:''" json:"updatedBy"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

func (Form) TableName() string { return "process_forms" }

// TenantSharedRows lets the platform's forms serve every merchant.
func (Form) TenantSharedRows() {}

// FormVersion is a frozen version of a form.
type FormVersion struct {
	ID        uint64    `gorm:"primaryKey" json:"id"`
	FormID    uint64    `gorm:"not null;uniqueIndex:uk_process_form_versions,priority:1" json:"formId"`
	Version   int       `gorm:"not null;uniqueIndex:uk_process_form_versions,priority:2" json:"version"`
	Schema    string    `gorm:"type:text;not null" json:"schema"`
	CreatedBy string    `gorm:"size:64;not null;default:''" json:"createdBy"`
	CreatedAt time.Time `json:"createdAt"`
}

func (FormVersion) TableName() string { return "process_form_versions" }

// Model is a process model being designed.
type Model struct {
	ID           uint64    `gorm:"primaryKey" json:"id"`
	MerchantID   uint64    `gorm:"not null;default:0;uniqueIndex:uk_process_models_key,priority:1" json:"merchantId"`
	Key          string    `gorm:"size:64;not null;uniqueIndex:uk_process_models_key,priority:2" json:"key"`
	Name         string    `gorm:"size:128;not null" json:"name"`
	Category     string    `gorm:"size:64;not null;default:''" json:"category"`
	Description  string    `gorm:"size:255;not null;default:''" json:"description"`
	XML          string    `gorm:"type:longtext;not null" json:"bpmnXml"`
	FormBindings string    `gorm:"type:text" json:"-"`                                    // JSON FormBindings
	Settings     string    `gorm:"type:text" json:"-"`                                    // JSON, free-form designer settings
	Version      int       `gorm:"not null;default:0" json:"deployedVersion"`             // newest deployed version
	System       bool      `gorm:"column:is_system;not null;default:false" json:"system"` // owned by a module (its seed says so)
	UpdatedBy    string    `gorm:"size:64;not null;default:''" json:"updatedBy"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

func (Model) TableName() string { return "process_models" }

// TenantSharedRows lets merchants read (never change) the platform's models.
func (Model) TenantSharedRows() {}

// Definition is a deployed, frozen model version.
type Definition struct {
	ID         uint64 `gorm:"primaryKey" json:"id"`
	MerchantID uint64 `gorm:"not null;default:0;uniqueIndex:uk_process_definitions,priority:1" json:"merchantId"`
	ModelID    uint64 `gorm:"not null;index" json:"modelId"`
	Key        string `gorm:"size:64;not null;uniqueIndex:uk_process_definitions,priority:2" json:"key"`
	Version    int    `gorm:"not null;uniqueIndex:uk_process_definitions,priority:3" json:"version"`
	Name       string `gorm:"size:128;not null" json:"name"`
	Category   string `gorm:"size:64;not null;default:''" json:"category"`
	XML        string `gorm:"type:longtext;not null" json:"bpmnXml"`
	ProcessID  string `gorm:"size:128;not null" json:"processId"`
	StartForm  string `gorm:"size:64;not null;default:''" json:"startFormKey"`
	Forms      string `gorm:"type:longtext" json:"-"` // JSON formKey → frozen schema
	Status     string `gorm:"size:16;not null;default:'active'" json:"status" enum:"active,suspended"`
	// System definitions belong to a module (the sign-up review, the ad
	// review): only that module starts them, never the generic start.
	System     bool      `gorm:"column:is_system;not null;default:false" json:"system"`
	DeployedBy string    `gorm:"size:64;not null;default:''" json:"deployedBy"`
	CreatedAt  time.Time `json:"deployedAt"`
}

func (Definition) TableName() string { return "process_definitions" }

// TenantSharedRows lets merchants start the platform's processes (the ad review).
func (Definition) TenantSharedRows() {}

// Instance is one run of a definition.
type Instance struct {
	ID            uint64     `gorm:"primaryKey" json:"id"`
	MerchantID    uint64     `gorm:"not null;default:0;index:idx_process_instances_merchant,priority:1" json:"merchantId"`
	DefinitionID  uint64     `gorm:"not null;index" json:"definitionId"`
	DefinitionKey string     `gorm:"size:64;not null;index" json:"definitionKey"`
	Version       int        `gorm:"not null" json:"version"`
	Name          string     `gorm:"size:128;not null" json:"name"`
	Title         string     `gorm:"size:255;not null;default:''" json:"title"`
	BusinessKey   string     `gorm:"size:128;not null;default:'';index" json:"businessKey"`
	InitiatorID   uint64     `gorm:"not null;index:idx_process_instances_initiator,priority:1" json:"initiatorId"`
	InitiatorName string     `gorm:"size:64;not null;default:''" json:"initiatorName"`
	State         string     `gorm:"size:16;not null;index" json:"state" enum:"running,completed,rejected,cancelled,withdrawn,failed"`
	Variables     string     `gorm:"type:longtext" json:"-"`
	ParentID      uint64     `gorm:"not null;default:0" json:"parentId"`
	WorkflowID    string     `gorm:"size:64;not null" json:"-"`
	StartedAt     time.Time  `gorm:"not null;index:idx_process_instances_merchant,priority:2;index:idx_process_instances_initiator,priority:2" json:"startedAt"`
	EndedAt       *time.Time `json:"endedAt"`
	UpdatedAt     time.Time  `json:"updatedAt"`
}

func (Instance) TableName() string { return "process_instances" }

// Task status.
const (
	TaskOpen   = "open"
	TaskClosed = "closed"
)

// Task is one user-task row: who should act, and what became of it.
type Task struct {
	ID            uint64     `gorm:"primaryKey" json:"id"`
	MerchantID    uint64     `gorm:"not null;default:0" json:"merchantId"`
	InstanceID    uint64     `gorm:"not null;uniqueIndex:uk_process_tasks_node,priority:1" json:"instanceId"`
	NodeID        string     `gorm:"size:128;not null;uniqueIndex:uk_process_tasks_node,priority:2" json:"nodeId"`
	Activation    int        `gorm:"not null;uniqueIndex:uk_process_tasks_node,priority:3" json:"activation"`
	Idx           int        `gorm:"not null;uniqueIndex:uk_process_tasks_node,priority:4" json:"index"`
	NodeName      string     `gorm:"size:128;not null;default:''" json:"name"`
	DefinitionKey string     `gorm:"size:64;not null;default:''" json:"definitionKey"`
	ProcessName   string     `gorm:"size:128;not null;default:''" json:"processName"`
	Title         string     `gorm:"size:255;not null;default:''" json:"title"`
	InitiatorID   uint64     `gorm:"not null;default:0" json:"initiatorId"`
	InitiatorName string     `gorm:"size:64;not null;default:''" json:"initiatorName"`
	AssigneeID    uint64     `gorm:"not null;default:0;index:idx_process_tasks_todo,priority:2" json:"assigneeId"`
	OwnerID       uint64     `gorm:"not null;default:0" json:"ownerId"`
	Status        string     `gorm:"size:8;not null;index:idx_process_tasks_todo,priority:1" json:"status" enum:"open,closed"`
	Outcome       string     `gorm:"size:16;not null;default:''" json:"outcome"`
	FormKey       string     `gorm:"size:64;not null;default:''" json:"formKey"`
	FieldPerms    string     `gorm:"type:text" json:"-"`
	Actions       string     `gorm:"size:255;not null;default:''" json:"-"`
	DueAt         *time.Time `json:"dueAt"`
	ClosedBy      uint64     `gorm:"not null;default:0;index:idx_process_tasks_done,priority:1" json:"closedBy"`
	ClosedAt      *time.Time `gorm:"index:idx_process_tasks_done,priority:2" json:"closedAt"`
	CreatedAt     time.Time  `gorm:"index:idx_process_tasks_todo,priority:3" json:"createdAt"`
}

func (Task) TableName() string { return "process_tasks" }

// Candidate kinds.
const (
	CandidateUser = "u"
	CandidateRole = "r"
)

// TaskCandidate makes an open, unassigned task claimable by a user or by
// the holders of a role. Rows live only while the task is open, so the
// to-do query's semi-join stays small however many tasks have closed.
type TaskCandidate struct {
	TaskID     uint64 `gorm:"primaryKey;autoIncrement:false;index:idx_process_task_candidates_ref,priority:4"`
	Kind       string `gorm:"primaryKey;size:1;index:idx_process_task_candidates_ref,priority:1"`
	Ref        string `gorm:"primaryKey;size:64;index:idx_process_task_candidates_ref,priority:2"`
	MerchantID uint64 `gorm:"not null;default:0;index:idx_process_task_candidates_ref,priority:3"` // the task's tenant
}

func (TaskCandidate) TableName() string { return "process_task_candidates" }

// History is one line of an instance's timeline.
type History struct {
	ID         uint64    `gorm:"primaryKey" json:"id"`
	InstanceID uint64    `gorm:"not null;uniqueIndex:uk_process_history_seq,priority:1" json:"instanceId"`
	Seq        int       `gorm:"not null;uniqueIndex:uk_process_history_seq,priority:2" json:"seq"`
	Kind       string    `gorm:"size:32;not null" json:"kind"`
	NodeID     string    `gorm:"size:128;not null;default:''" json:"nodeId"`
	NodeName   string    `gorm:"size:128;not null;default:''" json:"nodeName"`
	NodeKind   string    `gorm:"size:32;not null;default:''" json:"nodeKind"`
	FlowID     string    `gorm:"size:128;not null;default:''" json:"flowId"`
	TaskID     uint64    `gorm:"not null;default:0" json:"taskId"`
	ActorID    uint64    `gorm:"not null;default:0;index:idx_process_history_actor,priority:1" json:"actorId"`
	ActorName  string    `gorm:"size:64;not null;default:''" json:"actorName"`
	Action     string    `gorm:"size:32;not null;default:''" json:"action"`
	Comment    string    `gorm:"type:text" json:"comment"`
	Data       string    `gorm:"type:text" json:"-"`
	CreatedAt  time.Time `gorm:"not null" json:"time"`
}

func (History) TableName() string { return "process_history" }

// CC is a read-only notice of a task or instance to a user.
type CC struct {
	ID         uint64     `gorm:"primaryKey" json:"id"`
	MerchantID uint64     `gorm:"not null;default:0" json:"merchantId"`
	InstanceID uint64     `gorm:"not null;uniqueIndex:uk_process_cc,priority:1" json:"instanceId"`
	Seq        int        `gorm:"not null;uniqueIndex:uk_process_cc,priority:2" json:"-"` // the history line that sent it: retries write once
	TaskID     uint64     `gorm:"not null;default:0" json:"taskId"`
	UserID     uint64     `gorm:"not null;uniqueIndex:uk_process_cc,priority:3;index:idx_process_cc_user,priority:1" json:"userId"`
	Kind       string     `gorm:"size:16;not null" json:"kind" enum:"cc,urge,remind"`
	FromID     uint64     `gorm:"not null;default:0" json:"fromId"`
	FromName   string     `gorm:"size:64;not null;default:''" json:"fromName"`
	Comment    string     `gorm:"size:500;not null;default:''" json:"comment"`
	ReadAt     *time.Time `json:"readAt"`
	CreatedAt  time.Time  `gorm:"index:idx_process_cc_user,priority:2" json:"createdAt"`
}

func (CC) TableName() string { return "process_cc" }
