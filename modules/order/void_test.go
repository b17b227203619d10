package order_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/printing"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
)

// voidFixture is the order fixture with the embedded Temporal server and a
// worker: cancellations above the venue's amount run as order_void.
func voidFixture(t *testing.T) *fixture {
	f := newFixture(t)
	temporalkit.Start(t, f.env)
	return f
}

func (f *fixture) todo(token string) []process.TaskView {
	f.t.Helper()
	var page api.Page[process.TaskView]
	f.ok("GET", "/api/process/task/todo?pageSize=100", token, nil).Into(f.t, &page)
	return page.Records
}

// voidTask is the open approval task of a request in a user's inbox (nil: not there).
func (f *fixture) voidTask(token string, instanceID uint64) *process.TaskView {
	for _, tk := range f.todo(token) {
		if tk.InstanceID == instanceID {
			return &tk
		}
	}
	return nil
}

func (f *fixture) instanceOf(cancellationID uint64) uint64 {
	f.t.Helper()
	var c order.Cancellation
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(f.t)).Take(&c, cancellationID).Error; err != nil {
		f.t.Fatal(err)
	}
	return c.InstanceID
}

func (f *fixture) jobs(orderID uint64, kind string) int64 {
	f.t.Helper()
	var n int64
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(f.t)).Model(&printing.Job{}).Where("order_id = ? AND kind = ?", orderID, kind).
		Count(&n).Error; err != nil {
		f.t.Fatal(err)
	}
	return n
}

