package order

import (
	"time"

	"github.com/venueplatform/venue/modules/cuisine"
)

// States of an order and of its lines (the order_status dictionary).
const (
	StatusNormal    = "normal"
	StatusCancelled = "cancelled"
)

// Payment states of an order.
const (
	PayOpen    = "open"    // being eaten / not paid yet
	PaySettled = "settled" // paid; staff closed the bill
)

// States of a cancellation.
const (
	CancelPending  = "pending"  // above the venue's amount: waits for a manager
	CancelApplied  = "applied"  // the lines are cancelled
	CancelRejected = "rejected" // a manager refused it; nothing changed
)

// States of a service call.
const (
	CallOpen = "open"
	CallDone = "done"
)

// Order is one bill: a pay-per-order submission, or every round a table
// orders until the bill is settled (pay after the meal). Amounts are minor
// units of Currency; the rates are the venue's when the order opened, so a
// later change of the settings does not rewrite old bills.
type Order struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index:idx_order_orders_merchant_time,priority:1"`
	VenueID    uint64 `gorm:"not null;uniqueIndex:uk_order_orders_no,priority:1;index:idx_order_orders_venue_time,priority:1;uniqueIndex:uk_order_orders_open_table,priority:1"`
	OrderNo    string `gorm:"size:32;not null;uniqueIndex:uk_order_orders_no,priority:2"`
	TableID    uint64 `gorm:"not null;default:0;index"`
	TableNo    string `gorm:"size:32;not null;default:'';index"`
	// OpenTableID is the table while this is its open pay-after-meal bill,
	// else nil: the unique index makes sure a table has one open bill.
	OpenTableID   *uint64    `gorm:"uniqueIndex:uk_order_orders_open_table,priority:2"`
	Mode          string     `gorm:"size:16;not null"`
	Status        string     `gorm:"size:16;not null;index"`
	PayStatus     string     `gorm:"size:16;not null;index"`
	Rounds        int        `gorm:"not null;default:0"`
	Currency      string     `gorm:"size:3;not null"`
	TimeZone      string     `gorm:"size:64;not null"`
	TaxRate       int        `gorm:"not null;default:0"`
	TaxIncluded   bool       `gorm:"not null"`
	ServiceRate   int        `gorm:"not null;default:0"`
	Original      int64      `gorm:"not null;default:0"` // the remaining dishes at menu prices before promotions
	Subtotal      int64      `gorm:"not null;default:0"` // the remaining dishes as charged
	ServiceCharge int64      `gorm:"not null;default:0"`
	Tax           int64      `gorm:"not null;default:0"`
	Total         int64      `gorm:"not null;default:0"`
	Remark        string     `gorm:"size:500;not null;default:''"`
	PaymentMethod string     `gorm:"size:32;not null;default:''"`
	SettledAt     *time.Time `gorm:""`
	SettledBy     string     `gorm:"size:64;not null;default:''"`
	PlacedAt      time.Time  `gorm:"not null;index:idx_order_orders_merchant_time,priority:2;index:idx_order_orders_venue_time,priority:2"`
	UpdatedAt     time.Time  `gorm:"not null"`
}

func (Order) TableName() string { return "order_orders" }

// Line is one dish of an order as it was priced when submitted: a
// snapshot, so later menu edits never change a bill.
type Line struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index"`
	VenueID    uint64 `gorm:"not null;index:idx_order_lines_dish,priority:1"`
	OrderID    uint64 `gorm:"not null;index"`
	Round      int    `gorm:"not null"`
	DishID     uint64 `gorm:"not null"`
	CategoryID uint64 `gorm:"not null;default:0"`
	DishNumber string `gorm:"size:32;not null;default:''"`
	DishName   string `gorm:"size:128;not null;index:idx_order_lines_dish,priority:2"`
	// Options are the chosen specification values ("Size: Large").
	Options       cuisine.StringList `gorm:"type:text;not null"`
	OriginalPrice int64              `gorm:"not null"` // one portion at the menu price with its deltas, before promotions
	UnitPrice     int64              `gorm:"not null"` // one portion as charged
	Promotion     string             `gorm:"size:64;not null;default:''"`
	Quantity      int                `gorm:"not null"`
	CancelledQty  int                `gorm:"not null;default:0"`
	Amount        int64              `gorm:"not null"` // UnitPrice × (Quantity − CancelledQty)
	Status        string             `gorm:"size:16;not null"`
	Remark        string             `gorm:"size:200;not null;default:''"`
	CreatedAt     time.Time          `gorm:"not null"`
}

