package order

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
)

// Limits of one submission.
const (
	maxLines       = 100
	maxQuantity    = 99
	maxRemark      = 500
	maxLineRemark  = 200
	maxIdemKeyLen  = 64
	minIdemKeyLen  = 8
	maxOptionsLine = 50
)

// SubmitInput is what a guest's page or a tablet sends. Prices are never
// taken from it: a line may say the unit price the guest saw, and a
// different price on the server refuses the submission rather than
// charging something else.
type SubmitInput struct {
	IdempotencyKey string       `json:"idempotencyKey"` // or the Idempotency-Key header; the same key never orders twice
	Lines          []SubmitLine `json:"lines"`
	Remark         string       `json:"remark"`
}

// SubmitLine is one dish with its chosen specification values.
type SubmitLine struct {
	DishID    uint64   `json:"dishId"`
	OptionIDs []uint64 `json:"optionIds"`
	Quantity  int      `json:"quantity"`
	Remark    string   `json:"remark"`
	UnitPrice *int64   `json:"unitPrice"` // the price the guest saw (optional)
}

// pricedLine is a submitted line priced from the menu.
type pricedLine struct {
	dish       *cuisine.PublicDish
	categoryID uint64
	options    []string
	original   int64
	unit       int64
	promotion  string
	quantity   int
	remark     string
}

// lineField names a line's field in validation errors: lines[2].optionIds.
func lineField(i int, field string) string { return fmt.Sprintf("lines[%d].%s", i, field) }

// lineErr is a refusal of one line; the message names the line and dish.
func lineErr(i int, field, key, dish string, extra map[string]any) error {
	data := map[string]any{"Line": i + 1, "Dish": dish}
	for k, v := range extra {
		data[k] = v
	}
	return api.Invalid(lineField(i, field), key, data)
}

// checkSubmission validates the shape of a submission (nothing priced yet).
func checkSubmission(in *SubmitInput) error {
	in.IdempotencyKey = strings.TrimSpace(in.IdempotencyKey)
	if n := len(in.IdempotencyKey); n < minIdemKeyLen || n > maxIdemKeyLen {
		return api.Invalid("idempotencyKey", "order.idempotency_key", nil)
	}
	if len(in.Lines) == 0 {
		return api.Invalid("lines", "order.no_lines", nil)
	}
	if len(in.Lines) > maxLines {
		return api.Invalid("lines", "order.too_many_lines", map[string]any{"Max": maxLines})
	}
	in.Remark = strings.TrimSpace(in.Remark)
	if utf8.RuneCountInString(in.Remark) > maxRemark {
		return api.Invalid("remark", "validation.max_len", map[string]any{"Max": maxRemark})
	}
	for i := range in.Lines {
		l := &in.Lines[i]
		l.Remark = strings.TrimSpace(l.Remark)
		if l.DishID == 0 {
			return lineErr(i, "dishId", "order.line_no_dish", "", nil)
		}
		if l.Quantity < 1 || l.Quantity > maxQuantity {
			return lineErr(i, "quantity", "order.line_quantity", "", map[string]any{"Max": maxQuantity})
		}
		if utf8.RuneCountInString(l.Remark) > maxLineRemark {
			return lineErr(i, "remark", "order.line_remark", "", map[string]any{"Max": maxLineRemark})
		}
		if len(l.OptionIDs) > maxOptionsLine {
			return lineErr(i, "optionIds", "order.option_unavailable", "", nil)
		}
	}
	return nil
}

// priceLines prices every line from the menu as the guest sees it now: a
// dish off the menu, sold out, an unknown or sold-out value, a broken
// choice rule or a price that is not the guest's is refused, naming the line.
func priceLines(menu *cuisine.PublicMenu, lines []SubmitLine) ([]pricedLine, error) {
	out := make([]pricedLine, len(lines))
	for i, l := range lines {
		dish, cat := menu.DishOf(l.DishID)
		if dish == nil {
			return nil, lineErr(i, "dishId", "order.dish_unavailable", "", nil)
		}
		if dish.SoldOut {
			return nil, lineErr(i, "dishId", "order.dish_sold_out", dish.Name, nil)
		}
		p := pricedLine{dish: dish, categoryID: cat, quantity: l.Quantity, remark: l.Remark,
			original: dish.OriginalPrice, unit: dish.FinalPrice, options: []string{}}
		if dish.Promotion != nil {
			p.promotion = dish.Promotion.Name
		}
		chosen := map[uint64]bool{}
		for _, id := range l.OptionIDs {
			if chosen[id] {
				return nil, lineErr(i, "optionIds", "order.option_twice", dish.Name, nil)
			}
			chosen[id] = true
		}
		found := 0
		for _, spec := range dish.Specs {
			n := 0
			for _, o := range spec.Options {
				if !chosen[o.ID] {
					continue
				}
				if o.SoldOut {
					return nil, lineErr(i, "optionIds", "order.option_sold_out", dish.Name, map[string]any{"Option": o.Value})
				}
				n++
				p.original += o.PriceDelta
				p.unit += o.PriceDelta
				p.options = append(p.options, spec.Name+": "+o.Value)
			}
			found += n
			lo := spec.MinChoices
			if spec.Required && lo < 1 {
				lo = 1
			}
			hi := spec.MaxChoices
			if hi < 1 {
				hi = 1
			}
			if n < lo || n > hi {
				return nil, lineErr(i, "optionIds", "order.spec_choices", dish.Name, map[string]any{"Spec": spec.Name, "Min": lo, "Max": hi})
			}
		}
		if found != len(chosen) {
			return nil, lineErr(i, "optionIds", "order.option_unavailable", dish.Name, nil)
		}
		p.unit = max(p.unit, 0)
		p.original = max(p.original, p.unit)
		if l.UnitPrice != nil && *l.UnitPrice != p.unit {
			return nil, lineErr(i, "unitPrice", "order.price_changed", dish.Name, nil)
		}
		out[i] = p
	}
	return out, nil
}
