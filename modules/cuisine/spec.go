package cuisine

import (
	"fmt"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
)

// Limits of one dish's specifications.
const (
	maxSpecGroups   = 20
	maxSpecOptions  = 50
	maxSpecValueLen = 64
)

// SpecInput is one specification of the dish form: a name and its values,
// either as options (with price deltas) or as comma-separated content.
type SpecInput struct {
	Name       string        `json:"name"`
	Sort       *int          `json:"sort"`     // default: its position (1, 2, …)
	Required   bool          `json:"required"` // a guest must choose at least minChoices (≥ 1)
	MinChoices *int          `json:"minChoices"`
	MaxChoices *int          `json:"maxChoices"` // default 1
	Content    string        `json:"content"`    // "Small,Medium,Large" when options is empty
	Options    []OptionInput `json:"options"`
}

// OptionInput is one value of a specification; options keep their list order.
type OptionInput struct {
	Value      string `json:"value"`
	PriceDelta int64  `json:"priceDelta"` // minor units added to the dish price (may be negative)
	SoldOut    bool   `json:"soldOut"`
}

// SpecView is a specification as the dish form and detail see it.
type SpecView struct {
	ID         uint64       `json:"id"`
	Name       string       `json:"name"`
	Sort       int          `json:"sort"`
	Required   bool         `json:"required"`
	MinChoices int          `json:"minChoices"`
	MaxChoices int          `json:"maxChoices"`
	Content    string       `json:"content"` // the values joined by commas
	Options    []OptionView `json:"options"`
}

// OptionView is one value of a specification.
type OptionView struct {
	ID         uint64 `json:"id"`
	Value      string `json:"value"`
	PriceDelta int64  `json:"priceDelta"`
	Sort       int    `json:"sort"`
	SoldOut    bool   `json:"soldOut"`
}

// specPlan is a validated specification ready to be written.
type specPlan struct {
	group   SpecGroup
	options []SpecOption
}

// planSpecs validates a dish's specifications (spec rules: name or content
// cannot be empty, sorts and values cannot repeat) into rows to write.
func planSpecs(c *api.Check, specs []SpecInput, price *int64) []specPlan {
	if len(specs) > maxSpecGroups {
		c.Add("specs", "cuisine.too_many", map[string]any{"Max": maxSpecGroups})
		return nil
	}
	plans := make([]specPlan, 0, len(specs))
	sorts, names := map[int]bool{}, map[string]bool{}
	for i, s := range specs {
		f := func(name string) string { return fmt.Sprintf("specs[%d].%s", i, name) }
		name := strings.TrimSpace(s.Name)
		sortVal := i + 1
		if s.Sort != nil {
			sortVal = *s.Sort
		}
		switch {
		case name == "":
			c.Add(f("name"), "cuisine.spec_empty", nil)
		case len([]rune(name)) > maxSpecValueLen:
			c.Add(f("name"), "cuisine.spec_too_long", map[string]any{"Max": maxSpecValueLen})
		case names[strings.ToLower(name)]:
			c.Add(f("name"), "cuisine.spec_name_repeated", map[string]any{"Name": name})
		}
		names[strings.ToLower(name)] = true
		if sortVal < 0 || sortVal > maxSort {
			c.Add(f("sort"), "cuisine.spec_sort_range", map[string]any{"Max": maxSort})
		} else if sorts[sortVal] {
			c.Add(f("sort"), "cuisine.spec_sort_repeated", nil)
		}
		sorts[sortVal] = true

		options := s.Options
		if len(options) == 0 {
			for _, v := range strings.FieldsFunc(s.Content, func(r rune) bool { return r == ',' || r == '，' || r == '、' }) {
				if v = strings.TrimSpace(v); v != "" {
					options = append(options, OptionInput{Value: v})
				}
			}
		}
		if len(options) == 0 {
			c.Add(f("content"), "cuisine.spec_empty", nil)
			continue
		}
		if len(options) > maxSpecOptions {
			c.Add(f("options"), "cuisine.spec_too_many_values", map[string]any{"Max": maxSpecOptions})
			continue
		}
		plan := specPlan{group: SpecGroup{Name: name, Sort: sortVal}}
		values := map[string]bool{}
		for j, o := range options {
			of := func(name string) string { return fmt.Sprintf("specs[%d].options[%d].%s", i, j, name) }
			v := strings.TrimSpace(o.Value)
			switch {
			case v == "":
				c.Add(of("value"), "cuisine.spec_empty", nil)
			case len([]rune(v)) > maxSpecValueLen:
				c.Add(of("value"), "cuisine.spec_too_long", map[string]any{"Max": maxSpecValueLen})
			case values[strings.ToLower(v)]:
				c.Add(of("value"), "cuisine.spec_value_repeated", map[string]any{"Value": v})
			}
			values[strings.ToLower(v)] = true
			if o.PriceDelta > MaxPrice || o.PriceDelta < -MaxPrice || (price != nil && *price+o.PriceDelta < 0) {
				c.Add(of("priceDelta"), "cuisine.delta_range", map[string]any{"Value": v})
			}
			plan.options = append(plan.options, SpecOption{Value: v, PriceDelta: o.PriceDelta, Sort: j + 1, SoldOut: o.SoldOut})
		}
		lo, hi := 0, 1
		if s.Required {
			lo = 1
		}
		if s.MinChoices != nil && (*s.MinChoices > 0 || !s.Required) {
			lo = *s.MinChoices
		}
		if s.MaxChoices != nil {
			hi = *s.MaxChoices
		}
		if lo < 0 || hi < 1 || lo > hi || hi > len(options) {
			c.Add(f("maxChoices"), "cuisine.spec_choices", map[string]any{"Name": name, "Count": len(options)})
		}
		plan.group.MinChoices, plan.group.MaxChoices, plan.group.Required = lo, hi, lo > 0
		plans = append(plans, plan)
	}
	return plans
}

