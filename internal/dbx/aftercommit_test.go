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
