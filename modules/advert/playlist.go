package advert

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
)

// topicPlaylists announces a change of what tablets play: key "*" when an
// ad starts or stops broadcasting, "tablet:<key>" when one tablet changed.
const topicPlaylists = "advert.playlist"

// Playlist is what a tablet plays now.
type Playlist struct {
	Tablet PlaylistTablet `json:"tablet"`
	Ads    []PlaylistAd   `json:"ads"`
}

// PlaylistTablet names the tablet and the clock its windows follow.
type PlaylistTablet struct {
	ID        uint64 `json:"id"`
	Number    string `json:"number"`
	Name      string `json:"name"`
	VenueID   uint64 `json:"venueId"`
	VenueName string `json:"venueName"`
	Timezone  string `json:"timezone"`
}

// PlaylistAd is an approved ad within its window, in play order.
type PlaylistAd struct {
	AdvertID      uint64     `json:"advertId"`
	ReleaseNo     string     `json:"releaseNo"`
	Title         string     `json:"title"`
	Type          string     `json:"type" enum:"merchant,platform"`
	MaterialType  string     `json:"materialType" enum:"image,video"`
	Materials     []Material `json:"materials"`
	TotalDuration int        `json:"totalDuration"`
	Link          Link       `json:"link"`
	DailyStart    string     `json:"dailyStart"`
	DailyEnd      string     `json:"dailyEnd"`
	EndDate       string     `json:"endDate"`
}

// Link is where a tap on the ad leads: a dish of the menu or a web page.
type Link struct {
	Type  string `json:"type" enum:"none,dish,url"` // none, dish or url
	Value string `json:"value"`
}

// playlists keeps each tablet's rendered playlist in memory, so that a
// poll costs no database query: an entry lives until the next window
// boundary of its ads (or maxAge), and changes drop entries on every node
// through the change feed.
type playlists struct {
	m       *Module
	maxAge  time.Duration
	mu      sync.RWMutex
	entries map[string]*playlistEntry
	gen     uint64 // bumped by every invalidation: a build that raced one is not kept
	fmu     sync.Mutex
	flights map[string]*flight
}

type playlistEntry struct {
	found    bool
	tabletID uint64
	hash     string // of result: the strong entity tag, with the language
	result   []byte // JSON of the Playlist
	expires  time.Time
}

type flight struct {
	done chan struct{}
	e    *playlistEntry
	err  error
}

const (
	notFoundTTL      = 10 * time.Second
	maxCachedEntries = 200000
)

func newPlaylists(m *Module) *playlists {
	return &playlists{m: m, maxAge: 10 * time.Minute, entries: map[string]*playlistEntry{}, flights: map[string]*flight{}}
}

// get answers a tablet key's entry, from memory while it is fresh.
func (p *playlists) get(ctx context.Context, key string, now time.Time) (*playlistEntry, error) {
	p.mu.RLock()
	e := p.entries[key]
	p.mu.RUnlock()
	if e != nil && now.Before(e.expires) {
		return e, nil
	}
	return p.load(ctx, key, now)
}

// load builds an entry once however many polls of the key wait for it.
func (p *playlists) load(ctx context.Context, key string, now time.Time) (*playlistEntry, error) {
	p.fmu.Lock()
	if f := p.flights[key]; f != nil {
		p.fmu.Unlock()
		<-f.done
		return f.e, f.err
	}
	f := &flight{done: make(chan struct{})}
	p.flights[key] = f
	p.fmu.Unlock()

	p.mu.RLock()
	gen := p.gen
	p.mu.RUnlock()
	// Other polls may wait on this build: it must not end with this client.
	f.e, f.err = p.m.buildPlaylist(context.WithoutCancel(ctx), key, now)
	if f.err == nil {
		p.mu.Lock()
		if p.gen == gen && (f.e.found || len(p.entries) < maxCachedEntries) {
			p.entries[key] = f.e
		}
		p.mu.Unlock()
	}
	p.fmu.Lock()
	delete(p.flights, key)
	p.fmu.Unlock()
	close(f.done)
	return f.e, f.err
}

