package cuisine

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// change is the shape of a catalogue write: the caller must act for a
// merchant, fn runs in one transaction in the caller's scope, and after the
// commit the merchant's menu is announced as changed.
func (c *Catalogue) change(ctx context.Context, fn func(tx *gorm.DB) error) error {
	merchantID, err := merchantOf(ctx)
	if err != nil {
		return err
	}
	if err := c.db.WithContext(ctx).Transaction(fn); err != nil {
		return err
	}
	c.changed(ctx, merchantID)
	return nil
}

// namedPage answers a page of the caller's rows of R filtered by a part of
// their name and a status, in the given order, turned into views. The total
// is cached per scope and filter under key.
func namedPage[R, V any](c *Catalogue, ctx context.Context, key string, q api.PageQuery, name string, status *int8, order string,
	views func(context.Context, []R) ([]V, error)) (api.Page[V], error) {
	filter := func() *gorm.DB {
		db := c.db.WithContext(ctx).Model(new(R))
		if v := strings.TrimSpace(name); v != "" {
			db = db.Where("name LIKE ? ESCAPE '!'", likeContains(v))
		}
		if status != nil {
			db = db.Where("status = ?", *status)
		}
		return db
	}
	scope, _ := tenancy.From(ctx)
	total, err := c.counts.Get(ctx, fmt.Sprintf("%s|%v|%s|%v", key, scope, name, ptrVal(status)), func(cctx context.Context) (int64, error) {
		var n int64
		return n, filter().WithContext(cctx).Count(&n).Error
	})
	if err != nil {
		return api.Page[V]{}, err
	}
	var rows []R
	if total > 0 {
		if err := filter().Order(order).Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
			return api.Page[V]{}, err
		}
	}
	out, err := views(ctx, rows)
	return api.NewPage(q, out, total), err
}

// countsBy counts the rows of model per value of column among ids (the
// children of a page of parents) in one grouped query.
func countsBy(db *gorm.DB, model any, column string, ids []uint64) (map[uint64]int64, error) {
	var counts []struct {
		ID uint64
		N  int64
	}
	if err := db.Model(model).Select(column+" AS id, COUNT(*) AS n").
		Where(column+" IN ?", ids).Group(column).Scan(&counts).Error; err != nil {
		return nil, err
	}
	out := make(map[uint64]int64, len(counts))
	for _, n := range counts {
		out[n.ID] = n.N
	}
	return out, nil
}
