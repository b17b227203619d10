package engine_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/venueplatform/venue/workflows/bpmn/bpmntest"
	"github.com/venueplatform/venue/workflows/engine"
)

// doc and seq write BPMN documents (shared with the process module's tests).
var doc, seq = bpmntest.Doc, bpmntest.Seq

// expense: submit (the starter) → manager (merchant admins claim) → on the
// amount, finance (the manager) → end. A rejection ends the instance.
var expense = bpmntest.Expense("manager", "")

func TestDecisionsMoveTheTokenAlongTheAmount(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		amount  float64
		finance bool
	}{{500, false}, {5000, true}} {
		t.Run(fmt.Sprint(tc.amount), func(t *testing.T) {
			r := newRun(t, expense, map[string]any{"amount": tc.amount})
			r.act("waiter", "submit", engine.ActionComplete, engine.TaskUpdate{FormData: map[string]any{"reason": "oven"}})
			r.act("admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
			r.act("admin", "manager", engine.ActionApprove, engine.TaskUpdate{Comment: "ok"})
			want := []string{"submit:complete", "manager:claim", "manager:approve"}
			if tc.finance {
				r.act("manager", "finance", engine.ActionApprove, engine.TaskUpdate{})
				want = append(want, "finance:approve")
			}
			res := r.finish()
			if res.State != engine.StateCompleted || res.Variables["reason"] != "oven" {
				t.Fatalf("ended %+v", res)
			}
			if got := r.mem.actions(); !slices.Equal(got, want) {
				t.Fatalf("actions %v, want %v", got, want)
			}
		})
	}
}

// Each row of the actions table decides who may take its action and what
// it needs; the validator refuses the rest before anything is written.
func TestTheActionTableRefusesWhatItsRowsDoNotAllow(t *testing.T) {
	t.Parallel()
	r := newRun(t, expense, map[string]any{"amount": 10.0})
	r.act("waiter", "submit", engine.ActionComplete, engine.TaskUpdate{})
	r.act("cook", "manager", engine.ActionClaim, engine.TaskUpdate{}, engine.ErrNotYourTask)     // not a candidate
	r.act("waiter", "manager", engine.ActionApprove, engine.TaskUpdate{}, engine.ErrNotYourTask) // nobody holds it
	r.act("admin", "manager", "fly", engine.TaskUpdate{}, engine.ErrActionNotOffered)            // no such action on the node
	r.act("admin", "manager", engine.ActionUnclaim, engine.TaskUpdate{}, engine.ErrNotClaimable) // not held
	r.act("admin", "manager", engine.ActionClaim, engine.TaskUpdate{})                           // a candidate claims
	r.act("admin", "manager", engine.ActionClaim, engine.TaskUpdate{}, engine.ErrNotClaimable)   // held already
	r.act("admin", "manager", engine.ActionReturn, engine.TaskUpdate{TargetNode: "finance"}, engine.ErrBadReturnTarget)
	r.act("admin", "manager", engine.ActionTransfer, engine.TaskUpdate{UserIDs: []uint64{3, 4}}, engine.ErrBadTaskRequest)
	r.act("admin", "manager", engine.ActionResolve, engine.TaskUpdate{}, engine.ErrBadTaskRequest) // not delegated
	r.act("admin", "manager", engine.ActionCC, engine.TaskUpdate{}, engine.ErrBadTaskRequest)      // nobody named
	// the model lists addSigner on a one-person task: refused, never a nil multi-instance dereference
	r.act("admin", "manager", engine.ActionAddSigner, engine.TaskUpdate{}, engine.ErrActionNotOffered)
	r.act("admin", "manager", engine.ActionAddSigner, engine.TaskUpdate{UserIDs: []uint64{3}}, engine.ErrActionNotOffered)
	r.act("cook", "manager", engine.ActionComment, engine.TaskUpdate{Comment: "hm"}, engine.ErrNotYourTask)
	r.act("cook", "manager", engine.ActionUrge, engine.TaskUpdate{}, engine.ErrNotYourTask)
	r.act("waiter", "manager", engine.ActionComment, engine.TaskUpdate{Comment: "any news?"}) // the starter follows it
	r.act("waiter", "manager", engine.ActionUrge, engine.TaskUpdate{})                        // and urges the holder
	r.act("admin", "manager", engine.ActionCC, engine.TaskUpdate{UserIDs: []uint64{3}})
	r.act("admin", "manager", engine.ActionDelegate, engine.TaskUpdate{UserIDs: []uint64{4}})
	r.act("admin", "manager", engine.ActionApprove, engine.TaskUpdate{}, engine.ErrNotYourTask) // delegated away
	r.act("cook", "manager", engine.ActionResolve, engine.TaskUpdate{Comment: "checked"})       // back to the admin
	r.act("admin", "manager", engine.ActionReturn, engine.TaskUpdate{TargetNode: "submit"})
	r.act("waiter", "submit", engine.ActionComplete, engine.TaskUpdate{})
	r.act("admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
	r.act("admin", "manager", engine.ActionUnclaim, engine.TaskUpdate{})
	r.act("admin", "manager", engine.ActionClaim, engine.TaskUpdate{})
	r.act("admin", "manager", engine.ActionReject, engine.TaskUpdate{Comment: "no"})
	res := r.finish()
	if res.State != engine.StateRejected {
		t.Fatalf("ended %s, want rejected", res.State)
	}
	want := []string{"submit:complete", "manager:claim", "manager:comment", "manager:urge", "manager:cc", "manager:delegate",
		"manager:resolve", "manager:return", "submit:complete", "manager:claim", "manager:unclaim", "manager:claim", "manager:reject"}
	if got := r.mem.actions(); !slices.Equal(got, want) {
		t.Fatalf("actions\n got %v\nwant %v", got, want)
	}
	var told [][]uint64
	for _, n := range r.mem.notified {
		told = append(told, n.UserIDs)
	}
	if len(told) != 2 || !slices.Equal(told[0], []uint64{people["admin"]}) || !slices.Equal(told[1], []uint64{people["manager"]}) {
		t.Fatalf("notified %v: want the holder urged, then the manager copied", told)
	}
}

var countersign = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="sign" name="Countersign" venue:actions="approve,reject,addSigner,removeSigner">
    <bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="all" venue:collection="${signers}"/>
  </bpmn:userTask>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "sign") + seq("f2", "sign", "end"))

