package shop

import (
	"context"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
)

// VenueRef names a venue the caller manages.
type VenueRef struct {
	ID      uint64 `json:"id"`
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
}

// Venues lists the venues the caller manages: venue staff their own venue,
// a merchant's staff every venue of the merchant, platform users none.
func (s *Service) Venues(ctx context.Context, p *api.Principal) ([]VenueRef, error) {
	out := []VenueRef{}
	if p == nil || p.IsPlatform() {
		return out, nil
	}
	rows, err := s.core.Orgs.Venues(ctx, p.MerchantID)
	if err != nil {
		return nil, err
	}
	for _, o := range rows {
		if p.VenueID != 0 && o.ID != p.VenueID {
			continue
		}
		out = append(out, VenueRef{ID: o.ID, Name: o.Name, Enabled: o.Status == sys.StatusEnabled})
	}
	return out, nil
}

// Venue resolves the venue a request acts on and checks the caller may:
// venue staff act on their own venue (venueID 0 means it), a merchant's
// staff on any venue of the merchant, platform users read any venue and
// write none. A venue outside the caller's reach is not found, so ids of
// other tenants reveal nothing.
func (s *Service) Venue(ctx context.Context, p *api.Principal, venueID uint64, write bool) (*sys.Org, error) {
	if p == nil {
		return nil, api.NotFound()
	}
	if venueID == 0 {
		venueID = p.VenueID
	}
	if venueID == 0 {
		return nil, api.Invalid("venueId", "validation.must_select", nil)
	}
	if write && p.IsPlatform() {
		return nil, api.Conflict("shop.merchant_only", nil)
	}
	if p.VenueID != 0 && venueID != p.VenueID {
		return nil, api.NotFound()
	}
	org, err := s.core.Orgs.Get(tenancy.SystemContext(ctx), venueID)
	if err != nil {
		if isNotFound(err) {
			return nil, api.NotFound()
		}
		return nil, err
	}
	if org.Type != sys.OrgVenue || (!p.IsPlatform() && org.MerchantID != p.MerchantID) {
		return nil, api.NotFound()
	}
	return org, nil
}

// VenueScope is ctx narrowed to one venue of the caller's merchant, so that
// a merchant user's statements on venue rows (configure's tables, printers)
// touch that venue only and new rows are stamped with it.
func VenueScope(ctx context.Context, org *sys.Org) context.Context {
	return tenancy.With(ctx, tenancy.Scope{Kind: tenancy.Venue, MerchantID: org.MerchantID, VenueID: org.ID})
}