func (p *playlists) dropAll() {
	p.mu.Lock()
	p.gen++
	p.entries = map[string]*playlistEntry{}
	p.mu.Unlock()
}

func (p *playlists) drop(key string) {
	p.mu.Lock()
	p.gen++
	delete(p.entries, key)
	p.mu.Unlock()
}

func (m *Module) subscribe() {
	m.deps.Feed.Subscribe(topicPlaylists, func(key string) {
		if t, ok := strings.CutPrefix(key, "tablet:"); ok {
			m.lists.drop(t)
			return
		}
		m.lists.dropAll()
	})
}

// playlistsChanged tells every node that ads started or stopped playing.
func (m *Module) playlistsChanged(ctx context.Context) {
	if err := m.deps.Feed.Publish(tenancy.SystemContext(ctx), topicPlaylists, "*"); err != nil {
		m.lists.dropAll() // the others fall back on the entries' age limit
		m.log.Warn("advert: announce a playlist change", "error", err)
	}
}

// tabletChanged tells every node that one tablet's key or state changed.
func (m *Module) tabletChanged(ctx context.Context, key string) {
	if err := m.deps.Feed.Publish(tenancy.SystemContext(ctx), topicPlaylists, "tablet:"+key); err != nil {
		m.lists.drop(key)
		m.log.Warn("advert: announce a tablet change", "error", err)
	}
}

// buildPlaylist reads a tablet's playlist from the database.
func (m *Module) buildPlaylist(ctx context.Context, key string, now time.Time) (*playlistEntry, error) {
	missing := &playlistEntry{expires: now.Add(notFoundTTL)}
	if key == "" || len(key) > 64 {
		return missing, nil
	}
	var t Tablet
	if err := m.sys(ctx).Where("tablet_key = ?", key).Limit(1).Find(&t).Error; err != nil {
		return nil, err
	}
	if t.ID == 0 || t.Status != TabletEnabled {
		return missing, nil
	}
	venue, err := m.orgs.get(ctx, t.VenueID)
	if err != nil || !venue.Enabled {
		return missing, nil
	}
	local := now.In(venue.Loc)
	ads, err := m.candidates(ctx, local, t.VenueID, venue.Areas, []uint64{t.ID})
	if err != nil {
		return nil, err
	}
	pl := Playlist{Tablet: PlaylistTablet{ID: t.ID, Number: t.Number, Name: t.Name, VenueID: t.VenueID, VenueName: venue.Name,
		Timezone: venue.Loc.String()}, Ads: []PlaylistAd{}}
	expires := nextMidnight(local)
	if limit := now.Add(m.lists.maxAge); limit.Before(expires) {
		expires = limit
	}
	for i := range ads {
		a := &ads[i]
		if b := nextBoundary(a, local); b.Before(expires) {
			expires = b
		}
		if activeAt(a, local) {
			pl.Ads = append(pl.Ads, playlistAd(a))
		}
	}
	raw, err := json.Marshal(pl)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	return &playlistEntry{found: true, tabletID: t.ID, hash: hex.EncodeToString(sum[:16]), result: raw, expires: expires}, nil
}

// candidates lists the approved ads that may play today at a venue (or on
// some of its tablets): those targeting the venue, an area it lies in, or
// one of the tablets. Their windows are checked by the caller.
func (m *Module) candidates(ctx context.Context, local time.Time, venueID uint64, areas []string, tablets []uint64) ([]Advert, error) {
	today := local.Format(time.DateOnly)
	yesterday := local.AddDate(0, 0, -1).Format(time.DateOnly) // an overnight window of yesterday may still run
	if areas == nil {
		areas = []string{}
	}
	if tablets == nil {
		tablets = []uint64{}
	}
	targeted := m.sys(ctx).Model(&AdvertTarget{}).Select("advert_id").
		Where("(kind = ? AND ref_id = ?) OR (kind = ? AND ref_id IN ?) OR (kind = ? AND area_code IN ?)",
			TargetVenue, venueID, TargetTablet, tablets, TargetArea, areas)
	var ads []Advert
	err := m.sys(ctx).Where("status = ? AND start_date <= ? AND end_date >= ?", StatusApproved, today, yesterday).
		Where("id IN (?)", targeted).Order("approved_at, id").Find(&ads).Error
	return ads, err
}

