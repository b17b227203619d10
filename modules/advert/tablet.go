package advert

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/textsearch"
)

// TabletInput is what the console sends to add or edit a tablet.
type TabletInput struct {
	VenueID uint64 `json:"venueId"`
	Number  string `json:"number"`
	Name    string `json:"name"`
	Status  *int8  `json:"status" enum:"0,1"`
}

// TabletView is a tablet in lists, with its venue's name and time zone
// and whether it is online (polled within OnlineWindow).
type TabletView struct {
	Tablet
	VenueName string `json:"venueName"`
	TimeZone  string `json:"timeZone" doc:"the venue's IANA time zone, for the last-seen time"`
	Online    bool   `json:"online" doc:"the tablet polled its playlist within the last 2 minutes"`
}

// TabletDetail adds the tablet's key, which the device is set up with.
type TabletDetail struct {
	TabletView
	Key string `json:"key"`
}

// TabletQuery filters the tablet list.
type TabletQuery struct {
	api.PageQuery
	VenueID uint64 `form:"venueId" json:"venueId"`
	Keyword string `form:"keyword" json:"keyword"` // number or name
	Status  string `form:"status" json:"status" enum:"0,1"`
}

// newTabletKey is a random secret: 32 bytes, URL-safe.
func newTabletKey() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func checkTablet(in *TabletInput) error {
	in.Number, in.Name = strings.TrimSpace(in.Number), strings.TrimSpace(in.Name)
	var c api.Check
	if c.Required("number", in.Number) {
		c.MaxLen("number", in.Number, 32)
	}
	c.MaxLen("name", in.Name, 64)
	if in.Status != nil && *in.Status != TabletEnabled && *in.Status != TabletDisabled {
		c.Add("status", "validation.bad_value", nil)
	}
	return c.Err()
}

// Tablets lists the tablets in the caller's scope.
func (m *Module) Tablets(ctx context.Context, q TabletQuery) (api.Page[TabletView], error) {
	q.Normalize()
	db := m.db.WithContext(ctx).Model(&Tablet{})
	if q.VenueID != 0 {
		db = db.Where("venue_id = ?", q.VenueID)
	}
	if kw := strings.TrimSpace(q.Keyword); kw != "" {
		db = db.Where("(number LIKE ? ESCAPE '!' OR name LIKE ? ESCAPE '!')", textsearch.Contains(kw), textsearch.Contains(kw))
	}
	switch q.Status {
	case "":
	case "0":
		db = db.Where("status = ?", TabletDisabled)
	case "1":
		db = db.Where("status = ?", TabletEnabled)
	default:
		return api.Page[TabletView]{}, api.Invalid("status", "validation.bad_value", nil)
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[TabletView]{}, err
	}
	var rows []Tablet
	sort := q.OrderBy(map[string]string{"number": "number", "lastSeenAt": "last_seen_at", "createdAt": "created_at"}, "venue_id, number")
	if err := db.Order(sort).Order("id").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
		return api.Page[TabletView]{}, err
	}
	out := make([]TabletView, len(rows))
	now := time.Now()
	for i, t := range rows {
		out[i] = m.tabletView(ctx, t, now)
	}
	return api.NewPage(q.PageQuery, out, total), nil
}

func (m *Module) tablet(ctx context.Context, id uint64) (*TabletDetail, error) {
	var t Tablet
	if err := m.db.WithContext(ctx).Take(&t, id).Error; err != nil {
		return nil, err
	}
	return &TabletDetail{TabletView: m.tabletView(ctx, t, time.Now()), Key: t.Key}, nil
}

// tabletView adds the venue and presence to a tablet; a poll this node has not
// written yet counts.
func (m *Module) tabletView(ctx context.Context, t Tablet, now time.Time) TabletView {
	if at, ok := m.seen.at(t.ID); ok && (t.LastSeenAt == nil || at.After(*t.LastSeenAt)) {
		t.LastSeenAt = &at
	}
	v := TabletView{Tablet: t, Online: t.LastSeenAt != nil && now.Sub(*t.LastSeenAt) <= OnlineWindow}
	if f, err := m.orgs.get(ctx, t.VenueID); err == nil {
		v.VenueName, v.TimeZone = f.Name, f.Loc.String()
	}
	return v
}

// Tablet answers one tablet with its key.
func (m *Module) Tablet(ctx context.Context, id uint64) (*TabletDetail, error) {
	return m.tablet(ctx, id)
}

// CreateTablet adds a tablet to one of the caller's venues with a new key.
func (m *Module) CreateTablet(ctx context.Context, p *api.Principal, in TabletInput) (*TabletDetail, error) {
	if err := checkTablet(&in); err != nil {
		return nil, err
	}
	if p.IsPlatform() {
		return nil, api.Conflict("advert.merchant_only", nil)
	}
	if p.VenueID != 0 && in.VenueID == 0 {
		in.VenueID = p.VenueID
	}
	v, ok := m.venueOf(ctx, in.VenueID)
	if in.VenueID == 0 {
		return nil, api.Invalid("venueId", "validation.must_select", nil)
	}
	if !ok || v.MerchantID != p.MerchantID || (p.VenueID != 0 && p.VenueID != in.VenueID) {
		return nil, api.Invalid("venueId", "error.not_found", nil)
	}
	t := Tablet{MerchantID: p.MerchantID, VenueID: in.VenueID, Number: in.Number, Name: in.Name, Key: newTabletKey(), Status: TabletEnabled}
	if in.Status != nil {
		t.Status = *in.Status
	}
	if err := m.db.WithContext(ctx).Create(&t).Error; err != nil {
		if dbx.IsDuplicate(err) {
			return nil, api.Invalid("number", "validation.taken", nil)
		}
		return nil, err
	}
	return m.tablet(ctx, t.ID)
}

// UpdateTablet renames, renumbers, enables or disables a tablet.
func (m *Module) UpdateTablet(ctx context.Context, id uint64, in TabletInput) (*TabletDetail, error) {
	if err := checkTablet(&in); err != nil {
		return nil, err
	}
	var t Tablet
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&t, id).Error; err != nil {
			return err
		}
		t.Number, t.Name = in.Number, in.Name
		if in.Status != nil {
			t.Status = *in.Status
		}
		return tx.Select("number", "name", "status", "updated_at").Save(&t).Error
	})
	if err != nil {
		if dbx.IsDuplicate(err) {
			return nil, api.Invalid("number", "validation.taken", nil)
		}
		return nil, err
	}
	m.tabletChanged(ctx, t.Key)
	return m.tablet(ctx, id)
}

// RegenerateKey gives a tablet a new key; the old one stops working.
func (m *Module) RegenerateKey(ctx context.Context, id uint64) (*TabletDetail, error) {
	var t Tablet
	var old string
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&t, id).Error; err != nil {
			return err
		}
		old, t.Key = t.Key, newTabletKey()
		return tx.Select("tablet_key", "updated_at").Save(&t).Error
	})
	if err != nil {
		return nil, err
	}
	m.tabletChanged(ctx, old)
	return m.tablet(ctx, id)
}

// DeleteTablet removes a tablet; its key stops working.
func (m *Module) DeleteTablet(ctx context.Context, id uint64) error {
	var t Tablet
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&t, id).Error; err != nil {
			return err
		}
		if err := tx.Where("tablet_id = ?", t.ID).Delete(&TabletPairing{}).Error; err != nil {
			return err
		}
		return tx.Delete(&t).Error
	})
	if err != nil {
		return err
	}
	m.tabletChanged(ctx, t.Key)
	return nil
}
