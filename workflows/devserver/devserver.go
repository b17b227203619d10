// Package devserver runs an in-process Temporal server (frontend, history,
// matching and worker services) on a SQLite file, the embedded default of
// `venue serve`. It is its own package so that only the binary and this
// package's tests link the Temporal server.
package devserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/server/common/cluster"
	"go.temporal.io/server/common/config"
	"go.temporal.io/server/common/dynamicconfig"
	"go.temporal.io/server/common/membership/static"
	sqliteplugin "go.temporal.io/server/common/persistence/sql/sqlplugin/sqlite"
	"go.temporal.io/server/common/primitives"
	sqliteschema "go.temporal.io/server/schema/sqlite"
	"go.temporal.io/server/temporal"
	"google.golang.org/protobuf/types/known/durationpb"

	"github.com/venueplatform/venue/internal/temporalx"
)

// ErrLocked is returned by Start when another server holds the data directory.
var ErrLocked = errors.New("temporal data directory is in use by another server")

const (
	clusterName = "active"
	dbFile      = "temporal.db"
	lockFile    = "lock"
	// readyTimeout bounds the wait for the frontend when ctx has no deadline.
	readyTimeout = time.Minute
	// portAttempts: ports are picked free and bound a moment later by the server;
	// another process may take one in between, then Start tries new ports.
	portAttempts = 3
)

// Options configure Start.
type Options struct {
	DataDir   string // state goes to DataDir/temporal/temporal.db (file-backed: survives restart)
	Namespace string // registered at start (default "default")
	IP        string // frontend bind address (default 127.0.0.1); other services bind 127.0.0.1
	// Port of the frontend; 0 picks a free one (the embedded default of serve,
	// which publishes it in the data dir). The other services always take free ports.
	Port   int
	Logger *slog.Logger // server logs go here (default slog.Default())
	// LogLevel is the minimum level of server logs passed to Logger; nil means
	// warn, as the server is chatty at info.
	LogLevel slog.Leveler
	// CachedWorkflows bounds the history service's cache of workflows'
	// mutable state (Temporal's history.hostLevelCacheMaxSize, 128,000 by
	// default, whose entries live an hour: the heap grew with every workflow
	// run in the last hour). Past it the least recently used is read back from
	// the database when next needed. 0 means DefaultCachedWorkflows.
	CachedWorkflows int
}

// DefaultCachedWorkflows is CachedWorkflows when unset: what
// VENUE_TEMPORAL_WORKFLOW_CACHE defaults to.
const DefaultCachedWorkflows = 2000

// Server is a running embedded Temporal server.
type Server struct {
	srv       temporal.Server
	hostPort  string
	namespace string
	addrFile  string
	lock      *os.File
	stopping  *atomic.Bool

	stopOnce sync.Once
	stopErr  error
}

// Start starts the server on o.DataDir and returns once its frontend answers for
// the namespace. The data directory is locked until Stop; a second server on the
// same directory fails with ErrLocked.
func Start(ctx context.Context, o Options) (_ *Server, err error) {
	if o.DataDir == "" {
		return nil, errors.New("devserver: DataDir is required")
	}
	if o.Namespace == "" {
		o.Namespace = temporalx.DefaultNamespace
	}
	if o.IP == "" {
		o.IP = "127.0.0.1"
	}
	if net.ParseIP(o.IP) == nil {
		return nil, fmt.Errorf("devserver: IP %q is not an IP address", o.IP)
	}
	if o.Port < 0 || o.Port > 65535 {
		return nil, fmt.Errorf("devserver: port %d is out of range", o.Port)
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.LogLevel == nil {
		o.LogLevel = slog.LevelWarn
	}
	logger := o.Logger.With("component", "temporal-server")

	dir := filepath.Join(o.DataDir, "temporal")
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("devserver: %w", err)
	}
	lock, err := lockDir(filepath.Join(dir, lockFile))
	if err != nil {
		return nil, fmt.Errorf("devserver: lock %s: %w", dir, err)
	}
	defer func() {
		if err != nil {
			_ = unlockDir(lock)
		}
	}()

	sqlCfg, err := prepareDB(filepath.Join(dir, dbFile), o.Namespace)
	if err != nil {
		return nil, fmt.Errorf("devserver: %w", err)
	}

	var srv temporal.Server
	var hostPort string
	slogger := serverLogger{l: logger, level: o.LogLevel, stopping: new(atomic.Bool)}
	for attempt := 1; ; attempt++ {
		srv, hostPort, err = startServer(o, sqlCfg, slogger)
		if err == nil {
			break
		}
		var fe fatalError
		if attempt == portAttempts || !errors.As(err, &fe) || !strings.Contains(fe.msg, "listener") {
			return nil, fmt.Errorf("devserver: start: %w", err)
		}
		logger.Warn("port taken while starting, retrying with new ports", "error", err)
	}
	s := &Server{
		srv:       srv,
		hostPort:  hostPort,
		namespace: o.Namespace,
		addrFile:  temporalx.FrontendAddrFile(o.DataDir),
		lock:      lock,
		stopping:  slogger.stopping,
	}
	if err := s.waitReady(ctx); err != nil {
		s.stopping.Store(true)
		_ = stopServer(srv)
		return nil, fmt.Errorf("devserver: frontend %s not ready: %w", hostPort, err)
	}
	if err := writeFileAtomic(s.addrFile, []byte(hostPort+"\n")); err != nil {
		s.stopping.Store(true)
		_ = stopServer(srv)
		return nil, fmt.Errorf("devserver: %w", err)
	}
	return s, nil
}

