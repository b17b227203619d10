package cuisine

import (
	"context"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/textsearch"
)

// maxSort bounds sort values typed into forms.
const maxSort = 999_999

// CategoryInput is the category form.
type CategoryInput struct {
	Name   string `json:"name" api:"required" doc:"unique within the merchant, at most 64 characters" example:"Noodles"`
	Sort   *int   `json:"sort" doc:"menu order, ascending" example:"1"`
	Status *int8  `json:"status" enum:"0,1" doc:"create only: 1 (default) enabled, 0 disabled"`
}

// CategoryView is a category as lists and forms see it.
type CategoryView struct {
	ID         uint64    `json:"id"`
	MerchantID uint64    `json:"merchantId"`
	Name       string    `json:"name"`
	Sort       int       `json:"sort"`
	Status     int8      `json:"status" enum:"0,1" doc:"1 enabled, 0 disabled"`
	DishCount  int64     `json:"dishCount"`
	CreatedAt  time.Time `json:"createdAt"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// CategoryQuery filters the category list.
type CategoryQuery struct {
	api.PageQuery
	Name   string `form:"name" json:"name"`
	Status *int8  `form:"status" json:"status" enum:"0,1"`
}

func validateCategory(in *CategoryInput) error {
	in.Name = strings.TrimSpace(in.Name)
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 64)
	}
	checkSort(&c, "sort", in.Sort)
	if in.Status != nil && *in.Status != StatusEnabled && *in.Status != StatusDisabled {
		c.Add("status", "validation.bad_value", nil)
	}
	return c.Err()
}

// checkSort requires a sort value within the form's range.
func checkSort(c *api.Check, field string, v *int) {
	switch {
	case v == nil:
		c.Add(field, "validation.required", nil)
	case *v < 0 || *v > maxSort:
		c.Add(field, "cuisine.sort_range", map[string]any{"Max": maxSort})
	}
}

var categorySorts = map[string]string{"id": "id", "name": "name", "sort": "sort", "createdAt": "created_at", "status": "status"}

// Categories answers a page of the caller's categories with their dish counts.
func (c *Catalogue) Categories(ctx context.Context, q CategoryQuery) (api.Page[CategoryView], error) {
	q.Normalize()
	order := q.OrderBy(categorySorts, "sort ASC") + ", id ASC"
	return namedPage(c, ctx, "cat", q.PageQuery, q.Name, q.Status, order, c.categoryViews)
}

// AllCategories lists every category of the caller, in menu order (selects, filters).
func (c *Catalogue) AllCategories(ctx context.Context) ([]CategoryView, error) {
	var rows []Category
	if err := c.db.WithContext(ctx).Order("sort ASC, id ASC").Limit(api.MaxPageSize * 4).Find(&rows).Error; err != nil {
		return nil, err
	}
	return c.categoryViews(ctx, rows)
}

// categoryViews adds the dish counts of a page in one grouped query.
func (c *Catalogue) categoryViews(ctx context.Context, rows []Category) ([]CategoryView, error) {
	out := make([]CategoryView, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	byID, err := countsBy(c.db.WithContext(ctx), &Dish{}, "category_id", ids)
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		out[i] = CategoryView{ID: r.ID, MerchantID: r.MerchantID, Name: r.Name, Sort: r.Sort, Status: r.Status,
			DishCount: byID[r.ID], CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	}
	return out, nil
}

// Category answers one category of the caller.
func (c *Catalogue) Category(ctx context.Context, id uint64) (*CategoryView, error) {
	var row Category
	if err := c.db.WithContext(ctx).Take(&row, id).Error; err != nil {
		return nil, err
	}
	views, err := c.categoryViews(ctx, []Category{row})
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// CreateCategory adds a category with a name unique within the merchant.
func (c *Catalogue) CreateCategory(ctx context.Context, in CategoryInput) (*CategoryView, error) {
	var row Category
	err := c.change(ctx, func(tx *gorm.DB) error {
		if err := validateCategory(&in); err != nil {
			return err
		}
		row = Category{Name: in.Name, Sort: *in.Sort, Status: StatusEnabled}
		if in.Status != nil {
			row.Status = *in.Status
		}
		if err := uniqueCategory(tx, 0, in.Name); err != nil {
			return err
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return nil, takenAs("name", err)
	}
	return c.Category(ctx, row.ID)
}

// UpdateCategory renames or re-sorts a category.
func (c *Catalogue) UpdateCategory(ctx context.Context, id uint64, in CategoryInput) (*CategoryView, error) {
	err := c.change(ctx, func(tx *gorm.DB) error {
		if err := validateCategory(&in); err != nil {
			return err
		}
		var row Category
		if err := tx.Take(&row, id).Error; err != nil {
			return err
		}
		if err := uniqueCategory(tx, id, in.Name); err != nil {
			return err
		}
		row.Name, row.Sort = in.Name, *in.Sort
		return tx.Select("name", "sort", "updated_at").Save(&row).Error
	})
	if err != nil {
		return nil, takenAs("name", err)
	}
	return c.Category(ctx, id)
}

func uniqueCategory(tx *gorm.DB, self uint64, name string) error {
	var n int64
	if err := tx.Model(&Category{}).Where("name = ? AND id <> ?", name, self).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return api.Invalid("name", "validation.taken", nil)
	}
	return nil
}

// takenAs turns a unique-key violation (a concurrent save) into the field's message.
func takenAs(field string, err error) error {
	if dbx.IsDuplicate(err) {
		return api.Invalid(field, "validation.taken", nil)
	}
	return err
}

// SetCategoryStatus enables or disables a category; a disabled category and
// its dishes leave the public menu.
func (c *Catalogue) SetCategoryStatus(ctx context.Context, id uint64, status int8) error {
	return c.change(ctx, func(tx *gorm.DB) error {
		var row Category
		if err := tx.Take(&row, id).Error; err != nil {
			return err
		}
		return tx.Model(&row).Update("status", status).Error
	})
}

// DeleteCategory removes a category. One that still holds dishes is kept
// unless moveTo names another category of the merchant; the dishes then
// move there in the same transaction.
func (c *Catalogue) DeleteCategory(ctx context.Context, id, moveTo uint64) error {
	return c.change(ctx, func(tx *gorm.DB) error {
		var row Category
		if err := tx.Take(&row, id).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Dish{}).Where("category_id = ?", id).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			if moveTo == 0 {
				return api.Conflict("cuisine.category_has_dishes", map[string]any{"Name": row.Name, "Count": n})
			}
			if moveTo == id {
				return api.Invalid("moveTo", "validation.bad_value", nil)
			}
			var target Category
			if err := tx.Take(&target, moveTo).Error; err != nil {
				if dbx.IsNotFound(err) {
					return api.Invalid("moveTo", "error.not_found", nil)
				}
				return err
			}
			if err := tx.Model(&Dish{}).Where("category_id = ?", id).Update("category_id", moveTo).Error; err != nil {
				return err
			}
		}
		return tx.Delete(&row).Error
	})
}

// ReorderCategories saves a drag-and-drop order: ids in their new order.
func (c *Catalogue) ReorderCategories(ctx context.Context, ids []uint64) error {
	return c.change(ctx, func(tx *gorm.DB) error {
		return reorder(tx, &Category{}, ids)
	})
}

// reorder gives rows (all of the caller's scope, else nothing changes) the
// sort values they held between them, in the order of ids, made strictly
// increasing; rows outside the list keep their place around them.
func reorder(tx *gorm.DB, model any, ids []uint64) error {
	if err := checkIDs(ids); err != nil {
		return err
	}
	var rows []struct {
		ID   uint64
		Sort int
	}
	if err := tx.Model(model).Select("id", "sort").Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return err
	}
	if len(rows) != len(ids) {
		return api.NotFound()
	}
	current := make(map[uint64]int, len(rows))
	sorts := make([]int, 0, len(rows))
	for _, r := range rows {
		current[r.ID] = r.Sort
		sorts = append(sorts, r.Sort)
	}
	sort.Ints(sorts)
	for i := 1; i < len(sorts); i++ {
		sorts[i] = max(sorts[i], sorts[i-1]+1)
	}
	for i, id := range ids {
		if current[id] == sorts[i] {
			continue
		}
		if err := tx.Model(model).Where("id = ?", id).Update("sort", sorts[i]).Error; err != nil {
			return err
		}
	}
	return nil
}

// maxBatch bounds the ids of one bulk request.
const maxBatch = api.MaxPageSize

// checkIDs refuses an empty, oversized or repeating id list.
func checkIDs(ids []uint64) error {
	if len(ids) == 0 {
		return api.Invalid("ids", "cuisine.select_at_least_one", nil)
	}
	if len(ids) > maxBatch {
		return api.Invalid("ids", "cuisine.too_many_ids", map[string]any{"Max": maxBatch})
	}
	seen := make(map[uint64]bool, len(ids))
	for _, id := range ids {
		if id == 0 || seen[id] {
			return api.Invalid("ids", "validation.bad_value", nil)
		}
		seen[id] = true
	}
	return nil
}

// likeContains escapes LIKE wildcards (with '!', read alike by MySQL and
// SQLite) and matches the text anywhere (case-insensitively on MySQL's _ci
// collations and for ASCII on SQLite).
func likeContains(s string) string { return textsearch.Contains(s) }

func ptrVal[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// nameCache keeps category names for dish rows; any catalogue change, on
// any node, empties it.
type nameCache struct {
	db    *gorm.DB
	mu    sync.RWMutex
	names map[uint64]string
	gen   uint64 // counts clears: a read one overtook is answered, not kept
}

func newNameCache(db *gorm.DB) *nameCache { return &nameCache{db: db, names: map[uint64]string{}} }

func (n *nameCache) clear() {
	n.mu.Lock()
	n.gen++
	n.names = map[uint64]string{}
	n.mu.Unlock()
}

// get answers the names of categories the caller's dishes name, reading the
// missing ones in the caller's scope.
func (n *nameCache) get(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	out := make(map[uint64]string, len(ids))
	var missing []uint64
	n.mu.RLock()
	gen := n.gen
	for _, id := range ids {
		if name, ok := n.names[id]; ok {
			out[id] = name
		} else if !slices.Contains(missing, id) {
			missing = append(missing, id)
		}
	}
	n.mu.RUnlock()
	if len(missing) == 0 {
		return out, nil
	}
	var cats []Category
	if err := n.db.WithContext(ctx).Select("id", "name").Where("id IN ?", missing).Find(&cats).Error; err != nil {
		return nil, err
	}
	n.mu.Lock()
	if len(n.names) > 100_000 {
		n.names = map[uint64]string{}
	}
	for _, cat := range cats {
		if n.gen == gen {
			n.names[cat.ID] = cat.Name
		}
		out[cat.ID] = cat.Name
	}
	n.mu.Unlock()
	return out, nil
}
