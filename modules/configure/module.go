// Package configure is a venue's equipment: its tables with their ordering
// QR codes, the entrance buttons of its tablets, and its printers with the
// dish categories each prints. Other modules call its Go services:
// Tables.TableByToken (guest ordering), Printers.PrintersForVenue and
// Printers.KitchenPrintersFor (printing).
package configure

import (
	"context"
	"log/slog"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// Permission ids of the module's pages.
const (
	PermTable   = "configure:table"   // /configure/orderQrCode
	PermButton  = "configure:button"  // /configure/button
	PermPrinter = "configure:printer" // /configure/settingprinter
)

// TabletDirectory reads the venues' tablets: the advert module, which owns them.
type TabletDirectory interface {
	TabletByKey(ctx context.Context, key string) (*advert.TabletRef, error)
	TabletRefs(ctx context.Context, ids []uint64) (map[uint64]advert.TabletRef, error)
	Tablets(ctx context.Context, q advert.TabletQuery) (api.Page[advert.TabletView], error)
	OnTabletChange(fn func(key string))
}

// DishCatalogue reads the merchant's menu: the cuisine module's Catalogue.
type DishCatalogue interface {
	AllCategories(ctx context.Context) ([]cuisine.CategoryView, error)
	Dishes(ctx context.Context, q cuisine.DishQuery) (api.Page[cuisine.DishView], error)
}

// Module is the configure module.
type Module struct {
	deps       module.Deps
	db         *gorm.DB
	log        *slog.Logger
	core       *sys.Module
	venues     *shop.Service
	tablets    TabletDirectory
	dishes     DishCatalogue
	Tables     *Tables
	Printers   *Printers
	Buttons    *Buttons
	configs    *tabletConfigs
	tokens     *tokenCache
	printerFns listeners
	fonts      *fontSet
}

// New builds the module over the sys core (organisations), the shop
// module's venue settings, advert's tablets and cuisine's catalogue.
func New(deps module.Deps, core *sys.Module, venues *shop.Service, tablets TabletDirectory, dishes DishCatalogue) *Module {
	m := &Module{deps: deps, db: deps.DB, log: deps.Log, core: core, venues: venues, tablets: tablets, dishes: dishes}
	m.Tables = &Tables{m: m}
	m.Printers = &Printers{m: m, routes: newRouteCache()}
	m.Buttons = &Buttons{m: m}
	m.configs = newTabletConfigs(m)
	m.tokens = newTokenCache()
	m.fonts = newFontSet(deps.Config.PDFFontDir, deps.Log)
	m.subscribe()
	return m
}

func (m *Module) Name() string { return "configure" }

// Migrations of the configure module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "configure/0001_tables_buttons_printers", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &Table{}, &RetiredToken{}, &Button{}, &Printer{}, &PrinterCategory{})
		}},
		// The daily purge reads retired tokens by age; databases made by 0001 before the index lack it.
		{ID: "configure/0002_retired_at_index", Up: func(tx *gorm.DB) error {
			if tx.Migrator().HasIndex(&RetiredToken{}, "RetiredAt") {
				return nil
			}
			return tx.Migrator().CreateIndex(&RetiredToken{}, "RetiredAt")
		}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.tableRoutes(g)
	m.buttonRoutes(g)
	m.printerRoutes(g)
	m.publicRoutes(g)
}

// Seed writes nothing for production (a venue's buttons are its defaults
// until it changes them); with demo it equips the demo venue.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if !demo {
		return nil
	}
	return m.seedDemo(tenancy.SystemContext(ctx))
}

// venue resolves the venue a request acts on (see shop.Service.Venue) and
// answers ctx narrowed to it: every statement on the module's rows then
// carries that venue's merchant_id and venue_id through the tenant scope.
func (m *Module) venue(ctx context.Context, venueID uint64, write bool) (context.Context, *sys.Org, error) {
	p, _ := api.PrincipalFrom(ctx)
	org, err := m.venues.Venue(ctx, p, venueID, write)
	if err != nil {
		return nil, nil, err
	}
	return shop.VenueScope(ctx, org), org, nil
}

// sys is a statement outside any tenant's scope (public calls, services
// other modules call with ids they resolved).
func (m *Module) sys(ctx context.Context) *gorm.DB {
	return m.db.WithContext(tenancy.SystemContext(ctx))
}