func (Line) TableName() string { return "order_lines" }

// Remaining is the quantity still on the bill.
func (l *Line) Remaining() int { return l.Quantity - l.CancelledQty }

// Cancellation is a request to cancel some quantity of one line (LineID)
// or the rest of the whole order (LineID 0): applied at once below the
// venue's approval amount, else pending until a manager decides.
type Cancellation struct {
	ID            uint64     `gorm:"primaryKey"`
	MerchantID    uint64     `gorm:"not null;index"`
	VenueID       uint64     `gorm:"not null;index:idx_order_cancellations_status,priority:1"`
	OrderID       uint64     `gorm:"not null;index"`
	LineID        uint64     `gorm:"not null;default:0"`
	Quantity      int        `gorm:"not null;default:0"` // of the line; 0 for the whole order
	Amount        int64      `gorm:"not null"`           // what it takes off the subtotal when asked
	Reason        string     `gorm:"size:32;not null"`   // cancel_reason dictionary value
	Remark        string     `gorm:"size:200;not null;default:''"`
	Status        string     `gorm:"size:16;not null;index:idx_order_cancellations_status,priority:2"`
	RequestedBy   uint64     `gorm:"not null"`
	RequestedName string     `gorm:"size:64;not null"`
	DecidedBy     uint64     `gorm:"not null;default:0"`
	DecidedName   string     `gorm:"size:64;not null;default:''"`
	DecisionNote  string     `gorm:"size:200;not null;default:''"`
	CreatedAt     time.Time  `gorm:"not null"`
	DecidedAt     *time.Time `gorm:""`
	InstanceID    uint64     `gorm:"not null;default:0;index"` // its order_void instance (0: decided without one)
}

func (Cancellation) TableName() string { return "order_cancellations" }

// Submission remembers a guest's idempotency key per table: the same key
// again answers the order it made instead of ordering twice.
type Submission struct {
	ID         uint64    `gorm:"primaryKey"`
	MerchantID uint64    `gorm:"not null;index"`
	VenueID    uint64    `gorm:"not null;index"`
	TableID    uint64    `gorm:"not null;uniqueIndex:uk_order_submissions_key,priority:1"`
	Key        string    `gorm:"column:idem_key;size:64;not null;uniqueIndex:uk_order_submissions_key,priority:2"`
	OrderID    uint64    `gorm:"not null;default:0"`
	Round      int       `gorm:"not null;default:0"`
	CreatedAt  time.Time `gorm:"not null;index"`
}

func (Submission) TableName() string { return "order_submissions" }

// Counter numbers a venue's orders per day of its calendar.
type Counter struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null"`
	VenueID    uint64 `gorm:"not null;uniqueIndex:uk_order_counters_day,priority:1"`
	Day        string `gorm:"size:8;not null;uniqueIndex:uk_order_counters_day,priority:2"` // YYYYMMDD
	Seq        int    `gorm:"not null"`
}

func (Counter) TableName() string { return "order_counters" }

// ServiceCall is a guest calling the staff from a table (the page or a
// tablet's call-service button).
type ServiceCall struct {
	ID         uint64     `gorm:"primaryKey"`
	MerchantID uint64     `gorm:"not null;index"`
	VenueID    uint64     `gorm:"not null;index:idx_order_calls_venue,priority:1"`
	TableID    uint64     `gorm:"not null;index"`
	TableNo    string     `gorm:"size:32;not null"`
	Kind       string     `gorm:"size:16;not null"` // waiter, water, bill, cutlery, napkins, baby_chair
	Status     string     `gorm:"size:16;not null;index:idx_order_calls_venue,priority:2"`
	HandledBy  string     `gorm:"size:64;not null;default:''"`
	CreatedAt  time.Time  `gorm:"not null"`
	HandledAt  *time.Time `gorm:""`
}

func (ServiceCall) TableName() string { return "order_service_calls" }
