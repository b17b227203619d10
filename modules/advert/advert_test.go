package advert_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/platform/platformtest"
)

func images(n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = map[string]any{"url": fmt.Sprintf("/uploads/2026/11/img%d.jpg", i), "duration": 5}
	}
	return out
}

// Spec section 5: each rule is refused with its message, naming the field.
func TestAdValidationUsesTheSpecMessages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cases := []struct {
		name   string
		change func(in map[string]any)
		field  string
		msg    string
	}{
		{"1 video and 1 image", func(in map[string]any) {
			in["materialType"] = "video"
			in["materials"] = []map[string]any{{"url": "/uploads/2026/11/clip.mp4", "duration": 30}, {"url": "/uploads/2026/11/a.png", "duration": 5}}
		}, "materials", "An ad is either 1 video or at most 9 images: a video cannot be combined with images"},
		{"10 images", func(in map[string]any) { in["materials"] = images(10) }, "materials", "At most 9 images can be uploaded"},
		{"2 videos", func(in map[string]any) {
			in["materialType"] = "video"
			in["materials"] = []map[string]any{{"url": "/uploads/2026/11/a.mp4", "duration": 30}, {"url": "/uploads/2026/11/b.webm", "duration": 30}}
		}, "materials", "At most 1 video can be uploaded"},
		{"a link that is not http", func(in map[string]any) { in["linkValue"] = "ftp://example.com/menu" }, "linkValue", "Link must start with http or https"},
		{"a link without a scheme", func(in map[string]any) { in["linkValue"] = "www.example.com" }, "linkValue", "Link must start with http or https"},
		{"a missing duration", func(in map[string]any) {
			in["materials"] = []map[string]any{{"url": "/uploads/2026/11/a.png", "duration": 5}, {"url": "/uploads/2026/11/b.png"}}
		}, "materials[1].duration", "Enter the duration in seconds of material 2"},
		{"no title", func(in map[string]any) { in["title"] = "  " }, "title", "Title cannot be empty"},
		{"no material type", func(in map[string]any) { delete(in, "materialType") }, "materialType", "Material type must be selected"},
		{"no materials", func(in map[string]any) { in["materials"] = []any{} }, "materials", "Materials cannot be empty"},
		{"no broadcast date", func(in map[string]any) { delete(in, "startDate") }, "startDate", "Broadcast start date cannot be empty"},
		{"an end before the start", func(in map[string]any) { in["endDate"] = "2020-01-01"; in["startDate"] = "2020-02-01" }, "endDate",
			"The broadcast end date must not be before its start date"},
		{"a material that was not uploaded", func(in map[string]any) {
			in["materials"] = []map[string]any{{"url": "http://evil.example.com/a.png", "duration": 5}}
		}, "materials[0].url", "Material 1 must be an uploaded image (jpg, jpeg, png, gif) or video (mp4, mov, webm)"},
		{"a video in an image ad", func(in map[string]any) {
			in["materials"] = []map[string]any{{"url": "/uploads/2026/11/a.mp4", "duration": 5}}
		}, "materials", "The materials do not match the material type"},
		{"no targets", func(in map[string]any) { in["targetIds"] = []uint64{} }, "targetIds", "Venues or tablets must be selected"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := f.adInput("Brunch")
			tc.change(in)
			res := f.do("POST", adBase, f.boss, in)
			require.Equal(t, api.CodeInvalid, res.Code, res.Msg)
			require.Equal(t, tc.msg, res.Fields[tc.field], "fields: %v", res.Fields)
		})
	}
	// Nine images, or one video, pass; the total duration is computed.
	in := f.adInput("Nine pictures")
	in["materials"] = images(9)
	require.Equal(t, 45, f.create(f.boss, in).TotalDuration)
	in = f.adInput("A clip")
	in["materialType"], in["materials"] = "video", []map[string]any{{"url": "/uploads/2026/11/clip.mp4", "duration": 30}}
	require.Equal(t, 30, f.create(f.boss, in).TotalDuration)
	// The messages follow the request's language.
	in = f.adInput("Brunch")
	in["materials"] = images(10)
	res := f.env.Do(platformtest.Req{Method: "POST", Path: adBase, Token: f.boss, Locale: "zh_CN", Body: in})
	require.Equal(t, "最多只能上传 9 张图片", res.Fields["materials"])
}

