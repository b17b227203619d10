package cuisine

import (
	"context"
	"time"

	"github.com/venueplatform/venue/internal/i18n"
)

// VenueMenu is what a venue's guests may order at now, as the public menu
// shows it: the order module prices submissions from it, so a guest pays
// exactly what the menu showed. It comes from the same cache as the public
// menu (dropped on every node by any catalogue change); the answer is
// shared, read it and never change it.
func (c *Catalogue) VenueMenu(ctx context.Context, venueKey, lang string, now time.Time) (*PublicMenu, error) {
	lang = i18n.Normalize(lang)
	c.feed.Sync(ctx) // a change made on another node shows at once
	e, err := c.menus.load(venueKey+"|"+lang, now, func() (*menuEntry, uint64, error) {
		return c.renderMenu(context.WithoutCancel(ctx), venueKey, lang, now)
	})
	if err != nil {
		return nil, err
	}
	return e.menu, nil
}

// DishOf finds a dish of the menu with its category id; nil when the dish
// is not on the menu (removed, off the shelf, in a disabled category).
func (m *PublicMenu) DishOf(dishID uint64) (*PublicDish, uint64) {
	for i := range m.Categories {
		for j := range m.Categories[i].Dishes {
			if m.Categories[i].Dishes[j].ID == dishID {
				return &m.Categories[i].Dishes[j], m.Categories[i].ID
			}
		}
	}
	return nil, 0
}
