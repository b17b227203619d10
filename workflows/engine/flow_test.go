package engine_test

import (
	"context"
	"slices"
	"testing"

	"github.com/venueplatform/venue/workflows/engine"
)

// A service task calls an activity by name with evaluated inputs; an
// embedded subprocess runs to its end before the flow goes on.
func TestServiceTaskAndSubprocess(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:serviceTask id="price" name="Price" venue:activity="test.Price" venue:result="quote">
    <bpmn:extensionElements><venue:input name="items" value="qty * 2"/></bpmn:extensionElements>
  </bpmn:serviceTask>
  <bpmn:subProcess id="prep" name="Preparation">
    <bpmn:startEvent id="ps"/>
    <bpmn:userTask id="cook" name="Cook" venue:assigneeStrategy="initiator"/>
    <bpmn:endEvent id="pe"/>
    <bpmn:sequenceFlow id="p1" sourceRef="ps" targetRef="cook"/>
    <bpmn:sequenceFlow id="p2" sourceRef="cook" targetRef="pe"/>
  </bpmn:subProcess>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "price") + seq("s2", "price", "prep") + seq("s3", "prep", "end"))
	r := newRunWith(t, xml, map[string]any{"qty": 3.0}, map[string]any{
		"test.Price": func(_ context.Context, in engine.ServiceInput) (map[string]any, error) {
			return map[string]any{"total": in.Input["items"].(float64) * 10}, nil
		}})
	r.act("waiter", "cook", engine.ActionComplete, engine.TaskUpdate{})
	res := r.finish()
	if res.State != engine.StateCompleted {
		t.Fatalf("ended %s", res.State)
	}
	if total := res.Variables["quote"].(map[string]any)["total"]; total != 60.0 {
		t.Fatalf("quote total %v, want 60", total)
	}
	done := r.mem.done()
	for _, n := range []string{"price", "cook", "prep", "end"} {
		if !slices.Contains(done, n) {
			t.Fatalf("%s not done: %v", n, done)
		}
	}
}

// A terminate end event on one branch ends the instance and closes the
// other branch's open task.
func TestTerminateEndStopsOtherBranches(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:userTask id="slow" name="Slow" venue:assignee="manager"/>
  <bpmn:userTask id="fast" name="Fast" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="kill"><bpmn:terminateEventDefinition/></bpmn:endEvent>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "fork") + seq("f1", "fork", "slow") + seq("f2", "fork", "fast") + seq("e1", "slow", "end") + seq("e2", "fast", "kill"))
	r := newRun(t, xml, nil)
	r.act("waiter", "fast", engine.ActionComplete, engine.TaskUpdate{})
	if st := r.finish().State; st != engine.StateCompleted {
		t.Fatalf("ended %s", st)
	}
	if open := r.mem.openTasks(); len(open) != 0 {
		t.Fatalf("the slow branch's task is still open: %+v", open[0].spec.NodeID)
	}
}

// Sequential multi-instance: signers one after another; or-sign: the first approval wins.
func TestSequentialAndAnySigning(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="seqsign" name="One by one"><bpmn:multiInstanceLoopCharacteristics isSequential="true" venue:collection="${signers}"/></bpmn:userTask>
  <bpmn:userTask id="anysign" name="Anyone"><bpmn:multiInstanceLoopCharacteristics isSequential="false" venue:mode="any" venue:collection="${signers}"/></bpmn:userTask>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "seqsign") + seq("s2", "seqsign", "anysign") + seq("s3", "anysign", "end"))
	r := newRun(t, xml, map[string]any{"signers": []any{"admin", "manager"}})
	holders := func(want ...string) {
		r.after(func() {
			var got []uint64
			for _, tk := range r.mem.openTasks() {
				got = append(got, tk.assignee)
			}
			var ids []uint64
			for _, w := range want {
				ids = append(ids, people[w])
			}
			slices.Sort(got)
			slices.Sort(ids)
			if !slices.Equal(got, ids) {
				t.Errorf("open tasks held by %v, want %v", got, want)
			}
		})
	}
	holders("admin")
	r.act("admin", "seqsign", engine.ActionApprove, engine.TaskUpdate{})
	holders("manager")
	r.act("manager", "seqsign", engine.ActionApprove, engine.TaskUpdate{})
	holders("admin", "manager")
	r.act("manager", "anysign", engine.ActionApprove, engine.TaskUpdate{})
	if st := r.finish().State; st != engine.StateCompleted {
		t.Fatalf("ended %s", st)
	}
	if open := r.mem.openTasks(); len(open) != 0 {
		t.Fatalf("%d tasks still open", len(open))
	}
}

