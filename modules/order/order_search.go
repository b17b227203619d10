package order

import (
	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/textsearch"
)

// Order number search (issue 17): the order records match the typed text
// anywhere in the order number ("0012" finds "RS2611260012"),
// case-insensitively, index-backed at any number of orders with the suffix
// index of internal/textsearch: order_no_suffixes holds every suffix of each
// lower-cased order number, written in the transaction that writes the order
// (numbers never change and orders are not deleted). The dish-name filter
// stays a LIKE '%text%' over the order lines of the scope (see staff.go).

// OrderNoSuffix is one suffix of an order's lower-cased number.
type OrderNoSuffix struct {
	MerchantID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Suffix     string `gorm:"primaryKey;size:96"`
	OrderID    uint64 `gorm:"primaryKey;autoIncrement:false;index:idx_order_no_suffixes_order"`
	VenueID    uint64 `gorm:"not null;default:0"`
}

func (OrderNoSuffix) TableName() string { return "order_no_suffixes" }

// indexOrderNumbers writes the search rows of orders, inside the caller's
// transaction. The orders need ID, MerchantID, VenueID and OrderNo.
func indexOrderNumbers(tx *gorm.DB, orders []Order) error {
	ids := make([]uint64, len(orders))
	var rows []OrderNoSuffix
	for i, o := range orders {
		ids[i] = o.ID
		rows = append(rows, numberSuffixes(o)...)
	}
	return textsearch.Rewrite(tx, "order_id", ids, rows)
}

// numberSuffixes are the search rows of one order's number.
func numberSuffixes(o Order) []OrderNoSuffix {
	var rows []OrderNoSuffix
	for _, s := range textsearch.Suffixes(o.OrderNo) {
		rows = append(rows, OrderNoSuffix{MerchantID: o.MerchantID, VenueID: o.VenueID, Suffix: s, OrderID: o.ID})
	}
	return rows
}

// indexNewOrderNumber writes the search rows of an order just created (it
// has none yet: one INSERT, no DELETE), inside the caller's transaction.
func indexNewOrderNumber(tx *gorm.DB, o Order) error {
	rows := numberSuffixes(o)
	if len(rows) == 0 {
		return nil
	}
	return tx.Create(&rows).Error
}

// orderNoSearch narrows an order query to the orders whose number contains text.
func orderNoSearch(db *gorm.DB, text string) *gorm.DB {
	key, cut := textsearch.Key(text)
	if key == "" {
		return db
	}
	db = db.Where("id IN (?)", textsearch.Owners(db, &OrderNoSuffix{}, "order_id", key))
	if cut {
		db = db.Where("order_no LIKE ? ESCAPE '!'", textsearch.Contains(text))
	}
	return db
}

// backfillOrderNoSuffixes indexes every existing order (the migration that
// creates the table), a thousand at a time.
func backfillOrderNoSuffixes(tx *gorm.DB) error {
	tx = tx.WithContext(tenancy.SystemContext(tx.Statement.Context))
	var batch []Order
	return tx.Model(&Order{}).Select("id", "merchant_id", "venue_id", "order_no").
		FindInBatches(&batch, 1000, func(b *gorm.DB, _ int) error {
			return indexOrderNumbers(tx, batch)
		}).Error
}
