package cuisine

import (
	"context"
	"time"

	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
)

// PublicMenu is what a guest or an ordering tablet may order now.
// Amounts are minor units of Venue.Currency.
type PublicMenu struct {
	Venue      PublicVenue       `json:"venue"`
	Labels     map[string]string `json:"labels"` // short texts in the requested language
	Categories []PublicCategory  `json:"categories"`
}

// PublicVenue names the venue and how to read its amounts and times.
type PublicVenue struct {
	Name           string `json:"name"`
	Currency       string `json:"currency"`
	CurrencyDigits int    `json:"currencyDigits"`
	Timezone       string `json:"timezone"`
}

// PublicCategory is an enabled category with its dishes on sale, in order.
type PublicCategory struct {
	ID     uint64       `json:"id"`
	Name   string       `json:"name"`
	Dishes []PublicDish `json:"dishes"`
}

// PublicDish is a dish on sale. FinalPrice is what one portion costs before
// specification deltas: the promotion price while a promotion is active,
// else OriginalPrice (the discount price when there is one, else Price).
type PublicDish struct {
	ID            uint64       `json:"id"`
	Number        string       `json:"number"`
	Name          string       `json:"name"`
	Description   string       `json:"description"`
	Images        []string     `json:"images"`
	Specialty     bool         `json:"specialty"`
	SoldOut       bool         `json:"soldOut"`
	RestoreAt     *time.Time   `json:"restoreAt,omitempty"` // when a sold-out dish comes back, if scheduled
	Price         int64        `json:"price"`
	DiscountPrice *int64       `json:"discountPrice"`
	OriginalPrice int64        `json:"originalPrice"`
	FinalPrice    int64        `json:"finalPrice"`
	Promotion     *PublicPromo `json:"promotion"`
	Specs         []PublicSpec `json:"specs"`
}

// PublicPromo is the promotion that prices a dish now.
type PublicPromo struct {
	ID       uint64 `json:"id"`
	Name     string `json:"name"`
	Mode     string `json:"mode"`
	Value    int64  `json:"value"`
	Discount int64  `json:"discount"`
	EndAt    string `json:"endAt"` // wall clock in the venue's time zone
}

// PublicSpec is a specification a guest chooses from.
type PublicSpec struct {
	ID         uint64         `json:"id"`
	Name       string         `json:"name"`
	Required   bool           `json:"required"`
	MinChoices int            `json:"minChoices"`
	MaxChoices int            `json:"maxChoices"`
	Options    []PublicOption `json:"options"`
}

// PublicOption is one value; a sold-out value is listed and marked.
type PublicOption struct {
	ID         uint64 `json:"id"`
	Value      string `json:"value"`
	PriceDelta int64  `json:"priceDelta"`
	SoldOut    bool   `json:"soldOut"`
}

// publicLabels are the texts a tablet shows beside the menu.
var publicLabels = map[string]string{
	"soldOut": "cuisine.public.sold_out", "specialty": "cuisine.public.specialty",
	"required": "cuisine.public.required", "promotion": "cuisine.public.promotion",
}

