package temporalx

import (
	"context"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestDialGivesUp(t *testing.T) {
	t.Parallel()
	if _, err := Dial(context.Background(), Config{}); err == nil {
		t.Fatal("dial without address succeeded")
	}

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now

	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	began := time.Now()
	_, err = Dial(ctx, Config{HostPort: addr, Logger: slog.New(slog.DiscardHandler)})
	if err == nil {
		t.Fatal("dial to a closed port succeeded")
	}
	if d := time.Since(began); d > 3*time.Second {
		t.Fatalf("dial kept retrying for %s past its context", d)
	}
}

func TestReadFrontendAddr(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := ReadFrontendAddr(dir); err == nil {
		t.Fatal("read without a running server succeeded")
	}
	if err := os.MkdirAll(filepath.Dir(FrontendAddrFile(dir)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(FrontendAddrFile(dir), []byte("127.0.0.1:7233\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadFrontendAddr(dir); err != nil || got != "127.0.0.1:7233" {
		t.Fatalf("got %q, %v", got, err)
	}
}