// writeSpecs replaces a dish's specifications inside tx.
func writeSpecs(tx *gorm.DB, dishID uint64, plans []specPlan) error {
	if err := tx.Where("dish_id = ?", dishID).Delete(&SpecOption{}).Error; err != nil {
		return err
	}
	if err := tx.Where("dish_id = ?", dishID).Delete(&SpecGroup{}).Error; err != nil {
		return err
	}
	if len(plans) == 0 {
		return nil
	}
	groups := make([]SpecGroup, len(plans))
	for i, p := range plans {
		groups[i] = p.group
		groups[i].DishID = dishID
	}
	if err := tx.Create(&groups).Error; err != nil {
		return err
	}
	var options []SpecOption
	for i, p := range plans {
		for _, o := range p.options {
			o.DishID, o.GroupID = dishID, groups[i].ID
			options = append(options, o)
		}
	}
	return tx.CreateInBatches(options, 200).Error
}

// specViews answers the specifications of dishes, in order, by dish id.
func specViews(tx *gorm.DB, dishIDs []uint64) (map[uint64][]SpecView, error) {
	out := map[uint64][]SpecView{}
	if len(dishIDs) == 0 {
		return out, nil
	}
	var groups []SpecGroup
	if err := tx.Where("dish_id IN ?", dishIDs).Order("sort, id").Find(&groups).Error; err != nil {
		return nil, err
	}
	var options []SpecOption
	if err := tx.Where("dish_id IN ?", dishIDs).Order("sort, id").Find(&options).Error; err != nil {
		return nil, err
	}
	byGroup := map[uint64][]OptionView{}
	for _, o := range options {
		byGroup[o.GroupID] = append(byGroup[o.GroupID], OptionView{ID: o.ID, Value: o.Value, PriceDelta: o.PriceDelta, Sort: o.Sort, SoldOut: o.SoldOut})
	}
	for _, g := range groups {
		opts := byGroup[g.ID]
		if opts == nil {
			opts = []OptionView{}
		}
		values := make([]string, len(opts))
		for i, o := range opts {
			values[i] = o.Value
		}
		out[g.DishID] = append(out[g.DishID], SpecView{ID: g.ID, Name: g.Name, Sort: g.Sort, Required: g.Required,
			MinChoices: g.MinChoices, MaxChoices: g.MaxChoices, Content: strings.Join(values, ","), Options: opts})
	}
	return out, nil
}
