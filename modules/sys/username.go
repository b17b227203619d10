package sys

import (
	"log/slog"
	"strconv"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/dbx"
)

// User names are unique and matched regardless of letter case on every
// database: "Admin" is "admin". MySQL's case-insensitive collation does it
// for the plain column; SQLite compares bytes, so there the name is matched
// through lower() and a unique index on lower(username) backs it.

// whereUsername narrows q to the user whose name is name, whatever its case.
func whereUsername(q *gorm.DB, name string) *gorm.DB {
	if dbx.DialectOf(q) == dbx.MySQL {
		return q.Where("username = ?", name)
	}
	return q.Where("lower(username) = lower(?)", name)
}

// usernameCaseMigration adds SQLite's case-insensitive unique index. Names
// that already differ only by case keep the oldest as it is; each later one
// gets "_<id>" appended (logged), the only way the index can be built.
func usernameCaseMigration(log *slog.Logger) dbx.Migration {
	return dbx.Migration{ID: "sys/0005_username_case_insensitive", Up: func(tx *gorm.DB) error {
		if dbx.DialectOf(tx) == dbx.MySQL {
			return nil // the column's collation is case-insensitive: its unique index already is
		}
		var dups []User
		err := tx.Raw(`SELECT u.id, u.username FROM sys_users u WHERE EXISTS (
			SELECT 1 FROM sys_users o WHERE lower(o.username) = lower(u.username) AND o.id < u.id) ORDER BY u.id`).Scan(&dups).Error
		if err != nil {
			return err
		}
		for _, u := range dups {
			renamed := u.Username + "_" + strconv.FormatUint(u.ID, 10)
			if log != nil {
				log.Warn("user name differs from an older one only by case; renamed", "id", u.ID, "from", u.Username, "to", renamed)
			}
			if err := tx.Exec("UPDATE sys_users SET username = ? WHERE id = ?", renamed, u.ID).Error; err != nil {
				return err
			}
		}
		return tx.Exec("CREATE UNIQUE INDEX IF NOT EXISTS uk_sys_users_username_ci ON sys_users (lower(username))").Error
	}}
}
