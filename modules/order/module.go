// Package order is what guests order and what staff do with it: guest and
// tablet submissions priced on the server from the current menu, rounds
// joining a table's open bill, order numbers, service calls, the staff's
// order records with cancellations (a manager approves those above the
// venue's amount), settlement, the Excel export and the live feed that
// brings new orders and calls to open consoles. Printing and reports
// follow orders through the orderevent contract.
package order

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// Permission ids.
const (
	PermOrder    = "order:order"    // /cuisine/order: records, cancel, settle, export, service calls
	PermApproval = "order:approval" // approve or reject cancellations above the venue's amount
)

// Dictionaries the module reads.
const (
	DictCancelReason  = "cancel_reason"
	DictPaymentMethod = "payment_method"
)

// Tables resolves table codes and tablets to tables: configure's Tables.
type Tables interface {
	TableByToken(ctx context.Context, token string) (*configure.TableRef, error)
	TableOfTablet(ctx context.Context, tabletID uint64) (*configure.Table, error)
	AllOfVenue(ctx context.Context, venueID uint64, origin string) ([]configure.TableView, error)
}

// Tablets resolves a tablet key: the advert module.
type Tablets interface {
	TabletByKey(ctx context.Context, key string) (*advert.TabletRef, error)
}

// Menu prices submissions: cuisine's Catalogue.
type Menu interface {
	VenueMenu(ctx context.Context, venueKey, lang string, now time.Time) (*cuisine.PublicMenu, error)
}

// Module is the order module.
type Module struct {
	deps   module.Deps
	db     *gorm.DB
	log    *slog.Logger
	core   *sys.Module
	venues *shop.Service
	tables Tables
	menu   Menu
	// tablets is nil until UseTablets; tablet ordering is refused without it.
	tablets Tablets
	// procs runs order_void and deploys the demo's everyday process (nil:
	// cancellations above the approval amount are refused as unavailable).
	procs *process.Module
	// bills prints bills from the order page (nil: refused, no printer).
	bills BillPrinter
	live  *hub
	// writers bounds the submissions in the database at once (writers.go).
	writers writers
	// now is the clock of opening hours and order times (tests set it).
	now func() time.Time

	lmu       sync.RWMutex
	listeners []orderevent.Listener
}

// New builds the module over the sys core (dictionaries), the venues'
// settings, their tables and the menu.
func New(deps module.Deps, core *sys.Module, venues *shop.Service, tables Tables, menu Menu) *Module {
	m := &Module{deps: deps, db: deps.DB, log: deps.Log, core: core, venues: venues, tables: tables, menu: menu,
		now: time.Now}
	m.live = newHub(deps.Feed)
	m.writers = newWriters(0)
	if deps.Config != nil {
		m.writers = newWriters(deps.Config.OrderWriters)
	}
	return m
}

// UseTablets lets tablets bound to a table order with their key.
func (m *Module) UseTablets(t Tablets) *Module {
	m.tablets = t
	return m
}

// Subscribe registers a listener called inside the transaction of every
// submission, cancellation and settlement; its error rolls them back.
func (m *Module) Subscribe(l orderevent.Listener) {
	m.lmu.Lock()
	m.listeners = append(m.listeners, l)
	m.lmu.Unlock()
}

func (m *Module) eachListener(fn func(l orderevent.Listener) error) error {
	m.lmu.RLock()
	ls := m.listeners
	m.lmu.RUnlock()
	for _, l := range ls {
		if err := fn(l); err != nil {
			return err
		}
	}
	return nil
}

func (m *Module) Name() string { return "order" }

// Migrations of the order module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "order/0001_orders", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &Order{}, &Line{}, &Cancellation{}, &Submission{}, &Counter{}, &ServiceCall{})
		}},
		{ID: "order/0002_void_process", Up: func(tx *gorm.DB) error {
			// A request above the approval amount runs as an order_void instance.
			if tx.Migrator().HasColumn(&Cancellation{}, "InstanceID") {
				return nil
			}
			return tx.Migrator().AddColumn(&Cancellation{}, "InstanceID")
		}},
		// Search anywhere in an order number (issue 17): the suffix index of
		// order_search.go, filled for the orders that exist.
		{ID: "order/0003_order_no_suffixes", Up: func(tx *gorm.DB) error {
			if err := dbx.CreateTables(tx, &OrderNoSuffix{}); err != nil {
				return err
			}
			return backfillOrderNoSuffixes(tx)
		}},
	}
}

// Menus are the order records, under the cuisine entry (spec route
// /cuisine/order); approving cancellations is a grant of its own.
func (m *Module) Menus() []module.MenuSeed {
	all := []string{"query", "get", "edit", "export"}
	return []module.MenuSeed{
		{URL: "/cuisine/order", Parent: "/cuisine", Name: "menu.cuisine.order", Icon: "ProfileOutlined", Sort: 70,
			Perm: PermOrder, Actions: all,
			Grants: map[string][]string{module.RoleMerchantAdmin: all, module.RoleVenueManager: all, module.RoleWaiter: all,
				module.RolePlatformAdmin: {"query", "get"}}},
		{URL: "/cuisine/order/approval", Parent: "/cuisine", Name: "menu.cuisine.orderApproval", Icon: "AuditOutlined", Sort: 69, Hidden: true,
			Perm: PermApproval, Actions: []string{"query", "edit"},
			Grants: map[string][]string{module.RoleMerchantAdmin: {"query", "edit"}, module.RoleVenueManager: {"query", "edit"}}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.publicRoutes(g)
	m.orderRoutes(g)
	m.callRoutes(g)
	m.liveRoutes(g)
}

// Seed deploys the module's own order_void process once (a designer may
// change it later); with demo it fills the demo venue with about ninety
// days of orders, once, and deploys an everyday process with a start form
// (the purchase request).
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if err := m.seedVoidProcess(tenancy.SystemContext(ctx)); err != nil {
		return err
	}
	if !demo {
		return nil
	}
	if err := m.seedPurchaseProcess(tenancy.SystemContext(ctx)); err != nil {
		return err
	}
	return m.seedDemo(tenancy.SystemContext(ctx))
}

// VenueHasOrders answers shop's question (the currency is fixed once a
// venue has orders).
func (m *Module) VenueHasOrders(ctx context.Context, venueID uint64) (bool, error) {
	var ids []uint64
	err := m.db.WithContext(tenancy.SystemContext(ctx)).Model(&Order{}).Where("venue_id = ?", venueID).Limit(1).Pluck("id", &ids).Error
	return len(ids) > 0, err
}

// venueCtx is ctx narrowed to one venue: statements on the module's rows
// carry its merchant and venue ids through the tenant scope.
func venueCtx(ctx context.Context, merchantID, venueID uint64) context.Context {
	return tenancy.With(ctx, tenancy.Scope{Kind: tenancy.Venue, MerchantID: merchantID, VenueID: venueID})
}
