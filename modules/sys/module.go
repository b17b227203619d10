// Package sys is the system module: identity (login, tokens, SMS codes),
// permissions, users, roles, menus, organisation, dictionary, files and the
// operation log.
package sys

import (
	"context"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/platform/module"
)

// Module is the sys module.
type Module struct {
	deps      module.Deps
	Auth      *Auth
	Perms     *Perms
	SMS       *SMS
	Oplog     *OplogWriter
	MenuSvc   *MenuService
	Dicts     *DictService
	Users     *UserService
	Orgs      *OrgService
	Roles     *RoleService
	People    *Directory
	registry  *api.Registry
	logCounts *dbx.CountCache
	seeds     []moduleMenu
	cards     []module.WorkbenchProvider
	taskSrcs  []module.TaskSource
}

// New builds the module's services over deps.
func New(ctx context.Context, deps module.Deps) (*Module, error) {
	m := &Module{deps: deps}
	auth, err := newAuth(ctx, deps.DB, deps.Config, deps.Feed, deps.Log)
	if err != nil {
		return nil, err
	}
	m.Auth = auth
	if m.Perms, err = newPerms(deps.DB, deps.Feed, deps.Log); err != nil {
		return nil, err
	}
	m.SMS = newSMS(deps.DB, newSMSSender(deps), auth.secret)
	m.Oplog = newOplogWriter(deps.DB, deps.Log, deps.Feed)
	m.MenuSvc = &MenuService{db: deps.DB, perms: m.Perms}
	m.Dicts = newDictService(deps.DB, deps.Feed)
	m.Orgs = newOrgService(deps.DB, deps.Feed)
	m.logCounts = dbx.NewCountCache(5 * time.Second)
	m.People = &Directory{db: deps.DB, orgs: m.Orgs}
	m.Roles = &RoleService{db: deps.DB, feed: deps.Feed, perms: m.Perms, auth: auth, menus: m.MenuSvc}
	m.Users = &UserService{db: deps.DB, auth: auth, orgs: m.Orgs, counts: dbx.NewCountCache(5 * time.Second),
		roles: newRoleRefs(deps.DB, deps.Feed), links: newUserRoleLinks(deps.DB, deps.Feed), feed: deps.Feed}
	// A user added, removed or moved on another node changes the totals here too.
	deps.Feed.Subscribe(topicUserRoles, func(string) { m.Users.counts.Invalidate() })
	return m, nil
}

func (m *Module) Name() string { return "sys" }

// UseRegistry gives the module the route registry (the interface list and
// the administrator's operation codes derive from it).
func (m *Module) UseRegistry(r *api.Registry) { m.registry = r }

// UseMenuSeeds hands over a module's menu entries for seeding.
func (m *Module) UseMenuSeeds(module string, seeds []module.MenuSeed) {
	for _, s := range seeds {
		m.seeds = append(m.seeds, moduleMenu{MenuSeed: s, module: module})
	}
}

// UseWorkbench registers the modules that put cards on the workbench.
func (m *Module) UseWorkbench(p ...module.WorkbenchProvider) { m.cards = append(m.cards, p...) }

// UseTaskSources registers the modules that list pending items on the workbench.
func (m *Module) UseTaskSources(s ...module.TaskSource) { m.taskSrcs = append(m.taskSrcs, s...) }

// Start runs the background work: the operation-log writer and its purge.
func (m *Module) Start(ctx context.Context) error {
	m.Oplog.Start(ctx, func() int { return m.retentionDays(ctx) })
	return nil
}

// Stop flushes what the operation log still holds.
func (m *Module) Stop() { m.Oplog.Stop() }
