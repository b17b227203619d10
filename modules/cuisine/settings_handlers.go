package cuisine

import (
	"net/http"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
)

// Settings is what the catalogue pages need before any dish exists: the
// merchant's currency and its venues' public menu keys (for a preview).
type Settings struct {
	Currency       string       `json:"currency"`
	CurrencyDigits int          `json:"currencyDigits"`
	Venues         []VenueEntry `json:"venues"`
}

// VenueEntry is a venue with its public menu key.
type VenueEntry struct {
	ID       uint64 `json:"id"`
	Name     string `json:"name"`
	VenueKey string `json:"venueKey"`
	Timezone string `json:"timezone"`
}

func (m *Module) settingsRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/cuisine/settings", Perm: permDish, Action: "query",
		Summary: "The merchant's currency and its venues' public menu keys", Result: Settings{}}, m.settings)
}

func (m *Module) settings(c *api.Ctx) (any, error) {
	p := c.Principal()
	if p.IsPlatform() {
		return nil, api.Forbidden() // a platform user has no menu of their own
	}
	facts, err := m.Catalogue.orgs.get(c.Ctx(), p.MerchantID)
	if err != nil {
		return nil, err
	}
	out := Settings{Currency: facts.Currency, CurrencyDigits: facts.Digits, Venues: []VenueEntry{}}
	tree, err := m.Catalogue.orgs.svc.Tree(c.Ctx())
	if err != nil {
		return nil, err
	}
	var walk func([]*sys.OrgNode)
	walk = func(nodes []*sys.OrgNode) {
		for _, n := range nodes {
			if n.Type == sys.OrgVenue && n.VenueKey != nil && (p.VenueID == 0 || n.ID == p.VenueID) {
				out.Venues = append(out.Venues, VenueEntry{ID: n.ID, Name: n.Name, VenueKey: *n.VenueKey, Timezone: n.Timezone})
			}
			walk(n.Children)
		}
	}
	walk(tree)
	return out, nil
}
