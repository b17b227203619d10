package cuisine

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// DishQuery filters the dish list.
type DishQuery struct {
	api.PageQuery
	Name       string `form:"name" json:"name"`     // anywhere in the name or the number
	Number     string `form:"number" json:"number"` // anywhere in the number
	CategoryID uint64 `form:"categoryId" json:"categoryId"`
	SoldOut    *bool  `form:"soldOut" json:"soldOut"`
	Status     string `form:"status" json:"status"` // on_sale or removed
	Specialty  *bool  `form:"specialty" json:"specialty"`
}

// narrowMatches is the most matches a prefix search sorts by itself.
const narrowMatches = 5000

var dishSorts = map[string]string{
	"id": "id", "sort": "sort", "name": "name", "number": "number", "price": "price",
	"createdAt": "created_at", "updatedAt": "updated_at",
}

// Dishes answers one page of the caller's dishes.
func (c *Catalogue) Dishes(ctx context.Context, q DishQuery) (api.Page[DishView], error) {
	q.Normalize()
	return c.dishes(ctx, q, api.MaxPageSize)
}

// dishes answers a page of up to limit rows (exports go past the page cap).
// The default order, sort then id within the merchant (and category),
// reads straight off the (merchant_id, category_id, sort, id) and
// (merchant_id, sort, id) indexes.
func (c *Catalogue) dishes(ctx context.Context, q DishQuery, limit int) (api.Page[DishView], error) {
	q.PageSize = min(q.PageSize, limit)
	now := c.now().UTC()
	filter := func() *gorm.DB {
		db := c.db.WithContext(ctx).Model(&Dish{})
		if v := strings.TrimSpace(q.Name); v != "" {
			// anywhere in the name or the dish number ("tofu" finds "Mapo tofu"), off
			// the suffix index (dish_search.go)
			db = nameSearch(db, v)
		}
		if v := strings.TrimSpace(q.Number); v != "" {
			db = nameSearch(db, v).Where("number LIKE ? ESCAPE '!'", likeContains(v))
		}
		if q.CategoryID != 0 {
			db = db.Where("category_id = ?", q.CategoryID)
		}
		if q.SoldOut != nil {
			// A due restore counts as done even before the restore job has run.
			if *q.SoldOut {
				db = db.Where("sold_out = ? AND (restore_at IS NULL OR restore_at > ?)", true, now)
			} else {
				db = db.Where("(sold_out = ? OR restore_at <= ?)", false, now)
			}
		}
		if q.Status != "" {
			db = db.Where("status = ?", q.Status)
		}
		if q.Specialty != nil {
			db = db.Where("specialty = ?", *q.Specialty)
		}
		return db
	}
	scope, _ := tenancy.From(ctx)
	key := fmt.Sprintf("dish|%v|%s|%s|%d|%v|%s|%v", scope, q.Name, q.Number, q.CategoryID, ptrVal(q.SoldOut), q.Status, ptrVal(q.Specialty))
	total, err := c.counts.Get(ctx, key, func(cctx context.Context) (int64, error) {
		var n int64
		return n, filter().WithContext(cctx).Count(&n).Error
	})
	if err != nil {
		return api.Page[DishView]{}, err
	}
	var rows []Dish
	if total > 0 {
		order := q.OrderBy(dishSorts, "sort ASC") + ", id ASC"
		narrow := (q.Name != "" || q.Number != "") && q.CategoryID == 0 && total <= narrowMatches && strings.HasPrefix(order, "sort ")
		if narrow {
			// A few matches of a name or number prefix: read them through their own index
			// and sort them, rather than walk the whole menu in order looking for them.
			order = "sort + 0" + strings.TrimPrefix(order, "sort")
		}
		if !narrow && q.Offset() == 0 {
			if err := filter().Order(order).Limit(q.PageSize).Find(&rows).Error; err != nil {
				return api.Page[DishView]{}, err
			}
		} else {
			// Find the page's ids first (from the index where it covers the filter and
			// order), then read just those rows.
			var ids []uint64
			if err := filter().Order(order).Limit(q.PageSize).Offset(q.Offset()).Pluck("id", &ids).Error; err != nil {
				return api.Page[DishView]{}, err
			}
			if len(ids) > 0 {
				if err := c.db.WithContext(ctx).Where("id IN ?", ids).Find(&rows).Error; err != nil {
					return api.Page[DishView]{}, err
				}
				at := make(map[uint64]int, len(ids))
				for i, id := range ids {
					at[id] = i
				}
				slices.SortFunc(rows, func(a, b Dish) int { return at[a.ID] - at[b.ID] })
			}
		}
	}
	views, err := c.dishViews(ctx, rows)
	return api.NewPage(q.PageQuery, views, total), err
}
