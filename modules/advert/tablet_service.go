package advert

import (
	"context"
	"strings"
)

// TabletRef is what other modules (configure: table bindings, tablet
// configuration) know of a tablet.
type TabletRef struct {
	ID         uint64 `json:"id"`
	MerchantID uint64 `json:"merchantId"`
	VenueID    uint64 `json:"venueId"`
	Number     string `json:"number"`
	Name       string `json:"name"`
	Enabled    bool   `json:"enabled"`
}

func refOf(t *Tablet) TabletRef {
	return TabletRef{ID: t.ID, MerchantID: t.MerchantID, VenueID: t.VenueID, Number: t.Number, Name: t.Name, Enabled: t.Status == TabletEnabled}
}

// TabletByKey finds a tablet by its secret key whatever the caller's scope
// (tablets call without a login); nil when no tablet has the key.
func (m *Module) TabletByKey(ctx context.Context, key string) (*TabletRef, error) {
	if key == "" || len(key) > 64 {
		return nil, nil
	}
	var t Tablet
	if err := m.sys(ctx).Where("tablet_key = ?", key).Limit(1).Find(&t).Error; err != nil {
		return nil, err
	}
	if t.ID == 0 {
		return nil, nil
	}
	ref := refOf(&t)
	return &ref, nil
}

// TabletRefs reads tablets by id within the caller's scope; ids outside it
// are missing from the answer.
func (m *Module) TabletRefs(ctx context.Context, ids []uint64) (map[uint64]TabletRef, error) {
	out := make(map[uint64]TabletRef, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Tablet
	if err := m.db.WithContext(ctx).Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, err
	}
	for i := range rows {
		out[rows[i].ID] = refOf(&rows[i])
	}
	return out, nil
}

// OnTabletChange calls fn, on every node, with the key of a tablet whose
// key, number, name or state changed or that was removed (the old key when
// a key was regenerated).
func (m *Module) OnTabletChange(fn func(key string)) {
	m.deps.Feed.Subscribe(topicPlaylists, func(key string) {
		if k, ok := strings.CutPrefix(key, "tablet:"); ok {
			fn(k)
		}
	})
}