func playlistAd(a *Advert) PlaylistAd {
	materials := a.Materials
	if materials == nil {
		materials = []Material{}
	}
	return PlaylistAd{AdvertID: a.ID, ReleaseNo: a.ReleaseNo, Title: a.Title, Type: a.Type, MaterialType: a.MaterialType,
		Materials: materials, TotalDuration: a.TotalDuration, Link: Link{Type: a.LinkType, Value: a.LinkValue},
		DailyStart: a.DailyStart, DailyEnd: a.DailyEnd, EndDate: a.EndDate}
}

// activeAt reports whether an ad's window holds at a venue's local time.
// A window whose end is not after its start runs overnight: it belongs to
// the date on which it began.
func activeAt(a *Advert, local time.Time) bool {
	day := local.Format(time.DateOnly)
	at := local.Hour()*60 + local.Minute()
	start, end := minutes(a.DailyStart), minutes(a.DailyEnd)
	inRange := func(d string) bool { return d >= a.StartDate && d <= a.EndDate }
	if start < end {
		return inRange(day) && at >= start && at < end
	}
	if at >= start {
		return inRange(day)
	}
	return at < end && inRange(local.AddDate(0, 0, -1).Format(time.DateOnly))
}

// nextBoundary is the next moment after local at which an ad's window
// opens or closes.
func nextBoundary(a *Advert, local time.Time) time.Time {
	var next time.Time
	for d := 0; d <= 1; d++ {
		day := local.AddDate(0, 0, d)
		for _, mins := range []int{minutes(a.DailyStart), minutes(a.DailyEnd)} {
			t := time.Date(day.Year(), day.Month(), day.Day(), 0, mins, 0, 0, local.Location())
			if t.After(local) && (next.IsZero() || t.Before(next)) {
				next = t
			}
		}
	}
	if next.IsZero() {
		return nextMidnight(local)
	}
	return next
}

func nextMidnight(local time.Time) time.Time {
	d := local.AddDate(0, 0, 1)
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, local.Location())
}

// seenBatch collects the tablets that polled since the last write, with
// the app version each reported and when it last polled.
type seenBatch struct {
	mu   sync.Mutex
	seen map[uint64]seenMark
}

type seenMark struct {
	version string
	at      time.Time
}

func newSeenBatch() *seenBatch { return &seenBatch{seen: map[uint64]seenMark{}} }

func (s *seenBatch) touch(id uint64, version string) {
	s.mu.Lock()
	v, ok := s.seen[id]
	if !ok || version != "" {
		v.version = version
	}
	v.at = time.Now().UTC()
	s.seen[id] = v
	s.mu.Unlock()
}

// at answers when a tablet last polled this node, if not yet written.
func (s *seenBatch) at(id uint64) (time.Time, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.seen[id]
	return v.at, ok
}

func (s *seenBatch) take() map[uint64]seenMark {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.seen) == 0 {
		return nil
	}
	out := s.seen
	s.seen = map[uint64]seenMark{}
	return out
}

// flushSeen writes the last-seen time (and reported app version) of every
// tablet that polled since the last flush, in one transaction.
func (m *Module) flushSeen(ctx context.Context) {
	batch := m.seen.take()
	if len(batch) == 0 {
		return
	}
	byVersion := map[string][]uint64{}
	for id, v := range batch {
		byVersion[v.version] = append(byVersion[v.version], id)
	}
	now := time.Now().UTC()
	err := m.sys(ctx).Transaction(func(tx *gorm.DB) error {
		for v, ids := range byVersion {
			upd := map[string]any{"last_seen_at": now}
			if v != "" {
				upd["app_version"] = v
			}
			for start := 0; start < len(ids); start += 500 {
				chunk := ids[start:min(len(ids), start+500)]
				if err := tx.Model(&Tablet{}).Where("id IN ?", chunk).UpdateColumns(upd).Error; err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil && ctx.Err() == nil {
		m.log.Warn("advert: write tablets' last-seen times", "tablets", len(batch), "error", err)
	}
}
