package order_test

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestSubmitPricesOnTheServer(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dish("Kung Pao chicken")
	large := option(t, d, "Size", "Large")
	want := d.FinalPrice + large.PriceDelta
	tok := f.tables[0].Token

	// A tampered price is refused, naming the line, and writes nothing.
	before := f.counts()
	cheat := f.kungPao(2)
	cheat["unitPrice"] = int64(1)
	res := f.submit(tok, newKey(), f.kungPao(1), cheat)
	if res.Code != 10001 || res.Fields["lines[1].unitPrice"] == "" {
		t.Fatalf("tampered price: want a refusal on lines[1].unitPrice, got %d %q %v", res.Code, res.Msg, res.Fields)
	}
	if f.counts() != before {
		t.Fatalf("a refused submission wrote rows: %v → %v", before, f.counts())
	}

	// The price the guest saw is accepted; without one, the server's price is charged.
	seen := f.kungPao(2)
	seen["unitPrice"] = want
	r := f.submitOK(tok, seen, f.kungPao(1))
	if r.Order == nil || len(r.Order.Lines) != 2 {
		t.Fatalf("want an order with 2 lines, got %+v", r.Order)
	}
	for _, l := range r.Order.Lines {
		if l.UnitPrice != want || l.Amount != want*int64(l.Quantity) {
			t.Fatalf("line priced %d × %d = %d, want unit %d", l.UnitPrice, l.Quantity, l.Amount, want)
		}
		if len(l.Options) != 2 || l.DishName != "Kung Pao chicken" {
			t.Fatalf("line snapshot: %+v", l)
		}
	}
	if r.Order.Subtotal != want*3 {
		t.Fatalf("subtotal %d, want %d", r.Order.Subtotal, want*3)
	}
	// Demo venue: 10 % service charge, 6 % tax included.
	service := (want*3*1000 + 5000) / 10000
	if r.Order.ServiceCharge != service || r.Order.Total != want*3+service {
		t.Fatalf("charges: service %d total %d, want %d and %d", r.Order.ServiceCharge, r.Order.Total, service, want*3+service)
	}
	if r.Order.OrderNo[:2] != "RS" || len(r.Order.OrderNo) != 12 {
		t.Fatalf("order number %q: want the venue prefix RS, the date and a 4-digit sequence", r.Order.OrderNo)
	}
}

func TestSubmitRefusalsWriteNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tok := f.tables[1].Token
	kp := f.dish("Kung Pao chicken")
	medium := option(t, kp, "Spice level", "Medium").ID
	large := option(t, kp, "Size", "Large").ID
	hot := option(t, kp, "Spice level", "Hot").ID
	mapo := f.dish("Mapo tofu")

	// Sold out by the staff: the guest's page still showed it.
	f.ok("POST", "/api/merchant/cuisine/dish/soldOut", f.admin, map[string]any{"ids": []uint64{mapo.ID}})

	cases := []struct {
		name, field string
		lines       []line
	}{
		{"sold-out dish", "lines[1].dishId", []line{f.kungPao(1), {"dishId": mapo.ID, "quantity": 1, "optionIds": []uint64{option(t, mapo, "Spice level", "Mild").ID}}}},
		{"required choice missing", "lines[0].optionIds", []line{{"dishId": kp.ID, "quantity": 1, "optionIds": []uint64{large}}}},
		{"too many choices", "lines[0].optionIds", []line{{"dishId": kp.ID, "quantity": 1, "optionIds": []uint64{medium, hot, large}}}},
		{"option of another dish", "lines[0].optionIds", []line{{"dishId": kp.ID, "quantity": 1, "optionIds": []uint64{medium, large, option(t, mapo, "Spice level", "Mild").ID}}}},
		{"unknown dish", "lines[0].dishId", []line{{"dishId": 999999, "quantity": 1}}},
		{"zero quantity", "lines[0].quantity", []line{{"dishId": kp.ID, "quantity": 0, "optionIds": []uint64{medium, large}}}},
	}
	before := f.counts()
	for _, c := range cases {
		res := f.submit(tok, newKey(), c.lines...)
		if res.Code != 10001 || res.Fields[c.field] == "" {
			t.Errorf("%s: want a refusal on %s, got %d %q %v", c.name, c.field, res.Code, res.Msg, res.Fields)
		}
	}
	if f.counts() != before {
		t.Fatalf("refused submissions wrote rows: %v → %v", before, f.counts())
	}
	res := f.submit(tok, newKey(), []line{f.kungPao(1), {"dishId": mapo.ID, "quantity": 1}}...)
	if res.Msg != "Line 2: Mapo tofu is sold out" {
		t.Errorf("sold-out message %q", res.Msg)
	}

	// Closed at 03:00.
	f.setClock(f.mod.Now().Add(-9*time.Hour - 30*time.Minute))
	res = f.submit(tok, newKey(), f.kungPao(1))
	if res.Code != 10003 {
		t.Fatalf("closed venue: want a refusal, got %d %q", res.Code, res.Msg)
	}
	if f.counts() != before {
		t.Fatal("a closed venue's submission wrote rows")
	}
}

func TestRotatedTokenRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	old := f.tables[2]
	f.submitOK(old.Token, f.kungPao(1))
	f.ok("POST", fmt.Sprintf("/api/merchant/configure/table/%d/rotate", old.ID), f.admin, nil)
	res := f.submit(old.Token, newKey(), f.kungPao(1))
	if res.Code != 10301 {
		t.Fatalf("rotated token: want code 10301, got %d %q", res.Code, res.Msg)
	}
	if res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/table/" + old.Token + "/order"}); res.Code != 10301 {
		t.Fatalf("rotated token bill: want code 10301, got %d", res.Code)
	}
}

// Table codes are answered from memory on every node: a code rotated, or a
// table disabled, on one node is refused by the next submission on another
// node at once (not at that node's next poll of the change feed), and
// writes nothing.
func TestTableChangeOnOtherNodeRefusedAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	node2 := f.env.Node()
	for _, m := range node2.P.Modules {
		if m, ok := m.(*order.Module); ok {
			m.SetClock(f.mod.Now) // lunch time there too
		}
	}
	on2 := func(token string) platformtest.Envelope {
		return node2.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/public/table/" + token + "/orders",
			Body: map[string]any{"idempotencyKey": newKey(), "lines": []line{f.kungPao(1)}}, Locale: "en_US"})
	}
	rotated, disabled := f.tables[2], f.tables[3]
	for _, tb := range []configure.TableView{rotated, disabled} {
		platformtest.OK(t, on2(tb.Token)) // node 2 keeps both codes in memory
	}
	before := f.counts()
	f.ok("POST", fmt.Sprintf("/api/merchant/configure/table/%d/rotate", rotated.ID), f.admin, nil)
	if res := on2(rotated.Token); res.Code != 10301 {
		t.Fatalf("code rotated on node 1, submitted on node 2: want code 10301, got %d %q", res.Code, res.Msg)
	}
	f.ok("POST", fmt.Sprintf("/api/merchant/configure/table/%d/disable", disabled.ID), f.admin, nil)
	if res := on2(disabled.Token); res.Code != 10301 {
		t.Fatalf("table disabled on node 1, submitted on node 2: want code 10301, got %d %q", res.Code, res.Msg)
	}
	if f.counts() != before {
		t.Fatal("a refused code's submission wrote rows")
	}
}

func TestIdempotentParallelSubmissions(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tok, key := f.tables[3].Token, newKey()
	before := f.counts()
	const n = 8
	var wg sync.WaitGroup
	results := make([]platformtest.Envelope, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = f.submit(tok, key, f.kungPao(2))
		}()
	}
	wg.Wait()
	nos := map[string]bool{}
	replayed := 0
	for _, res := range results {
		var r order.SubmitResult
		platformtest.OK(t, res).Into(t, &r)
		nos[r.Order.OrderNo] = true
		if r.Replayed {
			replayed++
		}
		if len(r.Order.Lines) != 1 {
			t.Fatalf("the key ordered more than once: %d lines", len(r.Order.Lines))
		}
	}
	if len(nos) != 1 || replayed != n-1 {
		t.Fatalf("want one order and %d replays, got orders %v, %d replays", n-1, nos, replayed)
	}
	after := f.counts()
	if after[0]-before[0] != 1 || after[1]-before[1] != 1 || after[2]-before[2] != 1 {
		t.Fatalf("want one order, one line, one key: %v → %v", before, after)
	}
}

