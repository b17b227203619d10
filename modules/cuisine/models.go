package cuisine

import (
	"database/sql/driver"
	"encoding/json"
	"errors"
	"time"
)

// Shelf status of a dish.
const (
	OnSale  = "on_sale"
	Removed = "removed"
)

// Status of categories and promotions.
const (
	StatusDisabled int8 = 0
	StatusEnabled  int8 = 1
)

// Category groups dishes on the menu; ordered by Sort ascending, then id.
type Category struct {
	ID         uint64    `gorm:"primaryKey"`
	MerchantID uint64    `gorm:"not null;uniqueIndex:uk_cuisine_categories_name,priority:1;index:idx_cuisine_categories_sort,priority:1"`
	Name       string    `gorm:"size:64;not null;uniqueIndex:uk_cuisine_categories_name,priority:2"`
	Sort       int       `gorm:"not null;index:idx_cuisine_categories_sort,priority:2"`
	Status     int8      `gorm:"not null"`
	CreatedAt  time.Time `gorm:"not null"`
	UpdatedAt  time.Time `gorm:"not null"`
}

func (Category) TableName() string { return "cuisine_categories" }

// Dish is one menu item. Prices are minor units of the merchant's currency.
// Every list filter has an index led by merchant_id that ends in (sort, id),
// so a page in menu order is read in order rather than sorted.
type Dish struct {
	ID            uint64 `gorm:"primaryKey;index:idx_cuisine_dishes_category,priority:4;index:idx_cuisine_dishes_sort,priority:3;index:idx_cuisine_dishes_shelf,priority:4;index:idx_cuisine_dishes_sold_out,priority:4;index:idx_cuisine_dishes_specialty,priority:4"`
	MerchantID    uint64 `gorm:"not null;index:idx_cuisine_dishes_category,priority:1;index:idx_cuisine_dishes_sort,priority:1;uniqueIndex:uk_cuisine_dishes_number,priority:1;index:idx_cuisine_dishes_name,priority:1;index:idx_cuisine_dishes_shelf,priority:1;index:idx_cuisine_dishes_sold_out,priority:1;index:idx_cuisine_dishes_specialty,priority:1"`
	CategoryID    uint64 `gorm:"not null;index:idx_cuisine_dishes_category,priority:2"`
	Sort          int    `gorm:"not null;index:idx_cuisine_dishes_category,priority:3;index:idx_cuisine_dishes_sort,priority:2;index:idx_cuisine_dishes_shelf,priority:3;index:idx_cuisine_dishes_sold_out,priority:3;index:idx_cuisine_dishes_name,priority:3;index:idx_cuisine_dishes_specialty,priority:3"`
	Number        string `gorm:"size:32;not null;uniqueIndex:uk_cuisine_dishes_number,priority:2"`
	Name          string `gorm:"size:128;not null;index:idx_cuisine_dishes_name,priority:2"`
	Price         int64  `gorm:"not null"`
	DiscountPrice *int64
	Description   string     `gorm:"type:text;not null"`
	Images        StringList `gorm:"type:text;not null"`
	Specialty     bool       `gorm:"not null;index:idx_cuisine_dishes_specialty,priority:2"`
	SoldOut       bool       `gorm:"not null;index:idx_cuisine_dishes_sold_out,priority:2;index:idx_cuisine_dishes_shelf,priority:5"`
	RestoreAt     *time.Time `gorm:"index;index:idx_cuisine_dishes_shelf,priority:6;index:idx_cuisine_dishes_sold_out,priority:5"` // set only while sold out with a scheduled restore
	Status        string     `gorm:"size:16;not null;index:idx_cuisine_dishes_shelf,priority:2"`
	CreatedAt     time.Time  `gorm:"not null"`
	UpdatedAt     time.Time  `gorm:"not null"`
}

func (Dish) TableName() string { return "cuisine_dishes" }

// BasePrice is what a guest pays before promotions: the discount price when
// there is one, else the price.
func (d *Dish) BasePrice() int64 {
	if d.DiscountPrice != nil {
		return *d.DiscountPrice
	}
	return d.Price
}

