// Package modules lists the product's domain modules; cmd/venue and the
// whole-application tests take the list from here.
package modules

import (
	"context"

	"github.com/venueplatform/venue/internal/app"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/onboarding"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
)

// Domain builds every domain module. The sys module is the platform core,
// built by boot first; modules use its Go services (users, organisations)
// instead of its tables.
func Domain(ctx context.Context, deps app.Deps, core *sys.Module) ([]app.Module, error) {
	proc := process.New(deps, core)
	menu := cuisine.New(deps, core.Orgs)
	ads := advert.New(deps, core, proc).UseDishes(menu.Catalogue)
	signups := onboarding.New(deps, core, proc)
	return []app.Module{proc, menu, ads, signups}, nil
}
