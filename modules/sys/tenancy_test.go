package sys_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// Two merchants: an administrator of one cannot read, change or delete a
// row of the other by sending its id, and sees only their own tree.
func TestMerchantCannotReachAnotherMerchantsRows(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	ctx := t.Context()
	a, err := env.P.Sys.CreateMerchant(ctx, sys.NewMerchant{Name: "Alpha Noodles"}, "alpha_admin", "Alpha@123")
	if err != nil {
		t.Fatal(err)
	}
	b, err := env.P.Sys.CreateMerchant(ctx, sys.NewMerchant{Name: "Beta Burgers"}, "beta_admin", "Beta@1234")
	if err != nil {
		t.Fatal(err)
	}
	// Created merchant administrators must change their password first.
	tokA := env.Login("alpha_admin", "Alpha@123")
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tokA,
		Body: map[string]string{"oldPassword": "Alpha@123", "password": "Alpha@456", "repassword": "Alpha@456"}}))
	tokA = env.Login("alpha_admin", "Alpha@456")

	for _, id := range []uint64{b.MerchantID, b.VenueID} {
		path := fmt.Sprintf("/api/sys/org/%d", id)
		if res := env.Do(platformtest.Req{Method: http.MethodGet, Path: path, Token: tokA}); res.Code != 10002 {
			t.Errorf("read other merchant's org %d: code %d", id, res.Code)
		}
		if res := env.Do(platformtest.Req{Method: http.MethodPut, Path: path, Token: tokA, Body: map[string]any{"name": "Hijacked"}}); res.Code != 10002 {
			t.Errorf("edit other merchant's org %d: code %d", id, res.Code)
		}
		if res := env.Do(platformtest.Req{Method: http.MethodPost, Path: path + "/disable", Token: tokA}); res.Code != 10002 {
			t.Errorf("disable other merchant's org %d: code %d", id, res.Code)
		}
		if res := env.Do(platformtest.Req{Method: http.MethodDelete, Path: path, Token: tokA}); res.Code != 10002 {
			t.Errorf("delete other merchant's org %d: code %d", id, res.Code)
		}
	}
	// Creating a venue under the other merchant is refused too.
	if res := env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/org", Token: tokA,
		Body: map[string]any{"type": "venue", "parentId": b.MerchantID, "name": "Sneaky"}}); res.Code != 10001 {
		t.Errorf("venue under other merchant: code %d %v", res.Code, res.Fields)
	}
	// Nothing of B changed.
	other, err := env.P.Sys.Orgs.Get(platformtest.SystemCtx(t), b.VenueID)
	if err != nil || other.Name != "Beta Burgers" || other.Status != sys.StatusEnabled {
		t.Fatalf("B's venue after A's attempts: %+v %v", other, err)
	}
	// A's own tree holds exactly A's merchant and venue.
	var tree []*sys.OrgNode
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/org/tree", Token: tokA})).Into(t, &tree)
	if len(tree) != 1 || tree[0].ID != a.MerchantID || len(tree[0].Children) != 1 || tree[0].Children[0].ID != a.VenueID {
		t.Fatalf("A's tree: %+v", tree)
	}
	// And A can work on its own rows.
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPut, Path: fmt.Sprintf("/api/sys/org/%d", a.VenueID), Token: tokA,
		Body: map[string]any{"name": "Alpha Noodles Harbour"}}))
	venue := platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/org", Token: tokA,
		Body: map[string]any{"type": "venue", "parentId": a.MerchantID, "name": "Alpha Noodles Station"}}))
	var created sys.Org
	venue.Into(t, &created)
	if created.MerchantID != a.MerchantID {
		t.Fatalf("new venue's merchant %d", created.MerchantID)
	}
}

func TestNewMerchantAdministratorMustChangePasswordFirst(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	if _, err := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Gamma Tea"}, "gamma_admin", "Gamma@123"); err != nil {
		t.Fatal(err)
	}
	tok := env.Login("gamma_admin", "Gamma@123")
	var info sys.UserInfo
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok})).Into(t, &info)
	if !info.MustChangePassword {
		t.Fatal("mustChangePassword not set")
	}
	if res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/org/tree", Token: tok}); res.Code != 10107 {
		t.Fatalf("operation before the change: code %d", res.Code)
	}
}
