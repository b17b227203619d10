package sys_test

import (
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestUserListFiltersWithinTheTenant(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	ctx := t.Context()
	other, err := env.P.Sys.CreateMerchant(ctx, sys.NewMerchant{Name: "Other Diner"}, "other_admin", "Other@123")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.P.Sys.CreateUser(ctx, "demo_100%_off", "Promo@123", nil, 0); err != nil {
		t.Fatal(err)
	}
	list := func(tok, query string) api.Page[sys.UserView] {
		var page api.Page[sys.UserView]
		platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/user?" + query, Token: tok})).Into(t, &page)
		return page
	}
	admin := env.AdminToken()
	all := list(admin, "pageSize=2")
	if all.Total < 7 || len(all.Records) != 2 || all.Records[0].ID < all.Records[1].ID {
		t.Fatalf("admin page: total %d records %+v", all.Total, all.Records)
	}
	if p := list(admin, "username=demo_"); p.Total != 5 {
		t.Fatalf("prefix demo_: %d", p.Total)
	}
	if p := list(admin, "username=demo_100%25"); p.Total != 1 || p.Records[0].Username != "demo_100%_off" {
		t.Fatalf("escaped wildcard: %+v", p)
	}
	demo := env.Login("demo_admin", sys.DemoPassword)
	mine := list(demo, "pageSize=50")
	if mine.Total != 3 { // demo_admin, demo_manager, demo_waiter; not the reviewer, not other merchants
		t.Fatalf("merchant sees %d users: %+v", mine.Total, mine.Records)
	}
	for _, u := range mine.Records {
		if u.MerchantID == other.MerchantID || u.MerchantID == 0 {
			t.Fatalf("merchant sees %+v", u)
		}
		if u.Username == "demo_manager" && (len(u.Roles) != 1 || u.Roles[0].Code != "venue_manager" || u.OrgName != "Demo Bistro Riverside") {
			t.Fatalf("manager row %+v", u)
		}
	}
	if p := list(demo, "pageSize=50&username=other"); p.Total != 0 {
		t.Fatalf("merchant found another merchant's user: %+v", p.Records)
	}
	if p := list(admin, "pageSize=9999"); p.PageSize != api.MaxPageSize {
		t.Fatalf("page size not capped: %d", p.PageSize)
	}
}