// buildMenu reads a merchant's menu as a venue sees it at now, and the
// moment it next changes by itself (a promotion starts or ends, the day of
// the week turns, a sold-out dish is due back). Six queries, each on an
// index led by merchant_id, whatever the size of the menu.
func (c *Catalogue) buildMenu(ctx context.Context, merchantID uint64, venue, merchant orgFacts, lang string, now time.Time) (*PublicMenu, time.Time, error) {
	db := c.db.WithContext(tenancy.SystemContext(ctx))
	wall := wallClock(now, venue.Loc)
	until := now.Add(menuMaxAge)
	soon := func(t time.Time) {
		if t.After(now) && t.Before(until) {
			until = t
		}
	}

	var cats []Category
	if err := db.Where("merchant_id = ? AND status = ?", merchantID, StatusEnabled).Order("sort, id").Find(&cats).Error; err != nil {
		return nil, until, err
	}
	var dishes []Dish
	if err := db.Where("merchant_id = ? AND status = ?", merchantID, OnSale).Order("sort, id").Find(&dishes).Error; err != nil {
		return nil, until, err
	}
	var groups []SpecGroup
	if err := db.Where("merchant_id = ?", merchantID).Order("sort, id").Find(&groups).Error; err != nil {
		return nil, until, err
	}
	var options []SpecOption
	if err := db.Where("merchant_id = ?", merchantID).Order("sort, id").Find(&options).Error; err != nil {
		return nil, until, err
	}
	var promos []Promotion
	if err := db.Where("merchant_id = ? AND status = ? AND end_at >= ?", merchantID, StatusEnabled, wall).Find(&promos).Error; err != nil {
		return nil, until, err
	}
	active := map[uint64]*Promotion{}
	var activeIDs []uint64
	for i := range promos {
		p := &promos[i]
		soon(instant(p.StartAt, venue.Loc))
		soon(instant(p.EndAt, venue.Loc).Add(time.Second))
		if p.Days != allDays {
			y, m, d := wall.Date()
			soon(instant(time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC), venue.Loc))
		}
		if p.activeAt(wall) {
			active[p.ID] = p
			activeIDs = append(activeIDs, p.ID)
		}
	}
	var promoRows []PromotionRow
	if len(activeIDs) > 0 {
		if err := db.Where("merchant_id = ? AND promotion_id IN ?", merchantID, activeIDs).Find(&promoRows).Error; err != nil {
			return nil, until, err
		}
	}
	rowByDish := map[uint64]PromotionRow{}
	for _, r := range promoRows {
		// Overlaps are refused on save; should two rows meet anyway, the lower price wins.
		if prev, ok := rowByDish[r.DishID]; !ok || r.PromotionPrice < prev.PromotionPrice {
			rowByDish[r.DishID] = r
		}
	}

	optsByGroup := map[uint64][]PublicOption{}
	for _, o := range options {
		optsByGroup[o.GroupID] = append(optsByGroup[o.GroupID], PublicOption{ID: o.ID, Value: o.Value, PriceDelta: o.PriceDelta, SoldOut: o.SoldOut})
	}
	specsByDish := map[uint64][]PublicSpec{}
	for _, g := range groups {
		opts := optsByGroup[g.ID]
		if opts == nil {
			opts = []PublicOption{}
		}
		specsByDish[g.DishID] = append(specsByDish[g.DishID], PublicSpec{ID: g.ID, Name: g.Name, Required: g.Required,
			MinChoices: g.MinChoices, MaxChoices: g.MaxChoices, Options: opts})
	}

	byCat := map[uint64][]PublicDish{}
	for i := range dishes {
		d := &dishes[i]
		pd := PublicDish{ID: d.ID, Number: d.Number, Name: d.Name, Description: d.Description, Images: d.Images,
			Specialty: d.Specialty, SoldOut: d.SoldOutAt(now), Price: d.Price, DiscountPrice: d.DiscountPrice,
			OriginalPrice: d.BasePrice(), Specs: specsByDish[d.ID]}
		pd.FinalPrice = pd.OriginalPrice
		if pd.SoldOut && d.RestoreAt != nil {
			pd.RestoreAt = d.RestoreAt
			soon(*d.RestoreAt)
		}
		if pd.Images == nil {
			pd.Images = []string{}
		}
		if pd.Specs == nil {
			pd.Specs = []PublicSpec{}
		}
		if r, ok := rowByDish[d.ID]; ok {
			// The rule applies to today's price, which may differ from the price when the promotion was saved.
			if p, ok := ApplyPromotion(pd.OriginalPrice, r.Mode, r.Value); ok && p.Price >= 0 && p.Price < pd.OriginalPrice {
				promo := active[r.PromotionID]
				pd.FinalPrice = p.Price
				pd.Promotion = &PublicPromo{ID: promo.ID, Name: promo.Name, Mode: r.Mode, Value: r.Value, Discount: p.Discount,
					EndAt: promo.EndAt.Format(wallLayout)}
			}
		}
		byCat[d.CategoryID] = append(byCat[d.CategoryID], pd)
	}

	menu := &PublicMenu{
		Venue:      PublicVenue{Name: venue.Name, Currency: merchant.Currency, CurrencyDigits: merchant.Digits, Timezone: venue.Timezone},
		Labels:     make(map[string]string, len(publicLabels)),
		Categories: []PublicCategory{},
	}
	for k, key := range publicLabels {
		menu.Labels[k] = i18n.T(lang, key, nil)
	}
	for _, cat := range cats {
		if ds := byCat[cat.ID]; len(ds) > 0 {
			menu.Categories = append(menu.Categories, PublicCategory{ID: cat.ID, Name: cat.Name, Dishes: ds})
		}
	}
	return menu, until, nil
}
