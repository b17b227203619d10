// Package orderevent is the contract between the order module and the modules
// that follow orders (kitchen printing, sales reports). The order module calls
// every registered Listener inside the transaction that writes the order, so a
// listener's rows (a print job, a daily aggregate) commit or roll back with it.
//
// Events carry complete snapshots: a listener never reads the order tables.
// Money is integer minor units of the venue's currency.
package orderevent

import (
	"time"

	"gorm.io/gorm"
)

// Line is one dish line of an order as submitted.
type Line struct {
	LineID     uint64
	DishID     uint64
	CategoryID uint64
	DishName   string   // in the venue's default language at submission
	Options    []string // chosen specification options, e.g. "Large", "Extra spicy"
	Quantity   int
	UnitPrice  int64 // after option deltas and promotions
	Amount     int64 // UnitPrice × Quantity
	Remark     string
	// OriginalPrice is one portion at the menu price with its option deltas,
	// before the promotion named Promotion ("" for none).
	OriginalPrice int64
	Promotion     string
}

// Order is the header both events share.
type Order struct {
	MerchantID uint64
	VenueID    uint64
	OrderID    uint64
	OrderNo    string
	TableID    uint64 // 0 when the order has no table
	TableName  string
	Currency   string
	TimeZone   string    // IANA name of the venue's zone, e.g. "Asia/Shanghai"
	PlacedAt   time.Time // UTC
	Remark     string
}

// Placed is a submission: a new order or a new round on a table's open order.
// Round counts rounds on the same order from 1; Lines are only this round's.
type Placed struct {
	Order
	Round int
	Lines []Line
}

// Cancelled is a cancellation of some quantity of lines (one dish) or of the
// whole order (every remaining line). Quantity in each Line is the quantity
// cancelled now and Amount its amount.
type Cancelled struct {
	Order
	Lines       []Line
	Whole       bool
	Reason      string
	ByUserID    uint64
	ByUserName  string
	CancelledAt time.Time // UTC
}

// Settled is a bill paid and the order closed.
type Settled struct {
	Order
	// Lines are the dishes that remain on the bill (cancelled quantities
	// taken off), for the customer's receipt.
	Lines         []Line
	Original      int64 // the remaining dishes at menu prices, before promotions
	Subtotal      int64
	ServiceCharge int64
	Tax           int64
	Total         int64
	SettledAt     time.Time // UTC
}

// Listener follows orders. tx is the order's own transaction: an error rolls
// the whole submission, cancellation or settlement back. Listeners are
// called last in it, printing before reports: rows every order of a venue
// updates (a daily total) stay locked until COMMIT, so a listener writes
// them after its other rows, and as few as it can (every concurrent order
// of the venue queues behind them).
type Listener interface {
	OrderPlaced(tx *gorm.DB, e Placed) error
	OrderCancelled(tx *gorm.DB, e Cancelled) error
	OrderSettled(tx *gorm.DB, e Settled) error
}

// HistoryListener is a Listener that also follows orders written as
// history: the demo seed's ninety days of past orders, which no kitchen
// should print. Reports implement it to have figures for the demo; the seed
// calls OrderPlaced (one event per round), OrderCancelled and OrderSettled
// on such listeners inside the seed's transaction, with the past times.
type HistoryListener interface {
	Listener
	FollowsHistory()
}
