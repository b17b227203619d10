package devserver_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/internal/temporalx"
	"github.com/venueplatform/venue/workflows"
	"github.com/venueplatform/venue/workflows/devserver"
)

func testLogger(t *testing.T) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	return slog.New(slog.DiscardHandler)
}

func startServer(t *testing.T, dir string) *devserver.Server {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	began := time.Now()
	s, err := devserver.Start(ctx, devserver.Options{DataDir: dir, Logger: testLogger(t)})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	t.Logf("server on %s ready in %s", s.HostPort(), time.Since(began).Round(time.Millisecond))
	t.Cleanup(func() { _ = s.Stop() })
	return s
}

func dial(t *testing.T, s *devserver.Server) client.Client {
	t.Helper()
	c, err := temporalx.Dial(context.Background(), temporalx.Config{
		HostPort: s.HostPort(), Namespace: s.Namespace(), Logger: testLogger(t),
	})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(c.Close)
	return c
}

func startWorker(t *testing.T, c client.Client, regs ...workflows.Registrar) worker.Worker {
	t.Helper()
	w := workflows.NewWorker(c, workflows.TaskQueue, regs...)
	if err := w.Start(); err != nil {
		t.Fatalf("worker start: %v", err)
	}
	t.Cleanup(w.Stop)
	return w
}

func TestHealthRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startServer(t, dir)

	addr, err := temporalx.ReadFrontendAddr(dir)
	if err != nil || addr != s.HostPort() {
		t.Fatalf("frontend.addr = %q, %v; want %q", addr, err, s.HostPort())
	}

	c, err := temporalx.Dial(context.Background(), temporalx.Config{HostPort: addr, Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	w := workflows.NewWorker(c, workflows.TaskQueue, workflows.Health{})
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}

	began := time.Now()
	res, err := workflows.RunHealth(context.Background(), c, workflows.TaskQueue)
	if err != nil {
		t.Fatalf("health: %v", err)
	}
	t.Logf("health round trip %s, worker %s", time.Since(began).Round(time.Millisecond), res.Worker)
	if err := workflows.CheckHealth(context.Background(), c, workflows.TaskQueue); err != nil {
		t.Fatalf("second health check: %v", err)
	}

	// Without a worker on the queue the check fails within its timeout.
	began = time.Now()
	err = workflows.CheckHealth(context.Background(), c, "nobody-polls-this-queue")
	if err == nil {
		t.Fatal("health check without a worker succeeded")
	}
	if d := time.Since(began); d > workflows.HealthCheckTimeout+2*time.Second {
		t.Fatalf("health check without a worker took %s", d)
	}

	w.Stop()
	c.Close()
	began = time.Now()
	if err := s.Stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	t.Logf("stop took %s", time.Since(began).Round(time.Millisecond))
	if _, err := os.Stat(temporalx.FrontendAddrFile(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("frontend.addr left behind after Stop: %v", err)
	}
}

// Order is the state a durable test workflow keeps across a server restart.
type Order struct {
	Items  []string
	Timers int
}

const (
	durableWorkflowName = "test.Durable"
	addItemSignal       = "add-item"
	doneSignal          = "done"
)

// durableWorkflow collects items by signal, counts timer firings, and returns
// once the done signal arrives after at least one timer fired.
func durableWorkflow(ctx workflow.Context, first string) (Order, error) {
	st := Order{Items: []string{first}}
	items := workflow.GetSignalChannel(ctx, addItemSignal)
	done := workflow.GetSignalChannel(ctx, doneSignal)
	finished := false
	for !finished || st.Timers == 0 {
		timerCtx, cancel := workflow.WithCancel(ctx)
		sel := workflow.NewSelector(ctx)
		sel.AddFuture(workflow.NewTimer(timerCtx, 500*time.Millisecond), func(f workflow.Future) {
			if f.Get(ctx, nil) == nil {
				st.Timers++
			}
		})
		sel.AddReceive(items, func(c workflow.ReceiveChannel, _ bool) {
			var it string
			c.Receive(ctx, &it)
			st.Items = append(st.Items, it)
		})
		sel.AddReceive(done, func(c workflow.ReceiveChannel, _ bool) {
			c.Receive(ctx, nil)
			finished = true
		})
		sel.Select(ctx)
		cancel()
	}
	var it string
	for items.ReceiveAsync(&it) {
		st.Items = append(st.Items, it)
	}
	return st, nil
}

type durable struct{}

func (durable) Register(r worker.Registry) {
	r.RegisterWorkflowWithOptions(durableWorkflow, workflow.RegisterOptions{Name: durableWorkflowName})
}

func TestDurableAcrossRestart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	s1, err := devserver.Start(ctx, devserver.Options{DataDir: dir, Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	c1, err := temporalx.Dial(ctx, temporalx.Config{HostPort: s1.HostPort(), Namespace: s1.Namespace(), Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	w1 := workflows.NewWorker(c1, workflows.TaskQueue, durable{})
	if err := w1.Start(); err != nil {
		t.Fatal(err)
	}
	run, err := c1.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "durable-order-1", TaskQueue: workflows.TaskQueue}, durableWorkflowName, "soup")
	if err != nil {
		t.Fatal(err)
	}
	if err := c1.SignalWorkflow(ctx, run.GetID(), "", addItemSignal, "bread"); err != nil {
		t.Fatal(err)
	}
	waitHistory(t, ctx, c1, run.GetID(), "bread")

	w1.Stop()
	c1.Close()
	began := time.Now()
	if err := s1.Stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	t.Logf("stop took %s", time.Since(began).Round(time.Millisecond))

	began = time.Now()
	s2, err := devserver.Start(ctx, devserver.Options{DataDir: dir, Logger: testLogger(t)})
	if err != nil {
		t.Fatalf("restart: %v", err)
	}
	t.Logf("restart ready in %s (frontend %s, was %s)", time.Since(began).Round(time.Millisecond), s2.HostPort(), s1.HostPort())
	t.Cleanup(func() { _ = s2.Stop() })
	c2 := dial(t, s2)

	finishAfterRestart(t, ctx, c2, run.GetID(), run.GetRunID())
}

// finishAfterRestart signals the workflow started before a restart (once before
// any worker runs, so the server alone must know it; once after) and checks that
// it completes with the state it had before.
func finishAfterRestart(t *testing.T, ctx context.Context, c client.Client, id, runID string) {
	t.Helper()
	if err := c.SignalWorkflow(ctx, id, "", addItemSignal, "wine"); err != nil {
		t.Fatalf("signal after restart: %v", err)
	}
	startWorker(t, c, durable{})
	if err := c.SignalWorkflow(ctx, id, "", doneSignal, nil); err != nil {
		t.Fatal(err)
	}
	var got Order
	if err := c.GetWorkflow(ctx, id, runID).Get(ctx, &got); err != nil {
		t.Fatalf("result: %v", err)
	}
	if strings.Join(got.Items, ",") != "soup,bread,wine" || got.Timers == 0 {
		t.Fatalf("state after restart = %+v", got)
	}
}

const helperEnv = "VENUE_DEVSERVER_TEST_HELPER"

// TestHelperProcess is not a test: TestSurvivesKill runs it in a child process
// that it kills with SIGKILL once a workflow is in flight.
func TestHelperProcess(t *testing.T) {
	t.Parallel()
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("helper process for TestSurvivesKill")
	}
	ctx := context.Background()
	began := time.Now()
	s, err := devserver.Start(ctx, devserver.Options{DataDir: dir, Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	ready := time.Since(began)
	c, err := temporalx.Dial(ctx, temporalx.Config{HostPort: s.HostPort(), Namespace: s.Namespace(), Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	if err := workflows.NewWorker(c, workflows.TaskQueue, durable{}).Start(); err != nil {
		t.Fatal(err)
	}
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: "durable-order-killed", TaskQueue: workflows.TaskQueue}, durableWorkflowName, "soup")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SignalWorkflow(ctx, run.GetID(), "", addItemSignal, "bread"); err != nil {
		t.Fatal(err)
	}
	waitHistory(t, ctx, c, run.GetID(), "bread")
	fmt.Printf("READY %s %s %s\n", run.GetID(), run.GetRunID(), ready.Round(time.Millisecond))
	select {}
}

func TestSurvivesKill(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), helperEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var id, runID, ready string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if _, err := fmt.Sscanf(sc.Text(), "READY %s %s %s", &id, &runID, &ready); err == nil {
			break
		}
	}
	if id == "" {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("helper process never got a workflow in flight")
	}
	t.Logf("child process: server ready in %s on a new data dir", ready)
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()

	s := startServer(t, dir) // the kernel released the dead process's lock
	finishAfterRestart(t, ctx, dial(t, s), id, runID)
}

// waitHistory waits until the workflow's history mentions want, i.e. the
// signal is persisted.
func waitHistory(t *testing.T, ctx context.Context, c client.Client, id, want string) {
	t.Helper()
	for {
		it := c.GetWorkflowHistory(ctx, id, "", false, 0)
		for it.HasNext() {
			ev, err := it.Next()
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(ev.String(), want) {
				return
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%q never appeared in the history of %s", want, id)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func TestSideBySideAndLock(t *testing.T) {
	t.Parallel()
	dirA, dirB := t.TempDir(), t.TempDir()
	a := startServer(t, dirA)
	b := startServer(t, dirB)
	if a.HostPort() == b.HostPort() {
		t.Fatalf("both servers on %s", a.HostPort())
	}
	for _, s := range []*devserver.Server{a, b} {
		c := dial(t, s)
		startWorker(t, c, workflows.Health{})
		if err := workflows.CheckHealth(context.Background(), c, workflows.TaskQueue); err != nil {
			t.Fatalf("health on %s: %v", s.HostPort(), err)
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	began := time.Now()
	_, err := devserver.Start(ctx, devserver.Options{DataDir: dirA, Logger: testLogger(t)})
	if !errors.Is(err, devserver.ErrLocked) {
		t.Fatalf("second server on the same dir: got %v, want ErrLocked", err)
	}
	if d := time.Since(began); d > time.Second {
		t.Fatalf("refusal took %s", d)
	}
	t.Logf("refused: %v", err)
	// The refused start must not have disturbed the running server.
	if addr, err := temporalx.ReadFrontendAddr(dirA); err != nil || addr != a.HostPort() {
		t.Fatalf("frontend.addr of A = %q, %v", addr, err)
	}
}

func TestNamespaces(t *testing.T) {
	t.Parallel()
	s := startServer(t, t.TempDir())
	c := dial(t, s)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	for range 2 { // the second call finds it registered
		if err := temporalx.EnsureNamespace(ctx, c, "venue-extra"); err != nil {
			t.Fatalf("ensure namespace: %v", err)
		}
	}
	for _, ns := range []string{s.Namespace(), "venue-extra"} {
		d, err := c.WorkflowService().DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: ns})
		if err != nil {
			t.Fatalf("describe %s: %v", ns, err)
		}
		if got := d.GetConfig().GetWorkflowExecutionRetentionTtl().AsDuration(); got != temporalx.DefaultRetention {
			t.Fatalf("%s retention = %s, want %s", ns, got, temporalx.DefaultRetention)
		}
	}
}
