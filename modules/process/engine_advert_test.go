package process_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	. "github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// race: after a fork, a timer and a message wait side by side; whichever
// fires first reaches a terminate end event, which stops the other branch.
var race = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:intermediateCatchEvent id="over" name="Period over"><bpmn:timerEventDefinition><bpmn:timeDate>${endsAt}</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  <bpmn:scriptTask id="byTimer" scriptFormat="expr" venue:result="endedBy"><bpmn:script>'period'</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="endTimer"><bpmn:terminateEventDefinition/></bpmn:endEvent>
  <bpmn:intermediateCatchEvent id="cancelled" name="Cancelled"><bpmn:messageEventDefinition messageRef="msg_cancel"/></bpmn:intermediateCatchEvent>
  <bpmn:scriptTask id="byMessage" scriptFormat="expr" venue:result="endedBy"><bpmn:script>'message'</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="endMessage"><bpmn:terminateEventDefinition/></bpmn:endEvent>
  ` + seq("s1", "start", "fork") + seq("f1", "fork", "over") + seq("f2", "fork", "cancelled") +
	seq("o1", "over", "byTimer") + seq("o2", "byTimer", "endTimer") + seq("c1", "cancelled", "byMessage") + seq("c2", "byMessage", "endMessage"))

// A terminate end event stops a branch that waits for a message: the
// instance completes instead of waiting for that message forever.
func TestTimerWinsTheRaceAndStopsTheMessageWait(t *testing.T) {
	t.Parallel()
	h := newHarness(t, race, map[string]any{"endsAt": time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339)})
	h.after(47*time.Hour, func() {
		h.env.UpdateWorkflow(engine.UpdateMessage, "m0", &callback{t: t, wantReject: engine.ErrNoWaitingEvent}, engine.MessageUpdate{Name: "other"})
	})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.Equal(t, "period", res.Variables["endedBy"])
	d := h.detail()
	require.Contains(t, d.Done, "endTimer")
	require.NotContains(t, d.Done, "cancelled")
	require.Empty(t, d.Active)
}

// The message arrives first: the timer branch is stopped.
func TestMessageWinsTheRaceAndStopsTheTimer(t *testing.T) {
	t.Parallel()
	h := newHarness(t, race, map[string]any{"endsAt": time.Now().Add(48 * time.Hour).UTC().Format(time.RFC3339)})
	h.after(time.Hour, func() {
		h.env.UpdateWorkflow(engine.UpdateMessage, "m1", &callback{t: t}, engine.MessageUpdate{Name: "cancel", Comment: "sold out"})
	})
	h.after(time.Hour, func() {
		// Nothing waits any more once the instance has ended.
		h.env.UpdateWorkflow(engine.UpdateMessage, "m2", &callback{t: t, wantReject: engine.ErrInstanceEnding}, engine.MessageUpdate{Name: "cancel"})
	})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.Equal(t, "message", res.Variables["endedBy"])
	d := h.detail()
	require.Contains(t, d.Done, "endMessage")
	require.NotContains(t, d.Done, "over")
	var comment string
	for _, it := range d.Timeline {
		if it.Kind == engine.EvMessage {
			comment = it.Comment
		}
	}
	require.Equal(t, "sold out", comment)
}

// review with rejectMode "continue": a rejection leaves through the
// outgoing flow with outcome = rejected, a gateway sends it to a revision
// task, and the revision comes back to the same review.
var reviewLoop = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="review" name="Review" venue:assignee="demo_manager" venue:actions="approve,reject" venue:rejectMode="continue"/>
  <bpmn:exclusiveGateway id="decided" default="toRevise"/>
  <bpmn:userTask id="revise" name="Revise" venue:assigneeStrategy="initiator"/>
  <bpmn:scriptTask id="publish" scriptFormat="expr" venue:result="published"><bpmn:script>true</bpmn:script></bpmn:scriptTask>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "review") + seq("r1", "review", "decided") + seq("yes", "decided", "publish", "${outcome == 'approved'}") +
	seq("toRevise", "decided", "revise") + seq("v1", "revise", "review") + seq("p1", "publish", "end"))

func TestRejectContinuesToAGatewayAndTheRevisionLoopsBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, reviewLoop, nil)
	var first uint64
	h.after(time.Minute, func() { first = h.task("review").ID })
	h.act("demo_manager", "review", engine.ActionReject, engine.TaskUpdate{Comment: "blurry photo"})
	h.after(time.Minute, func() {
		open := h.openTasks()
		require.Len(t, open, 1)
		require.Equal(t, "revise", open[0].NodeID, "a rejection continues to the revision, the instance does not end")
	})
	h.act("demo_waiter", "revise", engine.ActionComplete, engine.TaskUpdate{})
	h.after(time.Minute, func() {
		second := h.task("review")
		require.NotEqual(t, first, second.ID)
		require.Equal(t, 2, second.Activation, "the same review node, entered again")
	})
	h.act("demo_manager", "review", engine.ActionApprove, engine.TaskUpdate{})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.Equal(t, engine.OutcomeApproved, res.Variables[engine.OutcomeVariable])
	require.Equal(t, true, res.Variables["published"])
	d := h.detail()
	require.Contains(t, d.Done, "review")
	require.Contains(t, d.Done, "revise")
	var outcomes []string
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Model(&Task{}).Where("instance_id = ? AND node_id = ?", h.inst.ID, "review").
		Order("id").Pluck("outcome", &outcomes).Error)
	require.Equal(t, []string{"rejected", "approved"}, outcomes)
}

// A domain module's guard refuses an action before anything reaches the
// instance, and hides the task's buttons from that person.
func TestTaskGuardRefusesBeforeTheEngine(t *testing.T) {
	t.Parallel()
	h := newHarness(t, reviewLoop, nil)
	refused := api.Conflict("test.refused", nil)
	key := "test_" + t.Name()
	h.mod.GuardTasks(key, func(_ context.Context, p *api.Principal, task *Task, action string) error {
		if p.UserName == "demo_manager" && action == engine.ActionApprove {
			return refused
		}
		return nil
	})
	h.after(time.Minute, func() {
		task := h.task("review")
		require.Equal(t, key, task.DefinitionKey)
		_, err := h.mod.Act(h.ctx("demo_manager"), h.users["demo_manager"], task.ID, engine.ActionApprove, ActInput{}, false)
		require.True(t, errors.Is(err, refused), "guard refusal, got %v", err)
		detail, err := h.mod.Task(h.ctx("demo_manager"), h.users["demo_manager"], task.ID)
		require.NoError(t, err)
		require.False(t, detail.CanAct)
		// Another action passes the guard and goes on to the engine (no
		// Temporal client here, so it fails later, not with the refusal).
		_, err = h.mod.Act(h.ctx("demo_manager"), h.users["demo_manager"], task.ID, engine.ActionReject, ActInput{Comment: "no"}, false)
		require.Error(t, err)
		require.False(t, errors.Is(err, refused))
	})
	h.act("demo_manager", "review", engine.ActionReject, engine.TaskUpdate{Comment: "no"})
	h.act("demo_waiter", "revise", engine.ActionComplete, engine.TaskUpdate{})
	h.act("demo_manager", "review", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
}

// A domain process is seeded once and started from the platform's
// definition, whatever a merchant deploys under the same key.
func TestSeedModelOnceAndPlatformDefinition(t *testing.T) {
	t.Parallel()
	h := newHarness(t, reviewLoop, nil)
	ctx := context.Background()
	in := ModelInput{Name: "Domain review", Key: "domain_review", BpmnXML: reviewLoop}
	form := FormInput{Key: "domain_form", Name: "Opinion", Schema: []byte(`{"type":"object","properties":{"opinion":{"type":"string","title":"Opinion"}}}`)}
	seeded, err := h.mod.SeedModel(ctx, in, form)
	require.NoError(t, err)
	require.True(t, seeded)
	seeded, err = h.mod.SeedModel(ctx, in, form)
	require.NoError(t, err)
	require.False(t, seeded, "a second seed leaves the designer's model alone")

	// A merchant's own model under the same key is never what a domain module starts.
	mctx, merchant := h.ctx("demo_admin"), h.users["demo_admin"]
	saved, err := h.mod.SaveModel(mctx, merchant, 0, ModelInput{Name: "Mine", Key: "domain_review", BpmnXML: reviewLoop})
	require.NoError(t, err)
	_, err = h.mod.Deploy(mctx, merchant, saved.ID)
	require.NoError(t, err)
	d, err := h.mod.PlatformDefinition(mctx, "domain_review")
	require.NoError(t, err)
	require.Zero(t, d.MerchantID)
	require.Equal(t, "Domain review", d.Name)
	_, err = h.mod.PlatformDefinition(ctx, "no_such_key")
	require.Error(t, err)
}

// A task shows the variables of its time: those a service or script task
// set before it, not only the ones the instance started with.
func TestTaskShowsTheVariablesOfItsTime(t *testing.T) {
	t.Parallel()
	xml := doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:scriptTask id="snapshot" scriptFormat="expr" venue:result="title"><bpmn:script>'Brunch ' + string(round)</bpmn:script></bpmn:scriptTask>
  <bpmn:userTask id="review" name="Review" venue:assignee="demo_manager"/>
  <bpmn:endEvent id="end"/>
  ` + seq("s1", "start", "snapshot") + seq("s2", "snapshot", "review") + seq("r1", "review", "end"))
	h := newHarness(t, xml, map[string]any{"round": 1})
	h.after(time.Minute, func() {
		d, err := h.mod.Task(h.ctx("demo_manager"), h.users["demo_manager"], h.task("review").ID)
		require.NoError(t, err)
		require.Equal(t, "Brunch 1", d.Variables["title"])
	})
	h.act("demo_manager", "review", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
}

