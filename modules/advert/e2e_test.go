package advert_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
	"github.com/venueplatform/venue/workflows/engine"
)

// eventually retries until cond holds: the process runs asynchronously.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func (f *fixture) status(id uint64, want string) func() bool {
	return func() bool {
		var d advert.AdvertDetail
		f.ok("GET", adBase+"/"+itoa(id), f.boss, nil).Into(f.t, &d)
		return d.Status == want
	}
}

func (f *fixture) detailOf(token string, id uint64) advert.AdvertDetail {
	var d advert.AdvertDetail
	f.ok("GET", adBase+"/"+itoa(id), token, nil).Into(f.t, &d)
	return d
}

// reviewTask waits for the open review task of an instance in the
// reviewer's inbox.
func (f *fixture) reviewTask(instanceID uint64) process.TaskView {
	f.t.Helper()
	var task process.TaskView
	eventually(f.t, "the review task", func() bool {
		var page api.Page[process.TaskView]
		f.ok("GET", "/api/process/task/todo", f.reviewer, nil).Into(f.t, &page)
		for _, tk := range page.Records {
			if tk.InstanceID == instanceID && tk.NodeID == "review" {
				task = tk
				return true
			}
		}
		return false
	})
	return task
}

func (f *fixture) decide(task process.TaskView, action, comment string) {
	f.t.Helper()
	f.ok("POST", fmt.Sprintf("/api/process/task/%d/claim", task.ID), f.reviewer, map[string]any{})
	f.ok("POST", fmt.Sprintf("/api/process/task/%d/%s", task.ID, action), f.reviewer, map[string]any{"comment": comment})
}

func (f *fixture) adsOn(key string) (ids []uint64, etag string) {
	f.t.Helper()
	res := platformtest.OK(f.t, f.playlist(key, ""))
	var pl advert.Playlist
	res.Into(f.t, &pl)
	for _, a := range pl.Ads {
		ids = append(ids, a.AdvertID)
	}
	return ids, res.Header.Get("ETag")
}

