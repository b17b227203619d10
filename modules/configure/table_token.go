package configure

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
)

// Reasons a table code does not lead to ordering.
const (
	ReasonRotated  = "rotated"  // the code was replaced (or its table removed): ask the staff for the new one
	ReasonUnknown  = "unknown"  // no table ever had this code
	ReasonDisabled = "disabled" // the table or venue takes no orders now
)

// CodeError is TableByToken's answer for a code that does not lead to a
// table taking orders. Compare with errors.Is(err, ErrCodeRotated) etc.
type CodeError struct {
	Reason     string
	VenueID    uint64 // known for rotated and disabled codes
	MerchantID uint64
}

func (e *CodeError) Error() string { return "configure: table code " + e.Reason }

// Is matches CodeErrors by reason.
func (e *CodeError) Is(target error) bool {
	var t *CodeError
	return errors.As(target, &t) && t.Reason == e.Reason
}

// Sentinels for errors.Is.
var (
	ErrCodeRotated  = &CodeError{Reason: ReasonRotated}
	ErrCodeUnknown  = &CodeError{Reason: ReasonUnknown}
	ErrCodeDisabled = &CodeError{Reason: ReasonDisabled}
)

// TableRef is what a table code leads to: the table, its venue and merchant.
type TableRef struct {
	TableID        uint64  `json:"tableId"`
	VenueID        uint64  `json:"venueId"`
	MerchantID     uint64  `json:"merchantId"`
	Name           string  `json:"name"`
	Area           string  `json:"area"`
	Seats          int     `json:"seats"`
	OrderingMethod string  `json:"orderingMethod" enum:"qr_order,pay_bill,tablet"`
	TabletID       *uint64 `json:"tabletId"`
}

// TableByToken resolves a guest's table code whatever the caller's scope:
// the table, or a *CodeError (rotated, unknown, disabled). A disabled
// venue's codes are disabled too. A code that leads to a table is answered
// from memory (tokenCache) until a change of the venue's tables drops it on
// every node; callers that must see another node's change at once Sync the
// change feed and ask again (the order module does, before it writes).
func (t *Tables) TableByToken(ctx context.Context, token string) (*TableRef, error) {
	if !plausibleToken(token) {
		return nil, ErrCodeUnknown
	}
	row, gen, ok := t.m.tokens.get(token)
	if !ok {
		if err := t.m.sys(ctx).Where("token = ?", token).Limit(1).Find(&row).Error; err != nil {
			return nil, err
		}
		if row.ID != 0 {
			t.m.tokens.put(token, gen, row)
		}
	}
	if row.ID == 0 {
		var old RetiredToken
		if err := t.m.sys(ctx).Where("token = ?", token).Limit(1).Find(&old).Error; err != nil {
			return nil, err
		}
		if old.ID == 0 {
			return nil, ErrCodeUnknown
		}
		return nil, &CodeError{Reason: ReasonRotated, VenueID: old.VenueID, MerchantID: old.MerchantID}
	}
	if row.Status != StatusEnabled {
		return nil, &CodeError{Reason: ReasonDisabled, VenueID: row.VenueID, MerchantID: row.MerchantID}
	}
	venue, err := t.m.venues.VenueSettings(ctx, row.VenueID)
	if err != nil {
		return nil, err
	}
	if !venue.Enabled {
		return nil, &CodeError{Reason: ReasonDisabled, VenueID: row.VenueID, MerchantID: row.MerchantID}
	}
	return refOfTable(&row), nil
}

func refOfTable(r *Table) *TableRef {
	if r.TabletID != nil { // the cache's row is shared: the answer gets its own
		id := *r.TabletID
		r = &Table{ID: r.ID, VenueID: r.VenueID, MerchantID: r.MerchantID, Name: r.Name, Area: r.Area, Seats: r.Seats,
			OrderingMethod: r.OrderingMethod, TabletID: &id}
	}
	return &TableRef{TableID: r.ID, VenueID: r.VenueID, MerchantID: r.MerchantID, Name: r.Name, Area: r.Area, Seats: r.Seats,
		OrderingMethod: r.OrderingMethod, TabletID: r.TabletID}
}

// Table reads one table by id whatever the caller's scope (a module that
// stored the id, e.g. an order); nil when it no longer exists.
func (t *Tables) Table(ctx context.Context, id uint64) (*TableRef, error) {
	var row Table
	if err := t.m.sys(ctx).Where("id = ?", id).Limit(1).Find(&row).Error; err != nil || row.ID == 0 {
		return nil, err
	}
	return refOfTable(&row), nil
}

// TableOfTablet answers the table a tablet is bound to, nil when none.
func (t *Tables) TableOfTablet(ctx context.Context, tabletID uint64) (*Table, error) {
	var row Table
	if err := t.m.sys(ctx).Where("tablet_id = ?", tabletID).Limit(1).Find(&row).Error; err != nil || row.ID == 0 {
		return nil, err
	}
	return &row, nil
}

// RotateToken gives one table a new token; its printed code stops working.
func (t *Tables) RotateToken(ctx context.Context, id uint64, origin string) (*TableView, error) {
	err := changeVenueRow(t.m, ctx, id, t.m.tableChanged, func(tx *gorm.DB, _ context.Context, row *Table) error {
		return rotate(tx, []Table{*row})
	})
	if err != nil {
		return nil, err
	}
	return t.Get(ctx, id, origin)
}

// RotateVenue gives every table of a venue a new token in one transaction;
// all its printed codes stop working. It answers how many changed.
func (t *Tables) RotateVenue(ctx context.Context, venueID uint64) (int, error) {
	vctx, org, err := t.m.venue(ctx, venueID, true)
	if err != nil {
		return 0, err
	}
	var n int
	err = t.m.db.WithContext(vctx).Transaction(func(tx *gorm.DB) error {
		var rows []Table
		if err := tx.Order("id").Find(&rows).Error; err != nil {
			return err
		}
		n = len(rows)
		return rotate(tx, rows)
	})
	if err != nil {
		return 0, err
	}
	t.m.tableChanged(ctx, org.ID)
	return n, nil
}

// rotate retires the tables' tokens and gives each a new one.
func rotate(tx *gorm.DB, rows []Table) error {
	now := time.Now().UTC()
	if err := retire(tx, rows, now); err != nil {
		return err
	}
	for i := range rows {
		if err := tx.Model(&rows[i]).Updates(map[string]any{"token": newToken(), "rotated_at": now}).Error; err != nil {
			return err
		}
	}
	return nil
}

// retire keeps tokens that leave service, so their codes say so.
func retire(tx *gorm.DB, rows []Table, now time.Time) error {
	if len(rows) == 0 {
		return nil
	}
	old := make([]RetiredToken, len(rows))
	for i, r := range rows {
		old[i] = RetiredToken{MerchantID: r.MerchantID, VenueID: r.VenueID, TableID: r.ID, Token: r.Token, RetiredAt: now}
	}
	return tx.CreateInBatches(old, 200).Error
}
