// Package advert is in-venue advertising: merchants' and the platform's
// image and video ads, their review, broadcast and takedown on the process
// engine (the seeded advert_review definition), the venues' ordering
// tablets, the tablets' playlists and their play reports.
package advert

import (
	"context"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// Permission ids of the module's operations.
const (
	PermRelease = "advert:release"
	PermTablet  = "advert:tablet"
)

// Module is the advert module.
type Module struct {
	deps   module.Deps
	core   *sys.Module
	proc   *process.Module
	db     *gorm.DB
	log    *slog.Logger
	orgs   *orgCache
	lists  *playlists
	seen   *seenBatch
	dishes DishFinder
	// flushEvery is how often tablets' last-seen times are written.
	flushEvery time.Duration
	// launch starts review instances; nil = the process module's Launch.
	launch launcher
	// settleWait bounds a lifecycle call's wait for the status it caused.
	settleWait time.Duration
}

// DishFinder reads a dish within the caller's scope: the cuisine module's
// Catalogue. With one, an ad's dish link must name one of the merchant's
// dishes; without, a dish link is a dish id the tablet's own menu resolves.
type DishFinder interface {
	Dish(ctx context.Context, id uint64) (*cuisine.DishDetail, error)
}

// New builds the module: it offers its activity to the review process's
// service tasks and guards the review tasks.
func New(deps module.Deps, core *sys.Module, proc *process.Module) *Module {
	m := &Module{deps: deps, core: core, proc: proc, db: deps.DB, log: deps.Log, flushEvery: 30 * time.Second,
		settleWait: settleWait}
	m.orgs = newOrgCache(core)
	m.lists = newPlaylists(m)
	m.seen = newSeenBatch()
	proc.OfferService(ActivitySetStatus, m.SetStatus)
	proc.GuardTasks(ReviewProcess, m.guardReview)
	proc.GuardInstances(ReviewProcess, m.guardInstance)
	m.subscribe()
	core.Orgs.OnChange(func(id uint64) {
		// A venue's time zone, area or status shapes its tablets' playlists.
		m.orgs.drop(id)
		m.lists.dropAll()
	})
	return m
}

// UseDishes lets dish links be checked against the merchant's catalogue.
func (m *Module) UseDishes(d DishFinder) *Module {
	m.dishes = d
	return m
}

func (m *Module) Name() string { return "advert" }

// Migrations of the advert module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "advert/0001_ads", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &Advert{}, &AdvertTarget{}, &Tablet{}, &PlayReport{})
		}},
		{ID: "advert/0002_tablet_pairing", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &TabletPairing{}, &PairAttempt{})
		}},
	}
}

// Menus are the spec's advertising route and the tablets beside it.
func (m *Module) Menus() []module.MenuSeed {
	all := []string{"add", "delete", "edit", "query", "get"}
	read := []string{"query", "get"}
	return []module.MenuSeed{
		{URL: "/advert", Name: "menu.advert", Icon: "NotificationOutlined", Sort: 40},
		{URL: "/advert/release", Parent: "/advert", Name: "menu.advert.release", Icon: "PlaySquareOutlined", Sort: 100, Perm: PermRelease, Actions: all,
			Grants: map[string][]string{module.RoleMerchantAdmin: all, module.RoleVenueManager: read, module.RolePlatformAdmin: all, module.RolePlatformReviewer: read}},
		{URL: "/advert/tablet", Parent: "/advert", Name: "menu.advert.tablet", Icon: "TabletOutlined", Sort: 90, Perm: PermTablet, Actions: all,
			Grants: map[string][]string{module.RoleMerchantAdmin: all, module.RoleVenueManager: all, module.RolePlatformAdmin: read}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.advertRoutes(g)
	m.tabletRoutes(g)
	m.pairingRoutes(g)
	m.publicRoutes(g)
}

// Seed deploys the review process once (a designer may change it later)
// and, with demo, the demo venue's tablets and ads.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	ctx = tenancy.SystemContext(ctx)
	if err := m.seedReviewProcess(ctx); err != nil {
		return err
	}
	if demo {
		return m.seedDemo(ctx)
	}
	return nil
}

// Start writes the tablets' last-seen times in batches while serving.
func (m *Module) Start(ctx context.Context) error {
	go func() {
		tick := time.NewTicker(m.flushEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				m.flushSeen(context.WithoutCancel(ctx))
				return
			case <-tick.C:
				m.flushSeen(ctx)
			}
		}
	}()
	return nil
}

func (m *Module) sys(ctx context.Context) *gorm.DB {
	return m.db.WithContext(tenancy.SystemContext(ctx))
}
