package devserver

import (
	"context"
	"log/slog"
	"net"
	"os"
	"testing"
	"time"
)

// A port taken between picking and binding makes the server log Fatal; Start
// must survive that and retry on new ports.
func TestStartRetriesTakenPort(t *testing.T) { //nolint:paralleltest // it replaces the package's pickPorts, which every other server start reads
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	calls := 0
	pickPorts = func(ip string, n int) ([]int, error) {
		calls++
		ports, err := freePorts(ip, n)
		if calls == 1 && err == nil {
			ports[0] = taken.Addr().(*net.TCPAddr).Port
		}
		return ports, err
	}
	defer func() { pickPorts = freePorts }()

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	logger := slog.New(slog.DiscardHandler)
	if testing.Verbose() {
		logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	began := time.Now()
	s, err := Start(ctx, Options{DataDir: t.TempDir(), Logger: logger})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	defer s.Stop()
	t.Logf("ready in %s", time.Since(began).Round(time.Millisecond))
	if calls != 2 {
		t.Fatalf("picked ports %d times, want 2", calls)
	}
}
