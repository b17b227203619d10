// Package temporalkit adds the embedded Temporal server and a worker to a
// test application. It lives apart from testkit because it links the
// Temporal server, which most tests do not need.
package temporalkit

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"go.temporal.io/sdk/client"

	"github.com/venueplatform/venue/internal/temporalx"
	"github.com/venueplatform/venue/internal/testkit"
	"github.com/venueplatform/venue/workflows/devserver"
)

// Start runs an embedded Temporal server in the test's data dir, connects
// the application to it and starts its worker; all stop with the test.
func Start(t testing.TB, env *testkit.Env) client.Client {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := devserver.Start(ctx, devserver.Options{DataDir: t.TempDir(), Namespace: "default", Logger: log})
	if err != nil {
		t.Fatalf("embedded temporal: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	c, err := temporalx.Dial(ctx, temporalx.Config{HostPort: srv.HostPort(), Namespace: "default", Logger: log})
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
