package advert

import (
	"context"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
)

// DisplayQuery picks the venue of the in-store display (platform users
// must name one; merchant users see all of theirs by default).
type DisplayQuery struct {
	VenueID uint64 `form:"venueId" json:"venueId"`
}

// VenueDisplay is what a venue's tablets play now: the merchant's own ads
// and the platform's placed there.
type VenueDisplay struct {
	VenueID   uint64      `json:"venueId"`
	VenueName string      `json:"venueName"`
	Timezone  string      `json:"timezone"`
	Tablets   int         `json:"tablets"`
	Ads       []DisplayAd `json:"ads"`
}

// DisplayAd is an ad on air in a venue.
type DisplayAd struct {
	PlaylistAd
	MerchantName string   `json:"merchantName"`
	TabletIDs    []uint64 `json:"tabletIds"` // the venue's tablets it plays on; empty = all of them
}

func (m *Module) display(c *api.Ctx) (any, error) {
	var q DisplayQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Display(c.Ctx(), c.Principal(), q)
}

// Display answers the in-store display of the caller's venues.
func (m *Module) Display(ctx context.Context, p *api.Principal, q DisplayQuery) ([]VenueDisplay, error) {
	var venues []uint64
	switch {
	case q.VenueID != 0:
		org, err := m.core.Orgs.Get(ctx, q.VenueID)
		if err != nil {
			return nil, err
		}
		if org.Type != sys.OrgVenue {
			return nil, api.NotFound()
		}
		venues = []uint64{org.ID}
	case p.IsPlatform():
		return nil, api.Invalid("venueId", "validation.must_select", nil)
	default:
		roots, err := m.core.Orgs.Tree(ctx)
		if err != nil {
			return nil, err
		}
		var walk func([]*sys.OrgNode)
		walk = func(nodes []*sys.OrgNode) {
			for _, n := range nodes {
				if n.Type == sys.OrgVenue {
					venues = append(venues, n.ID)
				}
				walk(n.Children)
			}
		}
		walk(roots)
	}
	out := make([]VenueDisplay, 0, len(venues))
	now := time.Now()
	for _, id := range venues {
		d, err := m.venueDisplay(ctx, id, now)
		if err != nil {
			return nil, err
		}
		out = append(out, *d)
	}
	return out, nil
}

func (m *Module) venueDisplay(ctx context.Context, venueID uint64, now time.Time) (*VenueDisplay, error) {
	venue, err := m.orgs.get(ctx, venueID)
	if err != nil {
		return nil, err
	}
	var tablets []uint64
	if err := m.sys(ctx).Model(&Tablet{}).Where("venue_id = ? AND status = ?", venueID, TabletEnabled).Order("id").Pluck("id", &tablets).Error; err != nil {
		return nil, err
	}
	local := now.In(venue.Loc)
	d := &VenueDisplay{VenueID: venueID, VenueName: venue.Name, Timezone: venue.Loc.String(), Tablets: len(tablets), Ads: []DisplayAd{}}
	ads, err := m.candidates(ctx, local, venueID, venue.Areas, tablets)
	if err != nil || len(ads) == 0 {
		return d, err
	}
	ids := make([]uint64, len(ads))
	for i, a := range ads {
		ids[i] = a.ID
	}
	var ts []AdvertTarget
	if err := m.sys(ctx).Where("advert_id IN ?", ids).Find(&ts).Error; err != nil {
		return nil, err
	}
	whole := map[uint64]bool{}
	some := map[uint64][]uint64{}
	mine := map[uint64]bool{}
	for _, t := range tablets {
		mine[t] = true
	}
	for _, t := range ts {
		switch {
		case t.Kind == TargetTablet && mine[t.RefID]:
			some[t.AdvertID] = append(some[t.AdvertID], t.RefID)
		case t.Kind != TargetTablet:
			whole[t.AdvertID] = true
		}
	}
	for i := range ads {
		a := &ads[i]
		if !activeAt(a, local) {
			continue
		}
		da := DisplayAd{PlaylistAd: playlistAd(a), MerchantName: m.orgs.name(ctx, a.MerchantID), TabletIDs: []uint64{}}
		if !whole[a.ID] {
			da.TabletIDs = some[a.ID]
		}
		d.Ads = append(d.Ads, da)
	}
	return d, nil
}
