package advert

import (
	"context"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/platform/module"
)

// Workbench puts the ads awaiting review and the ads on air on the home page
// of whoever may see the ads list: a merchant's own, or every merchant's for
// the platform (its reviewers).
func (m *Module) Workbench(ctx context.Context, p *api.Principal, lang string) []module.Card {
	if m.core == nil || m.core.Perms == nil || !m.core.Perms.Allowed(p, PermRelease, "query") {
		return nil
	}
	type row struct {
		Status string
		N      int64
	}
	var rows []row
	if err := m.db.WithContext(ctx).Model(&Advert{}).Select("status, COUNT(*) AS n").
		Where("status IN ?", []string{StatusPending, StatusApproved}).Group("status").Scan(&rows).Error; err != nil {
		m.log.Warn("advert: workbench counts", "error", err)
		return nil
	}
	var pending, onAir int64
	for _, r := range rows {
		switch r.Status {
		case StatusPending:
			pending = r.N
		case StatusApproved:
			onAir = r.N
		}
	}
	return []module.Card{
		{Key: "advertPending", Title: i18n.T(lang, "workbench.advert_pending", nil), Value: pending, Link: "/advert/release"},
		{Key: "advertOnAir", Title: i18n.T(lang, "workbench.advert_on_air", nil), Value: onAir, Link: "/advert/release"},
	}
}
