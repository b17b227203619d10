package cuisine

import (
	"context"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/platform/module"
)

// Workbench puts the merchant's dishes on sale and those sold out now on the
// home page of the merchant's staff.
func (m *Module) Workbench(ctx context.Context, p *api.Principal, lang string) []module.Card {
	if p.IsPlatform() {
		return nil
	}
	now := m.Catalogue.now().UTC()
	var onSale, soldOut int64
	db := m.deps.DB.WithContext(ctx).Model(&Dish{})
	if err := db.Where("status = ?", OnSale).Count(&onSale).Error; err != nil {
		m.deps.Log.Warn("cuisine: workbench counts", "error", err)
		return nil
	}
	if err := m.deps.DB.WithContext(ctx).Model(&Dish{}).Where("status = ? AND sold_out = ? AND (restore_at IS NULL OR restore_at > ?)", OnSale, true, now).
		Count(&soldOut).Error; err != nil {
		m.deps.Log.Warn("cuisine: workbench counts", "error", err)
		return nil
	}
	return []module.Card{
		{Key: "dishesOnSale", Title: i18n.T(lang, "workbench.dishes_on_sale", nil), Value: onSale, Link: "/cuisine/manage?status=on_sale"},
		{Key: "dishesSoldOut", Title: i18n.T(lang, "workbench.dishes_sold_out", nil), Value: soldOut, Link: "/cuisine/manage?soldOut=true"},
	}
}
