// Package report keeps the sales figures of orders and answers the dish
// statistics: quantity sold and amount per dish by day and ISO week in each
// venue's time zone, top dishes, categories, cancellations, and the
// workbench's figures of the day.
//
// It follows orders as an orderevent.Listener (the Recorder): each event
// writes its sale lines and bumps the daily totals inside the order's own
// transaction. Reports read only the daily totals.
package report

import (
	"context"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// Module is the report module.
type Module struct {
	deps     module.Deps
	Recorder *Recorder
	Reports  *Reports
	orders   OrderBook
}

// OrderBook is what the workbench reads of the order module: its order
// records, for the count of open orders.
type OrderBook interface {
	Orders(ctx context.Context, q order.OrderQuery) (api.Page[order.OrderView], error)
}

// UseOrders counts the open orders on the workbench from the order records
// (without it, from the orders the events told of).
func (m *Module) UseOrders(o OrderBook) *Module {
	m.orders = o
	return m
}

// New builds the module; it reads organisations (venues, currency, time
// zones) through the sys module and category names through the catalogue.
func New(deps module.Deps, orgs *sys.OrgService, cats Menu) *Module {
	return &Module{deps: deps, Recorder: &Recorder{}, Reports: &Reports{db: deps.DB, orgs: orgs, cats: cats}}
}

func (m *Module) Name() string { return "report" }

// Migrations of the report module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "report/0001_sales", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &SaleLine{}, &DailyDish{}, &DailyVenue{}, &DailyReason{}, &DishLabel{}, &OrderFact{})
		}},
		// Every report reads a range of one venue's (or all venues') daily rows:
		// covering indexes answer it from the index alone, without a row lookup
		// per day and dish.
		{ID: "report/0002_daily_cover", Up: func(tx *gorm.DB) error {
			if tx.Migrator().HasIndex(&DailyDish{}, "idx_report_daily_dishes_merchant") {
				if err := tx.Migrator().DropIndex(&DailyDish{}, "idx_report_daily_dishes_merchant"); err != nil {
					return err
				}
			}
			for _, stmt := range []string{
				"CREATE INDEX idx_report_daily_dishes_venue_cover ON report_daily_dishes " +
					"(merchant_id, venue_id, local_date, dish_id, category_id, week, quantity, amount, cancelled_quantity, cancelled_amount)",
				"CREATE INDEX idx_report_daily_dishes_merchant_cover ON report_daily_dishes " +
					"(merchant_id, local_date, venue_id, dish_id, category_id, week, quantity, amount, cancelled_quantity, cancelled_amount)",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		}},
		// Lanes (lanes.go): a day's totals in up to eight rows, the lane in
		// the unique keys. Existing rows are lane 0.
		{ID: "report/0003_daily_lanes", Up: func(tx *gorm.DB) error {
			for _, t := range []struct {
				model any
				index string
			}{{&DailyDish{}, "uk_report_daily_dishes"}, {&DailyVenue{}, "uk_report_daily_venues"}} {
				if !tx.Migrator().HasColumn(t.model, "Lane") {
					if err := tx.Migrator().AddColumn(t.model, "Lane"); err != nil {
						return err
					}
				}
				if tx.Migrator().HasIndex(t.model, t.index) {
					if err := tx.Migrator().DropIndex(t.model, t.index); err != nil {
						return err
					}
				}
				if err := tx.Migrator().CreateIndex(t.model, t.index); err != nil {
					return err
				}
			}
			return nil
		}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.salesRoutes(g)
}
