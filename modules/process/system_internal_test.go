package process

import (
	"testing"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/dbx/dbxtest"
)

// The migration adds the system flag to the tables of a database made
// before it, once, on SQLite and MySQL.
func TestSystemColumnsReachAnOlderDatabase(t *testing.T) {
	t.Parallel()
	db, err := dbx.Open(dbx.Options{DSN: dbxtest.DSN(t), DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := dbx.CreateTables(db, &Model{}, &Definition{}); err != nil {
		t.Fatal(err)
	}
	for _, m := range []any{&Model{}, &Definition{}} {
		if err := db.Migrator().DropColumn(m, "System"); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if err := addSystemColumns(db); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []any{&Model{}, &Definition{}} {
		if !db.Migrator().HasColumn(m, "is_system") {
			t.Fatalf("%T has no is_system column", m)
		}
	}
}
