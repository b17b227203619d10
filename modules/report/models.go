package report

import "time"

// SaleLine is the fact of one order line as sold: what was placed and what
// of it was cancelled since. Its local date and ISO week are those of the
// order line's placement in the venue's time zone, and a later cancellation
// counts against that same day, so a day's figures never move to another day.
type SaleLine struct {
	ID                uint64    `gorm:"primaryKey"`
	MerchantID        uint64    `gorm:"not null;index:idx_report_sale_lines_date,priority:1"`
	VenueID           uint64    `gorm:"not null;index:idx_report_sale_lines_date,priority:3"`
	LineID            uint64    `gorm:"not null;uniqueIndex:uk_report_sale_lines_line"`
	OrderID           uint64    `gorm:"not null;index"`
	OrderNo           string    `gorm:"size:64;not null"`
	Round             int       `gorm:"not null"`
	DishID            uint64    `gorm:"not null"`
	CategoryID        uint64    `gorm:"not null"`
	DishName          string    `gorm:"size:128;not null"`
	LocalDate         string    `gorm:"type:char(10);not null;index:idx_report_sale_lines_date,priority:2"` // YYYY-MM-DD in the venue's zone
	Week              string    `gorm:"type:char(8);not null"`                                              // ISO week, 2026-W48
	TimeZone          string    `gorm:"size:64;not null"`
	Currency          string    `gorm:"size:3;not null"`
	PlacedAt          time.Time `gorm:"not null"`
	UnitPrice         int64     `gorm:"not null"`
	Quantity          int       `gorm:"not null"`
	Amount            int64     `gorm:"not null"`
	CancelledQuantity int       `gorm:"not null"`
	CancelledAmount   int64     `gorm:"not null"`
	CancelReasons     string    `gorm:"type:text;not null"` // reasons of its cancellations, one a line
	CreatedAt         time.Time `gorm:"not null"`
	UpdatedAt         time.Time `gorm:"not null"`
}

func (SaleLine) TableName() string { return "report_sale_lines" }

// DailyDish is the running total of one dish at one venue on one local day,
// in one of its lanes (lanes.go): a day's figures are the sum of its lanes.
// Quantity and Amount are net of cancellations; what was cancelled is kept
// beside them. Reports read these rows, never the lines.
type DailyDish struct {
	ID                uint64 `gorm:"primaryKey"`
	MerchantID        uint64 `gorm:"not null;uniqueIndex:uk_report_daily_dishes,priority:1"`
	VenueID           uint64 `gorm:"not null;uniqueIndex:uk_report_daily_dishes,priority:2"`
	LocalDate         string `gorm:"type:char(10);not null;uniqueIndex:uk_report_daily_dishes,priority:3"`
	DishID            uint64 `gorm:"not null;uniqueIndex:uk_report_daily_dishes,priority:4"`
	Lane              uint8  `gorm:"not null;default:0;uniqueIndex:uk_report_daily_dishes,priority:5"` // see lanes.go
	Week              string `gorm:"type:char(8);not null"`
	CategoryID        uint64 `gorm:"not null"`
	Quantity          int64  `gorm:"not null"`
	Amount            int64  `gorm:"not null"`
	CancelledQuantity int64  `gorm:"not null"`
	CancelledAmount   int64  `gorm:"not null"`
}

func (DailyDish) TableName() string { return "report_daily_dishes" }

// DailyVenue is the running total of one venue on one local day (the sum of
// its lanes, lanes.go): orders
// opened, whole orders cancelled, bills settled, and dish sales net of
// cancellations.
type DailyVenue struct {
	ID              uint64 `gorm:"primaryKey"`
	MerchantID      uint64 `gorm:"not null;uniqueIndex:uk_report_daily_venues,priority:1"`
	VenueID         uint64 `gorm:"not null;uniqueIndex:uk_report_daily_venues,priority:2"`
	LocalDate       string `gorm:"type:char(10);not null;uniqueIndex:uk_report_daily_venues,priority:3"`
	Lane            uint8  `gorm:"not null;default:0;uniqueIndex:uk_report_daily_venues,priority:4"` // see lanes.go
	Orders          int64  `gorm:"not null"`
	CancelledOrders int64  `gorm:"not null"`
	Quantity        int64  `gorm:"not null"`
	Amount          int64  `gorm:"not null"`
	CancelledAmount int64  `gorm:"not null"`
	SettledOrders   int64  `gorm:"not null"`
	SettledTotal    int64  `gorm:"not null"`
}

func (DailyVenue) TableName() string { return "report_daily_venues" }

// DailyReason totals the cancellations of one venue on one local day (the
// day the cancelled lines were sold) by reason.
type DailyReason struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;uniqueIndex:uk_report_daily_reasons,priority:1"`
	VenueID    uint64 `gorm:"not null;uniqueIndex:uk_report_daily_reasons,priority:2"`
	LocalDate  string `gorm:"type:char(10);not null;uniqueIndex:uk_report_daily_reasons,priority:3"`
	Reason     string `gorm:"size:191;not null;uniqueIndex:uk_report_daily_reasons,priority:4"`
	Quantity   int64  `gorm:"not null"`
	Amount     int64  `gorm:"not null"`
	Times      int64  `gorm:"not null"` // cancellations, one per event that touched the day
}

func (DailyReason) TableName() string { return "report_daily_reasons" }

// DishLabel is the latest name and category an order used for a dish, so a
// report names a dish even after the menu renamed or deleted it.
type DishLabel struct {
	ID         uint64    `gorm:"primaryKey"`
	MerchantID uint64    `gorm:"not null;uniqueIndex:uk_report_dish_labels,priority:1"`
	DishID     uint64    `gorm:"not null;uniqueIndex:uk_report_dish_labels,priority:2"`
	DishName   string    `gorm:"size:128;not null"`
	CategoryID uint64    `gorm:"not null"`
	UpdatedAt  time.Time `gorm:"not null"`
}

func (DishLabel) TableName() string { return "report_dish_labels" }

// OrderFact follows an order's state as its events tell it, for the open
// orders on the workbench.
type OrderFact struct {
	ID         uint64    `gorm:"primaryKey"`
	MerchantID uint64    `gorm:"not null;index:idx_report_orders_state,priority:1"`
	VenueID    uint64    `gorm:"not null;index:idx_report_orders_state,priority:2"`
	OrderID    uint64    `gorm:"not null;uniqueIndex:uk_report_orders_order"`
	OrderNo    string    `gorm:"size:64;not null"`
	LocalDate  string    `gorm:"type:char(10);not null"`
	State      string    `gorm:"size:16;not null;index:idx_report_orders_state,priority:3"`
	PlacedAt   time.Time `gorm:"not null"`
	UpdatedAt  time.Time `gorm:"not null"`
}

func (OrderFact) TableName() string { return "report_orders" }

// Order states as the events tell them.
const (
	StateOpen      = "open"
	StateSettled   = "settled"
	StateCancelled = "cancelled"
)