func TestReleaseNumbersAndDrafts(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	a := f.create(f.boss, f.adInput("Brunch"))
	b := f.create(f.boss, f.adInput("Dinner"))
	require.Regexp(t, `^AD\d{8}-\d{4}$`, a.ReleaseNo)
	require.NotEqual(t, a.ReleaseNo, b.ReleaseNo)
	require.Equal(t, advert.StatusDraft, a.Status)
	require.Equal(t, advert.TypeMerchant, a.Type)
	require.Equal(t, 1, a.TabletCount)
	require.Equal(t, "T01 Table 1 tablet", a.Targets[0].Name)
	require.ElementsMatch(t, []string{"edit", "publish", "delete"}, a.Actions)

	in := f.adInput("Brunch and coffee")
	in["targetType"], in["targetIds"] = "venue", []uint64{f.venueID}
	in["dailyStart"], in["dailyEnd"] = "22:00", "02:00"
	var changed advert.AdvertDetail
	f.ok("PUT", adBase+"/"+itoa(a.ID), f.boss, in).Into(t, &changed)
	require.Equal(t, "Brunch and coffee", changed.Title)
	require.Equal(t, 4, changed.TabletCount, "all four tablets of the venue")
	require.Equal(t, "22:00", changed.DailyStart)

	var page api.Page[advert.AdvertView]
	f.ok("GET", adBase+"?title=coffee", f.boss, nil).Into(t, &page)
	require.EqualValues(t, 1, page.Total)
	f.ok("GET", adBase+"?status=draft&type=merchant&pageSize=50", f.boss, nil).Into(t, &page)
	require.EqualValues(t, 4, page.Total, "two demo drafts and two new")
	today := time.Now().In(shanghai).Format(time.DateOnly)
	f.ok("GET", adBase+"?from="+today+"&to="+today+"&pageSize=50", f.boss, nil).Into(t, &page)
	require.EqualValues(t, 4, page.Total)
	f.ok("GET", adBase+"?from=2020-01-01&to=2020-01-31", f.boss, nil).Into(t, &page)
	require.Zero(t, page.Total)
	require.Equal(t, api.CodeInvalid, f.do("GET", adBase+"?status=archived", f.boss, nil).Code)

	// Without the process engine nothing is sent to review.
	res := f.do("POST", adBase+"/"+itoa(b.ID)+"/publish", f.boss, nil)
	require.Equal(t, http.StatusServiceUnavailable, res.Status)
	f.ok("DELETE", adBase+"/"+itoa(b.ID), f.boss, nil)
	require.Equal(t, api.CodeNotFound, f.do("GET", adBase+"/"+itoa(b.ID), f.boss, nil).Code)
	// Takedown is for approved ads only, and needs its reason.
	require.Equal(t, api.CodeInvalid, f.do("POST", adBase+"/"+itoa(a.ID)+"/takedown", f.boss, map[string]any{}).Code)
	require.Equal(t, api.CodeConflict, f.do("POST", adBase+"/"+itoa(a.ID)+"/takedown", f.boss, map[string]any{"reason": "x"}).Code)
}

