// Package printing turns orders into kitchen tickets, CANCEL tickets and
// bills, and delivers them to the venues' ESC/POS printers.
//
// Each ticket is a durable job row written in the transaction of the order
// that caused it (the module is an orderevent.Listener). Delivery takes due
// jobs with a conditional UPDATE (a lease), so a job survives a printer
// that is off, an agent that is offline and a server that restarts, and is
// retried with backoff until printed; after a few failures it moves to the
// printer's backup. Two delivery paths share the job model: the server
// writing to the printer's socket itself (direct, off unless configured and
// limited to configured address ranges), and the venue's print agent
// (`venue print-agent`), which claims its venue's jobs over HTTPS.
package printing

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// PermJob is the permission of the print job page.
const PermJob = "printing:job"

// PrinterDirectory reads a venue's printers: configure's Printers service.
type PrinterDirectory interface {
	PrintersForVenue(ctx context.Context, venueID uint64) ([]configure.PrinterView, error)
	// PrintersForVenueIn reads through db: the order listeners pass their
	// transaction (a second connection there deadlocks SQLite's writers).
	PrintersForVenueIn(db *gorm.DB, venueID uint64) ([]configure.PrinterView, error)
	// RoutingForVenueIn is PrintersForVenueIn as kitchen routing reads it:
	// from memory that every change of the venue's printers drops.
	RoutingForVenueIn(db *gorm.DB, venueID uint64) ([]configure.PrinterView, error)
	Printer(ctx context.Context, id uint64) (*configure.PrinterView, error)
}

// Module is the printing module.
type Module struct {
	deps     module.Deps
	db       *gorm.DB
	log      *slog.Logger
	core     *sys.Module
	venues   *shop.Service
	printers PrinterDirectory
	policy   Policy
	// Bills prints bills and receipts for the order module.
	Bills *Bills

	wake     chan struct{}
	mu       sync.Mutex
	busy     map[uint64]bool // printers this node is writing to
	waiters  map[uint64][]chan struct{}
	dialHook func(ctx context.Context, addr string) error // tests: see the address before a dial
}

// New builds the module over the sys core, the venue settings (shop) and
// the printers (configure).
func New(deps module.Deps, core *sys.Module, venues *shop.Service, printers PrinterDirectory) (*Module, error) {
	pol, err := PolicyFrom(deps.Config)
	if err != nil {
		return nil, err
	}
	m := &Module{deps: deps, db: deps.DB, log: deps.Log, core: core, venues: venues, printers: printers, policy: pol,
		wake: make(chan struct{}, 1), busy: map[uint64]bool{}, waiters: map[uint64][]chan struct{}{}}
	m.Bills = &Bills{m: m}
	return m, nil
}

func (m *Module) Name() string { return "printing" }

// Migrations of the printing module, in order.
func (m *Module) Migrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "printing/0001_jobs_agents", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx, &Job{}, &JobLine{}, &Agent{})
		}},
	}
}

// Routes declares the module's endpoints with the operation each needs.
func (m *Module) Routes(g *api.Group) {
	m.jobRoutes(g)
	m.agentRoutes(g)
}

// Menus are the print job page, under the configuration entry.
func (m *Module) Menus() []module.MenuSeed {
	all := []string{"query", "get", "add", "edit"}
	return []module.MenuSeed{
		{URL: "/configure/printjob", Parent: "/configure", Name: "menu.configure.printjob", Icon: "PrinterOutlined", Sort: 65,
			Perm: PermJob, Actions: all,
			Grants: map[string][]string{module.RoleMerchantAdmin: all, module.RoleVenueManager: all,
				module.RoleWaiter: {"query", "get", "add"}, module.RolePlatformAdmin: {"query", "get"}}},
	}
}

// Seed writes nothing: a venue's jobs come from its orders.
func (m *Module) Seed(context.Context, bool) error { return nil }

// Start runs delivery on this node: the direct writer when configured. The
// agents' path needs nothing running here; they call in.
func (m *Module) Start(ctx context.Context) error {
	if m.policy.Direct {
		go m.deliverLoop(ctx)
	}
	return nil
}

// wakeAfter tells delivery (on this node) and the agent of the venue
// waiting on this node that jobs written through db are due, once they are
// visible: at once when db is no transaction (each statement committed on
// its own), right after the commit when the transaction was begun by
// dbx.Transaction (the order module's are), and otherwise by wakeSoon's
// guesses. Nodes other than this one find the jobs at their next poll.
func (m *Module) wakeAfter(db *gorm.DB, venueID uint64) {
	if _, inTx := db.Statement.ConnPool.(gorm.TxCommitter); !inTx {
		m.notify(venueID)
		return
	}
	if dbx.AfterCommit(db, func() { m.notify(venueID) }) {
		return
	}
	m.wakeSoon(venueID)
}

// wakeSoon wakes delivery now and again shortly, for jobs written in a
// transaction whose commit nothing reports (it commits after its listeners
// return, at a time unknown here).
func (m *Module) wakeSoon(venueID uint64) {
	for _, d := range []time.Duration{0, 20 * time.Millisecond, 100 * time.Millisecond, 400 * time.Millisecond} {
		time.AfterFunc(d, func() { m.notify(venueID) })
	}
}

func (m *Module) notify(venueID uint64) {
	select {
	case m.wake <- struct{}{}:
	default:
	}
	m.mu.Lock()
	ws := m.waiters[venueID]
	delete(m.waiters, venueID)
	m.mu.Unlock()
	for _, w := range ws {
		close(w)
	}
}

// waitFor answers a channel closed at the venue's next notification.
func (m *Module) waitFor(venueID uint64) chan struct{} {
	ch := make(chan struct{})
	m.mu.Lock()
	m.waiters[venueID] = append(m.waiters[venueID], ch)
	m.mu.Unlock()
	return ch
}