func TestSignersAreAddedAndRemovedByTheirRows(t *testing.T) {
	t.Parallel()
	r := newRun(t, countersign, map[string]any{"signers": []any{"admin", "manager"}})
	r.act("admin", "sign", engine.ActionAddSigner, engine.TaskUpdate{UserIDs: []uint64{people["cook"]}})
	r.act("manager", "sign", engine.ActionRemoveSigner, engine.TaskUpdate{UserIDs: []uint64{people["waiter"]}}, engine.ErrNoSuchSigner)
	r.act("manager", "sign", engine.ActionRemoveSigner, engine.TaskUpdate{UserIDs: []uint64{people["cook"]}})
	r.act("admin", "sign", engine.ActionApprove, engine.TaskUpdate{})
	r.act("manager", "sign", engine.ActionRemoveSigner, engine.TaskUpdate{UserIDs: []uint64{people["manager"]}}, engine.ErrBadTaskRequest) // the last one
	r.act("manager", "sign", engine.ActionApprove, engine.TaskUpdate{})
	res := r.finish()
	if res.State != engine.StateCompleted {
		t.Fatalf("ended %s", res.State)
	}
	want := []string{"sign:addSigner", "sign:removeSigner", "sign:approve", "sign:approve"}
	if got := r.mem.actions(); !slices.Equal(got, want) {
		t.Fatalf("actions %v, want %v", got, want)
	}
	r.mem.mu.Lock()
	defer r.mem.mu.Unlock()
	for _, tk := range r.mem.tasks {
		if tk.assignee == people["cook"] && tk.outcome != "removed" {
			t.Fatalf("the removed signer's task ended %q", tk.outcome)
		}
	}
}

// Sequential signers where any one approval decides: the first rejects, which
// settles nothing, so the second signer's task opens and their approval ends it.
var sequentialAny = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="sign" name="One of us" venue:actions="approve,reject">
    <bpmn:multiInstanceLoopCharacteristics isSequential="true" venue:mode="any" venue:collection="${signers}"/>
  </bpmn:userTask>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "sign") + seq("f2", "sign", "end"))

func TestASequentialRejectionThatDecidesNothingOpensTheNextSigner(t *testing.T) {
	t.Parallel()
	r := newRun(t, sequentialAny, map[string]any{"signers": []any{"admin", "manager"}})
	r.act("manager", "sign", engine.ActionApprove, engine.TaskUpdate{}, engine.ErrNotYourTask) // not their turn yet
	r.act("admin", "sign", engine.ActionReject, engine.TaskUpdate{Comment: "not me"})
	r.act("manager", "sign", engine.ActionApprove, engine.TaskUpdate{})
	res := r.finish()
	if res.State != engine.StateCompleted {
		t.Fatalf("ended %s, want completed by the second signer", res.State)
	}
	want := []string{"sign:reject", "sign:approve"}
	if got := r.mem.actions(); !slices.Equal(got, want) {
		t.Fatalf("actions %v, want %v", got, want)
	}
}
