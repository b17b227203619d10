package configure

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"time"

	"github.com/venueplatform/venue/internal/i18n"
)

// TabletConfig is what an ordering tablet shows around the menu: its
// venue, the table it is bound to, and its entrance buttons.
type TabletConfig struct {
	Tablet  ConfigTablet   `json:"tablet"`
	Venue   ConfigVenue    `json:"venue"`
	Table   *ConfigTable   `json:"table"` // nil when the tablet is bound to no table
	Buttons []ConfigButton `json:"buttons"`
}

// ConfigTablet names the tablet.
type ConfigTablet struct {
	ID     uint64 `json:"id"`
	Number string `json:"number"`
	Name   string `json:"name"`
}

// ConfigVenue is the venue as guests see it.
type ConfigVenue struct {
	ID              uint64   `json:"id"`
	Name            string   `json:"name"`
	Logo            string   `json:"logo"`
	VenueKey        string   `json:"venueKey"` // for /public/venue/{venueKey}/menu
	Timezone        string   `json:"timezone"`
	Currency        string   `json:"currency"`
	CurrencyDigits  int      `json:"currencyDigits"`
	OrderingMode    string   `json:"orderingMode" enum:"pay_after_meal,pay_per_order"`
	GuestLanguages  []string `json:"guestLanguages"`
	DefaultLanguage string   `json:"defaultLanguage"`
}

// ConfigTable is the table the tablet orders for; its token is the one
// its guests would otherwise scan.
type ConfigTable struct {
	ID             uint64 `json:"id"`
	Name           string `json:"name"`
	Area           string `json:"area"`
	Token          string `json:"token"`
	OrderingMethod string `json:"orderingMethod" enum:"qr_order,pay_bill,tablet"`
}

// ConfigButton is an enabled entrance button, in display order; names are
// per locale code, so the tablet switches language without asking again.
type ConfigButton struct {
	Function  string            `json:"function" enum:"order_pay,call_service,lucky_wheel,link1,link2,device"`
	Names     map[string]string `json:"names"`
	Image     string            `json:"image"`
	Link      string            `json:"link"`
	CallIcons []CallIcon        `json:"callIcons"`
}

// tabletConfigs keeps each tablet's rendered configuration in memory, so a
// poll costs no database query: an entry lives until a change of its
// tablet, venue, buttons or tables drops it on every node (or maxAge).
type tabletConfigs struct {
	m       *Module
	maxAge  time.Duration
	mu      sync.RWMutex
	entries map[string]*configEntry
	gen     uint64 // bumped by every invalidation: a build that raced one is not kept
	fmu     sync.Mutex
	flights map[string]*configFlight
}

type configEntry struct {
	found   bool
	venueID uint64
	hash    string // of result: the strong entity tag, with the language
	result  []byte // JSON of the TabletConfig
	expires time.Time
	// etags are the ETag header values per language (i18n.Languages order),
	// made once so that a 304 allocates no header.
	etags [][]string
}

// Header values every answer shares (net/http never changes them).
var (
	hdrNoCache = []string{"no-cache"}
	hdrVary    = []string{"currentLocale, Accept-Language"}
	langIndex  = func() map[string]int {
		out := make(map[string]int, len(i18n.Languages))
		for i, l := range i18n.Languages {
			out[l.Tag] = i
		}
		return out
	}()
)

// etag is the entry's ETag header value in a language.
func (e *configEntry) etag(lang string) []string {
	if i, ok := langIndex[lang]; ok {
		return e.etags[i]
	}
	return []string{`"` + e.hash + "-" + lang + `"`}
}

type configFlight struct {
	done chan struct{}
	e    *configEntry
	err  error
}

const (
	configNotFoundTTL = 10 * time.Second
	maxConfigEntries  = 200_000
)

func newTabletConfigs(m *Module) *tabletConfigs {
	return &tabletConfigs{m: m, maxAge: 10 * time.Minute, entries: map[string]*configEntry{}, flights: map[string]*configFlight{}}
}

// get answers a tablet key's entry, from memory while it is fresh.
func (t *tabletConfigs) get(ctx context.Context, key string, now time.Time) (*configEntry, error) {
	t.mu.RLock()
	e := t.entries[key]
	t.mu.RUnlock()
	if e != nil && now.Before(e.expires) {
		return e, nil
	}
	return t.load(ctx, key, now)
}