// A domain module's instance guard refuses the generic cancel and
// withdrawal; an instance row whose workflow never started can be dropped,
// one with history cannot.
func TestInstanceGuardAndDiscard(t *testing.T) {
	t.Parallel()
	h := newHarness(t, reviewLoop, nil)
	refused := api.Conflict("test.use_the_domain_call", nil)
	h.mod.GuardInstances("test_"+t.Name(), func(_ context.Context, _ *api.Principal, inst *Instance, action string) error {
		return refused
	})
	err := h.mod.Cancel(h.ctx("admin"), h.users["admin"], h.inst.ID, "stop it")
	require.True(t, errors.Is(err, refused), "cancel: %v", err)
	err = h.mod.Withdraw(h.ctx("demo_waiter"), h.users["demo_waiter"], h.inst.ID)
	require.True(t, errors.Is(err, refused), "withdraw: %v", err)

	h.act("demo_manager", "review", engine.ActionApprove, engine.TaskUpdate{})
	require.Equal(t, engine.StateCompleted, h.run().State)
	require.NoError(t, h.mod.DiscardInstance(context.Background(), h.inst.ID))
	var n int64
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Model(&Instance{}).Where("id = ?", h.inst.ID).Count(&n).Error)
	require.EqualValues(t, 1, n, "an instance that ran keeps its row")

	d, err := h.mod.PlatformDefinition(context.Background(), "test_"+t.Name())
	require.NoError(t, err)
	p := h.users["demo_waiter"]
	var fresh *Instance
	require.NoError(t, h.app.P.DB.WithContext(h.ctx("demo_waiter")).Transaction(func(tx *gorm.DB) error {
		var err error
		fresh, _, err = h.mod.NewInstance(tx, h.mod.Actor(h.ctx("demo_waiter"), p), p, d, "never-started", "", nil)
		return err
	}))
	require.NoError(t, h.mod.DiscardInstance(context.Background(), fresh.ID))
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Model(&Instance{}).Where("id = ?", fresh.ID).Count(&n).Error)
	require.Zero(t, n)
}
