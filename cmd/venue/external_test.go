package main

import (
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/temporalx"
)

// With VENUE_TEMPORAL_ADDRESS a serve uses that cluster and starts no
// embedded server; `venue worker` joins the server a serve runs on its data dir.
func TestExternalTemporalAndWorker(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	dirA := t.TempDir()
	a := startServe(t, bin, dirA)
	addr, err := temporalx.ReadFrontendAddr(dirA)
	if err != nil {
		t.Fatal(err)
	}
	dirB := t.TempDir()
	b := startServe(t, bin, dirB, "VENUE_TEMPORAL_ADDRESS="+addr, "VENUE_TEMPORAL_NAMESPACE=venue-b", "VENUE_TEMPORAL_TASK_QUEUE=venue-b")
	if code, _ := b.call("GET", "/readyz", "", nil); code != 200 {
		t.Fatalf("serve on an external Temporal: readyz %d\n%s", code, b.log)
	}
	if _, err := os.Stat(temporalx.FrontendAddrFile(dirB)); err == nil {
		t.Fatal("a serve with VENUE_TEMPORAL_ADDRESS started an embedded server")
	}

	w := exec.Command(bin, "worker")
	w.Env = append(os.Environ(), "VENUE_DATA_DIR="+dirA, "VENUE_LOG_LEVEL=info", "VENUE_DB_DSN=")
	out := &lockedBuffer{}
	w.Stdout, w.Stderr = out, out
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), "worker running") && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	_ = w.Process.Signal(syscall.SIGTERM)
	_ = w.Wait()
	if !strings.Contains(out.String(), "worker running") {
		t.Fatalf("worker did not join:\n%s", out.String())
	}
	_ = a
}

// lockedBuffer is written by the child's output copier while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
