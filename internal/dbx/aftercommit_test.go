package dbx_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/dbx"
)

type hookRow struct {
	ID   uint64 `gorm:"primaryKey"`
	Name string
}

// A hook runs after the commit (the row is visible to another connection
// by then), not at all after a rollback, and a nested transaction's hook
// waits for the outer commit.
func TestAfterCommit(t *testing.T) {
	t.Parallel()
	db, err := dbx.Open(dbx.Options{DSN: "sqlite://" + filepath.Join(t.TempDir(), "t.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer dbx.Close(db)
	if err := db.AutoMigrate(&hookRow{}); err != nil {
		t.Fatal(err)
	}
	db = db.WithContext(context.Background())
	visible := func(name string) bool {
		var n int64
		if err := db.Model(&hookRow{}).Where("name = ?", name).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	var ran []string
	err = dbx.Transaction(db, func(tx *gorm.DB) error {
		if err := tx.Create(&hookRow{Name: "a"}).Error; err != nil {
			return err
		}
		if !dbx.AfterCommit(tx, func() {
			ran = append(ran, "a")
			if !visible("a") {
				t.Error("the hook ran before the row was visible to another connection")
			}
		}) {
			t.Error("AfterCommit inside dbx.Transaction answered false")
		}
		return dbx.Transaction(tx, func(tx *gorm.DB) error {
			if !dbx.AfterCommit(tx, func() { ran = append(ran, "nested") }) {
				t.Error("AfterCommit in a nested transaction answered false")
			}
			if len(ran) != 0 {
				t.Error("a hook ran before the commit")
			}
			return nil
		})
	})
	if err != nil || len(ran) != 2 || ran[0] != "a" || ran[1] != "nested" {
		t.Fatalf("after commit: err %v, ran %v", err, ran)
	}
	if !visible("a") {
		t.Fatal("row a not committed")
	}

	ran = nil
	boom := errors.New("boom")
	err = dbx.Transaction(db, func(tx *gorm.DB) error {
		dbx.AfterCommit(tx, func() { ran = append(ran, "b") })
		return boom
	})
	if !errors.Is(err, boom) || len(ran) != 0 {
		t.Fatalf("after rollback: err %v, ran %v", err, ran)
	}

	err = db.Transaction(func(tx *gorm.DB) error {
		if dbx.AfterCommit(tx, func() { ran = append(ran, "c") }) {
			t.Error("AfterCommit in a transaction begun without dbx.Transaction answered true")
		}
		return nil
	})
	if err != nil || len(ran) != 0 {
		t.Fatalf("plain transaction: err %v, ran %v", err, ran)
	}
}

// A TxLocal value is made once per transaction and key (a nested
// transaction shares it), its close runs once the transaction has ended,
// committed, rolled back or panicking, before the AfterCommit hooks; outside
// a dbx.Transaction it is not made.
func TestTxLocal(t *testing.T) {
	t.Parallel()
	db, err := dbx.Open(dbx.Options{DSN: "sqlite://" + filepath.Join(t.TempDir(), "t.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer dbx.Close(db)
	db = db.WithContext(context.Background())
	var log []string
	made := 0
	open := func() (any, func()) {
		made++
		n := made
		return n, func() { log = append(log, "close") }
	}
	local := func(tx *gorm.DB, key string) any {
		v, ok := dbx.TxLocal(tx, key, open)
		if !ok {
			t.Fatal("TxLocal inside dbx.Transaction answered false")
		}
		return v
	}
	err = dbx.Transaction(db, func(tx *gorm.DB) error {
		a := local(tx, "a")
		dbx.AfterCommit(tx, func() { log = append(log, "hook") })
		return dbx.Transaction(tx, func(tx *gorm.DB) error {
			if again := local(tx, "a"); again != a {
				t.Errorf("the nested transaction got %v, want %v", again, a)
			}
			if b := local(tx, "b"); b == a {
				t.Error("another key got the same value")
			}
			if len(log) != 0 {
				t.Errorf("closed before the end: %v", log)
			}
			return nil
		})
	})
	if err != nil || made != 2 || len(log) != 3 || log[0] != "close" || log[1] != "close" || log[2] != "hook" {
		t.Fatalf("committed: err %v, made %d, log %v", err, made, log)
	}

	log = nil
	boom := errors.New("boom")
	err = dbx.Transaction(db, func(tx *gorm.DB) error {
		local(tx, "a")
		return boom
	})
	if !errors.Is(err, boom) || len(log) != 1 || log[0] != "close" {
		t.Fatalf("rolled back: err %v, log %v", err, log)
	}

	log = nil
	func() {
		defer func() { _ = recover() }()
		_ = dbx.Transaction(db, func(tx *gorm.DB) error {
			local(tx, "a")
			panic("boom")
		})
	}()
	if len(log) != 1 {
		t.Fatalf("panicked: log %v", log)
	}

	made = 0
	_ = db.Transaction(func(tx *gorm.DB) error {
		if _, ok := dbx.TxLocal(tx, "a", open); ok || made != 0 {
			t.Errorf("a transaction begun without dbx.Transaction: ok %v, made %d", ok, made)
		}
		return nil
	})
}
