package sys_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

func findMenu(nodes []*sys.GrantNode, url string) *sys.GrantNode {
	for _, n := range nodes {
		if n.URL == url {
			return n
		}
		if m := findMenu(n.Children, url); m != nil {
			return m
		}
	}
	return nil
}

// A merchant's own role: granted, it works on every node at once; taken
// away, it stops at once; and it can never exceed the granter's own rights.
func TestRoleGrantsTakeEffectEverywhereWithoutRestart(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	node2 := env.Node()
	var role sys.Role
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/role", Token: f.merchant,
		Body: map[string]any{"name": "Org viewer", "code": "org_viewer"}})).Into(t, &role)
	if role.MerchantID == 0 {
		t.Fatal("merchant role saved as a platform role")
	}
	var tree []*sys.GrantNode
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/role/grantTree", Token: f.merchant})).Into(t, &tree)
	org := findMenu(tree, "/sys/organization")
	if org == nil || findMenu(tree, "/sys/menu") != nil {
		t.Fatalf("merchant grant tree: org=%v, has /sys/menu=%v", org, findMenu(tree, "/sys/menu") != nil)
	}
	grantPath := fmt.Sprintf("/api/sys/role/%d/grants", role.ID)
	// Beyond the merchant's own rights: refused.
	menuMenu := uint64(0)
	var adminTree []*sys.GrantNode
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/role/grantTree", Token: f.admin})).Into(t, &adminTree)
	menuMenu = findMenu(adminTree, "/sys/menu").ID
	if res := env.Do(platformtest.Req{Method: "PUT", Path: grantPath, Token: f.merchant,
		Body: map[string]any{"menus": []map[string]any{{"menuId": menuMenu, "actions": []string{"query"}}}}}); res.Code != 10001 {
		t.Fatalf("grant of a menu the merchant lacks: %d %q", res.Code, res.Msg)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: grantPath, Token: f.merchant,
		Body: map[string]any{"menus": []map[string]any{{"menuId": org.ID, "actions": []string{"query"}}}}}))

	var created sys.CreatedUser
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: f.merchant, Body: map[string]any{
		"username": "viewer", "mobile": "13611112222", "orgId": f.merchantOrg, "password": "View@1234", "roleIds": []uint64{role.ID},
	}})).Into(t, &created)
	tok := env.Login("viewer", "View@1234")
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": "View@1234", "password": "View@5678", "repassword": "View@5678"}}))
	tok = env.Login("viewer", "View@5678")
	eventually(t, func() bool { // the grant reaches the other node at its next poll
		return node2.Do(platformtest.Req{Method: "GET", Path: "/api/sys/org/tree", Token: tok}).Code == 10000
	})
	if res := node2.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user", Token: tok}); res.Status != http.StatusForbidden {
		t.Fatalf("ungranted list: HTTP %d", res.Status)
	}
	var menus sys.UserMenus
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user/menus", Token: tok})).Into(t, &menus)
	if len(menus.OperationCodes) != 1 || menus.OperationCodes[0] != "sys:org:query" {
		t.Fatalf("operation codes %v", menus.OperationCodes)
	}

	// Taking the grant away holds on the other node within the feed's poll.
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: grantPath, Token: f.merchant, Body: map[string]any{"menus": []any{}}}))
	eventually(t, func() bool {
		return node2.Do(platformtest.Req{Method: "GET", Path: "/api/sys/org/tree", Token: tok}).Status == http.StatusForbidden
	})
	// Disabling the role works the same way.
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: grantPath, Token: f.merchant,
		Body: map[string]any{"menus": []map[string]any{{"menuId": org.ID, "actions": []string{"query"}}}}}))
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/role/%d/disable", role.ID), Token: f.merchant}))
	eventually(t, func() bool {
		return node2.Do(platformtest.Req{Method: "GET", Path: "/api/sys/org/tree", Token: tok}).Status == http.StatusForbidden
	})
}

func TestMerchantCannotChangeOrSeeOthersRoles(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	// The platform's templates are visible but not editable by a merchant.
	var page api.Page[sys.Role]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/role", Token: f.merchant})).Into(t, &page)
	if page.Total != 5 {
		t.Fatalf("merchant sees %d roles", page.Total)
	}
	waiter := f.roles["waiter"]
	if res := env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/role/%d", waiter), Token: f.merchant,
		Body: map[string]any{"name": "Mine", "code": "waiter"}}); res.Code != 10003 {
		t.Fatalf("merchant edits a template: %d", res.Code)
	}
	if res := env.Do(platformtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/sys/role/%d", waiter), Token: f.admin}); res.Code != 10003 {
		t.Fatalf("built-in role deleted: %d", res.Code)
	}
	other, _ := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Other"}, "other_adm", "Other@123")
	_ = other
	var theirs sys.Role
	otherTok := env.Login("other_adm", "Other@123")
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: otherTok,
		Body: map[string]string{"oldPassword": "Other@123", "password": "Other@456", "repassword": "Other@456"}}))
	otherTok = env.Login("other_adm", "Other@456")
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/role", Token: otherTok, Body: map[string]any{"name": "Theirs", "code": "theirs"}})).Into(t, &theirs)
	for _, r := range []platformtest.Req{
		{Method: "GET", Path: fmt.Sprintf("/api/sys/role/%d", theirs.ID)},
		{Method: "PUT", Path: fmt.Sprintf("/api/sys/role/%d", theirs.ID), Body: map[string]any{"name": "x", "code": "theirs"}},
		{Method: "DELETE", Path: fmt.Sprintf("/api/sys/role/%d", theirs.ID)},
	} {
		r.Token = f.merchant
		if res := env.Do(r); res.Code != 10002 {
			t.Errorf("%s on another merchant's role: %d", r.Method, res.Code)
		}
	}
	// Nor can they give it to their users.
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: f.merchant, Body: map[string]any{
		"username": "x2", "mobile": "13622223333", "orgId": f.venue, "roleIds": []uint64{theirs.ID}}}); res.Code != 10001 {
		t.Fatalf("another merchant's role assigned: %d", res.Code)
	}
}
