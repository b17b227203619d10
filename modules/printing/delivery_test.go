package printing_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/platform/platformtest"
)

// Each kitchen printer gets only its categories; a dish whose category
// reaches no kitchen printer goes to the front desk marked as such; the
// cancellation reaches the printers that printed the dish.
func TestRoutingAndCancellation(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	e := f.order(
		orderevent.Line{DishName: "宫保鸡丁", CategoryID: f.hotCat, Quantity: 2, Options: []string{"大份"}, Remark: "不要花生"},
		orderevent.Line{DishName: "Cucumber salad", CategoryID: f.coldCat},
		orderevent.Line{DishName: "Mystery special", CategoryID: 987654},
	)
	f.place(e)
	hot := f.waitTickets("Hot kitchen", e.OrderNo, 1, 10*time.Second)[0].Text
	cold := f.waitTickets("Cold kitchen & bar", e.OrderNo, 1, 10*time.Second)[0].Text
	desk := f.waitTickets("Front desk", e.OrderNo, 1, 10*time.Second)[0].Text
	if !strings.Contains(hot, "2 x 宫保鸡丁") || !strings.Contains(hot, "不要花生") || strings.Contains(hot, "Cucumber") || strings.Contains(hot, "Mystery") {
		t.Errorf("hot kitchen ticket:\n%s", hot)
	}
	if !strings.Contains(cold, "1 x Cucumber salad") || strings.Contains(cold, "宫保鸡丁") || strings.Contains(cold, "Mystery") {
		t.Errorf("cold kitchen ticket:\n%s", cold)
	}
	if !strings.Contains(desk, "1 x Mystery special") || !strings.Contains(desk, "!! ") {
		t.Errorf("front desk ticket:\n%s", desk)
	}
	js := f.waitJobs("orderId="+fmt.Sprint(e.OrderID), 5*time.Second, func(js []printing.JobView) bool {
		return len(js) == 3 && js[0].State == printing.StatePrinted && js[1].State == printing.StatePrinted && js[2].State == printing.StatePrinted
	})
	unrouted := 0
	for _, j := range js {
		if j.Unrouted {
			unrouted++
		}
	}
	if unrouted != 1 {
		t.Errorf("%d unrouted jobs, want 1", unrouted)
	}

	f.cancel(orderevent.Cancelled{Order: e.Order, Lines: []orderevent.Line{{LineID: e.Lines[0].LineID, DishName: "宫保鸡丁", CategoryID: f.hotCat, Quantity: 1}},
		Reason: "客人不要了", ByUserID: 7, ByUserName: "王芳", CancelledAt: time.Now().UTC()})
	c := f.waitTickets("Hot kitchen", "退菜", 1, 10*time.Second)[0].Text
	for _, want := range []string{"-1 x 宫保鸡丁", "原因：客人不要了", "操作人：王芳", e.OrderNo} {
		if !strings.Contains(c, want) {
			t.Errorf("cancel ticket lacks %q:\n%s", want, c)
		}
	}
	// The cancellation queued its tickets in its transaction: one, for the hot kitchen.
	for _, j := range f.jobs("kind=cancel&orderId=" + fmt.Sprint(e.OrderID)) {
		if j.PrinterID != f.printers["Hot kitchen"].ID {
			t.Errorf("a cancel ticket queued for %s, which never printed the dish", j.PrinterName)
		}
	}
	f.settle("Cold kitchen & bar", 10*time.Second)
	if n := len(matching(f.sims["Cold kitchen & bar"].Tickets(), "退菜")); n != 0 {
		t.Errorf("the cold kitchen got %d cancel tickets for a dish it never printed", n)
	}
}

// A printer that refuses connections for a while: the job is retried with
// backoff, shows the error meanwhile, and prints exactly its copies once
// the printer is back.
func TestOfflinePrinterRetriesUntilBack(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	hot := f.printers["Hot kitchen"]
	hot.Copies = 2
	f.savePrinter(hot)
	sim := f.sims["Hot kitchen"]
	addr := sim.Addr()
	sim.Close()
	e := f.order(orderevent.Line{DishName: "Mapo tofu", CategoryID: f.hotCat})
	f.place(e)
	js := f.waitJobs("kind=kitchen", 10*time.Second, func(js []printing.JobView) bool {
		return len(js) == 1 && js[0].Attempts >= 2 && js[0].LastError != ""
	})
	if js[0].State == printing.StatePrinted {
		t.Fatal("printed while the printer was off")
	}
	if err := sim.Listen(addr); err != nil {
		t.Fatal(err)
	}
	f.waitTickets("Hot kitchen", e.OrderNo, 2, 10*time.Second)
	f.waitJobs("kind=kitchen", 5*time.Second, func(js []printing.JobView) bool { return js[0].State == printing.StatePrinted })
	// A later job on the printer prints after any resend of this one would have.
	f.settle("Hot kitchen", 10*time.Second)
	if n := len(matching(sim.Tickets(), e.OrderNo)); n != 2 {
		t.Fatalf("%d copies printed, want 2", n)
	}
}

// After the configured failures a job moves to its printer's backup.
func TestFailingPrinterMovesToBackup(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	f.sims["Hot kitchen"].Close()
	e := f.order(orderevent.Line{DishName: "Braised pork", CategoryID: f.hotCat})
	f.place(e)
	f.waitTickets("Cold kitchen & bar", "Braised pork", 1, 20*time.Second)
	js := f.waitJobs("kind=kitchen", 5*time.Second, func(js []printing.JobView) bool { return len(js) == 1 && js[0].State == printing.StatePrinted })
	if js[0].PrinterID != f.printers["Cold kitchen & bar"].ID || js[0].MovedFrom != f.printers["Hot kitchen"].ID {
		t.Fatalf("job %+v", js[0])
	}
}

