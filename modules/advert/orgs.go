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
// services for a while: a node's time zone or area rarely changes, and the
// playlists built from them expire on their own.
type orgCache struct {
	core *sys.Module
	ttl  time.Duration
	mu   sync.RWMutex
	vals map[uint64]cachedOrg
}

type cachedOrg struct {
	facts orgFacts
	at    time.Time
}

func newOrgCache(core *sys.Module) *orgCache {
	return &orgCache{core: core, ttl: 5 * time.Minute, vals: map[uint64]cachedOrg{}}
}

// get answers a node's facts whatever the caller's scope.
func (o *orgCache) get(ctx context.Context, id uint64) (orgFacts, error) {
	if id == 0 {
		id = sys.PlatformOrgID
	}
	o.mu.RLock()
	c, ok := o.vals[id]
	o.mu.RUnlock()
	if ok && time.Since(c.at) < o.ttl {
		return c.facts, nil
	}
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
	o.mu.Lock()
	o.vals[id] = cachedOrg{facts: f, at: time.Now()}
	o.mu.Unlock()
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
	delete(o.vals, id)
	o.mu.Unlock()
}