// SoldOutAt reports whether the dish is sold out at now: a due restore
// counts as done even before the restore job has run.
func (d *Dish) SoldOutAt(now time.Time) bool {
	return d.SoldOut && (d.RestoreAt == nil || d.RestoreAt.After(now))
}

// SpecGroup is a specification of a dish (size, spice) with its choices.
type SpecGroup struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index:idx_cuisine_spec_groups_dish,priority:1"`
	DishID     uint64 `gorm:"not null;index:idx_cuisine_spec_groups_dish,priority:2"`
	Name       string `gorm:"size:64;not null"`
	Sort       int    `gorm:"not null"`
	Required   bool   `gorm:"not null"`
	MinChoices int    `gorm:"not null"`
	MaxChoices int    `gorm:"not null"`
}

func (SpecGroup) TableName() string { return "cuisine_spec_groups" }

// SpecOption is one value of a specification with its price delta.
type SpecOption struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;index:idx_cuisine_spec_options_dish,priority:1"`
	DishID     uint64 `gorm:"not null;index:idx_cuisine_spec_options_dish,priority:2"`
	GroupID    uint64 `gorm:"not null;index"`
	Value      string `gorm:"size:64;not null"`
	PriceDelta int64  `gorm:"not null"`
	Sort       int    `gorm:"not null"`
	SoldOut    bool   `gorm:"not null"`
}

func (SpecOption) TableName() string { return "cuisine_spec_options" }

// Promotion prices some dishes lower during a period on some days of the
// week. StartAt and EndAt are wall-clock times (stored as UTC digits) read
// in each venue's own time zone; EndAt is inclusive to the second.
type Promotion struct {
	ID         uint64    `gorm:"primaryKey"`
	MerchantID uint64    `gorm:"not null;index:idx_cuisine_promotions_merchant,priority:1"`
	Name       string    `gorm:"size:64;not null;index:idx_cuisine_promotions_merchant,priority:2"`
	StartAt    time.Time `gorm:"not null"`
	EndAt      time.Time `gorm:"not null"`
	Days       int16     `gorm:"not null"` // bit 0 = Monday … bit 6 = Sunday
	Status     int8      `gorm:"not null"`
	CreatedAt  time.Time `gorm:"not null"`
	UpdatedAt  time.Time `gorm:"not null"`
}

func (Promotion) TableName() string { return "cuisine_promotions" }

// PromotionRow is one dish of a promotion with the prices as saved.
type PromotionRow struct {
	ID             uint64 `gorm:"primaryKey"`
	MerchantID     uint64 `gorm:"not null;index:idx_cuisine_promotion_rows_dish,priority:1"`
	DishID         uint64 `gorm:"not null;index:idx_cuisine_promotion_rows_dish,priority:2"`
	PromotionID    uint64 `gorm:"not null;index"`
	Mode           string `gorm:"size:8;not null"`
	Value          int64  `gorm:"not null"` // minor units (fixed) or basis points (percent)
	OriginalPrice  int64  `gorm:"not null"`
	PromotionPrice int64  `gorm:"not null"`
	Discount       int64  `gorm:"not null"`
	Sort           int    `gorm:"not null"`
}

func (PromotionRow) TableName() string { return "cuisine_promotion_rows" }

// StringList is a list of strings kept as a JSON array in a text column.
type StringList []string

// Value writes the list as JSON ("[]" when empty).
func (l StringList) Value() (driver.Value, error) {
	if l == nil {
		return "[]", nil
	}
	raw, err := json.Marshal([]string(l))
	return string(raw), err
}

// Scan reads the JSON array back.
func (l *StringList) Scan(src any) error {
	var raw []byte
	switch v := src.(type) {
	case nil:
		*l = StringList{}
		return nil
	case string:
		raw = []byte(v)
	case []byte:
		raw = v
	default:
		return errors.New("StringList: unsupported column type")
	}
	var out []string
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &out); err != nil {
			return err
		}
	}
	if out == nil {
		out = []string{}
	}
	*l = out
	return nil
}
