package shop_test

import (
	"fmt"
	"testing"

	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// fixture is the application with the demo merchant, its logins, a second
// venue of the merchant with its manager, and another merchant.
type fixture struct {
	platformtest.Caller      // Do, OK
	t                        *testing.T
	env                      *platformtest.Env
	mod                      *shop.Module
	admin, manager, platform string
	merchantID, venueID      uint64
	venue2ID                 uint64
	manager2                 string
	otherAdmin               string
	otherVenueID             uint64
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	f := &fixture{t: t, env: env, Caller: env.Caller(t), mod: platformtest.Module[*shop.Module](env)}
	f.admin = env.Login("demo_admin", sys.DemoPassword)
	f.manager = env.Login("demo_manager", sys.DemoPassword)
	f.platform = env.AdminToken()
	venue := env.DemoVenue()
	f.merchantID, f.venueID = venue.MerchantID, venue.ID
	var v sys.Org
	f.OK("POST", "/api/sys/org", f.admin, map[string]any{"type": "venue", "parentId": f.merchantID, "name": "Demo Bistro Harbour"}).Into(t, &v)
	f.venue2ID = v.ID
	var role sys.Role
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("merchant_id = 0 AND code = ?", "venue_manager").Take(&role).Error; err != nil {
		t.Fatal(err)
	}
	f.OK("POST", "/api/sys/user", f.admin, map[string]any{"username": "harbour_manager", "password": "Harbour@123", "realName": "Harbour",
		"mobile": "13900000099", "orgId": v.ID, "roleIds": []uint64{role.ID}})
	f.manager2 = f.env.LoginChanged("harbour_manager", "Harbour@123")
	m, err := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Other Noodle Bar"}, "other_admin", "Other@123")
	if err != nil {
		t.Fatal(err)
	}
	f.otherVenueID = m.VenueID
	f.otherAdmin = f.env.LoginChanged("other_admin", "Other@123")
	return f
}

func settingsPath(venueID uint64) string {
	return fmt.Sprintf("/api/merchant/shop/setting/%d", venueID)
}

// form reads a venue's settings as the form the page sends back.
func (f *fixture) form(token string, venueID uint64) map[string]any {
	f.t.Helper()
	var out map[string]any
	f.OK("GET", settingsPath(venueID), token, nil).Into(f.t, &out)
	return out
}
