// Package codegen generates a complete module from an entity definition: the
// Go slice in the layout of modules/cuisine (model with tenant fields,
// migration, service with rules, routes with operation codes, a test) and its
// console page (list, form, service, 16 locales, menu and grants). Files are
// previewed and downloaded as a zip built in memory; nothing is ever written
// into the server's tree or anywhere on disk.
package codegen

import (
	"context"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// Module is the code generation module.
type Module struct {
	deps module.Deps
	Defs *Definitions
}

// New builds the module over deps; it reads dictionary types through the sys
// module's service.
func New(deps module.Deps, core *sys.Module) *Module {
	return &Module{deps: deps, Defs: &Definitions{db: deps.DB, dicts: core.Dicts}}
}

func (m *Module) Name() string { return "codegen" }

// Migrations of the codegen module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "codegen/0001_definitions", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &Definition{})
		}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.definitionRoutes(g)
	m.generateRoutes(g)
}

// Seed writes nothing: definitions are made in the console.
func (m *Module) Seed(ctx context.Context, demo bool) error { return nil }
