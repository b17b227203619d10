package cuisine

import (
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/textsearch"
)

// Dish search (issue 17): a name search matches the text anywhere in the
// dish's name or number, case-insensitively, in any language ("tofu" finds
// "Mapo tofu", "火锅" finds "麻辣火锅"), and stays index-backed at 100,000
// dishes on MySQL/MariaDB (which has no n-gram parser) and SQLite alike.
//
// The method is the suffix index of internal/textsearch: every suffix of the
// lower-cased name and number (the first textsearch.Max characters of it) is a row of
// cuisine_dish_suffixes keyed (merchant_id, suffix, dish_id). A text occurs
// inside a name exactly when some suffix of the name starts with it, so the
// search is one index range scan, `suffix LIKE 'text%'`, whatever the
// language. A dish costs about as many rows as its name has characters;
// they are rewritten in the same transaction as the dish.

// DishSuffix is one suffix of a dish's lower-cased name or number.
type DishSuffix struct {
	MerchantID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Suffix     string `gorm:"primaryKey;size:96"`
	DishID     uint64 `gorm:"primaryKey;autoIncrement:false;index:idx_cuisine_dish_suffixes_dish"`
}

func (DishSuffix) TableName() string { return "cuisine_dish_suffixes" }

// IndexDishNames (re)writes the search rows of the dishes, inside the
// caller's transaction. The dishes need ID, MerchantID, Name and Number.
func IndexDishNames(tx *gorm.DB, dishes []Dish) error {
	if len(dishes) == 0 {
		return nil
	}
	ids := make([]uint64, len(dishes))
	var rows []DishSuffix
	for i, d := range dishes {
		ids[i] = d.ID
		for _, s := range textsearch.Suffixes(d.Name, d.Number) {
			rows = append(rows, DishSuffix{MerchantID: d.MerchantID, Suffix: s, DishID: d.ID})
		}
	}
	return textsearch.Rewrite(tx, "dish_id", ids, rows)
}

// unindexDishes drops the search rows of deleted dishes.
func unindexDishes(tx *gorm.DB, ids []uint64) error {
	return tx.Where("dish_id IN ?", ids).Delete(&DishSuffix{}).Error
}

// nameSearch narrows a dish query to the dishes whose name or number
// contains text (see the comment at the top of this file).
func nameSearch(db *gorm.DB, text string) *gorm.DB {
	key, cut := textsearch.Key(text)
	if key == "" {
		return db
	}
	db = db.Where("id IN (?)", textsearch.Owners(db, &DishSuffix{}, "dish_id", key))
	if cut {
		like := likeContains(strings.TrimSpace(text))
		db = db.Where("(name LIKE ? ESCAPE '!' OR number LIKE ? ESCAPE '!')", like, like)
	}
	return db
}

// backfillDishSuffixes indexes every existing dish (the migration that
// creates the table), a thousand at a time.
func backfillDishSuffixes(tx *gorm.DB) error {
	tx = tx.WithContext(tenancy.SystemContext(tx.Statement.Context))
	var batch []Dish
	return tx.Model(&Dish{}).Select("id", "merchant_id", "name", "number").
		FindInBatches(&batch, 1000, func(b *gorm.DB, _ int) error {
			return IndexDishNames(tx, batch)
		}).Error
}
