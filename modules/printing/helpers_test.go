package printing_test

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/escpos"
	"github.com/venueplatform/venue/internal/printersim"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// fixture is the demo platform with its three printers (hot kitchen, cold
// kitchen & bar, front desk) pointed at virtual printers.
type fixture struct {
	t          testing.TB
	env        *platformtest.Env
	mod        *printing.Module
	admin      string
	manager    string
	merchantID uint64
	venueID    uint64
	printers   map[string]configure.PrinterView // by name
	sims       map[string]*printersim.Printer   // by printer name
	hotCat     uint64                           // a category the hot kitchen prints
	coldCat    uint64                           // one the cold kitchen prints
	orderSeq   atomic.Uint64
}

type fixtureOptions struct {
	direct bool
	config func(*config.Config)
}

func newFixture(t testing.TB, o fixtureOptions) *fixture {
	t.Helper()
	env := platformtest.New(t, platformtest.Options{Demo: true, Config: func(c *config.Config) {
		c.PrintDirect = o.direct
		c.PrintDirectCIDRs = "127.0.0.0/8"
		c.PrintDirectPorts = "1024-65535"
		c.PrintRetryBase, c.PrintRetryMax = 50*time.Millisecond, 200*time.Millisecond
		c.PrintBackupAfter = 8
		if o.config != nil {
			o.config(c)
		}
	}})
	f := &fixture{t: t, env: env, mod: env.P.Printing(), printers: map[string]configure.PrinterView{}, sims: map[string]*printersim.Printer{}}
	if f.mod == nil {
		t.Fatal("printing module not built")
	}
	f.admin = env.Login("demo_admin", sys.DemoPassword)
	f.manager = env.Login("demo_manager", sys.DemoPassword)
	var venue sys.Org
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("type = ? AND name = ?", sys.OrgVenue, "Demo Bistro Riverside").Take(&venue).Error; err != nil {
		t.Fatal(err)
	}
	f.merchantID, f.venueID = venue.MerchantID, venue.ID
	var page api.Page[configure.PrinterView]
	f.ok("GET", fmt.Sprintf("/api/merchant/configure/printer?venueId=%d&pageSize=50", f.venueID), f.admin, nil).Into(t, &page)
	for _, p := range page.Records {
		sim := printersim.New(printersim.Options{Decode: escpos.DecodeOptions{Kanji: true}})
		if err := sim.Listen("127.0.0.1:0"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { sim.Close() })
		_, port, _ := net.SplitHostPort(sim.Addr())
		p.Port, _ = strconv.Atoi(port)
		f.savePrinter(p)
		f.sims[p.Name] = sim
	}
	f.hotCat = f.printers["Hot kitchen"].CategoryIDs[0]
	f.coldCat = f.printers["Cold kitchen & bar"].CategoryIDs[0]
	return f
}

// savePrinter writes a printer's settings through configure's API.
func (f *fixture) savePrinter(p configure.PrinterView) {
	f.t.Helper()
	in := configure.PrinterInput{Name: p.Name, Type: p.Type, Model: p.Model, IP: p.IP, Port: p.Port, Copies: p.Copies, FontSize: p.FontSize,
		Charset: p.Charset, PaperWidth: p.PaperWidth, Cut: p.Cut, CategoryIDs: p.CategoryIDs, BackupID: p.BackupID, Remark: p.Remark, Status: &p.Status}
	var out configure.PrinterView
	f.ok("PUT", fmt.Sprintf("/api/merchant/configure/printer/%d", p.ID), f.admin, in).Into(f.t, &out)
	f.printers[out.Name] = out
}

func (f *fixture) do(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: method, Path: path, Token: token, Body: body})
}

func (f *fixture) ok(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return platformtest.OK(f.t, f.do(method, path, token, body))
}

// order builds a placed order of the demo venue.
func (f *fixture) order(lines ...orderevent.Line) orderevent.Placed {
	n := f.orderSeq.Add(1)
	for i := range lines {
		lines[i].LineID = n*100 + uint64(i) + 1
		if lines[i].Quantity == 0 {
			lines[i].Quantity = 1
		}
	}
	return orderevent.Placed{Order: orderevent.Order{MerchantID: f.merchantID, VenueID: f.venueID, OrderID: n, OrderNo: fmt.Sprintf("T%05d", n),
		TableID: 1, TableName: "A01", Currency: "CNY", TimeZone: "Asia/Shanghai", PlacedAt: time.Now().UTC()}, Round: 1, Lines: lines}
}

