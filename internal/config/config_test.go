package config

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestDefaultsEnvironmentAndFile(t *testing.T) {
	t.Setenv("VENUE_HTTP_ADDR", "127.0.0.1:9999")
	t.Setenv("VENUE_LOGIN_LOCK_FOR", "20m")
	dir := t.TempDir()
	file := dir + "/venue.yaml"
	if err := os.WriteFile(file, []byte("data_dir: /srv/venue\nhttp_addr: ':7000'\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("VENUE_CONFIG", file)
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTPAddr != "127.0.0.1:9999" || c.DataDir != "/srv/venue" || c.LoginLockFor != 20*time.Minute || c.LoginMaxFailures != 5 || c.TokenTTL != 168*time.Hour {
		t.Fatalf("%+v", c)
	}
}

func TestShortSecretsAreRefused(t *testing.T) {
	t.Setenv("VENUE_JWT_SECRET", "short")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "VENUE_JWT_SECRET") {
		t.Fatalf("short secret: %v", err)
	}
}

func TestTheREADMEDocumentsEveryVariable(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Describe() {
		if !strings.Contains(string(raw), "`"+v.Name+"`") {
			t.Errorf("README.md does not document %s", v.Name)
		}
	}
}

// The profiler listens on this machine only: a host the network reaches is
// refused at start.
func TestPprofAddrMustBeLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:6060": true, "[::1]:6060": true, "localhost:6060": true,
		":6060": false, "0.0.0.0:6060": false, "10.0.0.5:6060": false, "example.com:6060": false, "6060": false} {
		t.Run(addr, func(t *testing.T) {
			t.Setenv("VENUE_PPROF_ADDR", addr)
			_, err := Load()
			if ok && err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !ok && (err == nil || !strings.Contains(err.Error(), "VENUE_PPROF_ADDR")) {
				t.Fatalf("accepted or wrong error: %v", err)
			}
		})
	}
}

func TestWorkflowCacheMustBePositive(t *testing.T) {
	c, err := Load()
	if err != nil || c.TemporalWorkflowCache != 2000 {
		t.Fatalf("default: %v %v", c, err)
	}
	t.Setenv("VENUE_TEMPORAL_WORKFLOW_CACHE", "0")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "VENUE_TEMPORAL_WORKFLOW_CACHE") {
		t.Fatalf("0 accepted: %v", err)
	}
}

func TestOrderWritersMustNotBeNegative(t *testing.T) {
	c, err := Load()
	if err != nil || c.OrderWriters != 0 {
		t.Fatalf("default: %v %v", c, err)
	}
	t.Setenv("VENUE_ORDER_WRITERS", "-1")
	if _, err := Load(); err == nil || !strings.Contains(err.Error(), "VENUE_ORDER_WRITERS") {
		t.Fatalf("-1 accepted: %v", err)
	}
}
