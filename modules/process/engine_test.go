package process_test

import (
	"cmp"
	"errors"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/workflows/bpmn/bpmntest"
	"github.com/venueplatform/venue/workflows/engine"
)

// expense: start → submit (initiator) → manager (merchant admins) → on the
// amount, [amount > 1000] finance (venue manager) → end. A rejection returns
// to submit.
var expense = bpmntest.Expense("demo_manager", `venue:rejectMode="return" venue:rejectTarget="submit"`)

func TestApprovalPathFollowsTheAmount(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		amount  float64
		finance bool
	}{{500, false}, {5000, true}} {
		h := newHarness(t, expense, map[string]any{"amount": tc.amount})
		h.act("demo_waiter", "submit", engine.ActionComplete, engine.TaskUpdate{})
		h.act("demo_admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
		h.act("demo_admin", "manager", engine.ActionApprove, engine.TaskUpdate{Comment: "ok"})
		if tc.finance {
			h.act("demo_manager", "finance", engine.ActionApprove, engine.TaskUpdate{})
		}
		res := h.run()
		require.Equal(t, engine.StateCompleted, res.State)
		d := h.detail()
		want := []string{"start", "submit", "manager", "big", "end"}
		if tc.finance {
			want = append(want, "finance")
		}
		sort.Strings(want)
		got := append([]string{}, d.Done...)
		sort.Strings(got)
		require.Equal(t, want, got, "done nodes")
		require.Empty(t, d.Active)
		require.Equal(t, engine.StateCompleted, d.State)
	}
}

func TestRejectReturnsToSubmitAndResubmitContinues(t *testing.T) {
	t.Parallel()
	h := newHarness(t, expense, map[string]any{"amount": 200.0})
	h.act("demo_waiter", "submit", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
	h.act("demo_admin", "manager", engine.ActionReject, engine.TaskUpdate{Comment: "receipt missing"})
	h.act("demo_waiter", "submit", engine.ActionComplete, engine.TaskUpdate{FormData: map[string]any{"amount": 180.0}})
	h.act("demo_admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
	h.act("demo_admin", "manager", engine.ActionApprove, engine.TaskUpdate{})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.EqualValues(t, 180.0, res.Variables["amount"])
	d := h.detail()
	require.Contains(t, d.Done, "manager")
	var actions []string
	for _, it := range d.Timeline {
		if it.Kind == "task" {
			actions = append(actions, it.NodeID+":"+it.Action)
		}
	}
	require.Equal(t, []string{"submit:complete", "manager:claim", "manager:reject", "submit:complete", "manager:claim", "manager:approve"}, actions)
}

func TestStaleAndForeignUpdatesAreRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, expense, map[string]any{"amount": 10.0})
	var submitTask uint64
	h.after(time.Minute, func() { submitTask = h.task("submit").ID })
	h.act("demo_waiter", "submit", engine.ActionComplete, engine.TaskUpdate{})
	// The same task again: no longer open.
	h.after(time.Minute, func() {
		h.env.UpdateWorkflow(engine.UpdateTask, "stale", &callback{t: t, wantReject: engine.ErrTaskNotOpen},
			engine.TaskUpdate{TaskID: submitTask, Action: engine.ActionComplete, Actor: engine.Actor{UserID: 1}})
	})
	// The starter urges; someone else may not.
	h.act("demo_waiter", "manager", "urge", engine.TaskUpdate{})
	h.act("demo_admin", "manager", "urge", engine.TaskUpdate{}, true)
	// An action the node does not offer.
	h.act("demo_admin", "manager", engine.ActionResolve, engine.TaskUpdate{}, true)
	h.act("demo_admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
	h.act("demo_admin", "manager", engine.ActionClaim, engine.TaskUpdate{}, true) // already claimed
	h.act("demo_admin", "manager", engine.ActionReturn, engine.TaskUpdate{TargetNode: "finance"}, true)
	h.act("demo_admin", "manager", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
}

// callback checks an update's refusal.
// callback checks an update's answer: refused by the validator with
// wantReject (errAnyRefusal: with any refusal), or accepted and then
// completed without an error before the test ends.
type callback struct {
	t          *testing.T
	what       string // the update, in failures ("update" when empty)
	wantReject error
	completed  bool
}

// errAnyRefusal wants a refusal whatever its reason.
var errAnyRefusal = errors.New("any refusal")

func (c *callback) name() string { return cmp.Or(c.what, "update") }

func (c *callback) Accept() {
	if c.wantReject != nil {
		c.t.Errorf("%s accepted, want %v", c.name(), c.wantReject)
	}
	c.t.Cleanup(func() {
		if !c.completed {
			c.t.Errorf("%s was accepted and never completed", c.name())
		}
	})
}
func (c *callback) Reject(err error) {
	if c.wantReject == nil || c.wantReject != errAnyRefusal && !containsErr(err, c.wantReject) {
		c.t.Errorf("%s refused with %v, want %v", c.name(), err, c.wantReject)
	}
}
func (c *callback) Complete(_ any, err error) {
	c.completed = true
	if err != nil {
		c.t.Errorf("%s was accepted, then failed: %v", c.name(), err)
	}
}

func containsErr(err, want error) bool {
	return err != nil && want != nil && (err == want || len(err.Error()) >= len(want.Error()) && contains(err.Error(), want.Error()))
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