// The whole life of ads over HTTP on the embedded Temporal server: publish,
// reject, revise and resubmit, approve, play on the right tablets only,
// count plays once, take down; withdraw; the platform's ad elsewhere.
func TestAdLifecycleOverHTTP(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	f := fixtureOn(t, env)
	rival := f.other()
	var rivalTablet advert.TabletDetail
	f.ok("POST", tabletBase, rival, map[string]any{"venueId": f.otherVenue, "number": "R1"}).Into(t, &rivalTablet)
	key, rivalKey := f.tablets[0].Key, rivalTablet.Key

	in := f.adInput("Weekend brunch")
	in["targetType"], in["targetIds"] = "venue", []uint64{f.venueID}
	ad := f.create(f.boss, in)

	// Nothing plays yet; an unchanged playlist costs a 304.
	ids, etag0 := f.adsOn(key)
	require.Empty(t, ids)
	require.NotEmpty(t, etag0)
	res := f.playlist(key, etag0)
	require.Equal(t, http.StatusNotModified, res.Status)
	require.Empty(t, res.Body)

	// Published: pending review, with a review task for the platform's reviewers.
	var published advert.AdvertDetail
	f.ok("POST", adBase+"/"+itoa(ad.ID)+"/publish", f.boss, nil).Into(t, &published)
	require.NotZero(t, published.InstanceID)
	eventually(t, "pending", f.status(ad.ID, advert.StatusPending))
	task := f.reviewTask(published.InstanceID)
	var td process.TaskDetail
	f.ok("GET", fmt.Sprintf("/api/process/task/%d", task.ID), f.reviewer, nil).Into(t, &td)
	require.Equal(t, "Weekend brunch", td.Variables["title"])
	require.EqualValues(t, 4, td.Variables["tabletCount"])
	require.NotNil(t, td.Form, "the audit opinion form")
	// The process's generic cancel cannot bypass the ad's status.
	cancel := f.do("POST", fmt.Sprintf("/api/process/instance/%d/cancel", published.InstanceID), f.admin, map[string]any{"reason": "x"})
	require.Equal(t, api.CodeConflict, cancel.Code)
	require.Contains(t, cancel.Msg, "withdraw it while in review")

	// Rejected, revised, resubmitted: the same instance, back in review.
	f.decide(task, "reject", "The photo is too dark")
	eventually(t, "rejected", f.status(ad.ID, advert.StatusRejected))
	require.Equal(t, "The photo is too dark", f.detailOf(f.boss, ad.ID).Opinion)
	// Another administrator of the merchant revises and resubmits: the
	// revision task, the publisher's, moves to them on the way.
	colleague := f.colleague()
	in["title"] = "Weekend brunch, brighter"
	f.ok("PUT", adBase+"/"+itoa(ad.ID), colleague, in)
	f.ok("POST", adBase+"/"+itoa(ad.ID)+"/publish", colleague, nil)
	eventually(t, "pending again", f.status(ad.ID, advert.StatusPending))
	task = f.reviewTask(published.InstanceID)
	f.ok("GET", fmt.Sprintf("/api/process/task/%d", task.ID), f.reviewer, nil).Into(t, &td)
	require.Equal(t, "Weekend brunch, brighter", td.Variables["title"])

	// Approved: it plays on the venue's tablets, not on another venue's.
	f.decide(task, "approve", "Bright and clear")
	eventually(t, "approved", f.status(ad.ID, advert.StatusApproved))
	d := f.detailOf(f.boss, ad.ID)
	require.Equal(t, published.InstanceID, d.InstanceID)
	require.Equal(t, "Bright and clear", d.Opinion)
	ids, etag1 := f.adsOn(key)
	require.Equal(t, []uint64{ad.ID}, ids)
	require.NotEqual(t, etag0, etag1)
	require.Equal(t, http.StatusNotModified, f.playlist(key, etag1).Status)
	require.Equal(t, http.StatusOK, f.playlist(key, etag0).Status, "a stale tag gets the new list")
	ids, _ = f.adsOn(f.tablets[3].Key)
	require.Equal(t, []uint64{ad.ID}, ids)
	ids, _ = f.adsOn(rivalKey)
	require.Empty(t, ids, "never on another venue's tablet")
	var display []advert.VenueDisplay
	f.ok("GET", adBase+"/display", f.manager, nil).Into(t, &display)
	require.Len(t, display, 1)
	require.Len(t, display[0].Ads, 1)

	// Plays count once per report id, and only for ads the tablet plays.
	var plays advert.PlaysResult
	report := []map[string]any{{"reportId": "r1", "advertId": ad.ID, "count": 3}, {"reportId": "r1", "advertId": ad.ID, "count": 3},
		{"reportId": "r2", "advertId": ad.ID, "count": 2}, {"reportId": "r3", "advertId": ad.ID + 1000, "count": 1}}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/public/tablet/" + key + "/plays", Body: report})).Into(t, &plays)
	require.Equal(t, advert.PlaysResult{Accepted: 2, Duplicate: 1, Refused: []uint64{ad.ID + 1000}}, plays)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/public/tablet/" + key + "/plays", Body: report})).Into(t, &plays)
	require.Equal(t, 0, plays.Accepted)
	require.Equal(t, 3, plays.Duplicate)
	rivalPlays := env.Do(platformtest.Req{Method: "POST", Path: "/api/public/tablet/" + rivalKey + "/plays", Body: report[2:3]})
	platformtest.OK(t, rivalPlays).Into(t, &plays)
	require.Equal(t, []uint64{ad.ID}, plays.Refused, "a tablet that does not play the ad cannot count it")
	require.EqualValues(t, 5, f.detailOf(f.boss, ad.ID).PlayCount)

	// Taken down by its merchant, with the reason in the timeline.
	require.Equal(t, api.CodeConflict, f.do("DELETE", adBase+"/"+itoa(ad.ID), f.boss, nil).Code, "an ad on air is not deleted")
	f.ok("POST", adBase+"/"+itoa(ad.ID)+"/takedown", f.boss, map[string]any{"reason": "Brunch is paused for renovation"})
	eventually(t, "ended", f.status(ad.ID, advert.StatusEnded))
	d = f.detailOf(f.boss, ad.ID)
	require.Equal(t, advert.EndedByTakedown, d.EndedBy)
	require.Equal(t, "Brunch is paused for renovation", d.EndReason)
	found := false
	for _, e := range d.Timeline {
		found = found || (e.Kind == engine.EvMessage && e.Comment == "Brunch is paused for renovation" && e.Actor == "Alex Chen")
	}
	require.True(t, found, "the takedown and its reason are in the timeline: %+v", d.Timeline)
	ids, _ = f.adsOn(key)
	require.Empty(t, ids, "a taken-down ad stops playing at once")
	f.ok("DELETE", adBase+"/"+itoa(ad.ID), f.boss, nil)

	// A platform ad on the rival's venue plays there and nowhere else; the
	// merchant withdraws a second ad from review.
	pin := f.adInput("Platform week")
	pin["targetType"], pin["targetIds"] = "venue", []uint64{f.otherVenue}
	pad := f.create(f.admin, pin)
	second := f.create(f.boss, f.adInput("Soup of the day"))
	f.ok("POST", adBase+"/"+itoa(pad.ID)+"/publish", f.admin, nil)
	f.ok("POST", adBase+"/"+itoa(second.ID)+"/publish", f.boss, nil)
	eventually(t, "second pending", f.status(second.ID, advert.StatusPending))
	var withdrawn advert.AdvertDetail
	f.ok("POST", adBase+"/"+itoa(second.ID)+"/withdraw", f.boss, nil).Into(t, &withdrawn)
	eventually(t, "withdrawn to draft", f.status(second.ID, advert.StatusDraft))
	pd := f.detailOf(f.admin, pad.ID)
	f.decide(f.reviewTask(pd.InstanceID), "approve", "ok")
	eventually(t, "platform ad approved", func() bool { return f.detailOf(f.admin, pad.ID).Status == advert.StatusApproved })
	ids, _ = f.adsOn(rivalKey)
	require.Equal(t, []uint64{pad.ID}, ids)
	ids, _ = f.adsOn(key)
	require.Empty(t, ids)
	// A merchant cannot take a platform ad down; the platform can.
	require.Equal(t, api.CodeNotFound, f.do("POST", adBase+"/"+itoa(pad.ID)+"/takedown", rival, map[string]any{"reason": "mine"}).Code)
	f.ok("POST", adBase+"/"+itoa(pad.ID)+"/takedown", f.admin, map[string]any{"reason": "Campaign cancelled"})
	eventually(t, "platform ad ended", func() bool { return f.detailOf(f.admin, pad.ID).Status == advert.StatusEnded })
}

