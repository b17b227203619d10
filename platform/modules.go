package platform

import (
	"context"

	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/codegen"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/onboarding"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/report"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// domainModules builds every domain module: the list of what the product is
// made of. The sys module is the platform core, built first; modules use its
// Go services (users, organisations) instead of its tables.
func domainModules(ctx context.Context, deps module.Deps, core *sys.Module) ([]module.Module, error) {
	proc := process.New(deps, core)
	menu := cuisine.New(deps, core.Orgs)
	ads := advert.New(deps, core, proc).UseDishes(menu.Catalogue)
	signups := onboarding.New(deps, core, proc)
	gen := codegen.New(deps, core)
	venues := shop.New(deps, core)
	equipment := configure.New(deps, core, venues.Settings, ads, menu.Catalogue)
	orders := order.New(deps, core, venues.Settings, equipment.Tables, menu.Catalogue).UseTablets(ads).UseProcesses(proc)
	venues.Settings.UseOrderHistory(orders)
	reports := report.New(deps, core.Orgs, menu.Catalogue).UseOrders(orders)
	tickets, err := printing.New(deps, core, venues.Settings, equipment.Printers)
	if err != nil {
		return nil, err
	}
	// Kitchen tickets, receipts and sales figures follow every order inside its own transaction.
	orders.UseBills(tickets.Bills)
	orders.Subscribe(tickets)
	orders.Subscribe(reports.Recorder)
	return []module.Module{proc, menu, ads, signups, gen, venues, equipment, orders, reports, tickets}, nil
}
