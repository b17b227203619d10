package cuisine

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"time"

	"gorm.io/gorm"

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
	if err := db.Select("id", "name").Where("merchant_id = ? AND status = ?", merchantID, StatusEnabled).Order("sort, id").Find(&cats).Error; err != nil {
		return nil, until, err
	}
	dishes, err := menuDishes(db, merchantID)
	if err != nil {
		return nil, until, err
	}
	specsByDish, err := menuSpecs(db, merchantID)
	if err != nil {
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
		if err := db.Select("dish_id", "promotion_id", "mode", "value", "promotion_price").
			Where("merchant_id = ? AND promotion_id IN ?", merchantID, activeIDs).Find(&promoRows).Error; err != nil {
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

// menuDishes reads the dishes on sale in menu order, scanned by hand like
// the specifications.
func menuDishes(db *gorm.DB, merchantID uint64) ([]Dish, error) {
	rows, err := db.Model(&Dish{}).Select("id", "category_id", "number", "name", "price", "discount_price", "description", "images", "specialty", "sold_out", "restore_at").
		Where("merchant_id = ? AND status = ?", merchantID, OnSale).Order("sort, id").Rows()
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }() // rows.Err() reports the iteration's error
	var out []Dish
	for rows.Next() {
		var d Dish
		var discount sql.NullInt64
		var restore sql.NullTime
		if err := rows.Scan(&d.ID, &d.CategoryID, &d.Number, &d.Name, &d.Price, &discount, &d.Description, &d.Images, &d.Specialty, &d.SoldOut, &restore); err != nil {
			return nil, err
		}
		if discount.Valid {
			d.DiscountPrice = &discount.Int64
		}
		if restore.Valid {
			d.RestoreAt = &restore.Time
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// menuSpecs reads every specification of a merchant with its values, in
// order, by dish. The rows are scanned by hand: a large menu holds tens of
// thousands of values, and reflection per row would dominate a cold build.
func menuSpecs(db *gorm.DB, merchantID uint64) (map[uint64][]PublicSpec, error) {
	type sorted struct {
		sort int
		opt  PublicOption
	}
	opts := map[uint64][]sorted{}
	rows, err := db.Model(&SpecOption{}).Select("id", "group_id", "value", "price_delta", "sort", "sold_out").
		Where("merchant_id = ?", merchantID).Rows()
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }() // rows.Err() reports the iteration's error
	for rows.Next() {
		var o sorted
		var group uint64
		if err := rows.Scan(&o.opt.ID, &group, &o.opt.Value, &o.opt.PriceDelta, &o.sort, &o.opt.SoldOut); err != nil {
			return nil, err
		}
		opts[group] = append(opts[group], o)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	type groupRow struct {
		dish uint64
		sort int
		spec PublicSpec
	}
	var groups []groupRow
	grows, err := db.Model(&SpecGroup{}).Select("id", "dish_id", "name", "sort", "required", "min_choices", "max_choices").
		Where("merchant_id = ?", merchantID).Rows()
	if err != nil {
		return nil, err
	}
	defer func() { _ = grows.Close() }() // grows.Err() reports the iteration's error
	for grows.Next() {
		var g groupRow
		if err := grows.Scan(&g.spec.ID, &g.dish, &g.spec.Name, &g.sort, &g.spec.Required, &g.spec.MinChoices, &g.spec.MaxChoices); err != nil {
			return nil, err
		}
		groups = append(groups, g)
	}
	if err := grows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(groups, func(a, b groupRow) int { return cmp.Or(cmp.Compare(a.sort, b.sort), cmp.Compare(a.spec.ID, b.spec.ID)) })
	out := map[uint64][]PublicSpec{}
	for _, g := range groups {
		os := opts[g.spec.ID]
		slices.SortFunc(os, func(a, b sorted) int { return cmp.Or(cmp.Compare(a.sort, b.sort), cmp.Compare(a.opt.ID, b.opt.ID)) })
		g.spec.Options = make([]PublicOption, len(os))
		for i, o := range os {
			g.spec.Options[i] = o.opt
		}
		out[g.dish] = append(out[g.dish], g.spec)
	}
	return out, nil
}
