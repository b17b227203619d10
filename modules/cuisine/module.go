// Package cuisine is the menu catalogue: dish categories, dishes with their
// specifications, promotions, sold-out and shelf status, and the public menu
// that guests and ordering tablets read.
package cuisine

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// topicMenu announces a change of a merchant's catalogue (key: merchant id).
const topicMenu = "cuisine.menu"

// Module is the cuisine module.
type Module struct {
	deps      module.Deps
	Catalogue *Catalogue
	menus     *menuCache
	// restoreEvery is the period of the sold-out restore job.
	restoreEvery time.Duration
}

// Catalogue is the module's Go service: categories, dishes, promotions.
type Catalogue struct {
	db       *gorm.DB
	feed     *changefeed.Feed
	log      *slog.Logger
	orgs     *orgCache
	counts   *dbx.CountCache
	catNames *nameCache
	menus    *menuCache
	// now is the clock of sold-out restores, promotion periods and the menu (tests set it).
	now func() time.Time
}

// New builds the module over deps; it reads organisations (currency, time
// zone, venue keys) through the sys module's service.
func New(deps module.Deps, orgSvc *sys.OrgService) *Module {
	orgs := newOrgCache(orgSvc)
	menus := newMenuCache()
	// Every write announces itself on every node, which drops the totals; the
	// age limit only bounds a missed announcement.
	counts := dbx.NewCountCache(time.Minute)
	cat := &Catalogue{db: deps.DB, feed: deps.Feed, log: deps.Log, orgs: orgs, counts: counts, catNames: newNameCache(deps.DB), menus: menus,
		now: time.Now}
	m := &Module{deps: deps, Catalogue: cat, menus: menus, restoreEvery: time.Minute}
	deps.Feed.Subscribe(topicMenu, func(key string) {
		if id, err := strconv.ParseUint(key, 10, 64); err == nil {
			menus.dropMerchant(id)
		}
		cat.counts.Invalidate()
		cat.catNames.clear()
	})
	orgs.svc.OnChange(func(id uint64) {
		orgs.drop(id)
		menus.dropOrg(id)
	})
	return m
}

func (m *Module) Name() string { return "cuisine" }

// Migrations of the cuisine module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "cuisine/0001_catalogue", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &Category{}, &Dish{}, &SpecGroup{}, &SpecOption{}, &Promotion{}, &PromotionRow{})
		}},
		// The shelf and sold-out list indexes came after 0001 had run on some
		// databases; a fresh one already has them from the table shape.
		{ID: "cuisine/0002_dish_filter_indexes", Up: func(tx *gorm.DB) error {
			for _, name := range []string{"idx_cuisine_dishes_shelf", "idx_cuisine_dishes_sold_out"} {
				if !tx.Migrator().HasIndex(&Dish{}, name) {
					if err := tx.Migrator().CreateIndex(&Dish{}, name); err != nil {
						return err
					}
				}
			}
			return nil
		}},
		// The list's indexes cover its filters and order: the name index carries the
		// sort, the shelf and sold-out indexes the sold-out state, and specialty has its own; a
		// page's ids are then read from an index alone.
		{ID: "cuisine/0003_dish_list_covering_indexes", Up: func(tx *gorm.DB) error {
			for _, name := range []string{"idx_cuisine_dishes_name", "idx_cuisine_dishes_shelf", "idx_cuisine_dishes_sold_out", "idx_cuisine_dishes_specialty"} {
				if tx.Migrator().HasIndex(&Dish{}, name) {
					if err := tx.Migrator().DropIndex(&Dish{}, name); err != nil {
						return err
					}
				}
				if err := tx.Migrator().CreateIndex(&Dish{}, name); err != nil {
					return err
				}
			}
			return nil
		}},
		// Search anywhere in a dish's name or number (issue 17): the suffix index of
		// dish_search.go, filled for the dishes that exist.
		{ID: "cuisine/0004_dish_name_suffixes", Up: func(tx *gorm.DB) error {
			if err := dbx.CreateTables(tx, &DishSuffix{}); err != nil {
				return err
			}
			return backfillDishSuffixes(tx)
		}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.categoryRoutes(g)
	m.dishRoutes(g)
	m.promotionRoutes(g)
	m.settingsRoutes(g)
	m.publicRoutes(g)
}

// Start runs the sold-out restore job: one UPDATE a minute on every node
// (idempotent, so nodes need no coordination).
func (m *Module) Start(ctx context.Context) error {
	go func() {
		tick := time.NewTicker(m.restoreEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-tick.C:
				if _, err := m.Catalogue.RestoreDue(ctx, now); err != nil && ctx.Err() == nil {
					m.deps.Log.Warn("cuisine: restore sold-out dishes", "error", err)
				}
			}
		}
	}()
	return nil
}

// changed invalidates the merchant's cached menu and list totals on every
// node; called after the change's transaction has committed.
func (c *Catalogue) changed(ctx context.Context, merchantID uint64) {
	c.counts.Invalidate()
	c.catNames.clear()
	if err := c.feed.Publish(tenancy.SystemContext(ctx), topicMenu, strconv.FormatUint(merchantID, 10)); err != nil {
		// This node still drops its copy; the others fall back on the cache's age limit.
		c.menus.dropMerchant(merchantID)
		c.log.Warn("cuisine: announce menu change", "merchant", merchantID, "error", err)
	}
}

// merchantOf is the merchant a write acts for: catalogue rows always belong
// to one, so platform users (who have none) cannot write them.
func merchantOf(ctx context.Context) (uint64, error) {
	p, ok := api.PrincipalFrom(ctx)
	if !ok || p.MerchantID == 0 {
		return 0, api.Conflict("cuisine.merchant_only", nil)
	}
	return p.MerchantID, nil
}
