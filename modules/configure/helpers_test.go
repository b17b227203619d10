package configure_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

const base = "/api/merchant/configure"

// fixture is the application with the demo merchant equipped, its logins,
// and (on demand) a second venue of the same merchant and another merchant.
type fixture struct {
	platformtest.Caller // Do, OK
	t                   *testing.T
	env                 *platformtest.Env
	mod                 *configure.Module
	admin, manager      string
	waiter, platform    string
	merchantID          uint64
	venueID             uint64
	// second venue of the demo merchant and its manager
	venue2ID uint64
	manager2 string
	// another merchant's administrator and venue
	otherAdmin   string
	otherVenueID uint64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	f := &fixture{t: t, env: env, Caller: env.Caller(t), mod: platformtest.Module[*configure.Module](env)}
	f.admin = env.Login("demo_admin", sys.DemoPassword)
	f.manager = env.Login("demo_manager", sys.DemoPassword)
	f.waiter = env.Login("demo_waiter", sys.DemoPassword)
	f.platform = env.AdminToken()
	venue := env.DemoVenue()
	f.merchantID, f.venueID = venue.MerchantID, venue.ID
	return f
}

// secondVenue adds a venue to the demo merchant with its own manager.
func (f *fixture) secondVenue() {
	f.t.Helper()
	if f.venue2ID != 0 {
		return
	}
	var v sys.Org
	f.OK("POST", "/api/sys/org", f.admin, map[string]any{"type": "venue", "parentId": f.merchantID, "name": "Demo Bistro Harbour",
		"currency": "CNY", "timezone": "Asia/Shanghai"}).Into(f.t, &v)
	f.venue2ID = v.ID
	var role sys.Role
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(f.t)).Where("merchant_id = 0 AND code = ?", "venue_manager").Take(&role).Error; err != nil {
		f.t.Fatal(err)
	}
	f.OK("POST", "/api/sys/user", f.admin, map[string]any{"username": "harbour_manager", "password": "Harbour@123", "realName": "Harbour", "mobile": "13900000099",
		"orgId": v.ID, "roleIds": []uint64{role.ID}})
	f.manager2 = f.env.LoginChanged("harbour_manager", "Harbour@123")
}

// otherMerchant creates a second merchant and answers its administrator's token.
func (f *fixture) otherMerchant() {
	f.t.Helper()
	if f.otherAdmin != "" {
		return
	}
	m, err := f.env.P.Sys.CreateMerchant(f.t.Context(), sys.NewMerchant{Name: "Other Noodle Bar"}, "other_admin", "Other@123")
	if err != nil {
		f.t.Fatal(err)
	}
	f.otherVenueID = m.VenueID
	f.otherAdmin = f.env.LoginChanged("other_admin", "Other@123")
}

// tables lists a venue's tables as token sees them.
func (f *fixture) tables(token string, venueID uint64) []configure.TableView {
	f.t.Helper()
	var page api.Page[configure.TableView]
	f.OK("GET", fmt.Sprintf("%s/table?venueId=%d&pageSize=500", base, venueID), token, nil).Into(f.t, &page)
	return page.Records
}

// addTable creates a table in a venue.
func (f *fixture) addTable(token string, venueID uint64, name string) configure.TableView {
	f.t.Helper()
	var t configure.TableView
	f.OK("POST", fmt.Sprintf("%s/table?venueId=%d", base, venueID), token, map[string]any{"name": name, "area": "Hall", "seats": 4,
		"orderingMethod": "qr_order"}).Into(f.t, &t)
	return t
}

// guest asks what a table code leads to.
func (f *fixture) guest(token, lang string) platformtest.Envelope {
	f.t.Helper()
	res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/table/" + token, Locale: lang})
	if res.Status != http.StatusOK {
		f.t.Fatalf("public table: HTTP %d", res.Status)
	}
	return res
}
