package configure

import "time"

// Status of tables, buttons and printers.
const (
	StatusDisabled int8 = 0
	StatusEnabled  int8 = 1
)

// Ordering methods of a table (the ordering_method dictionary).
const (
	MethodQROrder = "qr_order" // guests scan the table's code and order
	MethodPayBill = "pay_bill" // the code on the table pays the bill only
	MethodTablet  = "tablet"   // guests order on the tablet bound to the table
)

// Table is a table (or counter, room) of a venue. Guests reach it by its
// token: random, at least 128 bits, never its number or id. A rotated
// token is kept as a RetiredToken so an old printed code can say so.
type Table struct {
	ID             uint64 `gorm:"primaryKey"`
	MerchantID     uint64 `gorm:"not null;index"`
	VenueID        uint64 `gorm:"not null;uniqueIndex:uk_configure_tables_name,priority:1;index:idx_configure_tables_sort,priority:1;uniqueIndex:uk_configure_tables_tablet,priority:1"`
	Name           string `gorm:"size:32;not null;uniqueIndex:uk_configure_tables_name,priority:2"` // number or name, as printed
	Area           string `gorm:"size:32;not null;default:''"`                                      // zone: terrace, hall …
	Seats          int    `gorm:"not null;default:0"`
	Remark         string `gorm:"size:200;not null;default:''"`
	OrderingMethod string `gorm:"size:16;not null"`
	// TabletID is the advert module's tablet bound to the table (tablet
	// ordering); nil when none. One tablet serves one table.
	TabletID  *uint64   `gorm:"uniqueIndex:uk_configure_tables_tablet,priority:2"`
	Token     string    `gorm:"size:64;not null;uniqueIndex"`
	Sort      int       `gorm:"not null;default:0;index:idx_configure_tables_sort,priority:2"`
	Status    int8      `gorm:"not null"`
	RotatedAt time.Time `gorm:"not null"` // when the current token was issued
	CreatedAt time.Time `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (Table) TableName() string { return "configure_tables" }

// RetiredToken is a table token that was rotated away (or whose table was
// deleted): scanning it answers "no longer valid" with the venue's name
// and languages rather than an unknown code.
type RetiredToken struct {
	ID         uint64    `gorm:"primaryKey"`
	MerchantID uint64    `gorm:"not null;index"`
	VenueID    uint64    `gorm:"not null;index"`
	TableID    uint64    `gorm:"not null;default:0"`
	Token      string    `gorm:"size:64;not null;uniqueIndex"`
	RetiredAt  time.Time `gorm:"not null;index"`
}

func (RetiredToken) TableName() string { return "configure_retired_tokens" }

// Button functions of a tablet's entrance buttons.
const (
	FuncOrderPay    = "order_pay"    // order and pay
	FuncLink1       = "link1"        // hyperlink 1
	FuncLink2       = "link2"        // hyperlink 2
	FuncCallService = "call_service" // call a waiter, with call icons
	FuncLuckyWheel  = "lucky_wheel"  // the lucky wheel game
	FuncDevice      = "device"       // device buttons (volume, brightness, language)
)

// Functions lists the button functions in their default order.
var Functions = []string{FuncOrderPay, FuncCallService, FuncLuckyWheel, FuncLink1, FuncLink2, FuncDevice}

// CallIcon is one thing a guest can call the staff for (call service).
type CallIcon struct {
	Key   string            `json:"key"`   // waiter, water, bill, cutlery, napkins, baby_chair, custom
	Icon  string            `json:"icon"`  // uploaded image; "" = the tablet's built-in icon for Key
	Names map[string]string `json:"names"` // locale code → label
}

// Button is one entrance button of a venue's tablets.
type Button struct {
	ID         uint64            `gorm:"primaryKey"`
	MerchantID uint64            `gorm:"not null;index"`
	VenueID    uint64            `gorm:"not null;uniqueIndex:uk_configure_buttons_function,priority:1"`
	Function   string            `gorm:"size:16;not null;uniqueIndex:uk_configure_buttons_function,priority:2"`
	Names      map[string]string `gorm:"serializer:json;type:text;not null"` // locale code → name
	Image      string            `gorm:"size:255;not null;default:''"`
	Link       string            `gorm:"size:500;not null;default:''"` // hyperlinks: http or https
	CallIcons  []CallIcon        `gorm:"serializer:json;type:text;not null"`
	Sort       int               `gorm:"not null;default:0"`
	Status     int8              `gorm:"not null"`
	CreatedAt  time.Time         `gorm:"not null"`
	UpdatedAt  time.Time         `gorm:"not null"`
}

func (Button) TableName() string { return "configure_buttons" }

// Printer jobs (the printer_type dictionary).
const (
	PrinterKitchen = "kitchen" // kitchen tickets of the dishes of its categories
	PrinterReceipt = "receipt" // bills and receipts
	PrinterLabel   = "label"   // cup and bag labels
)

// Font sizes of a ticket's body.
const (
	FontNormal       = "normal"
	FontDoubleHeight = "double_height"
	FontDoubleWidth  = "double_width"
	FontDouble       = "double"
)

// Charsets a printer decodes.
var Charsets = []string{"GBK", "GB18030", "Big5", "CP437", "CP1252", "UTF-8"}

// Printer is a network (ESC/POS over raw TCP) printer of a venue.
type Printer struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index"`
	VenueID    uint64 `gorm:"not null;uniqueIndex:uk_configure_printers_name,priority:1"`
	Name       string `gorm:"size:64;not null;uniqueIndex:uk_configure_printers_name,priority:2"`
	Type       string `gorm:"size:16;not null"` // kitchen, receipt, label
	Model      string `gorm:"size:64;not null"` // e.g. XP-N1601
	Host       string `gorm:"size:64;not null"` // IP address
	Port       int    `gorm:"not null"`
	Copies     int    `gorm:"not null"`
	FontSize   string `gorm:"size:16;not null"`
	Charset    string `gorm:"size:16;not null"`
	PaperWidth int    `gorm:"not null"` // mm: 58 or 80 (the spec's "parameters")
	Cut        bool   `gorm:"not null"`
	// BackupID is the printer that takes the jobs when this one fails; nil when none.
	BackupID  *uint64   `gorm:"index"`
	Remark    string    `gorm:"size:200;not null;default:''"`
	Status    int8      `gorm:"not null"`
	CreatedAt time.Time `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

func (Printer) TableName() string { return "configure_printers" }

// PrinterCategory routes a dish category's kitchen tickets to a printer.
type PrinterCategory struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index"`
	VenueID    uint64 `gorm:"not null;index:idx_configure_printer_categories_route,priority:1"`
	CategoryID uint64 `gorm:"not null;index:idx_configure_printer_categories_route,priority:2;uniqueIndex:uk_configure_printer_categories,priority:2"`
	PrinterID  uint64 `gorm:"not null;uniqueIndex:uk_configure_printer_categories,priority:1"`
}

func (PrinterCategory) TableName() string { return "configure_printer_categories" }
