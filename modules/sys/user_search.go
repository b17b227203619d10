package sys

import (
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/textsearch"
)

// User search (issue 17): the user list and every user picker (the process
// module's people picker, role and user selectors) match the search text
// anywhere in the user name or real name, and the mobile filter anywhere in
// the mobile number, case-insensitively and in any language, index-backed
// at 100,000 users with the suffix index of internal/textsearch.
//
// sys_user_suffixes holds, per user, every suffix of the lower-cased user
// name and real name (field "n") and of the mobile number (field "m"). Its
// primary key (merchant_id, field, suffix, user_id) serves a merchant's
// search; idx_sys_user_suffixes_any (field, suffix) the platform's, which
// spans merchants. indexUsers rewrites a user's rows in the same transaction
// as every write of the user: create (form, import, sign-up, seed), update,
// own profile, delete.

const (
	userFieldName   = "n"
	userFieldMobile = "m"
)

// UserSuffix is one suffix of a user's name or mobile number.
type UserSuffix struct {
	MerchantID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Field      string `gorm:"primaryKey;size:1;index:idx_sys_user_suffixes_any,priority:1"`
	Suffix     string `gorm:"primaryKey;size:96;index:idx_sys_user_suffixes_any,priority:2"`
	UserID     uint64 `gorm:"primaryKey;autoIncrement:false;index:idx_sys_user_suffixes_user"`
}

func (UserSuffix) TableName() string { return "sys_user_suffixes" }

// indexUsers (re)writes the search rows of the users ids from their saved
// rows, inside the caller's transaction; a deleted user's rows just go.
func indexUsers(tx *gorm.DB, ids ...uint64) error {
	if len(ids) == 0 {
		return nil
	}
	sys := tx.WithContext(tenancy.SystemContext(tx.Statement.Context))
	var users []User
	if err := sys.Select("id", "merchant_id", "username", "real_name", "mobile").Where("id IN ?", ids).Find(&users).Error; err != nil {
		return err
	}
	return writeUserSuffixes(sys, ids, users)
}

func writeUserSuffixes(sys *gorm.DB, ids []uint64, users []User) error {
	var rows []UserSuffix
	for _, u := range users {
		for _, s := range textsearch.Suffixes(u.Username, u.RealName) {
			rows = append(rows, UserSuffix{MerchantID: u.MerchantID, Field: userFieldName, Suffix: s, UserID: u.ID})
		}
		if u.Mobile != nil {
			for _, s := range textsearch.Suffixes(*u.Mobile) {
				rows = append(rows, UserSuffix{MerchantID: u.MerchantID, Field: userFieldMobile, Suffix: s, UserID: u.ID})
			}
		}
	}
	return textsearch.Rewrite(sys, "user_id", ids, rows)
}

// IndexUsers indexes users written straight into the table (benchmarks and
// tools that bypass the service), inside the caller's transaction.
func IndexUsers(tx *gorm.DB, users []User) error {
	ids := make([]uint64, len(users))
	for i, u := range users {
		ids[i] = u.ID
	}
	return writeUserSuffixes(tx.WithContext(tenancy.SystemContext(tx.Statement.Context)), ids, users)
}

// userSearch narrows a user query to the users whose field contains text.
func userSearch(db *gorm.DB, field, text string) *gorm.DB {
	key, cut := textsearch.Key(text)
	if key == "" {
		return db
	}
	db = db.Where("sys_users.id IN (?)", textsearch.Owners(db, &UserSuffix{}, "user_id", key, "field = ?", field))
	if cut {
		like := textsearch.Contains(strings.TrimSpace(text))
		if field == userFieldMobile {
			db = db.Where("mobile LIKE ? ESCAPE '!'", like)
		} else {
			db = db.Where("(username LIKE ? ESCAPE '!' OR real_name LIKE ? ESCAPE '!')", like, like)
		}
	}
	return db
}

// backfillUserSuffixes indexes every existing user (the migration that
// creates the table), a thousand at a time.
func backfillUserSuffixes(tx *gorm.DB) error {
	tx = tx.WithContext(tenancy.SystemContext(tx.Statement.Context))
	var batch []User
	return tx.Model(&User{}).Select("id", "merchant_id", "username", "real_name", "mobile").
		FindInBatches(&batch, 1000, func(b *gorm.DB, _ int) error {
			return IndexUsers(tx, batch)
		}).Error
}
