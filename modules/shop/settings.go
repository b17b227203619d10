package shop

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"time"
	_ "time/tzdata" // venues name IANA zones; the slim runtime image may lack a zoneinfo directory

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/sys"
)

// topicSettings announces a change of a venue's settings (key: venue id).
const topicSettings = "shop.settings"

// OrderHistory tells whether a venue has orders, which fixes its currency.
// The order module implements it and is registered at assembly
// (Service.UseOrderHistory), so that shop never depends on orders.
type OrderHistory interface {
	VenueHasOrders(ctx context.Context, venueID uint64) (bool, error)
}

// VenueSettings is everything other modules need to know of a venue: its
// profile (from the organisation node) and its own settings. Answers are
// shared between callers: read them, never change them.
type VenueSettings struct {
	VenueID    uint64 `json:"venueId"`
	MerchantID uint64 `json:"merchantId"`
	Enabled    bool   `json:"enabled"`
	Name       string `json:"name"`
	Logo       string `json:"logo"`
	Contact    string `json:"contact"`
	Mobile     string `json:"mobile"`
	Address    string `json:"address"`
	AreaCode   string `json:"areaCode"`
	VenueKey   string `json:"venueKey"` // public key of the venue's menu (cuisine's /public/venue/{venueKey}/menu)

	Timezone       string         `json:"timezone"`
	Location       *time.Location `json:"-"`
	Currency       string         `json:"currency"` // ISO 4217
	CurrencyDigits int            `json:"currencyDigits"`

	OpeningHours     WeeklyHours `json:"openingHours"`
	ClosedDates      []string    `json:"closedDates"`
	TaxRate          int         `json:"taxRate"` // basis points
	PricesIncludeTax bool        `json:"pricesIncludeTax"`
	ServiceCharge    int         `json:"serviceCharge"` // basis points
	OrderingMode     string      `json:"orderingMode" enum:"pay_after_meal,pay_per_order"`
	GuestLanguages   []string    `json:"guestLanguages"`
	DefaultLanguage  string      `json:"defaultLanguage"`
	OrderPrefix      string      `json:"orderPrefix"`
	ReceiptHeader    string      `json:"receiptHeader"`
	ReceiptFooter    string      `json:"receiptFooter"`
	// CancelApprovalAbove: a cancellation worth more than this (minor units)
	// needs a manager's approval; 0 = every cancellation does.
	CancelApprovalAbove int64     `json:"cancelApprovalAbove"`
	UpdatedAt           time.Time `json:"updatedAt"`
}

// IsOpenAt reports whether the venue is open at t by its opening hours and
// closed dates, read in its own time zone.
func (v *VenueSettings) IsOpenAt(t time.Time) bool {
	return openAt(v.OpeningHours, v.ClosedDates, t.In(v.Location))
}

// NeedsCancelApproval reports whether cancelling amount (minor units) needs
// a manager's approval.
func (v *VenueSettings) NeedsCancelApproval(amount int64) bool {
	return amount > v.CancelApprovalAbove
}

// OffersLanguage reports whether guests may use a locale code (en_US ...).
func (v *VenueSettings) OffersLanguage(code string) bool {
	return slices.Contains(v.GuestLanguages, code)
}

// GuestLanguage picks the language to show a guest: the requested locale
// when the venue offers it, else the venue's default. Both are locale codes.
func (v *VenueSettings) GuestLanguage(requested string) string {
	tag := i18n.Normalize(requested)
	for _, code := range v.GuestLanguages {
		if i18n.Normalize(code) == tag && requested != "" {
			return code
		}
	}
	return v.DefaultLanguage
}

// Service is the shop module's Go service: venue settings.
type Service struct {
	db      *gorm.DB
	feed    *changefeed.Feed
	core    *sys.Module
	mu      sync.RWMutex
	cache   map[uint64]cachedSettings
	gen     uint64 // counts drops: a read one overtook is answered, not kept
	ttl     time.Duration
	history OrderHistory
	hmu     sync.RWMutex
	onMu    sync.RWMutex
	on      []func(venueID uint64)
}

type cachedSettings struct {
	v  *VenueSettings
	at time.Time
}

func newService(db *gorm.DB, feed *changefeed.Feed, core *sys.Module) *Service {
	s := &Service{db: db, feed: feed, core: core, cache: map[uint64]cachedSettings{}, ttl: 5 * time.Minute}
	feed.Subscribe(topicSettings, func(key string) {
		if id, err := strconv.ParseUint(key, 10, 64); err == nil {
			s.drop(id)
		}
	})
	core.Orgs.OnChange(s.drop)
	return s
}

// UseOrderHistory registers the order module's answer to "has this venue
// orders"; without one, a venue's currency stays editable.
func (s *Service) UseOrderHistory(h OrderHistory) {
	s.hmu.Lock()
	s.history = h
	s.hmu.Unlock()
}

// OnChange calls fn, on every node, with the id of a venue whose settings
// or profile changed (after the change committed).
func (s *Service) OnChange(fn func(venueID uint64)) {
	s.onMu.Lock()
	s.on = append(s.on, fn)
	s.onMu.Unlock()
}

