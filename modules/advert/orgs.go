package advert

import (
	"context"
	"sync"
	"time"
	_ "time/tzdata" // venues name IANA zones; the slim runtime image may lack a zoneinfo directory

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
)

// orgFacts are what ads need of an organisation node.
type orgFacts struct {
	ID         uint64
	Name       string
	Type       string
	MerchantID uint64
	Enabled    bool
	Loc        *time.Location
	AreaCode   string
	// Areas is the node's area and every area above it (a venue is in a
	// targeted region when any of them is targeted).
	Areas []string
}

// orgCache keeps organisation facts read through the sys module's
// services. Every node drops a node's facts when the change feed announces
// that it changed (sys.OrgService.OnChange): at once on the node that made
// the change, and on the others by the next authenticated request (which
// syncs the feed) or the feed's poll, whichever comes first. The age limit
// is only a backstop should an announcement be lost (the database failed
// between the change's commit and its event).
type orgCache struct {
	core *sys.Module
	ttl  time.Duration
	mu   sync.RWMutex
	vals map[uint64]cachedOrg
	// gen counts drops: a load that a drop overtook read facts that may be
	// older than the drop and is not kept.
	gen uint64
	// load reads a node's facts; nil = read them through core.
	load func(ctx context.Context, id uint64) (orgFacts, error)
}

type cachedOrg struct {
	facts orgFacts
	at    time.Time
}

// orgBackstop is how long facts are kept without any announced change.
const orgBackstop = 10 * time.Minute

func newOrgCache(core *sys.Module) *orgCache {
	o := &orgCache{core: core, ttl: orgBackstop, vals: map[uint64]cachedOrg{}}
	o.load = o.read
	return o
}

// get answers a node's facts whatever the caller's scope.
func (o *orgCache) get(ctx context.Context, id uint64) (orgFacts, error) {
	if id == 0 {
		id = sys.PlatformOrgID
	}
	o.mu.RLock()
	c, ok := o.vals[id]
	gen := o.gen
	o.mu.RUnlock()
	if ok && time.Since(c.at) < o.ttl {
		return c.facts, nil
	}
	f, err := o.load(ctx, id)
	if err != nil {
		return orgFacts{}, err
	}
	o.mu.Lock()
	if o.gen == gen {
		o.vals[id] = cachedOrg{facts: f, at: time.Now()}
	}
	o.mu.Unlock()
	return f, nil
}

// read loads a node's facts from the database.
func (o *orgCache) read(ctx context.Context, id uint64) (orgFacts, error) {
	ctx = tenancy.SystemContext(ctx)
	org, err := o.core.Orgs.Get(ctx, id)
	if err != nil {
		return orgFacts{}, err
	}
	loc, err := time.LoadLocation(org.Timezone)
	if err != nil || org.Timezone == "" {
		loc = time.UTC
	}
	f := orgFacts{ID: org.ID, Name: org.Name, Type: org.Type, MerchantID: org.MerchantID, Enabled: org.Status == sys.StatusEnabled,
		Loc: loc, AreaCode: org.AreaCode}
	for code, depth := org.AreaCode, 0; code != "" && depth < 8; depth++ {
		f.Areas = append(f.Areas, code)
		a, err := o.core.Area(ctx, code, "en")
		if err != nil {
			break
		}
		code = a.ParentCode
	}
	return f, nil
}

// owner is the organisation whose calendar an ad's dates are written in:
// its merchant, or the platform for the platform's own ads.
func (o *orgCache) owner(ctx context.Context, merchantID uint64) orgFacts {
	f, err := o.get(ctx, merchantID)
	if err != nil {
		return orgFacts{Loc: time.UTC}
	}
	return f
}

// name is a node's name for display ("" when unknown).
func (o *orgCache) name(ctx context.Context, id uint64) string {
	f, err := o.get(ctx, id)
	if err != nil {
		return ""
	}
	return f.Name
}

func (o *orgCache) drop(id uint64) {
	o.mu.Lock()
	o.gen++
	delete(o.vals, id)
	o.mu.Unlock()
}
