package cuisine

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
)

// Promotion states as the console shows them (derived, never stored).
const (
	StateDisabled  = "disabled"
	StateScheduled = "scheduled"
	StateActive    = "active"
	StateEnded     = "ended"
)

// PromotionQuery filters the promotion list.
type PromotionQuery struct {
	api.PageQuery
	Name   string `form:"name" json:"name"`
	Status *int8  `form:"status" json:"status" enum:"0,1"`
}

// PromotionView is a promotion as the list shows it.
type PromotionView struct {
	ID         uint64    `json:"id"`
	MerchantID uint64    `json:"merchantId"`
	Name       string    `json:"name"`
	StartAt    string    `json:"startAt" doc:"YYYY-MM-DD HH:mm:ss, wall clock of each venue"`
	EndAt      string    `json:"endAt" doc:"YYYY-MM-DD HH:mm:ss, inclusive"`
	Days       []int     `json:"days" enum:"1,2,3,4,5,6,7" doc:"ISO weekdays, Monday = 1"`
	Status     int8      `json:"status" enum:"0,1"`
	State      string    `json:"state" enum:"disabled,scheduled,active,ended" doc:"in the merchant's time zone"`
	RowCount   int64     `json:"rowCount"`
	Currency   string    `json:"currency"`
	CreatedAt  time.Time `json:"createdAt"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

// PromotionRowView is one dish of a promotion. OriginalPrice, PromotionPrice
// and Discount are as saved; CurrentPrice is the dish's price before
// promotions today (the public menu applies the rule to it).
type PromotionRowView struct {
	ID             uint64 `json:"id"`
	DishID         uint64 `json:"dishId"`
	DishName       string `json:"dishName"`
	DishNumber     string `json:"dishNumber"`
	Mode           string `json:"mode" enum:"fixed,percent"`
	Value          int64  `json:"value"`
	OriginalPrice  int64  `json:"originalPrice"`
	PromotionPrice int64  `json:"promotionPrice"`
	Discount       int64  `json:"discount"`
	CurrentPrice   int64  `json:"currentPrice"`
}

// PromotionDetail is a promotion with its rows.
type PromotionDetail struct {
	PromotionView
	CurrencyDigits int                `json:"currencyDigits"`
	Rows           []PromotionRowView `json:"rows"`
}

// PreviewInput asks for the prices of promotion rows without saving them.
type PreviewInput struct {
	Rows []PromotionRowInput `json:"rows"`
}

var promotionSorts = map[string]string{"id": "id", "name": "name", "startAt": "start_at", "endAt": "end_at", "createdAt": "created_at"}

// Promotions answers a page of the caller's promotions.
func (c *Catalogue) Promotions(ctx context.Context, q PromotionQuery) (api.Page[PromotionView], error) {
	q.Normalize()
	return namedPage(c, ctx, "promo", q.PageQuery, q.Name, q.Status, q.OrderBy(promotionSorts, "id DESC"), c.promotionViews)
}

func (c *Catalogue) promotionViews(ctx context.Context, rows []Promotion) ([]PromotionView, error) {
	out := make([]PromotionView, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, p := range rows {
		ids[i] = p.ID
	}
	n, err := countsBy(c.db.WithContext(ctx), &PromotionRow{}, "promotion_id", ids)
	if err != nil {
		return nil, err
	}
	now := c.now()
	for i, p := range rows {
		f, _ := c.orgs.get(ctx, p.MerchantID)
		loc := f.Loc
		if loc == nil {
			loc = time.UTC
		}
		out[i] = PromotionView{ID: p.ID, MerchantID: p.MerchantID, Name: p.Name, StartAt: p.StartAt.Format(wallLayout),
			EndAt: p.EndAt.Format(wallLayout), Days: daysList(p.Days), Status: p.Status, State: p.state(wallClock(now, loc)),
			RowCount: n[p.ID], Currency: f.Currency, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	}
	return out, nil
}

func (p *Promotion) state(wall time.Time) string {
	switch {
	case p.Status != StatusEnabled:
		return StateDisabled
	case wall.Before(p.StartAt):
		return StateScheduled
	case wall.After(p.EndAt):
		return StateEnded
	}
	return StateActive
}

// Promotion answers one promotion of the caller with its rows.
func (c *Catalogue) Promotion(ctx context.Context, id uint64) (*PromotionDetail, error) {
	db := c.db.WithContext(ctx)
	var p Promotion
	if err := db.Take(&p, id).Error; err != nil {
		return nil, err
	}
	views, err := c.promotionViews(ctx, []Promotion{p})
	if err != nil {
		return nil, err
	}
	var rows []PromotionRow
	if err := db.Where("promotion_id = ?", id).Order("sort, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := &PromotionDetail{PromotionView: views[0], CurrencyDigits: Digits(views[0].Currency), Rows: make([]PromotionRowView, len(rows))}
	dishIDs := make([]uint64, len(rows))
	for i, r := range rows {
		dishIDs[i] = r.DishID
	}
	dishes := map[uint64]Dish{}
	if len(dishIDs) > 0 {
		var ds []Dish
		if err := db.Select("id", "name", "number", "price", "discount_price").Where("id IN ?", dishIDs).Find(&ds).Error; err != nil {
			return nil, err
		}
		for _, d := range ds {
			dishes[d.ID] = d
		}
	}
	for i, r := range rows {
		d := dishes[r.DishID]
		out.Rows[i] = PromotionRowView{ID: r.ID, DishID: r.DishID, DishName: d.Name, DishNumber: d.Number, Mode: r.Mode, Value: r.Value,
			OriginalPrice: r.OriginalPrice, PromotionPrice: r.PromotionPrice, Discount: r.Discount, CurrentPrice: d.BasePrice()}
	}
	return out, nil
}

// CreatePromotion saves a promotion with its rows.
func (c *Catalogue) CreatePromotion(ctx context.Context, in PromotionInput) (*PromotionDetail, error) {
	return c.savePromotion(ctx, 0, in)
}

// UpdatePromotion replaces a promotion's period, days and rows; its status
// changes only through enable and disable.
func (c *Catalogue) UpdatePromotion(ctx context.Context, id uint64, in PromotionInput) (*PromotionDetail, error) {
	return c.savePromotion(ctx, id, in)
}

func (c *Catalogue) savePromotion(ctx context.Context, id uint64, in PromotionInput) (*PromotionDetail, error) {
	err := c.change(ctx, func(tx *gorm.DB) error {
		var current Promotion
		if id != 0 {
			if err := tx.Take(&current, id).Error; err != nil {
				return err
			}
			in.Status = &current.Status
		}
		var check api.Check
		head := validatePromotionHead(&check, &in)
		rows, names, err := planPromotionRows(tx, &check, in.Rows)
		if err != nil {
			return err
		}
		if err := check.Err(); err != nil {
			return err
		}
		if err := checkOverlap(tx, id, head, rows, names); err != nil {
			return err
		}
		if id == 0 {
			if err := tx.Create(&head).Error; err != nil {
				return err
			}
			id = head.ID
		} else {
			current.Name, current.StartAt, current.EndAt, current.Days = head.Name, head.StartAt, head.EndAt, head.Days
			if err := tx.Select("name", "start_at", "end_at", "days", "updated_at").Save(&current).Error; err != nil {
				return err
			}
			if err := tx.Where("promotion_id = ?", id).Delete(&PromotionRow{}).Error; err != nil {
				return err
			}
		}
		for i := range rows {
			rows[i].PromotionID = id
		}
		return tx.CreateInBatches(rows, 200).Error
	})
	if err != nil {
		return nil, err
	}
	return c.Promotion(ctx, id)
}

// SetPromotionStatus enables (checking overlaps again) or disables a promotion.
func (c *Catalogue) SetPromotionStatus(ctx context.Context, id uint64, status int8) error {
	return c.change(ctx, func(tx *gorm.DB) error {
		var p Promotion
		if err := tx.Take(&p, id).Error; err != nil {
			return err
		}
		if status == StatusEnabled {
			var rows []PromotionRow
			if err := tx.Where("promotion_id = ?", id).Order("sort, id").Find(&rows).Error; err != nil {
				return err
			}
			names, err := dishNames(tx, rows)
			if err != nil {
				return err
			}
			p.Status = StatusEnabled
			if err := checkOverlap(tx, id, p, rows, names); err != nil {
				return err
			}
		}
		return tx.Model(&p).Update("status", status).Error
	})
}

// dishNames reads the names of the rows' dishes, locking them as a save does.
func dishNames(tx *gorm.DB, rows []PromotionRow) (map[uint64]string, error) {
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.DishID
	}
	out := map[uint64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var ds []Dish
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Select("id", "name").Where("id IN ?", ids).Find(&ds).Error; err != nil {
		return nil, err
	}
	for _, d := range ds {
		out[d.ID] = d.Name
	}
	return out, nil
}

// DeletePromotion removes a promotion and its rows.
func (c *Catalogue) DeletePromotion(ctx context.Context, id uint64) error {
	return c.change(ctx, func(tx *gorm.DB) error {
		var p Promotion
		if err := tx.Take(&p, id).Error; err != nil {
			return err
		}
		if err := tx.Where("promotion_id = ?", id).Delete(&PromotionRow{}).Error; err != nil {
			return err
		}
		return tx.Delete(&p).Error
	})
}

// PreviewPromotionRows computes rows' prices with the same rules a save
// applies, so that a form shows exactly what will be stored.
func (c *Catalogue) PreviewPromotionRows(ctx context.Context, in []PromotionRowInput) ([]PromotionRowView, error) {
	var out []PromotionRowView
	err := c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var check api.Check
		rows, names, err := planPromotionRows(tx, &check, in)
		if err != nil {
			return err
		}
		if err := check.Err(); err != nil {
			return err
		}
		out = make([]PromotionRowView, len(rows))
		for i, r := range rows {
			out[i] = PromotionRowView{DishID: r.DishID, DishName: names[r.DishID], Mode: r.Mode, Value: r.Value,
				OriginalPrice: r.OriginalPrice, PromotionPrice: r.PromotionPrice, Discount: r.Discount, CurrentPrice: r.OriginalPrice}
		}
		return nil
	})
	return out, err
}
