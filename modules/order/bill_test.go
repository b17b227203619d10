package order_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/platform/platformtest"
)

// billJobs are the bill and receipt jobs of an order, oldest first.
func (f *fixture) billJobs(orderID uint64) []printing.Job {
	f.t.Helper()
	var jobs []printing.Job
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(f.t)).Where("order_id = ? AND kind = ?", orderID, printing.KindBill).
		Order("id").Find(&jobs).Error; err != nil {
		f.t.Fatal(err)
	}
	return jobs
}

func paidOf(t *testing.T, j printing.Job) bool {
	t.Helper()
	var tk printing.Ticket
	if err := json.Unmarshal([]byte(j.Payload), &tk); err != nil {
		t.Fatalf("job %d payload: %v", j.ID, err)
	}
	return tk.Paid
}

// Staff print the bill from the order page on the venue's receipt printer
// (a second print is a REPRINT), and settling prints the receipt.
func TestPrintBillAndReceiptOnSettlement(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	o := f.placeKungPao(0, 2)
	if n := len(f.billJobs(o.ID)); n != 0 {
		t.Fatalf("an order printed %d bills by itself", n)
	}
	var first order.PrintBillResult
	f.ok("POST", fmt.Sprintf("/api/merchant/order/%d/print-bill", o.ID), f.waiter, nil).Into(t, &first)
	if len(first.Jobs) == 0 || first.Jobs[0].Reprint {
		t.Fatalf("first bill: %+v", first.Jobs)
	}
	var again order.PrintBillResult
	f.ok("POST", fmt.Sprintf("/api/merchant/order/%d/print-bill", o.ID), f.waiter, nil).Into(t, &again)
	if len(again.Jobs) != len(first.Jobs) || !again.Jobs[0].Reprint || again.Jobs[0].ReprintOf == nil || *again.Jobs[0].ReprintOf != first.Jobs[0].ID {
		t.Fatalf("second bill not a reprint of the first: %+v", again.Jobs)
	}
	jobs := f.billJobs(o.ID)
	if len(jobs) != 2*len(first.Jobs) || paidOf(t, jobs[0]) {
		t.Fatalf("bill jobs: %d", len(jobs))
	}
	var tk printing.Ticket
	if err := json.Unmarshal([]byte(jobs[0].Payload), &tk); err != nil {
		t.Fatal(err)
	}
	if tk.Total != o.Total || len(tk.Lines) != 1 || tk.Lines[0].Quantity != 2 {
		t.Fatalf("the bill does not match the order: %+v (order total %d)", tk, o.Total)
	}

	f.ok("POST", fmt.Sprintf("/api/merchant/order/%d/settle", o.ID), f.waiter, map[string]any{"paymentMethod": "cash"})
	jobs = f.billJobs(o.ID)
	if len(jobs) != 3*len(first.Jobs) || !paidOf(t, jobs[len(jobs)-1]) {
		t.Fatalf("settlement printed no receipt: %d bill jobs", len(jobs))
	}
}

// A venue without an enabled receipt printer settles without printing,
// and a bill print says there is no printer; no merchant prints another's.
func TestNoReceiptPrinterNoReceipt(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.otherMerchant()
	o := f.placeKungPao(0, 1)
	if res := f.do("POST", fmt.Sprintf("/api/merchant/order/%d/print-bill", o.ID), f.otherAdmin, nil); res.Code == 10000 {
		t.Fatal("another merchant printed the demo merchant's bill")
	}
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&configure.Printer{}).
		Where("venue_id = ? AND type = ?", f.venueID, configure.PrinterReceipt).Update("status", configure.StatusDisabled).Error; err != nil {
		t.Fatal(err)
	}
	if res := f.do("POST", fmt.Sprintf("/api/merchant/order/%d/print-bill", o.ID), f.waiter, nil); res.Code != 10003 {
		t.Fatalf("print without a receipt printer: %d %q", res.Code, res.Msg)
	}
	f.ok("POST", fmt.Sprintf("/api/merchant/order/%d/settle", o.ID), f.waiter, map[string]any{"paymentMethod": "cash"})
	if n := len(f.billJobs(o.ID)); n != 0 {
		t.Fatalf("%d receipts without a receipt printer", n)
	}
}
