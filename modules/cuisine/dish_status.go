package cuisine

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// maxRestoreAhead bounds a scheduled restore.
const maxRestoreAhead = 366 * 24 * time.Hour

// SoldOutInput marks dishes sold out, optionally until a time.
type SoldOutInput struct {
	IDs []uint64 `json:"ids"`
	// RestoreAt is when the dishes come back by themselves: RFC 3339
	// ("2026-05-01T17:00:00+08:00") or "2026-05-01 17:00:00" in the
	// merchant's time zone; empty = until restored by hand.
	RestoreAt string `json:"restoreAt"`
}

// OptionsSoldOutInput marks specification values sold out or back.
type OptionsSoldOutInput struct {
	IDs     []uint64 `json:"ids"` // option ids
	SoldOut bool     `json:"soldOut"`
}

// SetShelf puts dishes on sale or removes them from the menu, all or none.
func (c *Catalogue) SetShelf(ctx context.Context, ids []uint64, status string) error {
	return c.bulk(ctx, &Dish{}, ids, map[string]any{"status": status})
}

// MarkSoldOut marks dishes sold out, all or none; restoreAt schedules their return.
func (c *Catalogue) MarkSoldOut(ctx context.Context, in SoldOutInput) error {
	merchantID, err := merchantOf(ctx)
	if err != nil {
		return err
	}
	var restoreAt *time.Time
	if v := strings.TrimSpace(in.RestoreAt); v != "" {
		f, err := c.orgs.get(ctx, merchantID)
		if err != nil {
			return err
		}
		t, ok := parseInstant(v, f.Loc)
		switch {
		case !ok:
			return api.Invalid("restoreAt", "validation.bad_value", nil)
		case !t.After(c.now()):
			return api.Invalid("restoreAt", "cuisine.restore_in_past", nil)
		case t.After(c.now().Add(maxRestoreAhead)):
			return api.Invalid("restoreAt", "validation.bad_value", nil)
		}
		t = t.UTC().Truncate(time.Second)
		restoreAt = &t
	}
	return c.bulk(ctx, &Dish{}, in.IDs, map[string]any{"sold_out": true, "restore_at": restoreAt})
}

// MarkInStock ends the sold-out state of dishes, all or none.
func (c *Catalogue) MarkInStock(ctx context.Context, ids []uint64) error {
	return c.bulk(ctx, &Dish{}, ids, map[string]any{"sold_out": false, "restore_at": nil})
}

// SetOptionsSoldOut marks specification values sold out or back, all or none.
func (c *Catalogue) SetOptionsSoldOut(ctx context.Context, in OptionsSoldOutInput) error {
	return c.bulk(ctx, &SpecOption{}, in.IDs, map[string]any{"sold_out": in.SoldOut})
}

// bulk updates rows of the caller in one transaction; an id that is unknown
// or another merchant's changes nothing at all.
func (c *Catalogue) bulk(ctx context.Context, model any, ids []uint64, values map[string]any) error {
	merchantID, err := merchantOf(ctx)
	if err != nil {
		return err
	}
	if err := checkIDs(ids); err != nil {
		return err
	}
	err = c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(model).Where("id IN ?", ids).Count(&n).Error; err != nil {
			return err
		}
		if n != int64(len(ids)) {
			return api.NotFound()
		}
		return tx.Model(model).Where("id IN ?", ids).Updates(values).Error
	})
	if err != nil {
		return err
	}
	c.changed(ctx, merchantID)
	return nil
}

// RestoreDue ends every sold-out state whose restore time has come, for
// all merchants, in one UPDATE over the restore_at index. Menus need not be
// dropped: they already read a due restore as done and expire at it.
func (c *Catalogue) RestoreDue(ctx context.Context, now time.Time) (int64, error) {
	res := c.db.WithContext(tenancy.SystemContext(ctx)).Model(&Dish{}).
		Where("restore_at <= ?", now.UTC()).
		Updates(map[string]any{"sold_out": false, "restore_at": nil})
	if res.Error != nil {
		return 0, res.Error
	}
	if res.RowsAffected > 0 {
		// Merchant 0 has no menus: the announcement only drops list totals on every node.
		c.changed(ctx, 0)
	}
	return res.RowsAffected, nil
}

// parseInstant reads RFC 3339, or a wall-clock time in loc.
func parseInstant(s string, loc *time.Location) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, true
	}
	for _, layout := range []string{time.DateTime, "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02T15:04"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