func TestRoundsJoinTheOpenBill(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	a, b := f.tables[4].Token, f.tables[5].Token
	first := f.submitOK(a, f.kungPao(1))
	second := f.submitOK(a, f.kungPao(2))
	if first.Order.OrderNo != second.Order.OrderNo || second.Round != 2 || len(second.Order.Lines) != 2 {
		t.Fatalf("round 2 must join %s: got %s round %d with %d lines", first.Order.OrderNo, second.Order.OrderNo, second.Round, len(second.Order.Lines))
	}
	other := f.submitOK(b, f.kungPao(1))
	if other.Order.OrderNo == first.Order.OrderNo {
		t.Fatal("another table joined the bill")
	}
	// Every phone at the table sees the same bill.
	var bills []order.GuestOrder
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/table/" + a + "/order"})).Into(t, &bills)
	if len(bills) != 1 || bills[0].OrderNo != first.Order.OrderNo || bills[0].Rounds != 2 || bills[0].Subtotal != second.Order.Subtotal {
		t.Fatalf("table bill: %+v", bills)
	}
	// Settled, the table opens a new bill.
	id := f.orderIDOf(first.Order.OrderNo)
	f.ok("POST", fmt.Sprintf("/api/merchant/order/%d/settle", id), f.waiter, map[string]any{"paymentMethod": "cash"})
	third := f.submitOK(a, f.kungPao(1))
	if third.Order.OrderNo == first.Order.OrderNo || third.Round != 1 {
		t.Fatalf("after settlement: want a new bill, got %s round %d", third.Order.OrderNo, third.Round)
	}

	// Pay per order: each submission is its own order.
	var settings map[string]any
	f.ok("GET", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.admin, nil).Into(t, &settings)
	settings["orderingMode"] = "pay_per_order"
	f.ok("PUT", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.admin, settings)
	x := f.submitOK(b, f.kungPao(1))
	y := f.submitOK(b, f.kungPao(1))
	if x.Order.OrderNo == y.Order.OrderNo || x.Order.OrderNo == other.Order.OrderNo {
		t.Fatalf("pay per order: want separate orders, got %s, %s", x.Order.OrderNo, y.Order.OrderNo)
	}
}

func TestConcurrentFirstRoundsOpenOneBill(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tok := f.tables[6].Token
	const n = 6
	var wg sync.WaitGroup
	nos := make([]string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r order.SubmitResult
			platformtest.OK(t, f.submit(tok, newKey(), f.kungPao(1))).Into(t, &r)
			nos[i] = r.Order.OrderNo
		}()
	}
	wg.Wait()
	for _, no := range nos[1:] {
		if no != nos[0] {
			t.Fatalf("concurrent rounds opened several bills: %v", nos)
		}
	}
	d := f.detail(f.admin, f.orderIDOf(nos[0]))
	if d.Rounds != n || len(d.Lines) != n {
		t.Fatalf("want %d rounds and lines, got %d and %d", n, d.Rounds, len(d.Lines))
	}
}

// TestParallelSubmissionsNeverBusy: 32 guests submitting at once (four
// times SQLite's eight connections) all get their order. Every read inside
// the order's transaction, the listeners' included (printing reads the
// venue's printers and settings), must go through that transaction: one on
// a second pool connection waits behind the writers queued for the write
// lock the transaction holds, until busy_timeout answers SQLITE_BUSY.
func TestParallelSubmissionsNeverBusy(t *testing.T) {
	t.Parallel()
	e := newBenchEnv(t)
	f := e.f
	before := f.counts()
	const n = 32
	results := make([]platformtest.Envelope, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = f.submit(e.tokens[i%len(e.tokens)], newKey(), e.lines...)
		}()
	}
	wg.Wait()
	nos := map[string]bool{}
	for i, res := range results {
		if res.Code != 10000 {
			t.Fatalf("submission %d: HTTP %d code %d: %s", i, res.Status, res.Code, res.Body)
		}
		var r order.SubmitResult
		platformtest.OK(t, res).Into(t, &r)
		nos[r.Order.OrderNo] = true
	}
	if len(nos) != n {
		t.Fatalf("want %d orders with distinct numbers, got %d", n, len(nos))
	}
	after := f.counts()
	if after[0]-before[0] != n || after[1]-before[1] != 2*n || after[2]-before[2] != n {
		t.Fatalf("want %d orders, %d lines, %d keys: %v → %v", n, 2*n, n, before, after)
	}
}

// Order numbers are the venue's prefix, the day and the day's sequence,
// which the counter's upsert answers: one submission after another gets
// the next number.
func TestOrderNumbersFollowEachOther(t *testing.T) {
	t.Parallel()
	e := newBenchEnv(t) // pay per order: every submission is a new bill
	var nos []string
	for i := range 3 {
		var r order.SubmitResult
		platformtest.OK(t, e.f.submit(e.tokens[i], newKey(), e.lines...)).Into(t, &r)
		nos = append(nos, r.Order.OrderNo)
	}
	for i := 1; i < len(nos); i++ {
		prev, _ := strconv.Atoi(nos[i-1][len(nos[i-1])-4:])
		next, _ := strconv.Atoi(nos[i][len(nos[i])-4:])
		if nos[i][:len(nos[i])-4] != nos[i-1][:len(nos[i-1])-4] || next != prev+1 {
			t.Fatalf("order numbers %v: want one day's consecutive sequence", nos)
		}
	}
}
