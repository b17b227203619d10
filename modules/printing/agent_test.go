package printing_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/printing"
)

// startAgent runs `venue print-agent`'s loop against the test server until
// the returned stop is called.
func (f *fixture) startAgent(server, key string) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		err := printing.RunAgent(ctx, printing.AgentOptions{Server: server, Key: key, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			f.t.Errorf("agent: %v", err)
		}
	}()
	return func() { cancel(); wg.Wait() }
}

func (f *fixture) agentKey() string {
	f.t.Helper()
	var k printing.AgentKey
	f.ok("POST", fmt.Sprintf("/api/merchant/printing/agent/key?venueId=%d", f.venueID), f.manager, nil).Into(f.t, &k)
	return k.Key
}

// burst places n orders, each with a hot and a cold dish, from several goroutines.
func (f *fixture) burst(n int) []orderevent.Placed {
	out := make([]orderevent.Placed, n)
	for i := range out {
		out[i] = f.order(orderevent.Line{DishName: "Hot dish", CategoryID: f.hotCat}, orderevent.Line{DishName: "Cold dish", CategoryID: f.coldCat})
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += 4 {
				f.place(out[i])
			}
		}()
	}
	wg.Wait()
	return out
}

// everyOrderPrinted waits until both kitchens printed every order at least once.
func (f *fixture) everyOrderPrinted(orders []orderevent.Placed, within time.Duration) {
	f.t.Helper()
	for _, name := range []string{"Hot kitchen", "Cold kitchen & bar"} {
		ctx, cancel := context.WithTimeout(context.Background(), within)
		got, err := f.sims[name].WaitFor(ctx, func(ts []printingTicket) bool { return len(missing(ts, orders)) == 0 })
		cancel()
		if err != nil {
			f.t.Fatalf("%s: %d of %d orders never printed, e.g. %v", name, len(missing(got, orders)), len(orders), first(missing(got, orders)))
		}
	}
}

// The print agent claims the venue's jobs over HTTP and writes them to the
// printers; the platform never connects to the venue. The direct path is
// off here, so every ticket went through the agent. The agent is stopped
// mid-burst and started again: every ticket prints.
func TestPrintAgentDeliversAndSurvivesRestart(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: false, config: func(c *config.Config) { c.PrintLease = time.Second }})
	srv := httptest.NewServer(f.env.Engine)
	defer srv.Close()
	key := f.agentKey()

	var st printing.AgentView
	f.ok("GET", fmt.Sprintf("/api/merchant/printing/agent?venueId=%d", f.venueID), f.manager, nil).Into(t, &st)
	if !st.Configured || st.Online {
		t.Fatalf("agent before it ran: %+v", st)
	}
	stop := f.startAgent(srv.URL, key)
	first := f.burst(30)
	f.waitTickets("Hot kitchen", first[0].OrderNo, 1, 15*time.Second)
	stop() // mid-burst: some jobs may be held by the stopped agent
	// Queued while no agent runs (burst returns once the last is queued).
	second := f.burst(30)
	stop = f.startAgent(srv.URL, key)
	defer stop()
	f.everyOrderPrinted(append(first, second...), 60*time.Second)

	f.ok("GET", fmt.Sprintf("/api/merchant/printing/agent?venueId=%d", f.venueID), f.manager, nil).Into(t, &st)
	if !st.Online || st.LastSeenAt == nil {
		t.Fatalf("agent while running: %+v", st)
	}
	for _, j := range f.jobs("kind=kitchen") {
		if j.Via != printing.ViaAgent {
			t.Fatalf("job %d delivered via %q", j.ID, j.Via)
		}
	}
}

// A replaced key stops the old agent; a wrong key is refused.
func TestAgentKeyIsChecked(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	old := f.agentKey()
	f.agentKey()
	for _, key := range []string{old, "pa_guess", ""} {
		res := f.env.Do(platformtestReq("POST", "/api/public/print-agent/claim", key))
		if res.Status != 401 {
			t.Fatalf("key %q: HTTP %d code %d", key, res.Status, res.Code)
		}
	}
}