// place delivers an event the way the order module does: inside the
// transaction that writes the order.
func (f *fixture) place(e orderevent.Placed) {
	f.t.Helper()
	err := dbx.Transaction(f.env.P.DB.WithContext(platformtest.SystemCtx(f.t)), func(tx *gorm.DB) error { return f.mod.OrderPlaced(tx, e) })
	if err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) cancel(e orderevent.Cancelled) {
	f.t.Helper()
	err := dbx.Transaction(f.env.P.DB.WithContext(platformtest.SystemCtx(f.t)), func(tx *gorm.DB) error { return f.mod.OrderCancelled(tx, e) })
	if err != nil {
		f.t.Fatal(err)
	}
}

// waitTickets waits until the named printer has printed n tickets containing text.
func (f *fixture) waitTickets(name, text string, n int, within time.Duration) []printersim.Ticket {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), within)
	defer cancel()
	got, err := f.sims[name].WaitFor(ctx, func(ts []printersim.Ticket) bool { return len(matching(ts, text)) >= n })
	if err != nil {
		f.t.Fatalf("%s: %d tickets with %q after %s (want %d); it printed:\n%s", name, len(matching(got, text)), text, within, n, dump(got))
	}
	return matching(got, text)
}

func matching(ts []printersim.Ticket, text string) []printersim.Ticket {
	var out []printersim.Ticket
	for _, t := range ts {
		if strings.Contains(t.Text, text) {
			out = append(out, t)
		}
	}
	return out
}

func dump(ts []printersim.Ticket) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "--- #%d\n%s", t.Seq, t.Text)
	}
	return b.String()
}

// jobs lists the venue's jobs as the console does.
func (f *fixture) jobs(query string) []printing.JobView {
	f.t.Helper()
	var page api.Page[printing.JobView]
	f.ok("GET", fmt.Sprintf("/api/merchant/printing/job?venueId=%d&pageSize=500&%s", f.venueID, query), f.admin, nil).Into(f.t, &page)
	return page.Records
}

// waitJobs waits until fn holds for the venue's jobs.
func (f *fixture) waitJobs(query string, within time.Duration, fn func([]printing.JobView) bool) []printing.JobView {
	f.t.Helper()
	deadline := time.Now().Add(within)
	for {
		js := f.jobs(query)
		if fn(js) {
			return js
		}
		if time.Now().After(deadline) {
			f.t.Fatalf("jobs did not reach the expected state in %s: %+v", within, js)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// settle returns once the named printer's simulator has recorded everything
// sent to it before the call: it queues a test print on the printer and
// waits until that job is printed (a printer's jobs are written in id order,
// and the simulator accepts connections in the order they were made), then
// until the simulator has recorded every connection it accepted. A negative
// check ("no such ticket") made after it is decided by that order, not by a
// pause.
func (f *fixture) settle(name string, within time.Duration) {
	f.t.Helper()
	var marker printing.JobView
	f.ok("POST", fmt.Sprintf("/api/merchant/printing/test?venueId=%d", f.venueID), f.manager,
		map[string]any{"printerId": f.printers[name].ID}).Into(f.t, &marker)
	f.waitJobs(fmt.Sprintf("kind=test&printerId=%d", f.printers[name].ID), within, func(js []printing.JobView) bool {
		for _, j := range js {
			if j.ID == marker.ID {
				return j.State == printing.StatePrinted
			}
		}
		return false
	})
	deadline := time.Now().Add(within)
	for !f.sims[name].Idle() {
		if time.Now().After(deadline) {
			f.t.Fatalf("%s: the simulator still holds a connection after %s", name, within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

type printingTicket = printersim.Ticket

// missing answers the orders whose number appears on no ticket.
func missing(ts []printersim.Ticket, orders []orderevent.Placed) []string {
	seen := map[string]bool{}
	for _, t := range ts {
		for _, o := range orders {
			if !seen[o.OrderNo] && strings.Contains(t.Text, o.OrderNo+" ") {
				seen[o.OrderNo] = true
			}
		}
	}
	var out []string
	for _, o := range orders {
		if !seen[o.OrderNo] {
			out = append(out, o.OrderNo)
		}
	}
	return out
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

func platformtestReq(method, path, agentKey string) platformtest.Req {
	return platformtest.Req{Method: method, Path: path, Body: map[string]any{"wait": 0}, Header: map[string]string{printing.AgentKeyHeader: agentKey}}
}

func platformtestReqJSON(method, path, token, locale string, body any) platformtest.Req {
	return platformtest.Req{Method: method, Path: path, Token: token, Locale: locale, Body: body}
}
