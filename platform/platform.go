// Package platform assembles the binary: configuration, database and
// migrations, the sys core and the domain modules, the Temporal loop and
// the HTTP engine.
package platform

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/storage"
	"github.com/venueplatform/venue/internal/temporalx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/webui"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
	"github.com/venueplatform/venue/workflows"
)

// Version is set at build time (-ldflags "-X .../platform.Version=...").
var Version = "dev"

// Platform is the assembled application.
type Platform struct {
	Config   *config.Config
	Log      *slog.Logger
	DB       *gorm.DB
	Feed     *changefeed.Feed
	Storage  storage.Storage
	Sys      *sys.Module
	Modules  []module.Module // sys first
	Registry *api.Registry
	Temporal client.Client

	cancel  context.CancelFunc
	closers []func()

	healthMu sync.Mutex
	healthAt time.Time // last successful Temporal round trip

	metrics http.Handler // of the last built handler, for VENUE_METRICS_ADDR
}

// MetricsHandler serves the Prometheus metrics of the handler Handler built.
func (p *Platform) MetricsHandler() http.Handler { return p.metrics }

// healthFresh is how long a successful Temporal round trip answers /readyz:
// each check starts a workflow, so probes every second must not each run one.
const healthFresh = 10 * time.Second

// Logger builds the process logger from the configuration.
func Logger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if strings.EqualFold(cfg.LogFormat, "text") {
		return slog.New(slog.NewTextHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, opts))
}

// Open connects the database, runs the migrations and builds the modules.
// It starts nothing in the background.
func Open(ctx context.Context, cfg *config.Config, log *slog.Logger) (*Platform, error) {
	// Temporal's sticky cache keeps every waiting instance's workflow in memory
	// (two goroutines and its state) until it ends or is evicted: bound it, or
	// memory grows with the instances left open (approvals waiting for days).
	// The cache is the process's, made by its first worker, which may be one
	// of the embedded server's own: set its size before anything starts.
	worker.SetStickyWorkflowCacheSize(cfg.TemporalWorkflowCache)
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	db, err := dbx.Open(dbx.Options{DSN: cfg.DBDSN, DataDir: cfg.DataDir, MaxOpen: cfg.DBMaxOpen, Logger: log})
	if err != nil {
		return nil, err
	}
	p := &Platform{Config: cfg, Log: log, DB: db}
	p.closers = append(p.closers, func() { dbx.Close(db) })
	if err := db.Use(tenancy.Plugin{}); err != nil {
		p.Close()
		return nil, err
	}
	if err := p.build(ctx); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

func (p *Platform) build(ctx context.Context) error {
	cfg := p.Config
	var err error
	if cfg.OSSEnabled() {
		p.Storage, err = storage.NewOSS(storage.OSSOptions{Endpoint: cfg.OSSEndpoint, Bucket: cfg.OSSBucket,
			AccessKeyID: cfg.OSSAccessKeyID, AccessKeySecret: cfg.OSSAccessKeySecret, PublicURL: cfg.OSSPublicURL, Prefix: cfg.OSSPrefix})
	} else {
		p.Storage, err = storage.NewLocal(cfg.UploadPath())
	}
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	// The core tables (change feed, settings) must exist before sys is built.
	sysMigrations := (&sys.Module{}).Migrations()
	if _, err := dbx.Migrate(ctx, p.DB, sysMigrations, p.Log); err != nil {
		return err
	}
	p.Feed = changefeed.New(p.DB, p.Log)
	deps := module.Deps{Config: cfg, DB: p.DB, Log: p.Log, Storage: p.Storage, Feed: p.Feed,
		Temporal: func() client.Client { return p.Temporal }}
	p.Sys, err = sys.New(ctx, deps)
	if err != nil {
		return err
	}
	p.Modules = []module.Module{p.Sys}
	mods, err := domainModules(ctx, deps, p.Sys)
	if err != nil {
		return err
	}
	p.Modules = append(p.Modules, mods...)
	var all []dbx.Migration
	for _, m := range p.Modules {
		all = append(all, m.Migrations()...)
	}
	if _, err := dbx.Migrate(ctx, p.DB, all, p.Log); err != nil {
		return err
	}
	p.Registry = api.NewRegistry()
	for _, m := range p.Modules {
		m.Routes(p.Registry.Group(m.Name()))
		if m != module.Module(p.Sys) {
			p.Sys.UseMenuSeeds(m.Name(), m.Menus())
		}
		if wp, ok := m.(module.WorkbenchProvider); ok {
			p.Sys.UseWorkbench(wp)
		}
		if ts, ok := m.(module.TaskSource); ok {
			p.Sys.UseTaskSources(ts)
		}
	}
	p.Sys.UseRegistry(p.Registry)
	return nil
}

// Seed runs every module's seed (idempotent), the demo data too with demo.
func (p *Platform) Seed(ctx context.Context, demo bool) error {
	ctx = tenancy.SystemContext(ctx)
	for _, m := range p.Modules {
		if err := m.Seed(ctx, demo); err != nil {
			return fmt.Errorf("seed %s: %w", m.Name(), err)
		}
	}
	return nil
}

// Start runs the background work: the change feed and the modules' jobs.
func (p *Platform) Start(ctx context.Context) error {
	ctx, p.cancel = context.WithCancel(tenancy.SystemContext(ctx))
	if err := p.Feed.Start(ctx); err != nil {
		return err
	}
	for _, m := range p.Modules {
		if s, ok := m.(module.Starter); ok {
			if err := s.Start(ctx); err != nil {
				return fmt.Errorf("start %s: %w", m.Name(), err)
			}
		}
	}
	return nil
}

// UseTemporal hands the workflow client to the platform (readiness, modules).
func (p *Platform) UseTemporal(c client.Client) { p.Temporal = c }

// Registrars are the modules' workflow and activity registrations, health first.
func (p *Platform) Registrars() []workflows.Registrar {
	regs := []workflows.Registrar{workflows.Health{}}
	for _, m := range p.Modules {
		if r, ok := m.(workflows.Registrar); ok {
			regs = append(regs, r)
		}
	}
	return regs
}

// NewWorker builds the Temporal worker of every module's workflows.
func (p *Platform) NewWorker(c client.Client) worker.Worker {
	return workflows.NewWorker(c, p.Config.TemporalTaskQueue, p.Registrars()...)
}

// Handler builds the HTTP engine.
func (p *Platform) Handler() (*gin.Engine, error) {
	var proxies []string
	for _, s := range strings.Split(p.Config.TrustedProxies, ",") {
		if s = strings.TrimSpace(s); s != "" {
			proxies = append(proxies, s)
		}
	}
	return api.New(api.Options{
		Registry: p.Registry, Auth: p.Sys.Auth, Authz: p.Sys.Perms, Oplog: p.Sys.Oplog, Logger: p.Log,
		BodyMaxBytes: p.Config.BodyMaxBytes, TrustedProxies: proxies, Ready: p.Ready,
		Console: p.pagesFirst(webui.Handler(p.Config.ConsoleDir)), Uploads: p.Storage.Handler(), Version: Version,
		MetricsToken: p.Config.MetricsToken, OnMetrics: func(h http.Handler) { p.metrics = h },
	})
}

// pagesFirst lets modules serve their own pages (module.PageServer) before
// the console's history routing answers every other path.
func (p *Platform) pagesFirst(console http.Handler) http.Handler {
	var servers []module.PageServer
	for _, m := range p.Modules {
		if s, ok := m.(module.PageServer); ok {
			servers = append(servers, s)
		}
	}
	if len(servers) == 0 {
		return console
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, s := range servers {
			if s.ServePage(w, r) {
				return
			}
		}
		console.ServeHTTP(w, r)
	})
}

