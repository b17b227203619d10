package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/internal/temporalx"
)

// server is one `venue serve` child process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	log  *bytes.Buffer
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// buildBinary builds the binary once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "venue-bin-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "venue")
		if out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return builtBin
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func startServe(t *testing.T, bin, dataDir string, env ...string) *server {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "VENUE_DATA_DIR="+dataDir, "VENUE_HTTP_ADDR="+addr, "VENUE_LOG_LEVEL=warn",
		"VENUE_ADMIN_PASSWORD=Admin@12345", "VENUE_DB_DSN=")
	cmd.Env = append(cmd.Env, env...)
	s := &server{t: t, cmd: cmd, base: "http://" + addr, log: &bytes.Buffer{}}
	cmd.Stdout, cmd.Stderr = s.log, s.log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.kill() })
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if resp, err := http.Get(s.base + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("serve not ready:\n%s", s.log)
	return nil
}

func (s *server) kill() {
	if s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Signal(syscall.SIGKILL)
		_ = s.cmd.Wait()
	}
}

func (s *server) call(method, path, token string, body any) (int, map[string]any) {
	s.t.Helper()
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, s.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var env map[string]any
	_ = json.Unmarshal(data, &env)
	return resp.StatusCode, env
}

func (s *server) login(user, password string) string {
	s.t.Helper()
	_, env := s.call("POST", "/api/sys/loginjwt", "", map[string]string{"username": user, "password": password})
	res, _ := env["result"].(map[string]any)
	tok, _ := res["token"].(string)
	if tok == "" {
		s.t.Fatalf("login %s: %v", user, env)
	}
	return tok
}

// probeWorkflow records a value, waits for a signal, and answers both: its
// state must survive the server being killed in between.
func probeWorkflow(ctx workflow.Context, before string) (string, error) {
	var after string
	workflow.GetSignalChannel(ctx, "go").Receive(ctx, &after)
	return before + "+" + after, nil
}

// workflowTaskCompleted reports whether a workflow task of the run has completed.
func workflowTaskCompleted(t *testing.T, c client.Client, id, runID string) bool {
	t.Helper()
	it := c.GetWorkflowHistory(context.Background(), id, runID, false, enums.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		ev, err := it.Next()
		if err != nil {
			t.Fatalf("history of %s: %v", id, err)
		}
		if ev.GetEventType() == enums.EVENT_TYPE_WORKFLOW_TASK_COMPLETED {
			return true
		}
	}
	return false
}

func dialEmbedded(t *testing.T, dataDir string) client.Client {
	t.Helper()
	addr, err := temporalx.ReadFrontendAddr(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := temporalx.Dial(context.Background(), temporalx.Config{HostPort: addr})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A killed `venue serve` comes back with its data, its tokens and the
// processes that were waiting; a second serve runs beside it on other ports.
func TestServeSurvivesKillAndRunsSideBySide(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	s := startServe(t, bin, dir)
	tok := s.login("admin", "Admin@12345")

	c := dialEmbedded(t, dir)
	ctx := context.Background()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "probe-1", TaskQueue: "probe"}, probeWorkflow, "before")
	if err != nil {
		t.Fatal(err)
	}
	w := worker.New(c, "probe", worker.Options{})
	w.RegisterWorkflow(probeWorkflow)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	// The first workflow task has run, so the wait is in the history.
	deadline := time.Now().Add(30 * time.Second)
	for !workflowTaskCompleted(t, c, "probe-1", run.GetRunID()) {
		if time.Now().After(deadline) {
			t.Fatal("the probe's first workflow task did not complete")
		}
		time.Sleep(50 * time.Millisecond)
	}
	w.Stop()
	c.Close()

	// A second server on another data dir runs at the same time.
	other := startServe(t, bin, t.TempDir())
	if code, _ := other.call("GET", "/readyz", "", nil); code != 200 {
		t.Fatalf("second serve readyz %d", code)
	}
	// A second server on the same data dir is refused.
	same := exec.Command(bin, "serve")
	same.Env = append(os.Environ(), "VENUE_DATA_DIR="+dir, "VENUE_HTTP_ADDR="+freeAddr(t), "VENUE_LOG_LEVEL=warn")
	out, err := same.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "in use") {
		t.Fatalf("second serve on the same dir: %v\n%s", err, out)
	}

	s.kill()
	s = startServe(t, bin, dir)
	if code, env := s.call("POST", "/api/sys/token/user", tok, nil); code != 200 || env["code"] != float64(10000) {
		t.Fatalf("token after restart: %d %v", code, env)
	}
	c = dialEmbedded(t, dir)
	defer c.Close()
	w = worker.New(c, "probe", worker.Options{})
	w.RegisterWorkflow(probeWorkflow)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	if err := c.SignalWorkflow(ctx, "probe-1", run.GetRunID(), "go", "after"); err != nil {
		t.Fatalf("signal after restart: %v", err)
	}
	var got string
	waitCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := c.GetWorkflow(waitCtx, "probe-1", run.GetRunID()).Get(waitCtx, &got); err != nil || got != "before+after" {
		t.Fatalf("probe after restart: %q %v", got, err)
	}
}
