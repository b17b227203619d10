// Package sqlite stands in for github.com/glebarez/sqlite, which the casbin
// GORM adapter imports for its own DSN-based constructor (unused here). The
// original registers the database/sql driver name "sqlite", as does
// modernc.org/sqlite that the embedded Temporal server links, and a binary
// holding both panics at start. This stand-in opens the same driver name
// through gorm.io/driver/sqlite over modernc.org/sqlite instead, so the
// official adapter links beside the server.
package sqlite

import (
	gormsqlite "gorm.io/driver/sqlite"
	"gorm.io/gorm"
)

// DriverName is the database/sql driver name, as in the original.
const DriverName = "sqlite"

// Open returns a dialector for dsn on the "sqlite" driver.
func Open(dsn string) gorm.Dialector {
	return gormsqlite.Dialector{DriverName: DriverName, DSN: dsn}
}
