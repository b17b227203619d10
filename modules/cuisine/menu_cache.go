package cuisine

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// menuMaxAge bounds how long a node keeps a menu whose invalidation it may
// have missed (a failed announcement); changes normally drop it at once.
const menuMaxAge = 10 * time.Minute

// menuEntry is a rendered public menu of one venue in one language: the
// envelope as JSON (and gzipped, once asked for) and its entity tag.
type menuEntry struct {
	venueID, merchantID uint64
	menu                *PublicMenu // shared by every reader: never changed
	body                []byte
	etag                string // quoted, of the identity body
	until               time.Time
	gzOnce              sync.Once
	gz                  []byte
}

type menuCall struct {
	done  chan struct{}
	entry *menuEntry
	err   error
}

// menuCache keeps rendered menus per venue key and language. Every change
// of a merchant's catalogue, on any node, drops that merchant's menus (the
// "cuisine.menu" change-feed topic); an entry also expires by itself when
// the menu changes with time. A menu built while a change lands is not kept
// (the merchant's generation moved on), and concurrent misses of one key
// build it once.
type menuCache struct {
	mu       sync.Mutex
	entries  map[string]*menuEntry
	gen      map[uint64]uint64
	inflight map[string]*menuCall
}

func newMenuCache() *menuCache {
	return &menuCache{entries: map[string]*menuEntry{}, gen: map[uint64]uint64{}, inflight: map[string]*menuCall{}}
}

// generation is a merchant's invalidation count; read it before the reads
// a menu is built from.
func (m *menuCache) generation(merchantID uint64) uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.gen[merchantID]
}

// load answers the fresh entry of key, building it with build on a miss.
func (m *menuCache) load(key string, now time.Time, build func() (*menuEntry, uint64, error)) (*menuEntry, error) {
	m.mu.Lock()
	if e := m.entries[key]; e != nil && now.Before(e.until) {
		m.mu.Unlock()
		return e, nil
	}
	if call := m.inflight[key]; call != nil {
		m.mu.Unlock()
		<-call.done
		return call.entry, call.err
	}
	call := &menuCall{done: make(chan struct{})}
	m.inflight[key] = call
	m.mu.Unlock()

	call.entry, call.err = m.run(key, build)
	close(call.done)
	return call.entry, call.err
}

func (m *menuCache) run(key string, build func() (*menuEntry, uint64, error)) (e *menuEntry, err error) {
	var gen uint64
	defer func() {
		m.mu.Lock()
		delete(m.inflight, key)
		if err == nil && m.gen[e.merchantID] == gen {
			if len(m.entries) > 10000 { // many venues and languages: start over rather than grow
				m.entries = map[string]*menuEntry{}
			}
			m.entries[key] = e
		}
		m.mu.Unlock()
	}()
	e, gen, err = build()
	return e, err
}

// dropMerchant forgets a merchant's menus.
func (m *menuCache) dropMerchant(merchantID uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen[merchantID]++
	for k, e := range m.entries {
		if e.merchantID == merchantID {
			delete(m.entries, k)
		}
	}
}

// dropOrg forgets the menus of a changed merchant or venue (name, time
// zone, currency, status, key).
func (m *menuCache) dropOrg(id uint64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gen[id]++
	for k, e := range m.entries {
		if e.merchantID == id || e.venueID == id {
			m.gen[e.merchantID]++
			delete(m.entries, k)
		}
	}
}

// renderMenu builds the entry of a venue's menu in lang.
func (c *Catalogue) renderMenu(ctx context.Context, venueKey, lang string, now time.Time) (*menuEntry, uint64, error) {
	venue, err := c.orgs.svc.VenueByKey(ctx, venueKey)
	if err != nil {
		return nil, 0, err
	}
	gen := c.menus.generation(venue.MerchantID)
	merchant, err := c.orgs.get(ctx, venue.MerchantID)
	if err != nil {
		return nil, 0, err
	}
	if !merchant.Enabled {
		return nil, 0, api.NotFound()
	}
	menu, until, err := c.buildMenu(ctx, venue.MerchantID, factsOf(venue), merchant, lang, now)
	if err != nil {
		return nil, 0, err
	}
	body, err := json.Marshal(api.Envelope{Code: api.CodeOK, Msg: i18n.T(lang, "ok", nil), Result: menu})
	if err != nil {
		return nil, 0, err
	}
	sum := sha256.Sum256(body)
	return &menuEntry{venueID: venue.ID, merchantID: venue.MerchantID, menu: menu, body: body,
		etag: `"` + hex.EncodeToString(sum[:12]) + `"`, until: until}, gen, nil
}

// gzipped is the body compressed, made on the first request that accepts
// gzip so that a rebuild answers plain requests without paying for it.
func (e *menuEntry) gzipped() []byte {
	e.gzOnce.Do(func() {
		var buf bytes.Buffer
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		_, _ = w.Write(e.body) // writes to memory cannot fail
		_ = w.Close()
		e.gz = buf.Bytes()
	})
	return e.gz
}

func gzipTag(etag string) string { return strings.TrimSuffix(etag, `"`) + `-gz"` }
