// Package temporalkit adds the embedded Temporal server and a worker to a
// test application. It lives apart from platformtest because it links the
// Temporal server, which most tests do not need.
package temporalkit

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"go.temporal.io/sdk/client"

	"github.com/venueplatform/venue/internal/temporalx"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/workflows/devserver"
)

// Start runs an embedded Temporal server in the test's data dir, connects
// the application to it and starts its worker; all stop with the test.
func Start(t testing.TB, env *platformtest.Env) client.Client {
	t.Helper()
	return StartThrough(t, env, nil)
}

// StartThrough is Start with the application and its worker dialling
// through(the server's address) instead: a proxy a fault test can cut.
func StartThrough(t testing.TB, env *platformtest.Env, through func(hostPort string) string) client.Client {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := devserver.Start(ctx, devserver.Options{DataDir: t.TempDir(), Namespace: "default", Logger: log})
	if err != nil {
		t.Fatalf("embedded temporal: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	hostPort := srv.HostPort()
	if through != nil {
		hostPort = through(hostPort)
	}
	c, err := temporalx.Dial(ctx, temporalx.Config{HostPort: hostPort, Namespace: "default", Logger: log})
	if err != nil {
		t.Fatalf("dial temporal: %v", err)
	}
	t.Cleanup(c.Close)
	env.P.UseTemporal(c)
	w := env.P.NewWorker(c)
	if err := w.Start(); err != nil {
		t.Fatalf("worker: %v", err)
	}
	t.Cleanup(w.Stop)
	return c
}
