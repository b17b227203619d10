package advert

import (
	"context"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
)

// checkTargets checks where an ad plays and counts the tablets it reaches.
// A merchant's ad plays in the merchant's own venues or on its tablets; the
// platform places its ads (and merchants' requests) in any venue, on any
// tablet or in whole areas.
func (m *Module) checkTargets(ctx context.Context, p *api.Principal, c *api.Check, in *AdvertInput, ad Advert) ([]AdvertTarget, int) {
	allowed := []string{TargetVenue, TargetTablet}
	switch {
	case ad.Request:
		allowed = []string{TargetVenue, TargetArea}
	case ad.Type == TypePlatform:
		allowed = []string{TargetVenue, TargetTablet, TargetArea}
	}
	if in.TargetType == "" {
		c.Add("targetType", "validation.must_select", nil)
		return nil, 0
	}
	if !c.OneOf("targetType", in.TargetType, allowed...) {
		return nil, 0
	}
	if in.TargetType == TargetArea {
		return m.checkAreas(ctx, c, in)
	}
	ids := uniqueIDs(in.TargetIDs)
	switch {
	case len(ids) == 0:
		c.Add("targetIds", "validation.must_select", nil)
		return nil, 0
	case len(ids) > maxTargets:
		c.Add("targetIds", "advert.too_many_targets", map[string]any{"Max": maxTargets})
		return nil, 0
	}
	out := make([]AdvertTarget, len(ids))
	for i, id := range ids {
		out[i] = AdvertTarget{Kind: in.TargetType, RefID: id}
	}
	if in.TargetType == TargetVenue {
		for _, id := range ids {
			v, ok := m.venueOf(ctx, id)
			mine := ad.Type == TypePlatform || (v.MerchantID == ad.MerchantID && (p.VenueID == 0 || p.VenueID == id))
			if !ok || !mine {
				c.Add("targetIds", "advert.target_unknown", map[string]any{"ID": id})
				return nil, 0
			}
		}
		return out, m.countTablets(ctx, ids, nil)
	}
	// Tablets: a merchant names its own (read in its scope), the platform any.
	db := m.db.WithContext(ctx)
	if ad.Type == TypePlatform {
		db = m.sys(ctx)
	}
	var found []uint64
	if err := db.Model(&Tablet{}).Where("id IN ?", ids).Pluck("id", &found).Error; err != nil || len(found) != len(ids) {
		missing := ids[0]
		have := map[uint64]bool{}
		for _, id := range found {
			have[id] = true
		}
		for _, id := range ids {
			if !have[id] {
				missing = id
				break
			}
		}
		c.Add("targetIds", "advert.target_unknown", map[string]any{"ID": missing})
		return nil, 0
	}
	return out, m.countTablets(ctx, nil, ids)
}

func (m *Module) checkAreas(ctx context.Context, c *api.Check, in *AdvertInput) ([]AdvertTarget, int) {
	seen := map[string]bool{}
	var out []AdvertTarget
	for _, code := range in.AreaCodes {
		code = strings.ToUpper(strings.TrimSpace(code))
		if code == "" || seen[code] {
			continue
		}
		seen[code] = true
		if _, err := m.core.Area(tenancy.SystemContext(ctx), code, "en"); err != nil {
			c.Add("areaCodes", "advert.area_unknown", map[string]any{"Code": code})
			return nil, 0
		}
		out = append(out, AdvertTarget{Kind: TargetArea, AreaCode: code})
	}
	switch {
	case len(out) == 0:
		c.Add("areaCodes", "validation.must_select", nil)
		return nil, 0
	case len(out) > maxTargets:
		c.Add("areaCodes", "advert.too_many_targets", map[string]any{"Max": maxTargets})
		return nil, 0
	}
	venues, err := m.venuesInAreas(ctx, seen)
	if err != nil {
		c.Add("areaCodes", "error.internal", nil)
		return nil, 0
	}
	return out, m.countTablets(ctx, venues, nil)
}

// venuesInAreas lists the enabled venues whose area is one of codes or lies
// below one of them.
func (m *Module) venuesInAreas(ctx context.Context, codes map[string]bool) ([]uint64, error) {
	roots, err := m.core.Orgs.Tree(tenancy.SystemContext(ctx))
	if err != nil {
		return nil, err
	}
	var out []uint64
	var walk func(nodes []*sys.OrgNode)
	walk = func(nodes []*sys.OrgNode) {
		for _, n := range nodes {
			if n.Type == sys.OrgVenue && n.Status == sys.StatusEnabled && n.AreaCode != "" {
				if f, err := m.orgs.get(ctx, n.ID); err == nil && inAreas(f.Areas, codes) {
					out = append(out, n.ID)
				}
			}
			walk(n.Children)
		}
	}
	walk(roots)
	if out == nil {
		out = []uint64{}
	}
	return out, nil
}

func inAreas(chain []string, codes map[string]bool) bool {
	for _, a := range chain {
		if codes[strings.ToUpper(a)] {
			return true
		}
	}
	return false
}

// countTablets counts the enabled tablets of venues, or among tablet ids.
func (m *Module) countTablets(ctx context.Context, venues, tablets []uint64) int {
	db := m.sys(ctx).Model(&Tablet{}).Where("status = ?", TabletEnabled)
	switch {
	case venues != nil:
		if len(venues) == 0 {
			return 0
		}
		db = db.Where("venue_id IN ?", venues)
	default:
		db = db.Where("id IN ?", tablets)
	}
	var n int64
	if err := db.Count(&n).Error; err != nil {
		return 0
	}
	return int(n)
}

// tabletCountOf recounts the tablets an ad reaches now (tablets come and go
// between the ad's save and its review).
func (m *Module) tabletCountOf(ctx context.Context, ad *Advert) int {
	var ts []AdvertTarget
	if err := m.sys(ctx).Where("advert_id = ?", ad.ID).Find(&ts).Error; err != nil {
		return ad.TabletCount
	}
	var venues, tablets []uint64
	areas := map[string]bool{}
	for _, t := range ts {
		switch t.Kind {
		case TargetVenue:
			venues = append(venues, t.RefID)
		case TargetTablet:
			tablets = append(tablets, t.RefID)
		case TargetArea:
			areas[t.AreaCode] = true
		}
	}
	switch {
	case len(areas) > 0:
		vs, err := m.venuesInAreas(ctx, areas)
		if err != nil {
			return ad.TabletCount
		}
		return m.countTablets(ctx, vs, nil)
	case len(venues) > 0:
		return m.countTablets(ctx, venues, nil)
	case len(tablets) > 0:
		return m.countTablets(ctx, nil, tablets)
	}
	return 0
}

func uniqueIDs(ids []uint64) []uint64 {
	seen := map[uint64]bool{}
	out := make([]uint64, 0, len(ids))
	for _, id := range ids {
		if id != 0 && !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