// Above the venue's amount a cancellation starts order_void: nothing
// changes until a venue manager decides in the inbox or on the order page;
// a rejection leaves the order as it was and tells the requester; an
// approval applies it through the process's service task, with its
// kitchen CANCEL ticket.
func TestCancellationAboveTheAmountRunsOrderVoid(t *testing.T) {
	t.Parallel()
	f := voidFixture(t)
	o := f.placeKungPao(1, 3) // worth more than 5000 in all
	kitchen := f.jobs(o.ID, printing.KindKitchen)
	var out order.CancelResult
	f.ok("POST", cancelPath(o.ID), f.waiter, map[string]any{"reason": "guest_changed_mind", "remark": "left early"}).Into(t, &out)
	if out.Applied || !out.Pending {
		t.Fatalf("above the amount: want pending, got %+v", out)
	}
	inst := f.instanceOf(out.Cancellation.ID)
	if inst == 0 {
		t.Fatal("the request started no order_void instance")
	}
	d := f.detail(f.admin, o.ID)
	if d.Status != order.StatusNormal || d.Subtotal != o.Subtotal || d.Lines[0].CancelledQty != 0 {
		t.Fatalf("a pending cancellation changed the order: %+v", d)
	}
	// The approval task is in the venue manager's inbox, not the waiter's.
	task := f.voidTask(f.manager, inst)
	if task == nil {
		t.Fatal("no approval task in the venue manager's inbox")
	}
	if task.DefinitionKey != order.VoidProcess {
		t.Fatalf("task of %q", task.DefinitionKey)
	}
	if f.voidTask(f.waiter, inst) != nil {
		t.Fatal("the waiter got the approval task")
	}
	var detail process.TaskDetail
	f.ok("GET", fmt.Sprintf("/api/process/task/%d", task.ID), f.manager, nil).Into(t, &detail)
	if vars := fmt.Sprint(detail.Variables); detail.Variables["orderNo"] != o.OrderNo || detail.Variables["reason"] == "" {
		t.Fatalf("the task does not show the order: %s", vars)
	}
	// Waiters cannot approve; the order cannot be settled meanwhile; the
	// module's own process is neither startable nor cancellable generically.
	if res := f.do("POST", fmt.Sprintf("/api/merchant/order/approval/%d/approve", out.Cancellation.ID), f.waiter, nil); res.Status != http.StatusForbidden {
		t.Fatalf("waiter approving: want 403, got %d %d", res.Status, res.Code)
	}
	if res := f.do("POST", fmt.Sprintf("/api/merchant/order/%d/settle", o.ID), f.waiter, map[string]any{"paymentMethod": "cash"}); res.Code != 10003 {
		t.Fatalf("settling with a pending cancellation: got %d %q", res.Code, res.Msg)
	}
	if res := f.do("POST", "/api/process/instance/start", f.admin, map[string]any{"definitionKey": order.VoidProcess}); res.Code != 10001 {
		t.Fatalf("generic start of order_void: got %d %q", res.Code, res.Msg)
	}
	if res := f.do("POST", fmt.Sprintf("/api/process/instance/%d/cancel", inst), f.admin, // the platform administrator sees every instance
		map[string]any{"reason": "tidy up"}); res.Code == 10000 {
		t.Fatal("the generic cancel ended an order_void instance")
	}
	var pending []order.CancellationView
	f.ok("GET", "/api/merchant/order/approval", f.manager, nil).Into(t, &pending)
	if len(pending) != 1 || pending[0].OrderNo != o.OrderNo || pending[0].DishName != "Whole order" {
		t.Fatalf("the manager's list: %+v", pending)
	}

	// Rejected from the inbox: nothing changes, the requester is told.
	f.ok("POST", fmt.Sprintf("/api/process/task/%d/claim", task.ID), f.manager, map[string]any{})
	f.ok("POST", fmt.Sprintf("/api/process/task/%d/reject", task.ID), f.manager, map[string]any{"comment": "guest stays"})
	f.settle(inst)
	d = f.detail(f.admin, o.ID)
	if d.Status != order.StatusNormal || d.Subtotal != o.Subtotal || d.Cancellations[0].Status != order.CancelRejected ||
		d.Cancellations[0].DecidedName == "" || d.Cancellations[0].DecisionNote != "guest stays" {
		t.Fatalf("after rejection: %+v", d)
	}
	if n := f.jobs(o.ID, printing.KindCancel); n != 0 {
		t.Fatalf("a rejected cancellation printed %d CANCEL tickets", n)
	}
	var notices api.Page[process.CCView]
	f.ok("GET", "/api/process/task/cc", f.waiter, nil).Into(t, &notices)
	told := false
	for _, n := range notices.Records {
		told = told || n.InstanceID == inst
	}
	if !told {
		t.Fatalf("the requester was not told of the rejection: %+v", notices.Records)
	}
	if res := f.do("POST", fmt.Sprintf("/api/merchant/order/approval/%d/approve", out.Cancellation.ID), f.manager, nil); res.Code != 10003 {
		t.Fatalf("approving a decided cancellation: got %d", res.Code)
	}

	// Asked again and approved on the order page: the process applies it,
	// the whole order is cancelled, the table freed, the kitchen told.
	f.ok("POST", cancelPath(o.ID), f.waiter, map[string]any{"reason": "guest_changed_mind"}).Into(t, &out)
	var after order.OrderDetail
	f.ok("POST", fmt.Sprintf("/api/merchant/order/approval/%d/approve", out.Cancellation.ID), f.manager, map[string]any{"note": "ok"}).Into(t, &after)
	if after.Status != order.StatusCancelled || after.Subtotal != 0 || after.Total != 0 || after.Lines[0].Status != order.StatusCancelled {
		t.Fatalf("after approval: %+v", after)
	}
	if kitchen > 0 && f.jobs(o.ID, printing.KindCancel) == 0 {
		t.Fatal("the approved cancellation printed no CANCEL ticket")
	}
	var done process.InstanceView
	f.ok("GET", fmt.Sprintf("/api/process/instance/%d", f.instanceOf(out.Cancellation.ID)), f.admin, nil).Into(t, &done)
	if done.State != "completed" {
		t.Fatalf("the approved instance is %q", done.State)
	}
	next := f.submitOK(f.tables[1].Token, f.kungPao(1))
	if next.Order.OrderNo == o.OrderNo {
		t.Fatal("a cancelled bill kept its table")
	}
}

// A venue manager of another merchant sees no task and cannot decide.
func TestOrderVoidStaysInItsMerchant(t *testing.T) {
	t.Parallel()
	f := voidFixture(t)
	f.otherMerchant()
	o := f.placeKungPao(2, 3)
	var out order.CancelResult
	f.ok("POST", cancelPath(o.ID), f.waiter, map[string]any{"reason": "guest_changed_mind"}).Into(t, &out)
	inst := f.instanceOf(out.Cancellation.ID)
	if f.voidTask(f.otherAdmin, inst) != nil {
		t.Fatal("another merchant's administrator got the approval task")
	}
	if res := f.do("POST", fmt.Sprintf("/api/merchant/order/approval/%d/approve", out.Cancellation.ID), f.otherAdmin, nil); res.Code == 10000 {
		t.Fatal("another merchant approved the cancellation")
	}
	if d := f.detail(f.admin, o.ID); d.Status != order.StatusNormal {
		t.Fatalf("order changed: %+v", d)
	}
}

// settle waits until the instance rests (its service task has run).
func (f *fixture) settle(instanceID uint64) {
	f.t.Helper()
	if err := f.procs().Settle(f.t.Context(), instanceID); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) procs() *process.Module {
	for _, m := range f.env.P.Modules {
		if p, ok := m.(*process.Module); ok {
			return p
		}
	}
	f.t.Fatal("no process module")
	return nil
}