// load builds an entry once however many polls of the key wait for it.
func (t *tabletConfigs) load(ctx context.Context, key string, now time.Time) (*configEntry, error) {
	t.fmu.Lock()
	if f := t.flights[key]; f != nil {
		t.fmu.Unlock()
		<-f.done
		return f.e, f.err
	}
	f := &configFlight{done: make(chan struct{})}
	t.flights[key] = f
	t.fmu.Unlock()

	t.mu.RLock()
	gen := t.gen
	t.mu.RUnlock()
	// Other polls may wait on this build: it must not end with this client.
	f.e, f.err = t.m.buildTabletConfig(context.WithoutCancel(ctx), key, now)
	if f.err == nil {
		t.mu.Lock()
		if t.gen == gen && (f.e.found || len(t.entries) < maxConfigEntries) {
			if len(t.entries) >= maxConfigEntries {
				t.entries = map[string]*configEntry{}
			}
			t.entries[key] = f.e
		}
		t.mu.Unlock()
	}
	t.fmu.Lock()
	delete(t.flights, key)
	t.fmu.Unlock()
	close(f.done)
	return f.e, f.err
}

// dropVenue forgets the entries of a venue's tablets (and every unknown
// key, which a new binding may have made known).
func (t *tabletConfigs) dropVenue(venueID uint64) {
	t.mu.Lock()
	t.gen++
	for k, e := range t.entries {
		if e.venueID == venueID || !e.found {
			delete(t.entries, k)
		}
	}
	t.mu.Unlock()
}

func (t *tabletConfigs) drop(key string) {
	t.mu.Lock()
	t.gen++
	delete(t.entries, key)
	t.mu.Unlock()
}

// buildTabletConfig reads a tablet's configuration through the advert,
// shop and configure services.
func (m *Module) buildTabletConfig(ctx context.Context, key string, now time.Time) (*configEntry, error) {
	missing := &configEntry{expires: now.Add(configNotFoundTTL)}
	tablet, err := m.tablets.TabletByKey(ctx, key)
	if err != nil {
		return nil, err
	}
	if tablet == nil || !tablet.Enabled {
		return missing, nil
	}
	venue, err := m.venues.VenueSettings(ctx, tablet.VenueID)
	if err != nil {
		return nil, err
	}
	if !venue.Enabled {
		return missing, nil
	}
	cfg := TabletConfig{Tablet: ConfigTablet{ID: tablet.ID, Number: tablet.Number, Name: tablet.Name},
		Venue: ConfigVenue{ID: venue.VenueID, Name: venue.Name, Logo: venue.Logo, VenueKey: venue.VenueKey, Timezone: venue.Timezone,
			Currency: venue.Currency, CurrencyDigits: venue.CurrencyDigits, OrderingMode: venue.OrderingMode,
			GuestLanguages: venue.GuestLanguages, DefaultLanguage: venue.DefaultLanguage},
		Buttons: []ConfigButton{}}
	table, err := m.Tables.TableOfTablet(ctx, tablet.ID)
	if err != nil {
		return nil, err
	}
	if table != nil && table.Status == StatusEnabled {
		cfg.Table = &ConfigTable{ID: table.ID, Name: table.Name, Area: table.Area, Token: table.Token, OrderingMethod: table.OrderingMethod}
	}
	buttons, err := m.Buttons.effective(ctx, venue.MerchantID, venue.VenueID)
	if err != nil {
		return nil, err
	}
	for _, b := range buttons {
		if b.Status != StatusEnabled {
			continue
		}
		icons := b.CallIcons
		if icons == nil {
			icons = []CallIcon{}
		}
		cfg.Buttons = append(cfg.Buttons, ConfigButton{Function: b.Function, Names: b.Names, Image: b.Image, Link: b.Link, CallIcons: icons})
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	e := &configEntry{found: true, venueID: venue.VenueID, hash: hex.EncodeToString(sum[:16]), result: raw,
		expires: now.Add(m.configs.maxAge), etags: make([][]string, len(i18n.Languages))}
	for i, l := range i18n.Languages {
		e.etags[i] = []string{`"` + e.hash + "-" + l.Tag + `"`}
	}
	return e, nil
}
