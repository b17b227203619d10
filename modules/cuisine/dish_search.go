package cuisine

import (
	"strings"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/internal/tenancy"
)

// Dish search (issue 17): a name search matches the text anywhere in the
// dish's name or number, case-insensitively, in any language ("tofu" finds
// "Mapo tofu", "火锅" finds "麻辣火锅"), and stays index-backed at 100,000
// dishes on MySQL/MariaDB (which has no n-gram parser) and SQLite alike.
//
// The method is a suffix index: every suffix of the lower-cased name and
// number (the first suffixMax characters of it) is a row of
// cuisine_dish_suffixes keyed (merchant_id, suffix, dish_id). A text occurs
// inside a name exactly when some suffix of the name starts with it, so the
// search is one index range scan, `suffix LIKE 'text%'`, whatever the
// language. A dish costs about as many rows as its name has characters;
// they are rewritten in the same transaction as the dish.

// suffixMax is how many characters of each suffix are kept; a longer search
// text is looked up by its first suffixMax characters and checked whole
// against the name and number.
const suffixMax = 24

// DishSuffix is one suffix of a dish's lower-cased name or number.
type DishSuffix struct {
	MerchantID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Suffix     string `gorm:"primaryKey;size:96"`
	DishID     uint64 `gorm:"primaryKey;autoIncrement:false;index:idx_cuisine_dish_suffixes_dish"`
}

func (DishSuffix) TableName() string { return "cuisine_dish_suffixes" }

// searchKey is a search text as it is looked up: trimmed, lower-cased, at
// most suffixMax characters; cut tells whether it was shortened.
func searchKey(text string) (key string, cut bool) {
	key = strings.ToLower(strings.TrimSpace(text))
	if utf8.RuneCountInString(key) > suffixMax {
		return string([]rune(key)[:suffixMax]), true
	}
	return key, false
}

// suffixesOf are the distinct suffixes of the dish's lower-cased name and
// number, each cut to suffixMax characters.
func suffixesOf(texts ...string) []string {
	seen := map[string]bool{}
	var out []string
	for _, t := range texts {
		r := []rune(strings.ToLower(strings.TrimSpace(t)))
		for i := range r {
			if r[i] == ' ' {
				continue // a suffix starting at a space adds nothing a search needs
			}
			// cut suffixes lose their trailing spaces: MySQL compares "a " and "a" alike
			s := strings.TrimRight(string(r[i:min(len(r), i+suffixMax)]), " ")
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

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
		for _, s := range suffixesOf(d.Name, d.Number) {
			rows = append(rows, DishSuffix{MerchantID: d.MerchantID, Suffix: s, DishID: d.ID})
		}
	}
	if err := tx.Where("dish_id IN ?", ids).Delete(&DishSuffix{}).Error; err != nil {
		return err
	}
	if len(rows) == 0 {
		return nil
	}
	// suffixes that differ only where a _ci collation does not look (accents) are one row
	return tx.Clauses(clause.OnConflict{DoNothing: true}).CreateInBatches(rows, 1000).Error
}

// unindexDishes drops the search rows of deleted dishes.
func unindexDishes(tx *gorm.DB, ids []uint64) error {
	return tx.Where("dish_id IN ?", ids).Delete(&DishSuffix{}).Error
}

// nameSearch narrows a dish query to the dishes whose name or number
// contains text (see the comment at the top of this file).
func nameSearch(db *gorm.DB, text string) *gorm.DB {
	key, cut := searchKey(text)
	if key == "" {
		return db
	}
	ids := db.Session(&gorm.Session{NewDB: true}).Model(&DishSuffix{}).Select("dish_id").
		Where("suffix LIKE ? ESCAPE '!'", likePrefix(key))
	db = db.Where("id IN (?)", ids)
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
