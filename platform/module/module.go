// Package module defines what a module is and what it is given. cmd/venue lists
// the modules; nothing else knows about them.
package module

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"go.temporal.io/sdk/client"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/storage"
)

// Deps are the shared services handed to every module.
type Deps struct {
	Config  *config.Config
	DB      *gorm.DB
	Log     *slog.Logger
	Storage storage.Storage
	Feed    *changefeed.Feed
	// Temporal answers the workflow client once the loop is connected (the
	// database and modules come up first); nil in commands without the loop.
	Temporal func() client.Client
}

// Module is one vertical slice of the product.
type Module interface {
	Name() string
	Migrations() []dbx.Migration
	Menus() []MenuSeed
	Routes(g *api.Group)
	// Seed writes the rows the module needs to work (idempotent); with demo
	// it also writes the demo merchant's rows.
	Seed(ctx context.Context, demo bool) error
}

// PageServer is a module that serves pages of its own outside the console
// (the guests' ordering page): ServePage answers false for paths it leaves
// to the console.
type PageServer interface {
	ServePage(w http.ResponseWriter, r *http.Request) bool
}

// Starter is a module with background work (timers, purges) while serving.
type Starter interface {
	Start(ctx context.Context) error
}

// MenuSeed declares one console menu entry a module brings. URL is its
// identity; Parent is the URL of its parent entry ("" for top level).
type MenuSeed struct {
	URL     string
	Parent  string
	Name    string // locale key, e.g. "menu.sys.user"
	Icon    string
	Sort    int
	Perm    string   // permission id its operations use, e.g. "sys:user"
	Actions []string // operation keys offered on this menu
	Static  bool     // visible without a grant
	Hidden  bool     // routable but not shown in the side menu
	// Grants are the default grants of the seeded roles (role code → operation
	// keys), applied when the entry is first created; later an administrator's
	// changes stand.
	Grants map[string][]string
}

// Seeded role codes modules grant their menus to.
const (
	RolePlatformAdmin    = "platform_admin"
	RolePlatformReviewer = "platform_reviewer"
	RoleMerchantAdmin    = "merchant_admin"
	RoleVenueManager     = "venue_manager"
	RoleWaiter           = "waiter"
)

// Card is one figure on a user's workbench.
type Card struct {
	Key   string `json:"key"`
	Title string `json:"title"`
	Value any    `json:"value" type:"number,string" doc:"a count, an amount or a line of text"`
	Link  string `json:"link,omitempty"`
	// Note is a line under the value, e.g. a comparison with last week.
	Note string `json:"note,omitempty"`
}

// WorkbenchProvider is a module that contributes cards to the workbench.
type WorkbenchProvider interface {
	Workbench(ctx context.Context, p *api.Principal, lang string) []Card
}

// WorkbenchTask is a pending item on a user's workbench.
type WorkbenchTask struct {
	ID          uint64    `json:"id"`
	Title       string    `json:"title"`
	ProcessName string    `json:"processName,omitempty"`
	CreatedAt   time.Time `json:"createdAt"`
	Link        string    `json:"link"`
}

// TaskSource is a module that lists a user's pending items on the workbench.
type TaskSource interface {
	WorkbenchTasks(ctx context.Context, p *api.Principal, limit int) []WorkbenchTask
}
