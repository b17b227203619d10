package advert_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

const (
	adBase     = "/api/merchant/advert"
	tabletBase = "/api/merchant/tablet"
)

// fixture is the application with the demo merchant, its venue's four
// tablets and everyone's logins.
type fixture struct {
	t                                      *testing.T
	env                                    *platformtest.Env
	mod                                    *advert.Module
	proc                                   *process.Module
	admin, boss, manager, waiter, reviewer string
	merchantID, venueID                    uint64
	tablets                                []advert.TabletDetail
	otherAdmin                             string
	otherVenue                             uint64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return fixtureOn(t, platformtest.New(t, platformtest.Options{Demo: true}))
}

func fixtureOn(t *testing.T, env *platformtest.Env) *fixture {
	t.Helper()
	f := &fixture{t: t, env: env}
	for _, m := range env.P.Modules {
		switch x := m.(type) {
		case *advert.Module:
			f.mod = x
		case *process.Module:
			f.proc = x
		}
	}
	if f.mod == nil || f.proc == nil {
		t.Fatal("advert or process module not built")
	}
	f.admin = env.AdminToken()
	f.boss = env.Login("demo_admin", sys.DemoPassword)
	f.manager = env.Login("demo_manager", sys.DemoPassword)
	f.waiter = env.Login("demo_waiter", sys.DemoPassword)
	f.reviewer = env.Login("demo_reviewer", sys.DemoPassword)
	var page api.Page[advert.TabletView]
	f.ok("GET", tabletBase+"?pageSize=100", f.boss, nil).Into(t, &page)
	if len(page.Records) != 4 {
		t.Fatalf("demo tablets: %d", len(page.Records))
	}
	for _, tb := range page.Records {
		var d advert.TabletDetail
		f.ok("GET", tabletBase+"/"+itoa(tb.ID), f.boss, nil).Into(t, &d)
		f.tablets = append(f.tablets, d)
	}
	f.merchantID, f.venueID = f.tablets[0].MerchantID, f.tablets[0].VenueID
	return f
}

func (f *fixture) do(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: method, Path: path, Token: token, Body: body})
}

func (f *fixture) ok(method, path, token string, body any) platformtest.Envelope {
	f.t.Helper()
	return platformtest.OK(f.t, f.do(method, path, token, body))
}

// other creates a second merchant (with its first venue) and answers its
// administrator's token.
func (f *fixture) other() string {
	f.t.Helper()
	if f.otherAdmin != "" {
		return f.otherAdmin
	}
	env := f.env
	if _, err := env.P.Sys.CreateMerchant(f.t.Context(), sys.NewMerchant{Name: "Rival Noodle Bar"}, "rival_admin", "Rival@123"); err != nil {
		f.t.Fatal(err)
	}
	tok := env.Login("rival_admin", "Rival@123")
	platformtest.OK(f.t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": "Rival@123", "password": "Rival@456", "repassword": "Rival@456"}}))
	f.otherAdmin = env.Login("rival_admin", "Rival@456")
	var venue sys.Org
	if err := env.P.DB.WithContext(platformtest.SystemCtx(f.t)).Where("type = ? AND name = ?", sys.OrgVenue, "Rival Noodle Bar").Take(&venue).Error; err != nil {
		f.t.Fatal(err)
	}
	f.otherVenue = venue.ID
	return f.otherAdmin
}

// adInput is a valid merchant ad: one image, all day, from today for a week,
// on the demo venue's first tablet.
func (f *fixture) adInput(title string) map[string]any {
	today := time.Now().In(shanghai).Format(time.DateOnly)
	return map[string]any{
		"title": title, "materialType": "image",
		"materials": []map[string]any{{"url": "/uploads/2026/11/ab12cd.png", "duration": 15}},
		"startDate": today, "endDate": time.Now().In(shanghai).AddDate(0, 0, 7).Format(time.DateOnly),
		"targetType": "tablet", "targetIds": []uint64{f.tablets[0].ID},
		"linkType": "url", "linkValue": "https://example.com/brunch",
	}
}

// create adds an ad as a user and answers it.
func (f *fixture) create(token string, in map[string]any) advert.AdvertDetail {
	f.t.Helper()
	var d advert.AdvertDetail
	f.ok("POST", adBase, token, in).Into(f.t, &d)
	return d
}

var shanghai, _ = time.LoadLocation("Asia/Shanghai")

func itoa(id uint64) string {
	const digits = "0123456789"
	if id == 0 {
		return "0"
	}
	var b []byte
	for ; id > 0; id /= 10 {
		b = append([]byte{digits[id%10]}, b...)
	}
	return string(b)
}

// playlist polls a tablet's playlist.
func (f *fixture) playlist(key, etag string) platformtest.Envelope {
	f.t.Helper()
	h := map[string]string{}
	if etag != "" {
		h["If-None-Match"] = etag
	}
	return f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/tablet/" + key + "/playlist", Header: h})
}
