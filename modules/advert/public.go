package advert

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
)

// publicRoutes are the tablets' calls: no staff login, the tablet's secret
// key in the path.
func (m *Module) publicRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/public/tablet/:tabletKey/playlist", Access: api.Public, Raw: true, Log: api.LogOff,
		Summary: "The approved ads a tablet plays now (ETag; If-None-Match answers 304)", Result: Playlist{}}, m.playlist)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/public/tablet/:tabletKey/plays", Access: api.Public, MaxBody: 64 << 10,
		Summary: "Report plays; a resent report id counts once", Body: []PlayInput{}, Result: PlaysResult{}}, m.plays)
}

// playlist answers from memory: a tablet polling an unchanged playlist
// gets 304 Not Modified, and neither path queries the database.
func (m *Module) playlist(c *api.Ctx) (any, error) {
	e, err := m.lists.get(c.Ctx(), c.Param("tabletKey"), time.Now())
	if err != nil {
		return nil, err
	}
	if !e.found {
		return nil, api.NotFound()
	}
	m.seen.touch(e.tabletID, appVersion(c.GetHeader("X-App-Version")))
	lang := c.Lang()
	etag := `"` + e.hash + "-" + lang + `"`
	h := c.Writer.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "currentLocale, Accept-Language")
	if api.ETagMatches(c.GetHeader("If-None-Match"), etag) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return nil, nil
	}
	api.WriteRawOK(c.Context, lang, e.result)
	return nil, nil
}

// appVersion keeps a sane version string a tablet reports.
func appVersion(v string) string {
	v = strings.TrimSpace(v)
	if len(v) > 32 {
		return ""
	}
	for _, r := range v {
		if r < 0x21 || r > 0x7e {
			return ""
		}
	}
	return v
}

// PlayInput reports count plays of an ad; ReportID is chosen by the
// tablet and makes a resent report count once.
type PlayInput struct {
	ReportID string `json:"reportId"`
	AdvertID uint64 `json:"advertId"`
	Count    int    `json:"count"`
}

// PlaysResult answers a report.
type PlaysResult struct {
	Accepted  int      `json:"accepted"`  // reports counted now
	Duplicate int      `json:"duplicate"` // reports counted before
	Refused   []uint64 `json:"refused"`   // ads this tablet does not play
}

func (m *Module) plays(c *api.Ctx) (any, error) {
	var in []PlayInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := checkPlays(in); err != nil {
		return nil, err
	}
	e, err := m.lists.get(c.Ctx(), c.Param("tabletKey"), time.Now())
	if err != nil {
		return nil, err
	}
	if !e.found {
		return nil, api.NotFound()
	}
	return m.RecordPlays(c.Ctx(), e.tabletID, in)
}

func checkPlays(in []PlayInput) error {
	var c api.Check
	switch {
	case len(in) == 0:
		c.Add("body", "validation.required", nil)
	case len(in) > maxPlaysReport:
		c.Add("body", "advert.too_many_reports", map[string]any{"Max": maxPlaysReport})
	}
	for _, p := range in {
		id := strings.TrimSpace(p.ReportID)
		if id == "" || len(id) > 64 || p.AdvertID == 0 || p.Count < 1 || p.Count > maxPlayCount {
			c.Add("body", "advert.bad_report", map[string]any{"Max": maxPlayCount})
			break
		}
	}
	return c.Err()
}

// RecordPlays counts a tablet's play reports: each report id once, and
// only for ads the tablet was given (approved, or ended since).
func (m *Module) RecordPlays(ctx context.Context, tabletID uint64, in []PlayInput) (*PlaysResult, error) {
	var t Tablet
	if err := m.sys(ctx).Take(&t, tabletID).Error; err != nil {
		return nil, err
	}
	venue, err := m.orgs.get(ctx, t.VenueID)
	if err != nil {
		return nil, err
	}
	ids := make([]uint64, 0, len(in))
	for _, p := range in {
		ids = append(ids, p.AdvertID)
	}
	areas := venue.Areas
	if areas == nil {
		areas = []string{}
	}
	targeted := m.sys(ctx).Model(&AdvertTarget{}).Select("advert_id").
		Where("(kind = ? AND ref_id = ?) OR (kind = ? AND ref_id = ?) OR (kind = ? AND area_code IN ?)",
			TargetVenue, t.VenueID, TargetTablet, t.ID, TargetArea, areas)
	var playable []uint64
	err = m.sys(ctx).Model(&Advert{}).Where("id IN ? AND status IN ?", uniqueIDs(ids), []string{StatusApproved, StatusEnded}).
		Where("id IN (?)", targeted).Pluck("id", &playable).Error
	if err != nil {
		return nil, err
	}
	ok := map[uint64]bool{}
	for _, id := range playable {
		ok[id] = true
	}
	for attempt := 0; ; attempt++ {
		res, err := m.countPlays(ctx, t, in, ok)
		// A concurrent report with the same id won the insert: count again,
		// and this time it is a duplicate.
		if err == nil || !dbx.IsDuplicate(err) || attempt >= 2 {
			return res, err
		}
	}
}

// countPlays writes the reports not yet written and adds their counts to
// their ads, in one transaction.
func (m *Module) countPlays(ctx context.Context, t Tablet, in []PlayInput, playable map[uint64]bool) (*PlaysResult, error) {
	res := &PlaysResult{Refused: []uint64{}}
	refused := map[uint64]bool{}
	var ids []string
	for _, p := range in {
		ids = append(ids, strings.TrimSpace(p.ReportID))
	}
	now := time.Now().UTC()
	err := m.sys(ctx).Transaction(func(tx *gorm.DB) error {
		var existing []string
		if err := tx.Model(&PlayReport{}).Where("tablet_id = ? AND report_id IN ?", t.ID, ids).Pluck("report_id", &existing).Error; err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, id := range existing {
			seen[id] = true
		}
		var rows []PlayReport
		added := map[uint64]int{}
		for _, p := range in {
			id := strings.TrimSpace(p.ReportID)
			switch {
			case !playable[p.AdvertID]:
				if !refused[p.AdvertID] {
					refused[p.AdvertID] = true
					res.Refused = append(res.Refused, p.AdvertID)
				}
			case seen[id]:
				res.Duplicate++
			default:
				seen[id] = true
				rows = append(rows, PlayReport{MerchantID: t.MerchantID, VenueID: t.VenueID, TabletID: t.ID, ReportID: id,
					AdvertID: p.AdvertID, Count: p.Count, CreatedAt: now})
				added[p.AdvertID] += p.Count
				res.Accepted++
			}
		}
		if len(rows) == 0 {
			return nil
		}
		if err := tx.CreateInBatches(rows, 100).Error; err != nil {
			return err
		}
		for _, id := range sortedIDs(added) {
			if err := tx.Model(&Advert{}).Where("id = ?", id).UpdateColumn("play_count", gorm.Expr("play_count + ?", added[id])).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func sortedIDs(m map[uint64]int) []uint64 {
	out := make([]uint64, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
