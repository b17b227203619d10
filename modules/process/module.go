// Package process is the process engine's module: forms, models,
// definitions, instances and tasks, over HTTP and in the database. The
// execution itself is the interpreter workflow of workflows/engine, which
// this module registers on the worker with its bookkeeping activities.
package process

import (
	"context"

	"go.temporal.io/sdk/workflow"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
	"github.com/venueplatform/venue/workflows/engine"
)

// Definition states.
const (
	DefinitionActive    = "active"
	DefinitionSuspended = "suspended"
)

// Module is the process module.
type Module struct {
	deps     module.Deps
	core     *sys.Module
	db       *gorm.DB
	acts     *Activities
	services []ServiceActivity
	names    nameCache // actors' display names
	guards   map[string]TaskGuard
	// instanceGuards refuse cancels and withdrawals of domain processes.
	instanceGuards map[string]InstanceGuard
}

// ServiceActivity is an activity a domain module offers to service tasks.
type ServiceActivity struct {
	name string
	fn   any
}

// New builds the module.
func New(deps module.Deps, core *sys.Module) *Module {
	m := &Module{deps: deps, core: core, db: deps.DB, acts: &Activities{db: deps.DB, people: core.People}}
	core.Auth.OnUserChange(m.names.drop) // a renamed actor is named anew in history lines at once
	return m
}

func (m *Module) Name() string { return "process" }

// OfferService lets a domain module offer an activity to service tasks under
// a name (e.g. "advert.SetStatus"); fn takes (context.Context, engine.ServiceInput).
func (m *Module) OfferService(name string, fn any) {
	m.services = append(m.services, ServiceActivity{name: name, fn: fn})
}

// Routes declares the process API (issue 5's contract), one routes function per resource.
func (m *Module) Routes(g *api.Group) {
	m.formRoutes(g)
	m.modelRoutes(g)
	m.definitionRoutes(g)
	m.instanceRoutes(g)
	m.taskRoutes(g)
	m.peopleRoutes(g)
}

func workflowOptions() workflow.RegisterOptions {
	return workflow.RegisterOptions{Name: engine.WorkflowName}
}

// Migrations of the process module.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{{ID: "process/0001_engine", Up: func(tx *gorm.DB) error {
		return dbx.CreateTables(tx, &Form{}, &FormVersion{}, &Model{}, &Definition{}, &Instance{}, &Task{}, &TaskCandidate{}, &History{}, &CC{})
	}}, {ID: "process/0002_system_definitions", Up: addSystemColumns}}
}

// Menus are the spec's process routes.
func (m *Module) Menus() []module.MenuSeed {
	all := []string{"add", "delete", "edit", "query", "get", "enable", "disable", "import", "export"}
	inbox := []string{"add", "edit", "query", "get"}
	return []module.MenuSeed{
		{URL: "/process", Name: "menu.process", Icon: "ApartmentOutlined", Sort: 20},
		{URL: "/process/form", Parent: "/process", Name: "menu.process.form", Icon: "FormOutlined", Sort: 60, Perm: "process:form",
			Actions: []string{"add", "delete", "edit", "query", "get", "import", "export"}, Grants: map[string][]string{module.RolePlatformAdmin: all}},
		{URL: "/process/model", Parent: "/process", Name: "menu.process.model", Icon: "NodeIndexOutlined", Sort: 50, Perm: "process:model",
			Actions: []string{"add", "delete", "edit", "query", "get", "import", "export"}, Grants: map[string][]string{module.RolePlatformAdmin: all}},
		{URL: "/process/definition", Parent: "/process", Name: "menu.process.definition", Icon: "DeploymentUnitOutlined", Sort: 40, Perm: "process:definition",
			Actions: []string{"add", "delete", "query", "get", "enable", "disable"}, Grants: map[string][]string{module.RolePlatformAdmin: all}},
		{URL: "/process/instance", Parent: "/process", Name: "menu.process.instance", Icon: "PartitionOutlined", Sort: 30, Perm: "process:instance",
			Actions: []string{"add", "delete", "query", "get"}, Grants: map[string][]string{module.RolePlatformAdmin: all, module.RoleMerchantAdmin: {"query", "get"}}},
		{URL: "/process/task", Parent: "/process", Name: "menu.process.task", Icon: "CarryOutOutlined", Sort: 20, Perm: "process:task",
			Actions: []string{"query", "get", "edit"}, Grants: map[string][]string{module.RolePlatformAdmin: {"query", "get", "edit"}, module.RoleMerchantAdmin: {"query", "get"}}},
		// The inbox is everyone's: static, and its operations granted to every built-in role.
		{URL: "/process/user/tasks", Parent: "/process", Name: "menu.process.user.tasks", Icon: "InboxOutlined", Sort: 100, Static: true, Hidden: true,
			Perm: "process:inbox", Actions: inbox, Grants: map[string][]string{module.RolePlatformAdmin: inbox, module.RolePlatformReviewer: inbox,
				module.RoleMerchantAdmin: inbox, module.RoleVenueManager: inbox, module.RoleWaiter: inbox}},
		{URL: "/process/user/processInstances", Parent: "/process", Name: "menu.process.user.processInstances", Icon: "HistoryOutlined", Sort: 90, Static: true, Hidden: true},
	}
}

// Seed has nothing of its own: domain modules deploy their processes.
func (m *Module) Seed(ctx context.Context, demo bool) error { return nil }
