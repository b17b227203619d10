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
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/printersim"
)

// 100 test prints are queued while serve is killed with SIGKILL, then 100
// more while the venue's print agent (`venue print-agent`) is killed and
// restarted: once each is back, every queued ticket has printed.
func TestKilledServeAndAgentLoseNoTicket(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	run(t, bin, dir, "seed", "--demo")
	sim := printersim.New(printersim.Options{})
	if err := sim.Listen("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	_, simPort, _ := net.SplitHostPort(sim.Addr())
	env := []string{"VENUE_PRINT_DIRECT=true", "VENUE_PRINT_DIRECT_CIDRS=127.0.0.1/32", "VENUE_PRINT_DIRECT_PORTS=1024-65535",
		"VENUE_PRINT_LEASE=2s", "VENUE_PRINT_RETRY_BASE=100ms", "VENUE_PRINT_RETRY_MAX=500ms"}
	s := startServe(t, bin, dir, env...)
	tok := s.login("demo_manager", "Demo@12345")
	printerID := pointFrontDesk(t, s, tok, simPort)

	// Direct path: kill serve mid-burst.
	accepted := burstTestPrints(t, s, tok, printerID, 100, 40, s.kill)
	s = startServe(t, bin, dir, env...)
	tok = s.login("demo_manager", "Demo@12345")
	waitPrinted(t, sim, int(accepted), 60*time.Second)

	// Agent path: the venue gets an agent; kill it mid-burst and start it again.
	code, res := s.call("POST", "/api/merchant/printing/agent/key", tok, nil)
	key, _ := res["result"].(map[string]any)["key"].(string)
	if code != 200 || key == "" {
		t.Fatalf("agent key: %d %v", code, res)
	}
	agent := startAgentProcess(t, bin, s.base, key)
	before := len(sim.Tickets())
	var once sync.Once
	// The prints after the 30th are queued while no agent runs (kill waits
	// for the process to exit; the burst returns once the last was sent).
	accepted2 := burstTestPrints(t, s, tok, printerID, 100, 30, func() { once.Do(func() { agent.kill() }) })
	agent = startAgentProcess(t, bin, s.base, key)
	defer agent.kill()
	waitPrinted(t, sim, before+int(accepted2), 60*time.Second)
}

// pointFrontDesk aims the demo venue's receipt printer at the simulator.
func pointFrontDesk(t *testing.T, s *server, tok, port string) float64 {
	t.Helper()
	code, res := s.call("GET", "/api/merchant/configure/printer?pageSize=50", tok, nil)
	if code != 200 {
		t.Fatalf("printers: %d %v", code, res)
	}
	for _, r := range res["result"].(map[string]any)["records"].([]any) {
		p := r.(map[string]any)
		if p["name"] != "Front desk" {
			continue
		}
		p["port"], _ = strconv.Atoi(port)
		code, res := s.call("PUT", fmt.Sprintf("/api/merchant/configure/printer/%v", p["id"]), tok, p)
		if code != 200 || res["code"] != float64(10000) {
			t.Fatalf("update printer: %d %v", code, res)
		}
		return p["id"].(float64)
	}
	t.Fatal("no Front desk printer in the demo venue")
	return 0
}

// burstTestPrints queues n test prints from 4 clients and calls interrupt
// once `at` were accepted; it answers how many were accepted.
func burstTestPrints(t *testing.T, s *server, tok string, printerID float64, n, at int, interrupt func()) int64 {
	var accepted atomic.Int64
	var wg sync.WaitGroup
	var next atomic.Int64
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) {
				code, res, err := tryCall(s, "POST", "/api/merchant/printing/test", tok, map[string]any{"printerId": printerID})
				if err != nil || code != 200 || res["code"] != float64(10000) {
					continue // the server is down: this print was never accepted
				}
				if accepted.Add(1) == int64(at) {
					interrupt()
				}
			}
		}()
	}
	wg.Wait()
	if accepted.Load() < int64(at) {
		t.Fatalf("only %d test prints accepted", accepted.Load())
	}
	return accepted.Load()
}

func waitPrinted(t *testing.T, sim *printersim.Printer, n int, within time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	got, err := sim.WaitFor(ctx, func(ts []printersim.Ticket) bool { return len(ts) >= n })
	if err != nil {
		t.Fatalf("%d tickets printed, want at least %d", len(got), n)
	}
}

type agentProcess struct{ cmd *exec.Cmd }

func startAgentProcess(t *testing.T, bin, server, key string) *agentProcess {
	t.Helper()
	cmd := exec.Command(bin, "print-agent", "--server", server, "--key", key)
	cmd.Env = append(os.Environ(), "VENUE_LOG_LEVEL=warn")
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	a := &agentProcess{cmd: cmd}
	t.Cleanup(a.kill)
	return a
}

func (a *agentProcess) kill() {
	if a.cmd.ProcessState == nil {
		_ = a.cmd.Process.Kill()
		_ = a.cmd.Wait()
	}
}

// tryCall is server.call that reports a connection error instead of failing.
func tryCall(s *server, method, path, token string, body any) (int, map[string]any, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, s.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var env map[string]any
	_ = json.Unmarshal(data, &env)
	return resp.StatusCode, env, nil
}
