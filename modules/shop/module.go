// Package shop is a venue's own configuration: its profile (kept on the
// sys organisation node), opening hours, time zone and currency, tax and
// service charge, ordering mode, guest languages, order numbers, receipt
// texts and the cancellation approval threshold. Other modules read it
// through Service.VenueSettings.
package shop

import (
	"context"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// PermSetting is the permission id of the venue settings page.
const PermSetting = "shop:setting"

// Module is the shop module.
type Module struct {
	deps     module.Deps
	core     *sys.Module
	Settings *Service
}

// New builds the module; it reads and edits venue profiles through the sys
// module's organisation service.
func New(deps module.Deps, core *sys.Module) *Module {
	return &Module{deps: deps, core: core, Settings: newService(deps.DB, deps.Feed, core)}
}

func (m *Module) Name() string { return "shop" }

// Migrations of the shop module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "shop/0001_settings", Up: func(tx *gorm.DB) error { return dbx.CreateTables(tx, &Setting{}) }},
	}
}

// Menus are the venue settings page, under the configuration entry the
// configure module brings.
func (m *Module) Menus() []module.MenuSeed {
	edit := []string{"query", "get", "edit"}
	return []module.MenuSeed{
		{URL: "/shop/setting", Parent: "/configure", Name: "menu.shop.setting", Icon: "ShopOutlined", Sort: 100,
			Perm: PermSetting, Actions: edit,
			Grants: map[string][]string{module.RoleMerchantAdmin: edit, module.RoleVenueManager: edit, module.RolePlatformAdmin: {"query", "get"}}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) { m.settingsRoutes(g) }

// Seed gives the demo venue its settings once.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if !demo {
		return nil
	}
	return m.seedDemo(ctx)
}
