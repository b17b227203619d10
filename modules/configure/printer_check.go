package configure

import (
	"context"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
)

// maxCheckedDishes bounds the setup check's reading of the menu.
const maxCheckedDishes = 20 * api.MaxPageSize

// SetupCheck lists what would print nowhere in a venue's kitchens.
type SetupCheck struct {
	KitchenPrinters int                `json:"kitchenPrinters"` // enabled kitchen printers
	Unrouted        []UnroutedDish     `json:"unrouted"`        // on-shelf dishes whose category reaches none
	Categories      []UnroutedCategory `json:"categories"`      // their categories
	Truncated       bool               `json:"truncated"`       // the menu was longer than the check reads
}

// UnroutedDish is an on-shelf dish no kitchen printer prints.
type UnroutedDish struct {
	ID           uint64 `json:"id"`
	Number       string `json:"number"`
	Name         string `json:"name"`
	CategoryID   uint64 `json:"categoryId"`
	CategoryName string `json:"categoryName"`
}

// UnroutedCategory is a category whose dishes print nowhere.
type UnroutedCategory struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"`
}

// Check lists a venue's on-shelf dishes whose category reaches no enabled
// kitchen printer, reading the dishes through the cuisine module.
func (s *Printers) Check(ctx context.Context, venueID uint64) (*SetupCheck, error) {
	vctx, org, err := s.m.venue(ctx, venueID, false)
	if err != nil {
		return nil, err
	}
	printers, err := s.PrintersForVenue(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	out := &SetupCheck{Unrouted: []UnroutedDish{}, Categories: []UnroutedCategory{}}
	routed := map[uint64]bool{}
	for _, p := range printers {
		if p.Type == PrinterKitchen && p.Enabled() {
			out.KitchenPrinters++
			for _, c := range p.CategoryIDs {
				routed[c] = true
			}
		}
	}
	seenCat := map[uint64]bool{}
	q := cuisine.DishQuery{Status: cuisine.OnSale}
	q.PageSize = api.MaxPageSize
	for q.PageNo = 1; ; q.PageNo++ {
		page, err := s.m.dishes.Dishes(vctx, q)
		if err != nil {
			return nil, err
		}
		for _, d := range page.Records {
			if routed[d.CategoryID] {
				continue
			}
			out.Unrouted = append(out.Unrouted, UnroutedDish{ID: d.ID, Number: d.Number, Name: d.Name, CategoryID: d.CategoryID, CategoryName: d.CategoryName})
			if !seenCat[d.CategoryID] {
				seenCat[d.CategoryID] = true
				out.Categories = append(out.Categories, UnroutedCategory{ID: d.CategoryID, Name: d.CategoryName})
			}
		}
		if int64(q.PageNo*q.PageSize) >= page.Total || len(page.Records) == 0 {
			break
		}
		if q.PageNo*q.PageSize >= maxCheckedDishes {
			out.Truncated = true
			break
		}
	}
	return out, nil
}
