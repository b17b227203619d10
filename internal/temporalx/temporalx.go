// Package temporalx holds the Temporal client plumbing shared by `venue serve`,
// `venue worker` and the API: dialling, logging and namespace set-up.
package temporalx

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	"google.golang.org/protobuf/types/known/durationpb"
)

const (
	// DefaultNamespace is used when no namespace is configured.
	DefaultNamespace = "default"
	// DefaultRetention is how long closed workflow histories are kept.
	DefaultRetention = 3 * 24 * time.Hour
	// DefaultDialTimeout bounds the retry loop of Dial when the context has no deadline.
	DefaultDialTimeout = 10 * time.Second
)

// Config says where the Temporal frontend is and how to reach it.
type Config struct {
	HostPort  string // host:port of the frontend
	Namespace string // defaults to DefaultNamespace
	Logger    *slog.Logger
	// Identity of this client in Temporal (worker identity). Empty: the SDK default pid@host.
	Identity string
	// TLS secures the connection (zero: plaintext, as to the embedded server).
	TLS TLS
	// APIKey is sent as "Authorization: Bearer <key>" on every call; it implies TLS.
	APIKey string
}

// Dial connects to the frontend, retrying for a few seconds (DefaultDialTimeout, or
// until ctx is done) so that `venue worker` can start together with its server.
func Dial(ctx context.Context, cfg Config) (client.Client, error) {
	if cfg.HostPort == "" {
		return nil, errors.New("temporalx: no Temporal address")
	}
	if cfg.Namespace == "" {
		cfg.Namespace = DefaultNamespace
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	opts, err := ClientOptions(cfg)
	if err != nil {
		return nil, err
	}
	opts.Logger = NewLogger(logger.With("component", "temporal-sdk"))
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultDialTimeout)
		defer cancel()
	}
	backoff := 100 * time.Millisecond
	for {
		attemptCtx, cancel := context.WithTimeout(ctx, 3*time.Second)
		c, err := client.DialContext(attemptCtx, opts)
		cancel()
		if err == nil {
			return c, nil
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("temporalx: dial %s: %w", cfg.HostPort, err)
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, time.Second)
	}
}

// EnsureNamespace registers namespace with DefaultRetention when it does not exist
// yet. It is meant for an external cluster; the embedded server registers its
// namespace itself. A namespace registered concurrently by another node is fine.
func EnsureNamespace(ctx context.Context, c client.Client, namespace string) error {
	if namespace == "" {
		namespace = DefaultNamespace
	}
	svc := c.WorkflowService()
	_, err := svc.DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: namespace})
	if err == nil {
		return nil
	}
	if _, notFound := errors.AsType[*serviceerror.NamespaceNotFound](err); !notFound {
		return fmt.Errorf("temporalx: describe namespace %q: %w", namespace, err)
	}
	_, err = svc.RegisterNamespace(ctx, &workflowservice.RegisterNamespaceRequest{
		Namespace:                        namespace,
		Description:                      "Venue Platform processes",
		WorkflowExecutionRetentionPeriod: durationpb.New(DefaultRetention),
	})
	if _, exists := errors.AsType[*serviceerror.NamespaceAlreadyExists](err); err != nil && !exists {
		return fmt.Errorf("temporalx: register namespace %q: %w", namespace, err)
	}
	return nil
}

// NewLogger adapts slog to the SDK's log.Logger.
func NewLogger(l *slog.Logger) sdklog.Logger {
	return sdklog.NewStructuredLogger(l)
}

// FrontendAddrFile is where the embedded dev server of dataDir publishes its
// frontend address while it runs.
func FrontendAddrFile(dataDir string) string {
	return filepath.Join(dataDir, "temporal", "frontend.addr")
}

// ReadFrontendAddr returns the frontend address published by the embedded server
// running on dataDir, so `venue worker` can join a local `venue serve`.
func ReadFrontendAddr(dataDir string) (string, error) {
	b, err := os.ReadFile(FrontendAddrFile(dataDir))
	if err != nil {
		return "", fmt.Errorf("temporalx: no embedded Temporal server running on %s: %w", dataDir, err)
	}
	addr := strings.TrimSpace(string(b))
	if addr == "" {
		return "", fmt.Errorf("temporalx: empty %s", FrontendAddrFile(dataDir))
	}
	return addr, nil
}