// A merchant never sees, changes or targets another merchant's ads or
// tablets, whatever ids it sends; the platform sees every merchant's.
func TestAMerchantNeverSeesAnotherMerchantsAds(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	rival := f.other()
	mine := f.create(f.boss, f.adInput("Demo brunch"))

	in := f.adInput("Rival noodles")
	in["targetType"], in["targetIds"] = "venue", []uint64{f.otherVenue}
	theirs := f.create(rival, in)

	var page api.Page[advert.AdvertView]
	f.ok("GET", adBase+"?pageSize=100", f.boss, nil).Into(t, &page)
	for _, a := range page.Records {
		require.NotEqual(t, theirs.ID, a.ID)
		require.Equal(t, f.merchantID, a.MerchantID)
	}
	f.ok("GET", adBase+"?pageSize=100", rival, nil).Into(t, &page)
	require.EqualValues(t, 1, page.Total)
	require.Equal(t, theirs.ID, page.Records[0].ID)

	id := itoa(theirs.ID)
	for _, c := range []struct{ method, path string }{
		{"GET", adBase + "/" + id}, {"PUT", adBase + "/" + id}, {"DELETE", adBase + "/" + id},
		{"POST", adBase + "/" + id + "/publish"}, {"POST", adBase + "/" + id + "/withdraw"},
	} {
		res := f.do(c.method, c.path, f.boss, f.adInput("x"))
		require.Equal(t, api.CodeNotFound, res.Code, "%s %s", c.method, c.path)
	}
	require.Equal(t, api.CodeNotFound, f.do("POST", adBase+"/"+id+"/takedown", f.boss, map[string]any{"reason": "spite"}).Code)

	// Nor does it place ads on the other's venue or tablets.
	in = f.adInput("Sneaky")
	in["targetType"], in["targetIds"] = "venue", []uint64{f.otherVenue}
	res := f.do("POST", adBase, f.boss, in)
	require.Equal(t, api.CodeInvalid, res.Code)
	require.Contains(t, res.Fields["targetIds"], "does not exist or is not yours")
	in = f.adInput("Sneaky")
	res = f.do("POST", adBase, rival, in) // the demo venue's tablet
	require.Equal(t, api.CodeInvalid, res.Code)
	require.NotEmpty(t, res.Fields["targetIds"])

	// The platform sees both; a venue manager reads the merchant's ads but
	// cannot write them; a waiter has no access.
	f.ok("GET", adBase+"?pageSize=100", f.admin, nil).Into(t, &page)
	ids := map[uint64]bool{}
	for _, a := range page.Records {
		ids[a.ID] = true
	}
	require.True(t, ids[mine.ID] && ids[theirs.ID])
	f.ok("GET", adBase+"/"+itoa(mine.ID), f.reviewer, nil)
	f.ok("GET", adBase+"/"+itoa(mine.ID), f.manager, nil)
	require.Equal(t, http.StatusForbidden, f.do("POST", adBase, f.manager, f.adInput("x")).Status)
	require.Equal(t, http.StatusForbidden, f.do("GET", adBase, f.waiter, nil).Status)
	require.Equal(t, http.StatusForbidden, f.do("POST", adBase, f.reviewer, f.adInput("x")).Status)
	// The platform does not change a merchant's ad.
	require.Equal(t, api.CodeConflict, f.do("PUT", adBase+"/"+itoa(mine.ID), f.admin, f.adInput("x")).Code)
}

// The platform publishes platform ads anywhere; a merchant asks for a
// platform placement with "I want to advertise".
func TestPlatformAdsAndAdvertisingRequests(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.other()
	in := f.adInput("Platform loyalty")
	in["targetType"], in["targetIds"] = "venue", []uint64{f.venueID, f.otherVenue}
	p := f.create(f.admin, in)
	require.Equal(t, advert.TypePlatform, p.Type)
	require.Zero(t, p.MerchantID)
	require.Equal(t, 4, p.TabletCount)
	require.Equal(t, api.CodeInvalid, f.do("POST", adBase, f.admin, map[string]any{"type": "merchant"}).Code)
	// A merchant cannot see the platform's rows.
	require.Equal(t, api.CodeNotFound, f.do("GET", adBase+"/"+itoa(p.ID), f.boss, nil).Code)

	// A merchant's own ad cannot be a platform ad …
	in = f.adInput("Mine everywhere")
	in["type"] = "platform"
	res := f.do("POST", adBase, f.boss, in)
	require.Equal(t, api.CodeInvalid, res.Code)
	require.NotEmpty(t, res.Fields["type"])
	// … it asks for a placement in areas, reviewed like an ad.
	in = f.adInput("Brunch across Shanghai")
	in["request"], in["targetType"], in["areaCodes"] = true, "area", []string{"310000"}
	delete(in, "targetIds")
	req := f.create(f.boss, in)
	require.True(t, req.Request)
	require.Equal(t, advert.TypePlatform, req.Type)
	require.Equal(t, f.merchantID, req.MerchantID)
	require.Equal(t, "area", req.Targets[0].Kind)
	var page api.Page[advert.AdvertView]
	f.ok("GET", adBase+"?request=true", f.boss, nil).Into(t, &page)
	require.EqualValues(t, 1, page.Total)
	// Requests name areas or venues, not single tablets; unknown areas are refused.
	in["targetType"], in["targetIds"] = "tablet", []uint64{f.tablets[0].ID}
	require.Equal(t, api.CodeInvalid, f.do("POST", adBase, f.boss, in).Code)
	in["targetType"], in["areaCodes"] = "area", []string{"NOWHERE"}
	res = f.do("POST", adBase, f.boss, in)
	require.Equal(t, "Region NOWHERE does not exist", res.Fields["areaCodes"])
	// Dish links belong to merchants' ads.
	in = f.adInput("Platform dish")
	in["linkType"], in["linkValue"] = "dish", "7"
	require.Equal(t, "Only a merchant's ad can link to a dish", f.do("POST", adBase, f.admin, in).Fields["linkValue"])
}

