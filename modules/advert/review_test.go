package advert_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/worker"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/workflows/engine"
)

// review runs one ad's advert_review instance in the SDK's test
// environment (time skipping) with the real activities over a test
// database: the ad is published over HTTP, the instance it would start is
// run here.
type review struct {
	*fixture
	env   *testsuite.TestWorkflowEnvironment
	input engine.Input
	ad    advert.AdvertDetail
	at    time.Duration
	step  int
}

func newReview(t *testing.T, title string) *review {
	t.Helper()
	f := newFixture(t)
	return newReviewOf(t, f, f.boss, nil, title)
}

// newReviewOf publishes, as the user of token, an ad built from the
// fixture's valid input and changed by change.
func newReviewOf(t *testing.T, f *fixture, token string, change func(map[string]any), title string) *review {
	t.Helper()
	r := &review{fixture: f}
	r.mod.LaunchWith(func(_ context.Context, in engine.Input) error {
		r.input = in
		return nil
	})
	in := r.adInput(title)
	if change != nil {
		change(in)
	}
	r.ad = r.create(token, in)
	r.ok("POST", adBase+"/"+itoa(r.ad.ID)+"/publish", token, nil).Into(t, &r.ad)
	require.NotZero(t, r.input.InstanceID, "publishing starts a review instance")
	require.Equal(t, r.input.InstanceID, r.ad.InstanceID)
	require.True(t, r.ad.Submitting, "draft until the process sets it pending")
	suite := &testsuite.WorkflowTestSuite{}
	suite.SetLogger(sdklog.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	r.env = suite.NewTestWorkflowEnvironment()
	// The 1 s default reads a starved CPU (tests side by side on two cores) as a deadlock.
	r.env.SetWorkerOptions(worker.Options{DeadlockDetectionTimeout: time.Minute})
	r.proc.Register(r.env)
	return r
}

func (r *review) principal(username string) *api.Principal {
	p, err := r.env2().P.Sys.People.Lookup(context.Background(), username)
	require.NoError(r.t, err)
	return &api.Principal{UserID: p.ID, UserName: p.Username, OrgID: p.OrgID, MerchantID: p.MerchantID, VenueID: p.VenueID, Roles: p.Roles}
}

func (r *review) env2() *platformtest.Env { return r.fixture.env }

func (r *review) ctx(username string) context.Context {
	return api.WithPrincipal(context.Background(), r.principal(username))
}

// after runs fn a step later in workflow time.
func (r *review) after(d time.Duration, fn func()) {
	r.at += d
	r.env.RegisterDelayedCallback(fn, r.at)
}

// openTask is the instance's open task on a node.
func (r *review) openTask(node string) process.TaskView {
	r.t.Helper()
	d, err := r.proc.Detail(platformtest.SystemCtx(r.t), r.input.InstanceID)
	require.NoError(r.t, err)
	for _, tk := range d.Tasks {
		if tk.NodeID == node && tk.Status == process.TaskOpen {
			return tk
		}
	}
	r.t.Fatalf("no open task on %s", node)
	return process.TaskView{}
}

// act sends a task action as a user, a minute after the previous step.
func (r *review) act(user, node, action string, u engine.TaskUpdate) {
	r.step++
	step := r.step
	r.after(time.Minute, func() {
		tk := r.openTask(node)
		p := r.principal(user)
		u.TaskID, u.Action, u.Actor = tk.ID, action, engine.Actor{UserID: p.UserID, Name: user}
		// The API sends the actor's roles: the workflow checks a claim against the task's candidates.
		person, err := r.env2().P.Sys.People.Person(context.Background(), p.UserID)
		require.NoError(r.t, err)
		u.ActorRoles, u.Admin = person.Roles, user == "admin"
		r.env.UpdateWorkflow(engine.UpdateTask, fmt.Sprintf("u%d", step), &updateCallback{t: r.t, what: user + " " + action}, u)
	})
}

// message delivers a message a step later.
func (r *review) message(user string, m engine.MessageUpdate) {
	r.step++
	step := r.step
	r.after(time.Minute, func() {
		p := r.principal(user)
		m.Actor = &engine.Actor{UserID: p.UserID, Name: user}
		r.env.UpdateWorkflow(engine.UpdateMessage, fmt.Sprintf("m%d", step), &updateCallback{t: r.t, what: "message " + m.Name}, m)
	})
}

// check runs assertions a step later.
func (r *review) check(fn func()) { r.after(time.Minute, fn) }

func (r *review) run() engine.Result {
	r.env.ExecuteWorkflow(engine.WorkflowName, r.input)
	require.True(r.t, r.env.IsWorkflowCompleted())
	require.NoError(r.t, r.env.GetWorkflowError())
	var res engine.Result
	require.NoError(r.t, r.env.GetWorkflowResult(&res))
	return res
}

// detail reads the ad as its merchant sees it.
func (r *review) detail() advert.AdvertDetail {
	var d advert.AdvertDetail
	r.ok("GET", adBase+"/"+itoa(r.ad.ID), r.admin, nil).Into(r.t, &d)
	return d
}

func (r *review) playing(tablet int) bool {
	res := platformtest.OK(r.t, r.playlist(r.tablets[tablet].Key, ""))
	var pl advert.Playlist
	res.Into(r.t, &pl)
	for _, a := range pl.Ads {
		if a.AdvertID == r.ad.ID {
			return true
		}
	}
	return false
}

type updateCallback struct {
	t    *testing.T
	what string
}

func (c *updateCallback) Accept()             {}
func (c *updateCallback) Reject(err error)    { c.t.Errorf("%s refused: %v", c.what, err) }
func (c *updateCallback) Complete(any, error) {}

// Approved: the reviewer sees the ad in the task, approves it with an
// opinion, the ad plays on its tablet, and the timer of the process ends
// the broadcast at the end of its period.
func TestApproveThenTheBroadcastEndsByItsTimer(t *testing.T) {
	t.Parallel()
	r := newReview(t, "Weekend brunch")
	r.check(func() {
		d := r.detail()
		require.Equal(t, advert.StatusPending, d.Status)
		require.Equal(t, []string{"withdraw"}, d.Actions)
		tk := r.openTask("review")
		td, err := r.proc.Task(r.ctx("demo_reviewer"), r.principal("demo_reviewer"), tk.ID)
		require.NoError(t, err)
		require.True(t, td.CanClaim, "a platform reviewer can take the review")
		v := td.Variables
		require.Equal(t, "Weekend brunch", v["title"])
		require.Equal(t, "Demo Bistro", v["merchantName"])
		require.EqualValues(t, 1, v["tabletCount"])
		require.Len(t, v["materials"], 1)
		require.Equal(t, "url: https://example.com/brunch", v["link"])
		require.Contains(t, v["period"], d.StartDate)
		require.False(t, r.playing(0), "pending ads do not play")
	})
	r.act("demo_reviewer", "review", engine.ActionClaim, engine.TaskUpdate{})
	r.act("demo_reviewer", "review", engine.ActionApprove, engine.TaskUpdate{Comment: "Looks good"})
	r.check(func() {
		d := r.detail()
		require.Equal(t, advert.StatusApproved, d.Status)
		require.Equal(t, "Looks good", d.Opinion)
		require.Equal(t, []string{"takedown"}, d.Actions)
		require.True(t, r.playing(0), "approved and in its window: on the targeted tablet")
		require.False(t, r.playing(1), "not on the venue's other tablets")
	})
	res := r.run()
	require.Equal(t, engine.StateCompleted, res.State)
	d := r.detail()
	require.Equal(t, advert.StatusEnded, d.Status)
	require.Equal(t, advert.EndedByPeriod, d.EndedBy)
	require.Equal(t, r.ad.InstanceID, d.InstanceID)
	require.False(t, r.playing(0), "ended ads do not play")
	require.True(t, r.env.Now().After(time.Now().Add(6*24*time.Hour)), "the broadcast lasted until the end of its period")
	kinds := map[string]bool{}
	for _, e := range d.Timeline {
		kinds[e.Kind] = true
	}
	require.True(t, kinds[engine.EvTimerFired], "the timeline shows the end of the period")
	require.Equal(t, []string{"delete"}, d.Actions)
}

// Rejected: the merchant revises the ad and resubmits it; the same
// instance returns to review, the reviewer sees the revision and approves.
func TestRejectThenResubmitThenApproveInOneInstance(t *testing.T) {
	t.Parallel()
	r := newReview(t, "Brunch")
	r.act("demo_reviewer", "review", engine.ActionClaim, engine.TaskUpdate{})
	r.act("demo_reviewer", "review", engine.ActionReject, engine.TaskUpdate{Comment: "The photo is blurry"})
	r.check(func() {
		d := r.detail()
		require.Equal(t, advert.StatusRejected, d.Status)
		require.Equal(t, "The photo is blurry", d.Opinion)
		require.ElementsMatch(t, []string{"edit", "publish", "withdraw"}, d.Actions)
		tk := r.openTask("revise")
		require.Equal(t, r.principal("demo_admin").UserID, tk.AssigneeID, "the publisher revises")
		in := r.adInput("Brunch, sharper photo")
		in["materials"] = []map[string]any{{"url": "/uploads/2026/11/sharp.jpg", "duration": 12}}
		r.ok("PUT", adBase+"/"+itoa(r.ad.ID), r.boss, in)
	})
	r.act("demo_admin", "revise", engine.ActionComplete, engine.TaskUpdate{})
	r.check(func() {
		d := r.detail()
		require.Equal(t, advert.StatusPending, d.Status)
		require.Empty(t, d.Opinion, "a new review starts without the old opinion")
		require.Equal(t, 10003, r.do("PUT", adBase+"/"+itoa(r.ad.ID), r.boss, r.adInput("x")).Code, "an ad under review cannot be edited")
		tk := r.openTask("review")
		require.Equal(t, 2, tk.Activation, "the same review node of the same instance")
		td, err := r.proc.Task(r.ctx("demo_reviewer"), r.principal("demo_reviewer"), tk.ID)
		require.NoError(t, err)
		require.Equal(t, "Brunch, sharper photo", td.Variables["title"], "the reviewer sees the revision")
	})
	r.act("demo_reviewer", "review", engine.ActionClaim, engine.TaskUpdate{})
	r.act("demo_reviewer", "review", engine.ActionApprove, engine.TaskUpdate{FormData: map[string]any{"opinion": "Much better"}})
	r.check(func() {
		d := r.detail()
		require.Equal(t, advert.StatusApproved, d.Status)
		require.Equal(t, "Much better", d.Opinion, "the form's opinion")
		require.Equal(t, r.ad.InstanceID, d.InstanceID, "one instance from publication to approval")
	})
	r.run()
	var decisions []string
	for _, e := range r.detail().Timeline {
		if e.Kind == "task" && e.Action != engine.ActionClaim {
			decisions = append(decisions, e.Node+":"+e.Action)
		}
	}
	require.Equal(t, []string{"Review ad:reject", "Revise ad:complete", "Review ad:approve"}, decisions)
}

// A forced takedown: a message to the instance ends the broadcast at once,
// with the reason in the timeline.
func TestForcedTakedownEndsTheBroadcast(t *testing.T) {
	t.Parallel()
	r := newReview(t, "Late-night menu")
	r.act("demo_reviewer", "review", engine.ActionClaim, engine.TaskUpdate{})
	r.act("demo_reviewer", "review", engine.ActionApprove, engine.TaskUpdate{Comment: "ok"})
	r.check(func() { require.True(t, r.playing(0)) })
	r.message("admin", engine.MessageUpdate{Name: advert.MessageTakedown, Variables: map[string]any{"takedownReason": "Complaint from guests"},
		Comment: "Complaint from guests"})
	res := r.run()
	require.Equal(t, engine.StateCompleted, res.State)
	require.True(t, r.env.Now().Before(time.Now().Add(24*time.Hour)), "ended by the takedown, not by the period's timer")
	d := r.detail()
	require.Equal(t, advert.StatusEnded, d.Status)
	require.Equal(t, advert.EndedByTakedown, d.EndedBy)
	require.Equal(t, "Complaint from guests", d.EndReason)
	require.False(t, r.playing(0))
	var reason string
	for _, e := range d.Timeline {
		if e.Kind == engine.EvMessage {
			reason = e.Comment
		}
	}
	require.Equal(t, "Complaint from guests", reason)
}

// Withdrawn from review, the ad is a draft again and may be deleted.
func TestWithdrawReturnsTheAdToDraft(t *testing.T) {
	t.Parallel()
	r := newReview(t, "Soup of the day")
	r.message("demo_admin", engine.MessageUpdate{Name: advert.MessageWithdraw})
	r.run()
	d := r.detail()
	require.Equal(t, advert.StatusDraft, d.Status)
	require.Zero(t, d.InstanceID)
	require.ElementsMatch(t, []string{"edit", "publish", "delete"}, d.Actions)
	require.Empty(t, r.openTasks(), "the review task is closed")
	r.ok("DELETE", adBase+"/"+itoa(r.ad.ID), r.boss, nil)
}

func (r *review) openTasks() []process.TaskView {
	d, err := r.proc.Detail(platformtest.SystemCtx(r.t), r.input.InstanceID)
	require.NoError(r.t, err)
	var open []process.TaskView
	for _, tk := range d.Tasks {
		if tk.Status == process.TaskOpen {
			open = append(open, tk)
		}
	}
	return open
}

// A reviewer who belongs to the ad's merchant cannot take or decide the
// review: not when the reviewers' role reached a merchant user, not when
// the review task is handed to the merchant. A platform reviewer can.
func TestReviewerOfTheSameMerchantCannotApprove(t *testing.T) {
	t.Parallel()
	r := newReview(t, "Family set menu")
	r.ok("POST", "/api/sys/user", r.boss, map[string]any{"username": "bistro_reviewer", "realName": "Kim Wu", "mobile": "13800000099", "password": "Bistro@123",
		"orgId": r.merchantID})
	var reviewers sys.Role
	db := r.env2().P.DB.WithContext(platformtest.SystemCtx(t))
	require.NoError(t, db.Where("merchant_id = 0 AND code = ?", "platform_reviewer").Take(&reviewers).Error)
	insider := r.principal("bistro_reviewer")
	require.NoError(t, db.Create(&sys.UserRole{UserID: insider.UserID, RoleID: reviewers.ID}).Error)
	refused := func(ctx context.Context, p *api.Principal, taskID uint64, action, key string) {
		_, err := r.proc.Act(ctx, p, taskID, action, process.ActInput{Comment: "mine"}, false)
		var ae *api.Error
		require.True(t, errors.As(err, &ae), "%s %s: %v", p.UserName, action, err)
		require.Equal(t, key, ae.Key, "%s %s", p.UserName, action)
	}
	r.check(func() {
		tk := r.openTask("review")
		insider := r.principal("bistro_reviewer")
		ctx := r.ctx("bistro_reviewer")
		todo, err := r.proc.Todo(ctx, insider, process.TaskQuery{})
		require.NoError(t, err)
		require.Len(t, todo.Records, 1, "the reviewers' role shows the task in the insider's inbox")
		refused(ctx, insider, tk.ID, engine.ActionClaim, "advert.review_own_merchant")
		td, err := r.proc.Task(ctx, insider, tk.ID)
		require.NoError(t, err)
		require.False(t, td.CanClaim)
		boss := r.principal("demo_admin")
		refused(r.ctx("demo_admin"), boss, tk.ID, engine.ActionClaim, "process.not_your_task")
	})
	// An administrator hands the review to the merchant's own administrator,
	// who still cannot decide it.
	r.act("admin", "review", engine.ActionTransfer, engine.TaskUpdate{UserIDs: []uint64{r.principal("demo_admin").UserID}})
	r.check(func() {
		tk := r.openTask("review")
		boss := r.principal("demo_admin")
		require.Equal(t, boss.UserID, tk.AssigneeID)
		for _, action := range []string{engine.ActionApprove, engine.ActionReject, engine.ActionComplete} {
			refused(r.ctx("demo_admin"), boss, tk.ID, action, "advert.review_own_merchant")
		}
		td, err := r.proc.Task(r.ctx("demo_admin"), boss, tk.ID)
		require.NoError(t, err)
		require.False(t, td.CanAct)
	})
	r.act("admin", "review", engine.ActionTransfer, engine.TaskUpdate{UserIDs: []uint64{r.principal("demo_reviewer").UserID}})
	r.act("demo_reviewer", "review", engine.ActionApprove, engine.TaskUpdate{Comment: "Fine"})
	r.message("demo_admin", engine.MessageUpdate{Name: advert.MessageTakedown, Variables: map[string]any{"takedownReason": "Sold out"}})
	require.Equal(t, engine.StateCompleted, r.run().State)
	d := r.detail()
	require.Equal(t, advert.EndedByTakedown, d.EndedBy)
	require.Equal(t, "Fine", d.Opinion)
}

// "I want to advertise": a merchant's request for a platform placement in
// an area is reviewed like an ad and then plays on the tablets of every
// venue in that area; only the platform takes it down.
func TestAdvertisingRequestIsReviewedAndPlaysInItsArea(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReviewOf(t, f, f.boss, func(in map[string]any) {
		in["request"], in["targetType"], in["areaCodes"] = true, "area", []string{"310000"}
		delete(in, "targetIds")
	}, "Brunch across Shanghai")
	r.check(func() {
		tk := r.openTask("review")
		td, err := r.proc.Task(r.ctx("demo_reviewer"), r.principal("demo_reviewer"), tk.ID)
		require.NoError(t, err)
		require.Equal(t, true, td.Variables["request"])
		require.EqualValues(t, 4, td.Variables["tabletCount"], "the demo venue lies in Shanghai")
	})
	r.act("demo_reviewer", "review", engine.ActionClaim, engine.TaskUpdate{})
	r.act("demo_reviewer", "review", engine.ActionApprove, engine.TaskUpdate{Comment: "Placed"})
	r.check(func() {
		require.True(t, r.playing(0))
		require.True(t, r.playing(3))
		res := r.do("POST", adBase+"/"+itoa(r.ad.ID)+"/takedown", r.boss, map[string]any{"reason": "changed my mind"})
		require.Equal(t, "Only the platform can take down a platform ad", res.Msg)
	})
	r.message("admin", engine.MessageUpdate{Name: advert.MessageTakedown, Variables: map[string]any{"takedownReason": "Season over"}})
	r.run()
	require.Equal(t, advert.StatusEnded, r.detail().Status)
}

// The review process is seeded once, as a platform model a designer may
// change and redeploy; seeding again leaves it alone.
func TestReviewProcessIsSeededOnceAsAnEditableModel(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var models api.Page[process.Model]
	f.ok("GET", "/api/process/model?pageSize=100", f.admin, nil).Into(t, &models)
	var found []process.Model
	for _, m := range models.Records {
		if m.Key == advert.ReviewProcess {
			found = append(found, m)
		}
	}
	require.Len(t, found, 1)
	require.Equal(t, 1, found[0].Version, "deployed")
	var saved process.SavedModel
	f.ok("GET", "/api/process/model/"+itoa(found[0].ID), f.admin, nil).Into(t, &saved)
	require.Empty(t, saved.Issues)
	require.Contains(t, saved.XML, "bpmndi:BPMNDiagram", "the designer can draw it")
	require.NoError(t, f.env.P.Seed(t.Context(), true))
	f.ok("GET", "/api/process/model?pageSize=100", f.admin, nil).Into(t, &models)
	n := 0
	for _, m := range models.Records {
		if m.Key == advert.ReviewProcess {
			n++
			require.Equal(t, 1, m.Version)
		}
	}
	require.Equal(t, 1, n)
	var tablets api.Page[advert.TabletView]
	f.ok("GET", tabletBase, f.boss, nil).Into(t, &tablets)
	require.EqualValues(t, 4, tablets.Total, "the demo seed is not repeated")
}

// Nobody reviews their own ad: a platform administrator who also holds the
// reviewers' role cannot take the review of a platform ad they published.
func TestNobodyReviewsTheirOwnAd(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	r := newReviewOf(t, f, f.admin, nil, "Platform week")
	require.Zero(t, r.ad.MerchantID)
	var reviewers sys.Role
	db := r.env2().P.DB.WithContext(platformtest.SystemCtx(t))
	require.NoError(t, db.Where("merchant_id = 0 AND code = ?", "platform_reviewer").Take(&reviewers).Error)
	admin := r.principal("admin")
	require.NoError(t, db.Create(&sys.UserRole{UserID: admin.UserID, RoleID: reviewers.ID}).Error)
	r.check(func() {
		_, err := r.proc.Act(r.ctx("admin"), r.principal("admin"), r.openTask("review").ID, engine.ActionClaim, process.ActInput{}, false)
		var ae *api.Error
		require.True(t, errors.As(err, &ae), "%v", err)
		require.Equal(t, "advert.review_own_ad", ae.Key)
	})
	r.act("demo_reviewer", "review", engine.ActionClaim, engine.TaskUpdate{})
	r.act("demo_reviewer", "review", engine.ActionReject, engine.TaskUpdate{Comment: "Wrong dates"})
	r.check(func() {
		require.Equal(t, advert.StatusRejected, r.detail().Status)
		require.Equal(t, admin.UserID, r.openTask("revise").AssigneeID, "the publisher revises")
	})
	// Withdrawn after the rejection, it is a draft again.
	r.message("admin", engine.MessageUpdate{Name: advert.MessageWithdraw})
	r.run()
	d := r.detail()
	require.Equal(t, advert.StatusDraft, d.Status)
	require.Equal(t, "Wrong dates", d.Opinion, "the last opinion stays with the draft")
}
