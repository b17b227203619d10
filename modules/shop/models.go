package shop

import "time"

// Ordering modes of a venue.
const (
	// PayAfterMeal: the rounds a table orders join one open order, paid at the end.
	PayAfterMeal = "pay_after_meal"
	// PayPerOrder: every order is paid when it is placed.
	PayPerOrder = "pay_per_order"
)

// Setting is a venue's own configuration row. The venue's profile (name,
// logo, contact, address, time zone, currency) stays on its organisation
// node in the sys module and is edited through sys's Go service.
type Setting struct {
	ID               uint64      `gorm:"primaryKey"`
	MerchantID       uint64      `gorm:"not null;index"`
	VenueID          uint64      `gorm:"not null;uniqueIndex"`
	OpeningHours     WeeklyHours `gorm:"serializer:json;type:text;not null"`
	ClosedDates      []string    `gorm:"serializer:json;type:text;not null"` // YYYY-MM-DD, holidays in the venue's calendar
	TaxRate          int         `gorm:"not null;default:0"`                 // basis points: 600 = 6 %
	PricesIncludeTax bool        `gorm:"not null"`
	ServiceCharge    int         `gorm:"not null;default:0"` // basis points of the dishes' subtotal
	OrderingMode     string      `gorm:"size:16;not null"`
	GuestLanguages   []string    `gorm:"serializer:json;type:text;not null"` // locale codes (en_US, zh_CN ...)
	DefaultLanguage  string      `gorm:"size:8;not null"`
	OrderPrefix      string      `gorm:"size:8;not null;default:''"`
	ReceiptHeader    string      `gorm:"size:500;not null;default:''"`
	ReceiptFooter    string      `gorm:"size:500;not null;default:''"`
	// CancelApprovalAbove is the amount (minor units) above which cancelling
	// dishes or an order needs a manager's approval; 0 = every cancellation.
	CancelApprovalAbove int64     `gorm:"not null;default:0"`
	UpdatedBy           uint64    `gorm:"not null;default:0"`
	CreatedAt           time.Time `gorm:"not null"`
	UpdatedAt           time.Time `gorm:"not null"`
}

func (Setting) TableName() string { return "shop_settings" }