func TestTablets(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var d advert.TabletDetail
	f.ok("POST", tabletBase, f.boss, map[string]any{"venueId": f.venueID, "number": "T05", "name": "Bar tablet"}).Into(t, &d)
	require.Len(t, d.Key, 43, "32 random bytes, URL-safe")
	require.NotContains(t, d.Key, "=")
	require.Equal(t, "Demo Bistro Riverside", d.VenueName)
	res := f.do("POST", tabletBase, f.boss, map[string]any{"venueId": f.venueID, "number": "T05"})
	require.Equal(t, "Number is already in use", res.Fields["number"])
	require.Equal(t, "Venue must be selected", f.do("POST", tabletBase, f.boss, map[string]any{"number": "T09"}).Fields["venueId"])
	// The venue manager adds tablets to their own venue.
	f.ok("POST", tabletBase, f.manager, map[string]any{"number": "T06"})
	// Lists do not show keys.
	list := f.ok("GET", tabletBase+"?keyword=T05", f.boss, nil)
	require.NotContains(t, string(list.Result), d.Key)
	require.Contains(t, string(list.Result), `"total":1`)

	require.Equal(t, http.StatusOK, f.playlist(d.Key, "").Status)
	var fresh advert.TabletDetail
	f.ok("POST", tabletBase+"/"+itoa(d.ID)+"/key", f.boss, nil).Into(t, &fresh)
	require.NotEqual(t, d.Key, fresh.Key)
	require.Equal(t, api.CodeNotFound, f.playlist(d.Key, "").Code, "the old key stops working at once")
	require.Equal(t, 10000, f.playlist(fresh.Key, "").Code)
	disabled := int8(0)
	f.ok("PUT", tabletBase+"/"+itoa(d.ID), f.boss, map[string]any{"number": "T05", "name": "Bar", "status": disabled})
	require.Equal(t, api.CodeNotFound, f.playlist(fresh.Key, "").Code, "a disabled tablet gets nothing")

	// Another merchant sees none of them; the platform reads them.
	rival := f.other()
	var page api.Page[advert.TabletView]
	f.ok("GET", tabletBase, rival, nil).Into(t, &page)
	require.Zero(t, page.Total)
	require.Equal(t, api.CodeNotFound, f.do("GET", tabletBase+"/"+itoa(d.ID), rival, nil).Code)
	require.Equal(t, api.CodeNotFound, f.do("DELETE", tabletBase+"/"+itoa(d.ID), rival, nil).Code)
	require.Equal(t, api.CodeInvalid, f.do("POST", tabletBase, rival, map[string]any{"venueId": f.venueID, "number": "X1"}).Code)
	f.ok("GET", tabletBase, f.admin, nil).Into(t, &page)
	require.EqualValues(t, 6, page.Total)
	f.ok("DELETE", tabletBase+"/"+itoa(d.ID), f.boss, nil)
}

// Tablets' polls are written in batches, not per request.
func TestLastSeenIsWrittenInBatches(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	key := f.tablets[2].Key
	for range 3 {
		f.env.Do(platformtest.Req{Method: "GET", Path: "/api/public/tablet/" + key + "/playlist", Header: map[string]string{"X-App-Version": "2.4.1"}})
	}
	var row advert.Tablet
	db := f.env.P.DB.WithContext(platformtest.SystemCtx(t))
	require.NoError(t, db.Take(&row, f.tablets[2].ID).Error)
	require.Nil(t, row.LastSeenAt, "not yet written")
	// The list shows the poll this node has not written yet: the tablet is online.
	var d advert.TabletDetail
	f.ok("GET", tabletBase+"/"+itoa(f.tablets[2].ID), f.boss, nil).Into(t, &d)
	require.NotNil(t, d.LastSeenAt)
	require.True(t, d.Online)
	f.mod.FlushSeen(t.Context())
	require.NoError(t, db.Take(&row, f.tablets[2].ID).Error)
	require.NotNil(t, row.LastSeenAt)
	f.ok("GET", tabletBase+"/"+itoa(f.tablets[2].ID), f.boss, nil).Into(t, &d)
	require.NotNil(t, d.LastSeenAt)
	require.True(t, d.Online)
	require.Equal(t, "2.4.1", d.AppVersion)
}

