package printing_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/modules/sys"
)

// Test print, reprint (marked REPRINT) and resend to another printer from
// the job page; the field errors name the field in the caller's language.
func TestTestPrintReprintAndResend(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	desk := f.printers["Front desk"]
	var job printing.JobView
	f.ok("POST", fmt.Sprintf("/api/merchant/printing/test?venueId=%d", f.venueID), f.manager, map[string]any{"printerId": desk.ID}).Into(t, &job)
	f.waitTickets("Front desk", "Front desk", 1, 10*time.Second)

	f.ok("POST", fmt.Sprintf("/api/merchant/printing/job/%d/reprint", job.ID), f.manager, map[string]any{}).Into(t, &job)
	if !job.Reprint {
		t.Fatalf("reprint %+v", job)
	}
	f.waitTickets("Front desk", "*** ", 1, 10*time.Second) // *** REPRINT *** in the venue's language

	res := f.env.Do(platformtestReqJSON("POST", fmt.Sprintf("/api/merchant/printing/test?venueId=%d", f.venueID), f.manager, "en_US", map[string]any{"printerId": 0}))
	if res.Code == 10000 || !strings.Contains(res.Fields["printerId"]+res.Msg, "elect") {
		t.Fatalf("test print without printer: %d %q %v", res.Code, res.Msg, res.Fields)
	}
	res = f.env.Do(platformtestReqJSON("POST", fmt.Sprintf("/api/merchant/printing/job/%d/retry", job.ID), f.manager, "en_US", map[string]any{}))
	if res.Code == 10000 {
		t.Fatal("a printed job was resent")
	}

	// A job stuck on a dead printer is resent to another one.
	f.sims["Hot kitchen"].Close()
	e := f.order(orderevent.Line{DishName: "Steamed fish", CategoryID: f.hotCat})
	f.place(e)
	js := f.waitJobs("kind=kitchen", 10*time.Second, func(js []printing.JobView) bool { return len(js) == 1 && js[0].Attempts >= 1 })
	// A resend is refused while an attempt is under way (the page says so); a person tries again.
	deadline := time.Now().Add(10 * time.Second)
	for {
		res := f.do("POST", fmt.Sprintf("/api/merchant/printing/job/%d/retry", js[0].ID), f.manager, map[string]any{"printerId": f.printers["Cold kitchen & bar"].ID})
		if res.Code == 10000 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("resend: %d %s", res.Code, res.Msg)
		}
		time.Sleep(20 * time.Millisecond)
	}
	f.waitTickets("Cold kitchen & bar", "Steamed fish", 1, 10*time.Second)
}

// Jobs are the venue's: another merchant sees none of them and cannot act
// on them; a waiter may reprint but not resend.
func TestJobsAreScopedAndPermissioned(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{direct: true})
	e := f.order(orderevent.Line{DishName: "Dumplings", CategoryID: f.hotCat})
	f.place(e)
	js := f.waitJobs("kind=kitchen", 10*time.Second, func(js []printing.JobView) bool { return len(js) == 1 })
	id := js[0].ID

	if _, err := f.env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Other Noodle Bar"}, "other_admin", "Other@123"); err != nil {
		t.Fatal(err)
	}
	other := f.env.Login("other_admin", "Other@123")
	for _, c := range []struct{ method, path string }{
		{"GET", fmt.Sprintf("/api/merchant/printing/job?venueId=%d", f.venueID)},
		{"GET", fmt.Sprintf("/api/merchant/printing/job/%d", id)},
		{"POST", fmt.Sprintf("/api/merchant/printing/job/%d/reprint", id)},
		{"POST", fmt.Sprintf("/api/merchant/printing/agent/key?venueId=%d", f.venueID)},
	} {
		res := f.do(c.method, c.path, other, map[string]any{})
		if res.Code == 10000 {
			t.Errorf("other merchant: %s %s succeeded", c.method, c.path)
		}
	}
	waiter := f.env.Login("demo_waiter", sys.DemoPassword)
	if res := f.do("POST", fmt.Sprintf("/api/merchant/printing/job/%d/retry", id), waiter, map[string]any{}); res.Status != 403 {
		t.Errorf("waiter resend: HTTP %d code %d", res.Status, res.Code)
	}
	f.ok("POST", fmt.Sprintf("/api/merchant/printing/job/%d/reprint", id), waiter, map[string]any{})
	if res := f.do("GET", "/api/merchant/printing/job?venueId=1", "", nil); res.Status != 401 {
		t.Errorf("no login: HTTP %d", res.Status)
	}
}