// expect checks, a minute after the previous step, the nodes of the open
// tasks (in any order: parallel branches create their tasks concurrently).
func (r *run) expect(nodes ...string) {
	r.after(func() {
		got := r.mem.openNodes()
		slices.Sort(got)
		if !slices.Equal(got, slices.Sorted(slices.Values(nodes))) {
			r.t.Errorf("open tasks on %v, want %v", got, nodes)
		}
	})
}

// Inclusive gateway: the split takes every branch whose condition holds;
// the join waits for exactly those branches.
func TestInclusiveJoinWaitsForTheTakenBranches(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:inclusiveGateway id="split" default="toC"/>
  <bpmn:userTask id="a" name="Kitchen" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="b" name="Bar" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="c" name="Floor" venue:assigneeStrategy="initiator"/>
  <bpmn:inclusiveGateway id="join"/>
  <bpmn:userTask id="after" name="Close" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "split") + seq("toA", "split", "a", "${food}") + seq("toB", "split", "b", "${drinks}") + seq("toC", "split", "c") +
		seq("a1", "a", "join") + seq("b1", "b", "join") + seq("c1", "c", "join") + seq("j1", "join", "after") + seq("e1", "after", "end"))
	r := newRun(t, xml, map[string]any{"food": true, "drinks": true})
	r.expect("a", "b")
	r.act("waiter", "a", engine.ActionComplete, engine.TaskUpdate{})
	r.expect("b") // the join waits for the bar branch
	r.act("waiter", "b", engine.ActionComplete, engine.TaskUpdate{})
	r.act("waiter", "after", engine.ActionComplete, engine.TaskUpdate{})
	if st := r.finish().State; st != engine.StateCompleted {
		t.Fatalf("ended %s", st)
	}
	if done := r.mem.done(); slices.Contains(done, "c") || !slices.Contains(done, "join") {
		t.Fatalf("done %v", done)
	}
}

// A return inside one parallel branch re-runs that branch only; the other
// branch's finished work stands, and the join still waits for both.
func TestReturnInsideAParallelBranch(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:userTask id="draft" name="Draft menu" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="check" name="Check menu" venue:assignee="manager" venue:actions="approve,reject,return"/>
  <bpmn:userTask id="price" name="Price check" venue:assignee="admin"/>
  <bpmn:parallelGateway id="joinAll"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "fork") + seq("f1", "fork", "draft") + seq("f2", "fork", "price") + seq("d1", "draft", "check") +
		seq("c1", "check", "joinAll") + seq("p1", "price", "joinAll") + seq("j1", "joinAll", "end"))
	r := newRun(t, xml, nil)
	r.act("admin", "price", engine.ActionApprove, engine.TaskUpdate{})
	r.act("waiter", "draft", engine.ActionComplete, engine.TaskUpdate{})
	r.act("manager", "check", engine.ActionReturn, engine.TaskUpdate{TargetNode: "draft", Comment: "dessert prices"})
	r.expect("draft") // only the returned branch runs again
	r.act("waiter", "draft", engine.ActionComplete, engine.TaskUpdate{})
	r.act("manager", "check", engine.ActionApprove, engine.TaskUpdate{})
	if st := r.finish().State; st != engine.StateCompleted {
		t.Fatalf("ended %s", st)
	}
	if done := r.mem.done(); !slices.Contains(done, "price") || !slices.Contains(done, "joinAll") {
		t.Fatalf("done %v", done)
	}
}