func (s *Service) drop(venueID uint64) {
	s.mu.Lock()
	s.gen++
	delete(s.cache, venueID)
	s.mu.Unlock()
	s.onMu.RLock()
	fns := slices.Clone(s.on)
	s.onMu.RUnlock()
	for _, fn := range fns {
		fn(venueID)
	}
}

// VenueSettings answers a venue's settings whatever the caller's scope
// (guests and tablets have none): callers pass a venue id they resolved
// from a scoped source (a table token, a tablet key, their own rows).
// Answers come from memory; a change on any node drops them.
func (s *Service) VenueSettings(ctx context.Context, venueID uint64) (*VenueSettings, error) {
	return s.VenueSettingsIn(s.db.WithContext(ctx), venueID)
}

// VenueSettingsIn is VenueSettings for a caller inside a transaction: a
// venue not in memory is read through db, the caller's transaction, never
// through a second pool connection (on SQLite a transaction holding the
// write lock that waits for another connection deadlocks with the writers
// queued behind it until busy_timeout).
func (s *Service) VenueSettingsIn(db *gorm.DB, venueID uint64) (*VenueSettings, error) {
	s.mu.RLock()
	c, ok := s.cache[venueID]
	gen := s.gen
	s.mu.RUnlock()
	if ok && time.Since(c.at) < s.ttl {
		return c.v, nil
	}
	ctx := db.Statement.Context
	if ctx == nil {
		ctx = context.Background()
	}
	v, err := s.load(db.WithContext(tenancy.SystemContext(ctx)), venueID)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if len(s.cache) > 100_000 {
		s.cache = map[uint64]cachedSettings{}
	}
	if s.gen == gen {
		s.cache[venueID] = cachedSettings{v: v, at: time.Now()}
	}
	s.mu.Unlock()
	return v, nil
}

// load reads a venue's node and settings row through db; a venue without a
// row has the defaults.
func (s *Service) load(db *gorm.DB, venueID uint64) (*VenueSettings, error) {
	var org sys.Org
	if err := db.Take(&org, venueID).Error; err != nil {
		return nil, err
	}
	if org.Type != sys.OrgVenue {
		return nil, api.NotFound()
	}
	var row Setting
	if err := db.Where("venue_id = ?", venueID).Limit(1).Find(&row).Error; err != nil {
		return nil, err
	}
	if row.ID == 0 {
		row = defaults(org.MerchantID, venueID)
	}
	return compose(&org, &row), nil
}

// defaults are the settings of a venue nobody has configured yet.
func defaults(merchantID, venueID uint64) Setting {
	langs := make([]string, len(i18n.Languages))
	for i, l := range i18n.Languages {
		langs[i] = l.Code
	}
	return Setting{MerchantID: merchantID, VenueID: venueID, OpeningHours: DefaultHours(), ClosedDates: []string{},
		PricesIncludeTax: true, OrderingMode: PayAfterMeal, GuestLanguages: langs, DefaultLanguage: i18n.Languages[0].Code}
}

func compose(org *sys.Org, row *Setting) *VenueSettings {
	loc, err := time.LoadLocation(org.Timezone)
	if err != nil || org.Timezone == "" {
		loc = time.UTC
	}
	key := ""
	if org.VenueKey != nil {
		key = *org.VenueKey
	}
	closed := row.ClosedDates
	if closed == nil {
		closed = []string{}
	}
	return &VenueSettings{VenueID: org.ID, MerchantID: org.MerchantID, Enabled: org.Status == sys.StatusEnabled,
		Name: org.Name, Logo: org.Logo, Contact: org.Contact, Mobile: org.Mobile, Address: org.Address, AreaCode: org.AreaCode,
		VenueKey: key, Timezone: loc.String(), Location: loc, Currency: org.Currency, CurrencyDigits: cuisine.Digits(org.Currency),
		OpeningHours: row.OpeningHours, ClosedDates: closed, TaxRate: row.TaxRate, PricesIncludeTax: row.PricesIncludeTax,
		ServiceCharge: row.ServiceCharge, OrderingMode: row.OrderingMode, GuestLanguages: row.GuestLanguages,
		DefaultLanguage: row.DefaultLanguage, OrderPrefix: row.OrderPrefix, ReceiptHeader: row.ReceiptHeader,
		ReceiptFooter: row.ReceiptFooter, CancelApprovalAbove: row.CancelApprovalAbove, UpdatedAt: row.UpdatedAt}
}

// CurrencyLocked reports whether a venue's currency is fixed: it is once
// the venue has orders (asked of the registered OrderHistory).
func (s *Service) CurrencyLocked(ctx context.Context, venueID uint64) (bool, error) {
	s.hmu.RLock()
	h := s.history
	s.hmu.RUnlock()
	if h == nil {
		return false, nil
	}
	return h.VenueHasOrders(tenancy.SystemContext(ctx), venueID)
}

// changed tells every node that a venue's settings changed.
func (s *Service) changed(ctx context.Context, venueID uint64) {
	if err := s.feed.Publish(tenancy.SystemContext(ctx), topicSettings, strconv.FormatUint(venueID, 10)); err != nil {
		s.drop(venueID) // the others fall back on the cache's age limit
	}
}

// isNotFound maps a missing row to the API's not-found.
func isNotFound(err error) bool { return dbx.IsNotFound(err) }