// HostPort is the frontend address for clients.
func (s *Server) HostPort() string { return s.hostPort }

// Namespace is the namespace registered at start.
func (s *Server) Namespace() string { return s.namespace }

// Stop stops the server and releases the data directory. Workers and clients of
// this server should be stopped first. Stop is idempotent.
func (s *Server) Stop() error {
	s.stopOnce.Do(func() {
		_ = os.Remove(s.addrFile)
		s.stopping.Store(true)
		s.stopErr = stopServer(s.srv)
		if err := unlockDir(s.lock); err != nil && s.stopErr == nil {
			s.stopErr = err
		}
	})
	return s.stopErr
}

// prepareDB creates the schema on first use and registers namespace, and returns
// the persistence config of the database.
func prepareDB(path, namespace string) (*config.SQL, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		if err := createDB(path); err != nil {
			return nil, err
		}
	} else if err != nil {
		return nil, err
	}
	cfg := &config.SQL{
		PluginName:   sqliteplugin.PluginName,
		DatabaseName: path,
		ConnectAttributes: map[string]string{
			"mode": "rw",
			// WAL: readers do not block the writer; synchronous=normal in WAL loses
			// nothing on a process crash, at most the last commits on power loss.
			"journal_mode": "wal",
			"synchronous":  "normal",
			"busy_timeout": "10000",
		},
		// All services share one pooled connection (the plugin's pool is keyed by
		// DSN): SQLite has one writer anyway, and one connection cannot hit
		// SQLITE_BUSY on lock upgrades.
		MaxConns:     1,
		MaxIdleConns: 1,
	}
	ns, err := sqliteschema.NewNamespaceConfig(clusterName, namespace, false, nil)
	if err != nil {
		return nil, err
	}
	ns.Detail.Config.Retention = durationpb.New(temporalx.DefaultRetention)
	if err := sqliteschema.CreateNamespaces(cfg, ns); err != nil {
		return nil, fmt.Errorf("register namespace %q: %w", namespace, err)
	}
	return cfg, nil
}

// createDB writes the schema to a fresh file and renames it into place, so a
// crash during set-up never leaves a half-initialised database at path.
func createDB(path string) error {
	tmp := path + ".init-" + uuid.NewString()[:8]
	cfg := &config.SQL{
		PluginName:        sqliteplugin.PluginName,
		DatabaseName:      tmp,
		ConnectAttributes: map[string]string{"mode": "rwc"},
	}
	if err := sqliteschema.SetupSchema(cfg); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("create schema in %s: %w", tmp, err)
	}
	// The plugin's pool keeps the set-up connection open (it never closes pooled
	// connections); it is idle and nothing will use its DSN again.
	return os.Rename(tmp, path)
}