// colleague is a second administrator of the demo merchant.
func (f *fixture) colleague() string {
	f.t.Helper()
	var roles api.Page[struct {
		ID   uint64 `json:"id"`
		Code string `json:"code"`
	}]
	f.ok("GET", "/api/sys/role?pageSize=100", f.boss, nil).Into(f.t, &roles)
	var admin uint64
	for _, r := range roles.Records {
		if r.Code == "merchant_admin" {
			admin = r.ID
		}
	}
	require.NotZero(f.t, admin)
	f.ok("POST", "/api/sys/user", f.boss, map[string]any{"username": "demo_admin2", "realName": "Robin Ma", "mobile": "13800000088",
		"password": "Colleague@1", "orgId": f.merchantID, "roleIds": []uint64{admin}})
	tok := f.env.Login("demo_admin2", "Colleague@1")
	res := f.do("POST", "/api/sys/user/updatePassword", tok, map[string]string{"oldPassword": "Colleague@1", "password": "Colleague@2", "repassword": "Colleague@2"})
	if res.Code == 10000 {
		tok = f.env.Login("demo_admin2", "Colleague@2")
	}
	return tok
}

// An ad review planted through the generic start before it refused module
// processes is bound to no ad: an administrator cancels it. The ad's real
// review still ends only through the ad.
func TestAPlantedAdReviewCanBeCancelled(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	temporalkit.Start(t, env)
	f := fixtureOn(t, env)
	in := f.adInput("Lunch deal")
	in["targetType"], in["targetIds"] = "venue", []uint64{f.venueID}
	ad := f.create(f.boss, in)
	var published advert.AdvertDetail
	f.ok("POST", adBase+"/"+itoa(ad.ID)+"/publish", f.boss, nil).Into(t, &published)
	eventually(t, "pending", f.status(ad.ID, advert.StatusPending))

	ctx := platformtest.SystemCtx(t)
	def, err := f.proc.PlatformDefinition(ctx, advert.ReviewProcess)
	require.NoError(t, err)
	person, err := env.P.Sys.People.Lookup(ctx, "demo_waiter")
	require.NoError(t, err)
	planter := &api.Principal{UserID: person.ID, UserName: person.Username, OrgID: person.OrgID, MerchantID: person.MerchantID, VenueID: person.VenueID}
	var planted *process.Instance
	var input engine.Input
	require.NoError(t, env.P.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		planted, input, err = f.proc.NewInstance(tx, f.proc.Actor(ctx, planter), planter, def, advert.BusinessKey(ad.ID), "Fake ad",
			map[string]any{"advertId": ad.ID})
		return err
	}))
	// Its first service task finds the ad bound to another review and keeps retrying: it runs, stuck.
	require.NoError(t, f.proc.Launch(ctx, input))

	cancel := func(id uint64) platformtest.Envelope {
		return f.do("POST", fmt.Sprintf("/api/process/instance/%d/cancel", id), f.admin, map[string]any{"reason": "planted"})
	}
	require.Equal(t, api.CodeConflict, cancel(published.InstanceID).Code)
	f.ok("POST", fmt.Sprintf("/api/process/instance/%d/cancel", planted.ID), f.admin, map[string]any{"reason": "planted"})
	eventually(t, "the planted review cancelled", func() bool {
		var v process.InstanceView
		f.ok("GET", fmt.Sprintf("/api/process/instance/%d", planted.ID), f.admin, nil).Into(t, &v)
		return v.State == "cancelled"
	})
	require.Equal(t, advert.StatusPending, f.detailOf(f.boss, ad.ID).Status, "the real review goes on")
}
