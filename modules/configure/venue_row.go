package configure

import (
	"context"

	"gorm.io/gorm"
)

// venueRow is a pointer to a configuration row that belongs to one venue
// (a table, a button, a printer).
type venueRow[T any] interface {
	*T
	venueID() uint64
}

func (r *Table) venueID() uint64   { return r.VenueID }
func (r *Button) venueID() uint64  { return r.VenueID }
func (r *Printer) venueID() uint64 { return r.VenueID }

// loadVenueRow reads one row by id, then checks that the caller may read
// (write: change) its venue; the context it answers is scoped to that venue.
func loadVenueRow[T any, P venueRow[T]](m *Module, ctx context.Context, tx *gorm.DB, id uint64, write bool) (context.Context, P, error) {
	var row T
	if err := tx.WithContext(ctx).Take(&row, id).Error; err != nil {
		return nil, nil, err
	}
	vctx, _, err := m.venue(ctx, P(&row).venueID(), write)
	if err != nil {
		return nil, nil, err
	}
	return vctx, &row, nil
}

// changeVenueRow is the shape of every change to one row: in one
// transaction it loads the row, checks that the caller may change its venue
// and runs change with a statement scoped to that venue (vctx is the same
// scope, for reads through other services); after the commit, changed
// announces the venue's change.
func changeVenueRow[T any, P venueRow[T]](m *Module, ctx context.Context, id uint64, changed func(context.Context, uint64),
	change func(tx *gorm.DB, vctx context.Context, row P) error) error {
	var venueID uint64
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		vctx, row, err := loadVenueRow[T, P](m, ctx, tx, id, true)
		if err != nil {
			return err
		}
		venueID = row.venueID()
		return change(tx.WithContext(vctx), vctx, row)
	})
	if err != nil {
		return err
	}
	changed(ctx, venueID)
	return nil
}