// startServer builds and starts a server on freshly picked ports. A fatal log
// of the server during construction or start comes back as a fatalError.
func startServer(o Options, sqlCfg *config.SQL, logger serverLogger) (srv temporal.Server, hostPort string, err error) {
	var ports []int
	if o.Port != 0 {
		others, err := pickPorts("127.0.0.1", 3)
		if err != nil {
			return nil, "", err
		}
		ports = append([]int{o.Port}, others...)
	} else if ports, err = pickPorts(o.IP, 4); err != nil {
		return nil, "", err
	}
	clientIP := o.IP
	if ip := net.ParseIP(o.IP); ip.IsUnspecified() {
		clientIP = "127.0.0.1"
	}
	hostPort = net.JoinHostPort(clientIP, strconv.Itoa(ports[0]))
	local := func(p int) string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(p)) }

	cached := o.CachedWorkflows
	if cached <= 0 {
		cached = DefaultCachedWorkflows
	}
	cfg := &config.Config{}
	cfg.Global.Membership = config.Membership{MaxJoinDuration: 30 * time.Second, BroadcastAddress: "127.0.0.1"}
	cfg.Persistence = config.Persistence{
		DefaultStore:     "sqlite",
		VisibilityStore:  "sqlite",
		NumHistoryShards: 1,
		DataStores:       map[string]config.DataStore{"sqlite": {SQL: sqlCfg}},
	}
	cfg.ClusterMetadata = &cluster.Config{
		EnableGlobalNamespace:    false,
		FailoverVersionIncrement: 10,
		MasterClusterName:        clusterName,
		CurrentClusterName:       clusterName,
		ClusterInformation: map[string]cluster.ClusterInformation{
			clusterName: {Enabled: true, InitialFailoverVersion: 1, RPCAddress: hostPort},
		},
	}
	cfg.DCRedirectionPolicy = config.DCRedirectionPolicy{Policy: "noop"}
	cfg.Services = map[string]config.Service{
		"frontend": {RPC: config.RPC{GRPCPort: ports[0], BindOnIP: o.IP}},
		"history":  {RPC: config.RPC{GRPCPort: ports[1], BindOnLocalHost: true}},
		"matching": {RPC: config.RPC{GRPCPort: ports[2], BindOnLocalHost: true}},
		"worker":   {RPC: config.RPC{GRPCPort: ports[3], BindOnLocalHost: true}},
	}
	cfg.Archival.History.State = "disabled"
	cfg.Archival.Visibility.State = "disabled"
	cfg.NamespaceDefaults.Archival.History.State = "disabled"
	cfg.NamespaceDefaults.Archival.Visibility.State = "disabled"
	cfg.PublicClient.HostPort = hostPort

	frontendHost := local(ports[0])
	if !net.ParseIP(o.IP).IsUnspecified() {
		frontendHost = net.JoinHostPort(o.IP, strconv.Itoa(ports[0]))
	}
	// One process runs every service: static membership instead of ringpop saves
	// four membership ports and the gossip join at start.
	hosts := map[primitives.ServiceName]static.Hosts{
		primitives.FrontendService: static.SingleLocalHost(frontendHost),
		primitives.HistoryService:  static.SingleLocalHost(local(ports[1])),
		primitives.MatchingService: static.SingleLocalHost(local(ports[2])),
		primitives.WorkerService:   static.SingleLocalHost(local(ports[3])),
	}

	defer func() {
		if r := recover(); r != nil {
			fe, ok := r.(fatalError)
			if !ok {
				panic(r)
			}
			if srv != nil {
				_ = stopServer(srv)
			}
			srv, err = nil, fe
		}
	}()
	srv, err = temporal.NewServer(
		temporal.WithConfig(cfg),
		temporal.ForServices(temporal.DefaultServices),
		temporal.WithStaticHosts(hosts),
		temporal.WithLogger(logger),
		temporal.WithDynamicConfigClient(dynamicconfig.StaticClient{
			// A single node gains nothing from task queue partitions; one
			// partition avoids forwarding between them.
			dynamicconfig.MatchingNumTaskqueueReadPartitions.Key():  1,
			dynamicconfig.MatchingNumTaskqueueWritePartitions.Key(): 1,
			dynamicconfig.HistoryCacheHostLevelMaxSize.Key():        cached,
		}),
	)
	if err != nil {
		return nil, "", err
	}
	if err := srv.Start(); err != nil {
		_ = stopServer(srv)
		return nil, "", err
	}
	return srv, hostPort, nil
}

func stopServer(srv temporal.Server) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("devserver: stop: %v", r)
		}
	}()
	return srv.Stop()
}

// pickPorts is freePorts; tests replace it to simulate a port taken meanwhile.
var pickPorts = freePorts

// freePorts picks n distinct free TCP ports, holding each until all are picked.
func freePorts(ip string, n int) ([]int, error) {
	ports := make([]int, 0, n)
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			_ = l.Close()
		}
	}()
	for i := range n {
		host := "127.0.0.1"
		if i == 0 {
			host = ip
		}
		l, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
		if err != nil {
			return nil, fmt.Errorf("pick a free port on %s: %w", host, err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// waitReady polls the frontend until it describes the namespace.
func (s *Server) waitReady(ctx context.Context) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, readyTimeout)
		defer cancel()
	}
	c, err := client.NewLazyClient(client.Options{
		HostPort:  s.hostPort,
		Namespace: s.namespace,
		Logger:    sdklog.NewStructuredLogger(slog.New(slog.DiscardHandler)),
	})
	if err != nil {
		return err
	}
	defer c.Close()
	for {
		callCtx, cancel := context.WithTimeout(ctx, 2*time.Second)
		_, err = c.WorkflowService().DescribeNamespace(callCtx, &workflowservice.DescribeNamespaceRequest{Namespace: s.namespace})
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last error: %v)", ctx.Err(), err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