// A return to a node before the fork cancels the sibling branch.
func TestReturnBeforeTheForkCancelsTheOtherBranch(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="request" name="Request" venue:assigneeStrategy="initiator"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:userTask id="a" name="Review A" venue:assignee="manager" venue:actions="approve,return"/>
  <bpmn:userTask id="b" name="Review B" venue:assignee="admin"/>
  <bpmn:parallelGateway id="joinAll"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "request") + seq("r1", "request", "fork") + seq("f1", "fork", "a") + seq("f2", "fork", "b") +
		seq("a1", "a", "joinAll") + seq("b1", "b", "joinAll") + seq("j1", "joinAll", "end"))
	r := newRun(t, xml, nil)
	r.act("waiter", "request", engine.ActionComplete, engine.TaskUpdate{})
	r.act("manager", "a", engine.ActionReturn, engine.TaskUpdate{TargetNode: "request", Comment: "start over"})
	r.expect("request")
	r.act("waiter", "request", engine.ActionComplete, engine.TaskUpdate{})
	r.act("manager", "a", engine.ActionApprove, engine.TaskUpdate{})
	r.act("admin", "b", engine.ActionApprove, engine.TaskUpdate{})
	if st := r.finish().State; st != engine.StateCompleted {
		t.Fatalf("ended %s", st)
	}
}

// A message cancels a wait: the boundary message on the task interrupts it.
func TestMessageCancelsAWait(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="prepare" name="Prepare order" venue:assignee="waiter"/>
  <bpmn:boundaryEvent id="cancelled" attachedToRef="prepare"><bpmn:messageEventDefinition messageRef="msg_cancel"/></bpmn:boundaryEvent>
  <bpmn:endEvent id="done"/>
  <bpmn:endEvent id="aborted"/>
  ` + seq("s1", "start", "prepare") + seq("p1", "prepare", "done") + seq("c1", "cancelled", "aborted"))
	r := newRun(t, xml, nil)
	r.send(engine.UpdateMessage, engine.MessageUpdate{Name: "cancel", Variables: map[string]any{"reason": "guest left"}})
	res := r.finish()
	if res.State != engine.StateCompleted || res.Variables["reason"] != "guest left" {
		t.Fatalf("ended %+v", res)
	}
	if done := r.mem.done(); !slices.Contains(done, "aborted") || slices.Contains(done, "done") {
		t.Fatalf("done %v", done)
	}
	if open := r.mem.openNodes(); len(open) != 0 {
		t.Fatalf("open %v", open)
	}
}

// A message nobody waits for is refused, and a catch event consumes one.
func TestIntermediateMessageAndTimerCatch(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="msg_pay"/></bpmn:intermediateCatchEvent>
  <bpmn:intermediateCatchEvent id="cool"><bpmn:timerEventDefinition><bpmn:timeDuration>PT30M</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  <bpmn:scriptTask id="total" scriptFormat="expr" venue:result="total"><bpmn:script>amount * 2</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "paid") + seq("p1", "paid", "cool") + seq("c1", "cool", "total") + seq("t1", "total", "end"))
	r := newRun(t, xml, map[string]any{"amount": 21.0})
	r.send(engine.UpdateMessage, engine.MessageUpdate{Name: "refund"}, engine.ErrNoWaitingEvent)
	r.send(engine.UpdateMessage, engine.MessageUpdate{Name: "paid"})
	res := r.finish()
	if res.State != engine.StateCompleted || res.Variables["total"] != 42.0 {
		t.Fatalf("ended %+v", res)
	}
}

// Withdrawal by the starter before anyone acted ends the instance.
func TestWithdrawBeforeAnyoneActed(t *testing.T) {
	t.Parallel()
	r := newRun(t, expense, map[string]any{"amount": 10.0})
	r.send(engine.UpdateWithdraw, engine.Actor{UserID: people["admin"]}, engine.ErrCannotWithdraw)
	r.send(engine.UpdateWithdraw, engine.Actor{UserID: people["waiter"]})
	if st := r.finish().State; st != engine.StateWithdrawn {
		t.Fatalf("ended %s", st)
	}
	if open := r.mem.openNodes(); len(open) != 0 {
		t.Fatalf("open %v", open)
	}
}
