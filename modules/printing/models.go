package printing

import "time"

// Kinds of print job.
const (
	KindKitchen = "kitchen" // an order's dishes for one kitchen printer
	KindCancel  = "cancel"  // a CANCEL ticket for the printers that printed the dishes
	KindBill    = "bill"    // the customer's bill or receipt
	KindTest    = "test"    // a test print from the console
)

// States of a print job. A job waits in queued (also between attempts),
// is sending while a worker or an agent holds its lease, and ends printed
// or, after the configured number of attempts, failed (a person can retry).
const (
	StateQueued  = "queued"
	StateSending = "sending"
	StatePrinted = "printed"
	StateFailed  = "failed"
)

// Delivery paths.
const (
	ViaDirect = "direct" // the server wrote to the printer's socket
	ViaAgent  = "agent"  // the venue's print agent did
)

// Job is one ticket (times its copies) for one printer: the durable unit
// of delivery. It is written in the transaction of the order that caused it
// and holds the ticket's content, not its bytes: the bytes are laid out
// when it is sent, for the printer (character set, paper) it then goes to.
type Job struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index"`
	VenueID    uint64 `gorm:"not null;index:idx_printing_jobs_venue,priority:1"`
	// PrinterID is where the job goes; 0 when no printer could take it
	// (the job then waits, visibly, for a person to choose one).
	PrinterID   uint64 `gorm:"not null;index"`
	PrinterName string `gorm:"size:64;not null;default:''"`
	// MovedFrom is the printer the job left for its backup; 0 when none.
	MovedFrom uint64 `gorm:"not null;default:0"`
	Kind      string `gorm:"size:16;not null"`
	OrderID   uint64 `gorm:"not null;index"`
	OrderNo   string `gorm:"size:64;not null;default:''"`
	Copies    int    `gorm:"not null"`
	// ReprintOf is the job this one reprints (the ticket says REPRINT).
	ReprintOf *uint64 `gorm:"index"`
	// Unrouted: dishes whose category reaches no kitchen printer, sent to a
	// fallback printer with a warning on the ticket and on the job page.
	Unrouted  bool   `gorm:"not null;default:false"`
	Lang      string `gorm:"size:8;not null"`
	Payload   string `gorm:"type:text;not null"`
	State     string `gorm:"size:16;not null;index:idx_printing_jobs_due,priority:1"`
	Attempts  int    `gorm:"not null;default:0"`
	LastError string `gorm:"size:255;not null;default:''"`
	// NextAttemptAt is when the job is next due (queued) or its lease ends (sending).
	NextAttemptAt time.Time  `gorm:"not null;index:idx_printing_jobs_due,priority:2"`
	Via           string     `gorm:"size:8;not null;default:''"`
	PrintedAt     *time.Time ``
	CreatedAt     time.Time  `gorm:"not null;index:idx_printing_jobs_venue,priority:2"`
	UpdatedAt     time.Time  `gorm:"not null"`
}

func (Job) TableName() string { return "printing_jobs" }

// JobLine records which kitchen job printed which order line, so that a
// cancellation reaches the printers that printed the dish.
type JobLine struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index"`
	VenueID    uint64 `gorm:"not null"`
	OrderID    uint64 `gorm:"not null;index:idx_printing_job_lines_order,priority:1"`
	LineID     uint64 `gorm:"not null;index:idx_printing_job_lines_order,priority:2"`
	JobID      uint64 `gorm:"not null"`
	PrinterID  uint64 `gorm:"not null"`
}

func (JobLine) TableName() string { return "printing_job_lines" }

// Agent is a venue's print agent: the key it authenticates with (stored
// as a SHA-256 hash) and when it last called.
type Agent struct {
	ID         uint64     `gorm:"primaryKey"`
	MerchantID uint64     `gorm:"not null;index"`
	VenueID    uint64     `gorm:"not null;uniqueIndex"`
	KeyHash    string     `gorm:"size:64;not null;uniqueIndex"`
	KeyHint    string     `gorm:"size:8;not null"` // first characters, to tell keys apart
	LastSeenAt *time.Time ``
	LastAddr   string     `gorm:"size:64;not null;default:''"`
	CreatedAt  time.Time  `gorm:"not null"`
	UpdatedAt  time.Time  `gorm:"not null"`
}

func (Agent) TableName() string { return "printing_agents" }
