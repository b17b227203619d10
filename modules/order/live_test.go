package order_test

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// stream opens the live feed on a server as token and answers the event
// names it receives.
func stream(t *testing.T, srv *httptest.Server, token string) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/api/merchant/order/live", nil)
	req.Header.Set("Authorization", token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("live: HTTP %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	out := make(chan string, 16)
	go func() {
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				out <- name
			}
		}
	}()
	return out
}

func expectEvent(t *testing.T, ch <-chan string, want string) {
	t.Helper()
	deadline := time.After(10 * time.Second) // a stuck stream fails rather than hangs
	for {
		select {
		case got := <-ch:
			if got == want {
				return
			}
		case <-deadline:
			t.Fatalf("no %q event reached the open page", want)
		}
	}
}

// New orders and service calls reach an open console on this node at
// once and on another API node through the change feed.
func TestLiveEventsReachOpenConsoles(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	here := httptest.NewServer(f.env.Engine)
	t.Cleanup(here.Close) // after the streams' own cleanups end them
	node2 := f.env.Node()
	there := httptest.NewServer(node2.Engine)
	t.Cleanup(there.Close)

	a := stream(t, here, f.waiter)
	b := stream(t, there, node2.Login("demo_waiter", sys.DemoPassword))
	f.submitOK(f.tables[0].Token, f.kungPao(1))
	expectEvent(t, a, "order")
	expectEvent(t, b, "order")

	res := f.env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/public/table/" + f.tables[0].Token + "/call", Body: map[string]any{"kind": "water"}})
	var call order.CallView
	platformtest.OK(t, res).Into(t, &call)
	expectEvent(t, a, "call")
	expectEvent(t, b, "call")
	var open []order.CallView
	f.ok("GET", "/api/merchant/order/call", f.waiter, nil).Into(t, &open)
	if len(open) != 1 || open[0].Kind != "water" || open[0].TableNo != f.tables[0].Name {
		t.Fatalf("open calls: %+v", open)
	}
	f.ok("POST", "/api/merchant/order/call/"+itoa(call.ID)+"/done", f.waiter, nil)
	f.ok("GET", "/api/merchant/order/call", f.waiter, nil).Into(t, &open)
	if len(open) != 0 {
		t.Fatalf("answered call still open: %+v", open)
	}
}

// recorder follows orders like printing and reports do.
type recorder struct {
	placed    []orderevent.Placed
	cancelled []orderevent.Cancelled
	settled   []orderevent.Settled
	fail      bool
}

var errListener = errors.New("listener refused")

func (r *recorder) OrderPlaced(tx *gorm.DB, e orderevent.Placed) error {
	if r.fail {
		return errListener
	}
	r.placed = append(r.placed, e)
	return nil
}

func (r *recorder) OrderCancelled(tx *gorm.DB, e orderevent.Cancelled) error {
	r.cancelled = append(r.cancelled, e)
	return nil
}

func (r *recorder) OrderSettled(tx *gorm.DB, e orderevent.Settled) error {
	r.settled = append(r.settled, e)
	return nil
}

func TestListenersFollowInTheTransaction(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	rec := &recorder{}
	f.mod.Subscribe(rec)
	first := f.submitOK(f.tables[0].Token, f.kungPao(2))
	f.submitOK(f.tables[0].Token, f.kungPao(1))
	if len(rec.placed) != 2 || rec.placed[1].Round != 2 || rec.placed[1].OrderNo != first.Order.OrderNo || len(rec.placed[1].Lines) != 1 {
		t.Fatalf("placed events: %+v", rec.placed)
	}
	p := rec.placed[0]
	if p.Lines[0].UnitPrice != first.Order.Lines[0].UnitPrice || p.Lines[0].CategoryID == 0 || p.TableName != f.tables[0].Name || p.TimeZone == "" {
		t.Fatalf("placed snapshot: %+v", p)
	}
	id := f.orderIDOf(first.Order.OrderNo)
	d := f.detail(f.admin, id)
	f.ok("POST", cancelPath(id), f.waiter, map[string]any{"lineId": d.Lines[0].ID, "quantity": 1, "reason": "quality"})
	if len(rec.cancelled) != 1 || rec.cancelled[0].Lines[0].Quantity != 1 || rec.cancelled[0].ByUserName != "demo_waiter" || rec.cancelled[0].Whole {
		t.Fatalf("cancelled events: %+v", rec.cancelled)
	}
	f.ok("POST", "/api/merchant/order/"+itoa(id)+"/settle", f.waiter, map[string]any{"paymentMethod": "card"})
	d = f.detail(f.admin, id)
	if len(rec.settled) != 1 || rec.settled[0].Total != d.Total || d.PayStatus != order.PaySettled || d.PaymentMethod != "card" {
		t.Fatalf("settled: %+v, order %+v", rec.settled, d)
	}
	// A listener's error rolls the submission back.
	rec.fail = true
	before := f.counts()
	if res := f.submit(f.tables[1].Token, newKey(), f.kungPao(1)); res.Code == 10000 {
		t.Fatal("a failing listener did not refuse the submission")
	}
	if f.counts() != before {
		t.Fatal("a failing listener left rows behind")
	}
}

func itoa(n uint64) string { return strconvU(n) }

// historian follows history too, as reports do.
type historian struct{ recorder }

func (*historian) FollowsHistory() {}

// The demo seed tells listeners that follow history about every seeded
// order (and printing, which does not, hears nothing).
func TestDemoHistoryReachesHistoryListeners(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	db := f.env.P.DB.WithContext(platformtest.SystemCtx(t))
	for _, m := range []any{&order.Line{}, &order.Cancellation{}, &order.Submission{}, &order.Counter{}, &order.Order{}} {
		if err := db.Where("venue_id = ?", f.venueID).Delete(m).Error; err != nil {
			t.Fatal(err)
		}
	}
	h, plain := &historian{}, &recorder{}
	f.mod.Subscribe(h)
	f.mod.Subscribe(plain)
	if err := f.mod.Seed(t.Context(), true); err != nil {
		t.Fatal(err)
	}
	var orders, settled int64
	db.Model(&order.Order{}).Where("venue_id = ?", f.venueID).Count(&orders)
	db.Model(&order.Order{}).Where("venue_id = ? AND pay_status = ?", f.venueID, order.PaySettled).Count(&settled)
	if orders < 1000 || int64(len(h.placed)) < orders || int64(len(h.settled)) != settled || len(h.cancelled) == 0 {
		t.Fatalf("history: %d orders (%d settled) → %d placed, %d cancelled, %d settled events", orders, settled, len(h.placed), len(h.cancelled), len(h.settled))
	}
	if len(plain.placed)+len(plain.cancelled)+len(plain.settled) != 0 {
		t.Fatal("a listener that does not follow history heard the seed")
	}
}
