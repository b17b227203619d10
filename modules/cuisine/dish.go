package cuisine

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
)

// maxImages is the most images one dish shows.
const maxImages = 9

// DishInput is the dish form. Amounts are minor units of the merchant's currency.
type DishInput struct {
	Name          string      `json:"name" api:"required" example:"Beef noodles"`
	Number        string      `json:"number" api:"required" doc:"unique within the merchant" example:"A001"`
	CategoryID    uint64      `json:"categoryId" api:"required"`
	Sort          *int        `json:"sort"`
	Price         *int64      `json:"price" api:"required" doc:"minor units of the merchant's currency" example:"2800"`
	DiscountPrice *int64      `json:"discountPrice"` // optional; lower than price
	Description   string      `json:"description"`
	Images        []string    `json:"images"` // URLs answered by /upload/oss/aliyun/image
	Specialty     bool        `json:"specialty"`
	Status        string      `json:"status" enum:"on_sale,removed" doc:"create only: on_sale (default) or removed"`
	Specs         []SpecInput `json:"specs"`
}

// DishView is a dish as the list shows it.
type DishView struct {
	ID             uint64     `json:"id"`
	MerchantID     uint64     `json:"merchantId"`
	Number         string     `json:"number"`
	Name           string     `json:"name"`
	CategoryID     uint64     `json:"categoryId"`
	CategoryName   string     `json:"categoryName"`
	Sort           int        `json:"sort"`
	Price          int64      `json:"price"`
	DiscountPrice  *int64     `json:"discountPrice"`
	Currency       string     `json:"currency"`
	CurrencyDigits int        `json:"currencyDigits"`
	Description    string     `json:"description"`
	Images         []string   `json:"images"`
	Specialty      bool       `json:"specialty"`
	SoldOut        bool       `json:"soldOut"`
	RestoreAt      *time.Time `json:"restoreAt"`
	Status         string     `json:"status" enum:"on_sale,removed"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
}

// DishDetail is a dish with its specifications.
type DishDetail struct {
	DishView
	Specs []SpecView `json:"specs"`
}

// dishPlan is a validated dish form.
type dishPlan struct {
	dish  Dish
	specs []specPlan
}

// validateDish applies the spec's rules: name, number, sort, category and
// price are required, the description must be entered; then the images and
// the specifications.
func validateDish(in *DishInput) (*dishPlan, error) {
	in.Name, in.Number, in.Description = strings.TrimSpace(in.Name), strings.TrimSpace(in.Number), strings.TrimSpace(in.Description)
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	if c.Required("number", in.Number) && c.MaxLen("number", in.Number, 32) && strings.ContainsAny(in.Number, " \t\r\n") {
		c.Add("number", "validation.bad_value", nil)
	}
	checkSort(&c, "sort", in.Sort)
	if in.CategoryID == 0 {
		c.Add("categoryId", "validation.must_select", nil)
	}
	switch {
	case in.Price == nil:
		c.Add("price", "validation.required", nil)
	case *in.Price < 0 || *in.Price > MaxPrice:
		c.Add("price", "cuisine.amount_range", nil)
	}
	if d := in.DiscountPrice; d != nil {
		switch {
		case *d < 0 || *d > MaxPrice:
			c.Add("discountPrice", "cuisine.amount_range", nil)
		case in.Price != nil && *d >= *in.Price:
			c.Add("discountPrice", "cuisine.discount_not_lower", nil)
		}
	}
	if in.Description == "" {
		c.Add("description", "validation.must_enter", nil)
	} else {
		c.MaxLen("description", in.Description, 2000)
	}
	if len(in.Images) > maxImages {
		c.Add("images", "cuisine.too_many", map[string]any{"Max": maxImages})
	}
	for _, u := range in.Images {
		if !validImageURL(u) {
			c.Add("images", "cuisine.image_not_uploaded", nil)
			break
		}
	}
	if in.Status == "" {
		in.Status = OnSale
	}
	c.OneOf("status", in.Status, OnSale, Removed)
	specs := planSpecs(&c, in.Specs, in.Price)
	if err := c.Err(); err != nil {
		return nil, err
	}
	images := StringList(in.Images)
	if images == nil {
		images = StringList{}
	}
	return &dishPlan{dish: Dish{Name: in.Name, Number: in.Number, CategoryID: in.CategoryID, Sort: *in.Sort, Price: *in.Price,
		DiscountPrice: in.DiscountPrice, Description: in.Description, Images: images, Specialty: in.Specialty, Status: in.Status}, specs: specs}, nil
}

// validImageURL accepts what the upload call answers: a path under
// /uploads/ (local storage) or an https URL (object storage, CDN); the
// rule is api.FileURL's, the same for every file field.
func validImageURL(s string) bool {
	return api.FileURL(s)
}

// CreateDish adds a dish with its specifications.
func (c *Catalogue) CreateDish(ctx context.Context, in DishInput) (*DishDetail, error) {
	merchantID, err := merchantOf(ctx)
	if err != nil {
		return nil, err
	}
	plan, err := validateDish(&in)
	if err != nil {
		return nil, err
	}
	d := plan.dish
	err = c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := dishRefs(tx, 0, d.CategoryID, d.Number); err != nil {
			return err
		}
		if err := tx.Create(&d).Error; err != nil {
			return err
		}
		if err := IndexDishNames(tx, []Dish{d}); err != nil {
			return err
		}
		return writeSpecs(tx, d.ID, plan.specs)
	})
	if err != nil {
		return nil, takenAs("number", err)
	}
	c.changed(ctx, merchantID)
	return c.Dish(ctx, d.ID)
}

// UpdateDish saves the dish form and replaces its specifications; the
// shelf and sold-out states change only through their own calls.
func (c *Catalogue) UpdateDish(ctx context.Context, id uint64, in DishInput) (*DishDetail, error) {
	merchantID, err := merchantOf(ctx)
	if err != nil {
		return nil, err
	}
	plan, err := validateDish(&in)
	if err != nil {
		return nil, err
	}
	err = c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var d Dish
		if err := tx.Take(&d, id).Error; err != nil {
			return err
		}
		if err := dishRefs(tx, id, plan.dish.CategoryID, plan.dish.Number); err != nil {
			return err
		}
		p := plan.dish
		d.Name, d.Number, d.CategoryID, d.Sort, d.Price, d.DiscountPrice = p.Name, p.Number, p.CategoryID, p.Sort, p.Price, p.DiscountPrice
		d.Description, d.Images, d.Specialty = p.Description, p.Images, p.Specialty
		if err := tx.Select("name", "number", "category_id", "sort", "price", "discount_price", "description", "images", "specialty", "updated_at").
			Save(&d).Error; err != nil {
			return err
		}
		if err := IndexDishNames(tx, []Dish{d}); err != nil {
			return err
		}
		return writeSpecs(tx, id, plan.specs)
	})
	if err != nil {
		return nil, takenAs("number", err)
	}
	c.changed(ctx, merchantID)
	return c.Dish(ctx, id)
}

// dishRefs checks the category is the merchant's and the number is free.
func dishRefs(tx *gorm.DB, self, categoryID uint64, number string) error {
	var cat Category
	if err := tx.Select("id").Take(&cat, categoryID).Error; err != nil {
		if dbx.IsNotFound(err) {
			return api.Invalid("categoryId", "validation.must_select", nil)
		}
		return err
	}
	var n int64
	if err := tx.Model(&Dish{}).Where("number = ? AND id <> ?", number, self).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return api.Invalid("number", "validation.taken", nil)
	}
	return nil
}

// Dish answers one dish of the caller with its specifications.
func (c *Catalogue) Dish(ctx context.Context, id uint64) (*DishDetail, error) {
	db := c.db.WithContext(ctx)
	var d Dish
	if err := db.Take(&d, id).Error; err != nil {
		return nil, err
	}
	views, err := c.dishViews(ctx, []Dish{d})
	if err != nil {
		return nil, err
	}
	specs, err := specViews(db, []uint64{id})
	if err != nil {
		return nil, err
	}
	out := &DishDetail{DishView: views[0], Specs: specs[id]}
	if out.Specs == nil {
		out.Specs = []SpecView{}
	}
	return out, nil
}

// DeleteDishes removes dishes with their specifications in one transaction.
// A dish that a promotion names is kept (and so is every other of the
// request): the promotion must drop it first.
func (c *Catalogue) DeleteDishes(ctx context.Context, ids []uint64) error {
	merchantID, err := merchantOf(ctx)
	if err != nil {
		return err
	}
	if err := checkIDs(ids); err != nil {
		return err
	}
	err = c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var dishes []Dish
		if err := tx.Select("id", "name").Where("id IN ?", ids).Find(&dishes).Error; err != nil {
			return err
		}
		if len(dishes) != len(ids) {
			return api.NotFound()
		}
		var used PromotionRow
		if err := tx.Where("dish_id IN ?", ids).Limit(1).Find(&used).Error; err != nil {
			return err
		}
		if used.ID != 0 {
			var p Promotion
			if err := tx.Select("id", "name").Take(&p, used.PromotionID).Error; err != nil {
				return err
			}
			name := ""
			for _, d := range dishes {
				if d.ID == used.DishID {
					name = d.Name
				}
			}
			return api.Conflict("cuisine.dish_in_promotion", map[string]any{"Dish": name, "Promotion": p.Name})
		}
		if err := tx.Where("dish_id IN ?", ids).Delete(&SpecOption{}).Error; err != nil {
			return err
		}
		if err := tx.Where("dish_id IN ?", ids).Delete(&SpecGroup{}).Error; err != nil {
			return err
		}
		if err := unindexDishes(tx, ids); err != nil {
			return err
		}
		return tx.Where("id IN ?", ids).Delete(&Dish{}).Error
	})
	if err != nil {
		return err
	}
	c.changed(ctx, merchantID)
	return nil
}

// ReorderDishes saves a drag-and-drop order of dishes (ids in their new order).
func (c *Catalogue) ReorderDishes(ctx context.Context, ids []uint64) error {
	return c.change(ctx, func(tx *gorm.DB) error {
		return reorder(tx, &Dish{}, ids)
	})
}

// dishViews adds category names and the merchant's currency to dishes.
func (c *Catalogue) dishViews(ctx context.Context, rows []Dish) ([]DishView, error) {
	out := make([]DishView, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	catIDs := make([]uint64, len(rows))
	for i, d := range rows {
		catIDs[i] = d.CategoryID
	}
	names, err := c.catNames.get(ctx, catIDs)
	if err != nil {
		return nil, err
	}
	now := c.now()
	for i, d := range rows {
		cur := c.orgs.currency(ctx, d.MerchantID)
		v := DishView{ID: d.ID, MerchantID: d.MerchantID, Number: d.Number, Name: d.Name, CategoryID: d.CategoryID,
			CategoryName: names[d.CategoryID], Sort: d.Sort, Price: d.Price, DiscountPrice: d.DiscountPrice,
			Currency: cur, CurrencyDigits: Digits(cur), Description: d.Description, Images: d.Images,
			Specialty: d.Specialty, SoldOut: d.SoldOutAt(now), Status: d.Status, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt}
		if v.SoldOut {
			v.RestoreAt = d.RestoreAt
		}
		if v.Images == nil {
			v.Images = []string{}
		}
		out[i] = v
	}
	return out, nil
}