// Ready checks the database and a Temporal round trip.
func (p *Platform) Ready(ctx context.Context) error {
	if err := dbx.Ping(ctx, p.DB); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	if p.Temporal == nil {
		return errors.New("temporal: not connected")
	}
	p.healthMu.Lock()
	defer p.healthMu.Unlock()
	if time.Since(p.healthAt) < healthFresh {
		return nil
	}
	if err := workflows.CheckHealth(ctx, p.Temporal, p.Config.TemporalTaskQueue); err != nil {
		return fmt.Errorf("temporal: %w", err)
	}
	p.healthAt = time.Now()
	return nil
}

// DialTemporal connects to the configured cluster or to the given embedded address.
func (p *Platform) DialTemporal(ctx context.Context, hostPort string) (client.Client, error) {
	c, err := temporalx.Dial(ctx, temporalx.FromConfig(p.Config, hostPort, p.Log))
	if err != nil {
		return nil, err
	}
	if p.Config.TemporalAddress != "" {
		if err := temporalx.EnsureNamespace(ctx, c, p.Config.TemporalNamespace); err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// OnClose adds a step to Close (run in reverse order).
func (p *Platform) OnClose(f func()) { p.closers = append(p.closers, f) }

// Close stops background work and releases connections.
func (p *Platform) Close() {
	if p.cancel != nil {
		p.cancel()
	}
	if p.Sys != nil {
		p.Sys.Stop()
	}
	if p.Feed != nil {
		p.Feed.Flush() // the live events queued last reach the other nodes
	}
	for i := len(p.closers) - 1; i >= 0; i-- {
		p.closers[i]()
	}
}

// ListenAndServe serves h on the configured address until ctx ends.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, log *slog.Logger) error {
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("http listening", "addr", addr)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
