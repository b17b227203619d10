package tenancy_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/dbx/dbxtest"
	"github.com/venueplatform/venue/internal/tenancy"
)

type dish struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64
	VenueID    uint64
	Name       string
}

type template struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64
	Name       string
}

func (template) TenantSharedRows() {}

type plain struct {
	ID   uint64 `gorm:"primaryKey"`
	Name string
}

func open(t *testing.T) *gorm.DB {
	db, err := dbx.Open(dbx.Options{DSN: dbxtest.DSN(t), DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dbx.Close(db) })
	if err := db.Use(tenancy.Plugin{}); err != nil {
		t.Fatal(err)
	}
	if err := dbx.CreateTables(db.WithContext(tenancy.SystemContext(context.Background())), &dish{}, &template{}, &plain{}); err != nil {
		t.Fatal(err)
	}
	return db
}

func TestScopeFiltersReadsAndWrites(t *testing.T) {
	t.Parallel()
	db := open(t)
	sys := tenancy.SystemContext(context.Background())
	m1 := tenancy.With(context.Background(), tenancy.Scope{Kind: tenancy.Merchant, MerchantID: 1})
	v11 := tenancy.With(context.Background(), tenancy.Scope{Kind: tenancy.Venue, MerchantID: 1, VenueID: 11})
	rows := []dish{{MerchantID: 1, VenueID: 11, Name: "a"}, {MerchantID: 1, VenueID: 12, Name: "b"}, {MerchantID: 2, VenueID: 21, Name: "c"}}
	if err := db.WithContext(sys).Create(&rows).Error; err != nil {
		t.Fatal(err)
	}
	count := func(ctx context.Context) int64 {
		var n int64
		if err := db.WithContext(ctx).Model(&dish{}).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		return n
	}
	if count(sys) != 3 || count(m1) != 2 || count(v11) != 1 {
		t.Fatalf("counts sys=%d m1=%d v11=%d", count(sys), count(m1), count(v11))
	}
	// Another merchant's row by id: not found, not updated, not deleted.
	var d dish
	if err := db.WithContext(m1).First(&d, rows[2].ID).Error; !errors.Is(err, gorm.ErrRecordNotFound) {
		t.Fatalf("read across tenants: %v", err)
	}
	if res := db.WithContext(m1).Model(&dish{ID: rows[2].ID}).Update("name", "x"); res.Error != nil || res.RowsAffected != 0 {
		t.Fatalf("update across tenants: %v %d", res.Error, res.RowsAffected)
	}
	if res := db.WithContext(m1).Delete(&dish{ID: rows[2].ID}); res.Error != nil || res.RowsAffected != 0 {
		t.Fatalf("delete across tenants: %v %d", res.Error, res.RowsAffected)
	}
	// Creation is stamped with the scope, and naming another tenant is refused.
	mine := dish{Name: "new"}
	if err := db.WithContext(v11).Create(&mine).Error; err != nil || mine.MerchantID != 1 || mine.VenueID != 11 {
		t.Fatalf("stamped create: %+v %v", mine, err)
	}
	if err := db.WithContext(m1).Create(&dish{MerchantID: 2, Name: "sneaky"}).Error; !errors.Is(err, tenancy.ErrOutOfScope) {
		t.Fatalf("create for another tenant: %v", err)
	}
	// Without a scope, a scoped table is refused; an unscoped one is not.
	if err := db.WithContext(context.Background()).Find(&[]dish{}).Error; !errors.Is(err, tenancy.ErrNoScope) {
		t.Fatalf("no scope: %v", err)
	}
	if err := db.WithContext(context.Background()).Find(&[]plain{}).Error; err != nil {
		t.Fatalf("unscoped table: %v", err)
	}
}

func TestSharedRowsAreReadableNotWritable(t *testing.T) {
	t.Parallel()
	db := open(t)
	sys := tenancy.SystemContext(context.Background())
	m1 := tenancy.With(context.Background(), tenancy.Scope{Kind: tenancy.Merchant, MerchantID: 1})
	shared := template{MerchantID: 0, Name: "platform"}
	if err := db.WithContext(sys).Create(&[]template{shared, {MerchantID: 1, Name: "own"}, {MerchantID: 2, Name: "other"}}).Error; err != nil {
		t.Fatal(err)
	}
	var seen []template
	if err := db.WithContext(m1).Order("id").Find(&seen).Error; err != nil || len(seen) != 2 || seen[0].Name != "platform" || seen[1].Name != "own" {
		t.Fatalf("shared read: %+v %v", seen, err)
	}
	if res := db.WithContext(m1).Model(&template{}).Where("name = ?", "platform").Update("name", "mine now"); res.RowsAffected != 0 {
		t.Fatalf("shared row changed by a merchant")
	}
}
