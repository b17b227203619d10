package cuisine

import (
	"context"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // venues name IANA zones; the slim runtime image may lack a zoneinfo directory

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
)

// orgFacts are what the catalogue needs of an organisation node.
type orgFacts struct {
	Name       string
	MerchantID uint64
	Currency   string
	Digits     int
	Timezone   string
	Loc        *time.Location
	Enabled    bool
}

// orgCache keeps the currency and time zone of merchants and venues, read
// through the sys module's service and dropped when a node changes.
type orgCache struct {
	svc  *sys.OrgService
	mu   sync.RWMutex
	vals map[uint64]orgFacts
	gen  uint64 // counts drops: a read one overtook is answered, not kept
}

func newOrgCache(svc *sys.OrgService) *orgCache {
	return &orgCache{svc: svc, vals: map[uint64]orgFacts{}}
}

func (o *orgCache) get(ctx context.Context, id uint64) (orgFacts, error) {
	o.mu.RLock()
	f, ok := o.vals[id]
	gen := o.gen
	o.mu.RUnlock()
	if ok {
		return f, nil
	}
	org, err := o.svc.Get(tenancy.SystemContext(ctx), id)
	if err != nil {
		return orgFacts{}, err
	}
	f = factsOf(org)
	o.mu.Lock()
	if o.gen == gen {
		o.vals[id] = f
	}
	o.mu.Unlock()
	return f, nil
}

func factsOf(org *sys.Org) orgFacts {
	cur := strings.ToUpper(org.Currency)
	loc, err := time.LoadLocation(org.Timezone)
	if err != nil || org.Timezone == "" {
		loc = time.UTC
	}
	return orgFacts{Name: org.Name, MerchantID: org.MerchantID, Currency: cur, Digits: Digits(cur), Timezone: loc.String(), Loc: loc,
		Enabled: org.Status == sys.StatusEnabled}
}

func (o *orgCache) drop(id uint64) {
	o.mu.Lock()
	o.gen++
	delete(o.vals, id)
	o.mu.Unlock()
}

// currency is a merchant's currency ("" when the merchant is unknown).
func (o *orgCache) currency(ctx context.Context, merchantID uint64) string {
	f, err := o.get(ctx, merchantID)
	if err != nil {
		return ""
	}
	return f.Currency
}

// wallClock is t as the digits of a clock in loc, labelled UTC: the form in
// which promotion periods are stored and compared.
func wallClock(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), 0, time.UTC)
}

// instant is the moment a wall-clock time happens in loc.
func instant(wall time.Time, loc *time.Location) time.Time {
	return time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), 0, loc)
}