func TestWindows(t *testing.T) {
	t.Parallel()
	day := func(s string) time.Time {
		tm, err := time.ParseInLocation("2006-01-02 15:04", s, shanghai)
		require.NoError(t, err)
		return tm
	}
	lunch := &advert.Advert{StartDate: "2026-11-25", EndDate: "2026-11-27", DailyStart: "11:00", DailyEnd: "14:00"}
	night := &advert.Advert{StartDate: "2026-11-25", EndDate: "2026-11-27", DailyStart: "22:00", DailyEnd: "02:00"}
	allDay := &advert.Advert{StartDate: "2026-11-25", EndDate: "2026-11-25", DailyStart: "00:00", DailyEnd: "24:00"}
	for _, c := range []struct {
		ad   *advert.Advert
		at   string
		want bool
	}{
		{lunch, "2026-11-25 10:59", false}, {lunch, "2026-11-25 11:00", true}, {lunch, "2026-11-27 13:59", true},
		{lunch, "2026-11-27 14:00", false}, {lunch, "2026-11-28 12:00", false}, {lunch, "2026-11-24 12:00", false},
		{night, "2026-11-25 21:59", false}, {night, "2026-11-25 23:30", true}, {night, "2026-11-28 01:30", true},
		{night, "2026-11-28 02:00", false}, {night, "2026-11-25 01:00", false}, {night, "2026-11-28 23:00", false},
		{allDay, "2026-11-25 00:00", true}, {allDay, "2026-11-25 23:59", true}, {allDay, "2026-11-26 00:00", false},
	} {
		require.Equal(t, c.want, advert.ActiveAt(c.ad, day(c.at)), "%s-%s at %s", c.ad.DailyStart, c.ad.DailyEnd, c.at)
	}
	require.Equal(t, day("2026-11-25 14:00"), advert.NextBoundary(lunch, day("2026-11-25 12:00")))
	require.Equal(t, day("2026-11-26 11:00"), advert.NextBoundary(lunch, day("2026-11-25 14:00")))
	require.Equal(t, day("2026-11-26 02:00"), advert.NextBoundary(night, day("2026-11-25 23:00")))
	require.Equal(t, day("2026-11-26 00:00"), advert.NextBoundary(allDay, day("2026-11-25 08:00")))
	require.Equal(t, day("2026-11-28 02:00"), advert.WindowEnd(night, shanghai), "an overnight period ends the next morning")
	require.Equal(t, day("2026-11-26 00:00"), advert.WindowEnd(allDay, shanghai))
	require.True(t, strings.HasPrefix(advert.BusinessKey(7), "advert:"))
}

// With the cuisine catalogue, a dish link must name one of the merchant's
// own dishes.
func TestDishLinksNameTheMerchantsDishes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var menu *cuisine.Module
	for _, m := range f.env.P.Modules {
		if c, ok := m.(*cuisine.Module); ok {
			menu = c
		}
	}
	f.mod.UseDishes(menu.Catalogue)
	var dishes api.Page[cuisine.DishView]
	f.ok("GET", "/api/merchant/cuisine/dish?pageSize=1", f.boss, nil).Into(t, &dishes)
	require.NotEmpty(t, dishes.Records)
	in := f.adInput("Try the dumplings")
	in["linkType"], in["linkValue"] = "dish", itoa(dishes.Records[0].ID)
	require.Equal(t, "dish", f.create(f.boss, in).LinkType)
	in["linkValue"] = "999999"
	require.Equal(t, "The linked dish does not exist in your menu", f.do("POST", adBase, f.boss, in).Fields["linkValue"])
	// Another merchant cannot link the demo merchant's dish.
	rival := f.other()
	in = f.adInput("Borrowed dish")
	in["targetType"], in["targetIds"] = "venue", []uint64{f.otherVenue}
	in["linkType"], in["linkValue"] = "dish", itoa(dishes.Records[0].ID)
	require.Equal(t, "The linked dish does not exist in your menu", f.do("POST", adBase, rival, in).Fields["linkValue"])
}