// A printer address outside the configured ranges is never dialled.
func TestAddressOutsideRangesIsRefused(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	hot := f.printers["Hot kitchen"]
	hot.IP = "10.1.2.3"
	f.savePrinter(hot)
	f.place(f.order(orderevent.Line{DishName: "Fish", CategoryID: f.hotCat}))
	js := f.waitJobs("kind=kitchen", 10*time.Second, func(js []printing.JobView) bool { return len(js) == 1 && js[0].Attempts >= 1 && js[0].LastError != "" })
	if !strings.Contains(js[0].LastError, "outside VENUE_PRINT_DIRECT_CIDRS") {
		t.Fatalf("last error %q", js[0].LastError)
	}
}

// With no enabled printer at all the order still commits and its ticket
// waits, failed and flagged, until someone sends it to a printer.
func TestNoPrinterLeavesAVisibleJob(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	for _, p := range f.printers {
		f.ok("POST", fmt.Sprintf("/api/merchant/configure/printer/%d/disable", p.ID), f.admin, nil)
	}
	e := f.order(orderevent.Line{DishName: "Spring rolls", CategoryID: f.coldCat})
	f.place(e)
	js := f.jobs("orderId=" + fmt.Sprint(e.OrderID))
	if len(js) != 1 || js[0].State != printing.StateFailed || js[0].PrinterID != 0 || !js[0].Unrouted || js[0].LastError == "" {
		t.Fatalf("jobs %+v", js)
	}
	desk := f.printers["Front desk"]
	f.ok("POST", fmt.Sprintf("/api/merchant/configure/printer/%d/enable", desk.ID), f.admin, nil)
	f.ok("POST", fmt.Sprintf("/api/merchant/printing/job/%d/retry", js[0].ID), f.manager, map[string]any{"printerId": desk.ID})
	f.waitTickets("Front desk", "Spring rolls", 1, 10*time.Second)
}

// A printer out of paper answers the status request so; the job waits and
// prints once the roll is changed.
func TestOutOfPaperIsRetried(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	sim := f.sims["Cold kitchen & bar"]
	sim.SetPaperOut(true)
	e := f.order(orderevent.Line{DishName: "Iced tea", CategoryID: f.coldCat})
	f.place(e)
	f.waitJobs("kind=kitchen", 10*time.Second, func(js []printing.JobView) bool {
		return len(js) == 1 && strings.Contains(js[0].LastError, "out of paper") && js[0].State != printing.StatePrinted
	})
	sim.SetPaperOut(false)
	f.waitJobs("kind=kitchen", 10*time.Second, func(js []printing.JobView) bool { return js[0].State == printing.StatePrinted })
}

// Kitchen routing is read from memory: a printer change made on this node
// reaches the next order at once, and one made on another API node reaches
// it once this node has read the change feed (an order submission syncs it
// before pricing).
func TestRoutingFollowsPrinterChanges(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	printedBy := func(e orderevent.Placed) []string {
		t.Helper()
		var names []string
		for _, j := range f.jobs("orderId=" + fmt.Sprint(e.OrderID)) {
			names = append(names, j.PrinterName)
		}
		return names
	}
	hot, cold := "Hot kitchen", "Cold kitchen & bar"
	e := f.order(orderevent.Line{DishName: "宫保鸡丁", CategoryID: f.hotCat})
	f.place(e) // routing now in memory
	if got := printedBy(e); len(got) != 1 || got[0] != hot {
		t.Fatalf("before the change: printed by %v, want %s", got, hot)
	}

	// This node moves the category to the cold kitchen.
	move := func(cat uint64, from, to string, save func(configure.PrinterView)) {
		p := f.printers[from]
		p.CategoryIDs = slices.DeleteFunc(slices.Clone(p.CategoryIDs), func(id uint64) bool { return id == cat })
		save(p)
		q := f.printers[to]
		q.CategoryIDs = append(slices.Clone(q.CategoryIDs), cat)
		save(q)
	}
	move(f.hotCat, hot, cold, f.savePrinter)
	e = f.order(orderevent.Line{DishName: "宫保鸡丁", CategoryID: f.hotCat})
	f.place(e)
	if got := printedBy(e); len(got) != 1 || got[0] != cold {
		t.Fatalf("after a change on this node: printed by %v, want %s", got, cold)
	}

	// Another node moves it back.
	other := f.env.Node()
	saveThere := func(p configure.PrinterView) {
		in := configure.PrinterInput{Name: p.Name, Type: p.Type, Model: p.Model, IP: p.IP, Port: p.Port, Copies: p.Copies, FontSize: p.FontSize,
			Charset: p.Charset, PaperWidth: p.PaperWidth, Cut: p.Cut, CategoryIDs: p.CategoryIDs, BackupID: p.BackupID, Remark: p.Remark, Status: &p.Status}
		var out configure.PrinterView
		platformtest.OK(t, other.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/merchant/configure/printer/%d", p.ID), Token: f.admin, Body: in})).Into(t, &out)
		f.printers[out.Name] = out
	}
	move(f.hotCat, cold, hot, saveThere)
	f.env.P.Feed.Sync(t.Context())
	e = f.order(orderevent.Line{DishName: "宫保鸡丁", CategoryID: f.hotCat})
	f.place(e)
	if got := printedBy(e); len(got) != 1 || got[0] != hot {
		t.Fatalf("after a change on another node: printed by %v, want %s", got, hot)
	}
}
