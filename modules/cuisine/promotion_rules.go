package cuisine

import (
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
)

// maxPromotionRows bounds the dishes of one promotion.
const maxPromotionRows = 500

// allDays is every day of the week as a Days mask.
const allDays int16 = 0x7f

// wallLayout is how promotion periods are written and read.
const wallLayout = time.DateTime

// PromotionInput is the promotion form.
type PromotionInput struct {
	Name string `json:"name" api:"required" example:"Lunch offer"`
	// StartAt and EndAt are wall-clock times, "2026-05-01 00:00:00", read
	// in each venue's time zone; a date alone starts at its first second
	// (StartAt) or ends with its last (EndAt, which is inclusive).
	StartAt string              `json:"startAt" api:"required" doc:"wall clock of each venue; a date alone starts at its first second" example:"2026-05-01 00:00:00"`
	EndAt   string              `json:"endAt" api:"required" doc:"wall clock of each venue, inclusive; a date alone ends with its last second" example:"2026-05-31 23:59:59"`
	Days    []int               `json:"days" doc:"ISO weekdays, 1 = Monday … 7 = Sunday; empty = every day" example:"1"`
	Status  *int8               `json:"status" enum:"0,1" doc:"create only; 1 (default) enabled, 0 disabled"`
	Rows    []PromotionRowInput `json:"rows" api:"required"`
}

// PromotionRowInput is one selected dish with its promotion rule.
type PromotionRowInput struct {
	DishID uint64 `json:"dishId" api:"required"`
	Mode   string `json:"mode" enum:"fixed,percent" doc:"fixed (amount off) or percent (share off)"`
	Value  *int64 `json:"value" doc:"fixed: minor units off; percent: basis points off (2000 = 20 %)" example:"2000"`
}

// validatePromotionHead checks the name, period and days.
func validatePromotionHead(c *api.Check, in *PromotionInput) Promotion {
	in.Name = strings.TrimSpace(in.Name)
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 64)
	}
	start, okStart := parseWall(in.StartAt, false)
	end, okEnd := parseWall(in.EndAt, true)
	switch {
	case strings.TrimSpace(in.StartAt) == "":
		c.Add("startAt", "validation.required", nil)
	case !okStart:
		c.Add("startAt", "validation.bad_value", nil)
	}
	switch {
	case strings.TrimSpace(in.EndAt) == "":
		c.Add("endAt", "validation.required", nil)
	case !okEnd:
		c.Add("endAt", "validation.bad_value", nil)
	case okStart && end.Before(start):
		c.Add("endAt", "cuisine.period_order", nil)
	}
	days, ok := daysMask(in.Days)
	if !ok {
		c.Add("days", "validation.bad_value", nil)
	}
	p := Promotion{Name: in.Name, StartAt: start, EndAt: end, Days: days, Status: StatusEnabled}
	if in.Status != nil {
		if *in.Status != StatusEnabled && *in.Status != StatusDisabled {
			c.Add("status", "validation.bad_value", nil)
		}
		p.Status = *in.Status
	}
	return p
}

// planPromotionRows applies the row rules to the dishes as they are now:
// at least one row, a mode on each, and a promotion price lower than the
// original price (the dish's price, or its discount price when it has one).
// The dishes are read FOR UPDATE so that two promotions saved at once
// cannot both pass the overlap check.
func planPromotionRows(tx *gorm.DB, c *api.Check, in []PromotionRowInput) ([]PromotionRow, map[uint64]string, error) {
	if len(in) == 0 {
		c.Add("rows", "cuisine.promo_no_rows", nil)
		return nil, nil, nil
	}
	if len(in) > maxPromotionRows {
		c.Add("rows", "cuisine.too_many", map[string]any{"Max": maxPromotionRows})
		return nil, nil, nil
	}
	ids := make([]uint64, 0, len(in))
	for _, r := range in {
		ids = append(ids, r.DishID)
	}
	var dishes []Dish
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Select("id", "name", "price", "discount_price").
		Where("id IN ?", ids).Find(&dishes).Error; err != nil {
		return nil, nil, err
	}
	byID := make(map[uint64]*Dish, len(dishes))
	names := make(map[uint64]string, len(dishes))
	for i := range dishes {
		byID[dishes[i].ID] = &dishes[i]
		names[dishes[i].ID] = dishes[i].Name
	}
	rows := make([]PromotionRow, 0, len(in))
	seen := map[uint64]bool{}
	for i, r := range in {
		f := func(name string) string { return fmt.Sprintf("rows[%d].%s", i, name) }
		d, ok := byID[r.DishID]
		if !ok {
			c.Add(f("dishId"), "cuisine.promo_dish_unknown", map[string]any{"Row": i + 1})
			continue
		}
		data := map[string]any{"Row": i + 1, "Dish": d.Name}
		if seen[d.ID] {
			c.Add(f("dishId"), "cuisine.promo_dish_repeated", data)
			continue
		}
		seen[d.ID] = true
		if r.Mode != ModeFixed && r.Mode != ModePercent {
			c.Add(f("mode"), "cuisine.promo_mode_required", data)
			continue
		}
		if r.Value == nil {
			c.Add(f("value"), "cuisine.promo_value_required", data)
			continue
		}
		original := d.BasePrice()
		p, ok := ApplyPromotion(original, r.Mode, *r.Value)
		switch {
		case !ok || p.Price < 0:
			c.Add(f("value"), "cuisine.promo_value_range", data)
			continue
		case p.Price >= original:
			c.Add(f("value"), "cuisine.promo_not_lower", data)
			continue
		}
		rows = append(rows, PromotionRow{DishID: d.ID, Mode: r.Mode, Value: *r.Value,
			OriginalPrice: p.Original, PromotionPrice: p.Price, Discount: p.Discount, Sort: i + 1})
	}
	return rows, names, nil
}

// checkOverlap refuses a dish that another enabled promotion of the
// merchant already prices during an overlapping period on a common day:
// one dish has at most one promotion at any moment, so the price a guest
// sees never depends on which rule wins.
func checkOverlap(tx *gorm.DB, self uint64, p Promotion, rows []PromotionRow, names map[uint64]string) error {
	if p.Status != StatusEnabled || len(rows) == 0 {
		return nil
	}
	ids := make([]uint64, len(rows))
	index := make(map[uint64]int, len(rows))
	for i, r := range rows {
		ids[i] = r.DishID
		index[r.DishID] = i
	}
	var hits []struct {
		DishID uint64
		ID     uint64
		Name   string
		Days   int16
	}
	err := tx.Model(&PromotionRow{}).
		Select("cuisine_promotion_rows.dish_id, cuisine_promotions.id, cuisine_promotions.name, cuisine_promotions.days").
		Joins("JOIN cuisine_promotions ON cuisine_promotions.id = cuisine_promotion_rows.promotion_id").
		Where("cuisine_promotion_rows.dish_id IN ? AND cuisine_promotions.id <> ? AND cuisine_promotions.status = ?", ids, self, StatusEnabled).
		Where("cuisine_promotions.start_at <= ? AND cuisine_promotions.end_at >= ?", p.EndAt, p.StartAt).
		Order("cuisine_promotion_rows.dish_id, cuisine_promotions.id").
		Scan(&hits).Error
	if err != nil {
		return err
	}
	for _, h := range hits {
		if h.Days&p.Days == 0 {
			continue
		}
		i := index[h.DishID]
		return &api.Error{Status: 200, Code: api.CodeConflict, Key: "cuisine.promo_overlap",
			Data: map[string]any{"Dish": names[h.DishID], "Other": h.Name},
			Fields: []api.FieldError{{Field: fmt.Sprintf("rows[%d].dishId", i), Key: "cuisine.promo_overlap",
				Data: map[string]any{"Dish": names[h.DishID], "Other": h.Name}}}}
	}
	return nil
}

// parseWall reads a wall-clock time; a date alone is its first second, or
// its last when endOfDay.
func parseWall(s string, endOfDay bool) (time.Time, bool) {
	s = strings.TrimSpace(strings.Replace(s, "T", " ", 1))
	if t, err := time.ParseInLocation(wallLayout, s, time.UTC); err == nil {
		return t, true
	}
	if t, err := time.ParseInLocation("2006-01-02 15:04", s, time.UTC); err == nil {
		return t, true
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, time.UTC); err == nil {
		if endOfDay {
			t = t.Add(24*time.Hour - time.Second)
		}
		return t, true
	}
	return time.Time{}, false
}

// daysMask turns ISO weekdays into a mask; none means every day.
func daysMask(days []int) (int16, bool) {
	if len(days) == 0 {
		return allDays, true
	}
	var m int16
	for _, d := range days {
		if d < 1 || d > 7 {
			return 0, false
		}
		m |= 1 << (d - 1)
	}
	return m, true
}

// daysList is the ISO weekdays of a mask.
func daysList(m int16) []int {
	out := []int{}
	for d := 1; d <= 7; d++ {
		if m&(1<<(d-1)) != 0 {
			out = append(out, d)
		}
	}
	return out
}

// onDay reports whether a mask includes the weekday of a wall-clock time.
func onDay(m int16, wall time.Time) bool {
	iso := int(wall.Weekday()+6)%7 + 1 // Monday = 1 … Sunday = 7
	return m&(1<<(iso-1)) != 0
}

// activeAt reports whether an enabled promotion prices dishes at a wall-clock time.
func (p *Promotion) activeAt(wall time.Time) bool {
	return p.Status == StatusEnabled && !wall.Before(p.StartAt) && !wall.After(p.EndAt) && onDay(p.Days, wall)
}
