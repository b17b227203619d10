package sys_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

type userFixture struct {
	env                *platformtest.Env
	admin, merchant    string
	merchantOrg, venue uint64
	roles              map[string]uint64
}

func newUserFixture(t *testing.T) *userFixture {
	env := platformtest.New(t, platformtest.Options{Demo: true})
	f := &userFixture{env: env, admin: env.AdminToken(), merchant: env.Login("demo_admin", sys.DemoPassword), roles: map[string]uint64{}}
	var page api.Page[sys.UserView]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user?username=demo_", Token: f.admin})).Into(t, &page)
	for _, u := range page.Records {
		for _, r := range u.Roles {
			f.roles[r.Code] = r.ID
		}
		if u.Username == "demo_admin" {
			f.merchantOrg = u.OrgID
		}
		if u.Username == "demo_waiter" {
			f.venue = u.OrgID
		}
	}
	return f
}

func TestUserCreateValidatesAndIsUnique(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	for _, tc := range []struct {
		body  map[string]any
		field string
		msg   string
	}{
		{map[string]any{"mobile": "13912345678", "orgId": f.venue}, "username", "User name cannot be empty"},
		{map[string]any{"username": "x1", "orgId": f.venue}, "mobile", "Mobile phone number cannot be empty"},
		{map[string]any{"username": "x1", "mobile": "12", "orgId": f.venue}, "mobile", "Mobile phone number is not a valid mobile phone number"},
		{map[string]any{"username": "demo_waiter", "mobile": "13912345678", "orgId": f.venue}, "username", ""},
		{map[string]any{"username": "x1", "mobile": "13800000001", "orgId": f.venue}, "mobile", ""},
	} {
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: f.merchant, Body: tc.body})
		if res.Code != 10001 || res.Fields[tc.field] == "" || (tc.msg != "" && res.Msg != tc.msg) {
			t.Errorf("%v: code %d msg %q fields %v", tc.body, res.Code, res.Msg, res.Fields)
		}
	}
	var created sys.CreatedUser
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: f.merchant, Body: map[string]any{
		"username": "new_waiter", "mobile": "13912345678", "realName": "New Waiter", "orgId": f.venue, "roleIds": []uint64{f.roles["waiter"]},
	}})).Into(t, &created)
	if created.Password == "" || created.MerchantID == 0 || created.VenueID != f.venue || !created.MustChangePassword || len(created.Roles) != 1 {
		t.Fatalf("created %+v", created)
	}
	// The new user logs in with the generated password and must change it first.
	tok := env.Login("new_waiter", created.Password)
	if res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/org/tree", Token: tok}); res.Code != api.CodeMustChangePassword {
		t.Fatalf("before changing the password: %d", res.Code)
	}
}

func TestMerchantAdministratorCannotEscalate(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	base := map[string]any{"username": "esc", "mobile": "13911112222", "orgId": f.venue}
	with := func(roles ...uint64) map[string]any {
		b := map[string]any{}
		for k, v := range base {
			b[k] = v
		}
		b["roleIds"] = roles
		return b
	}
	for name, roles := range map[string][]uint64{
		"platform administrator": {f.roles["platform_admin"]},
		"platform reviewer":      {f.roles["platform_reviewer"]},
	} {
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: f.merchant, Body: with(roles...)})
		if res.Code != 10001 || res.Fields["roleIds"] == "" {
			t.Errorf("%s granted by a merchant: %d %q", name, res.Code, res.Msg)
		}
	}
	// An organisation of another merchant is not found.
	other, err := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Else"}, "else_admin", "Else@1234")
	if err != nil {
		t.Fatal(err)
	}
	b := with(f.roles["waiter"])
	b["orgId"] = other.VenueID
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: f.merchant, Body: b}); res.Code != 10001 || res.Fields["orgId"] == "" {
		t.Errorf("user placed in another merchant's venue: %d %v", res.Code, res.Fields)
	}
	// Nor can the merchant touch the other merchant's administrator.
	path := fmt.Sprintf("/api/sys/user/%d", other.AdminUserID)
	for _, r := range []platformtest.Req{
		{Method: "GET", Path: path}, {Method: "PUT", Path: path, Body: with()}, {Method: "DELETE", Path: path},
		{Method: "POST", Path: path + "/disable"}, {Method: "POST", Path: path + "/resetPassword", Body: map[string]string{}},
	} {
		r.Token = f.merchant
		if res := env.Do(r); res.Code != 10002 {
			t.Errorf("%s %s on another merchant's user: %d", r.Method, r.Path, res.Code)
		}
	}
}

func TestUserLifecycle(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var created sys.CreatedUser
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: f.merchant, Body: map[string]any{
		"username": "cook", "mobile": "13900000011", "orgId": f.venue, "password": "Kitchen@1234", "roleIds": []uint64{f.roles["waiter"]},
	}})).Into(t, &created)
	id := created.ID
	path := fmt.Sprintf("/api/sys/user/%d", id)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: path, Token: f.merchant, Body: map[string]any{
		"username": "head_cook", "mobile": "13900000011", "orgId": f.venue, "realName": "Head Cook", "roleIds": []uint64{f.roles["venue_manager"]},
	}}))
	var got sys.UserView
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: path, Token: f.merchant})).Into(t, &got)
	if got.Username != "head_cook" || got.RealName != "Head Cook" || len(got.Roles) != 1 || got.Roles[0].Code != "venue_manager" {
		t.Fatalf("after edit %+v", got)
	}
	var reset sys.ResetResult
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: path + "/resetPassword", Token: f.merchant, Body: map[string]string{}})).Into(t, &reset)
	tok := env.Login("head_cook", reset.Password)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: path + "/disable", Token: f.merchant}))
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok}); res.Status != http.StatusUnauthorized {
		t.Fatalf("disabled user's token: HTTP %d", res.Status)
	}
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": "head_cook", "password": reset.Password}}); res.Code != sys.CodeDisabled {
		t.Fatalf("disabled login: %d", res.Code)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "DELETE", Path: path, Token: f.merchant}))
	if res := env.Do(platformtest.Req{Method: "GET", Path: path, Token: f.merchant}); res.Code != 10002 {
		t.Fatalf("deleted user still there: %d", res.Code)
	}
	var me sys.UserInfo
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: f.admin})).Into(t, &me)
	if res := env.Do(platformtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/sys/user/%d", me.UserID), Token: f.admin}); res.Code != 10003 {
		t.Fatalf("deleting oneself: %d", res.Code)
	}
}

func TestUserExportAndImport(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	if res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user/export?username=nobody-like-this", Token: f.merchant}); res.Msg != "Current page has no data, cannot export" {
		t.Fatalf("empty export: %d %q", res.Code, res.Msg)
	}
	res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user/export", Token: f.merchant})
	if res.Header.Get("Content-Type") != sheet.ContentType || !strings.Contains(res.Header.Get("Content-Disposition"), "users-") {
		t.Fatalf("export headers %v", res.Header)
	}
	_, rows, err := sheet.Read(bytes.NewReader(res.Body))
	if err != nil || len(rows) != 3 {
		t.Fatalf("export rows %v %v", rows, err)
	}

	venue := fmt.Sprint(f.venue)
	bad, err := sheet.Write("users", []string{"username", "mobile", "realName", "email", "orgId", "roles", "password"}, [][]any{
		{"imp_one", "13700000001", "One", "", venue, "waiter", "Pass@1234"},
		{"", "13700000002", "No name", "", venue, "waiter", "Pass@1234"},
		{"imp_three", "13700000001", "Same mobile", "", venue, "waiter", "Pass@1234"},
		{"imp_four", "13700000004", "Escalates", "", venue, "platform_admin", "Pass@1234"},
		{"imp_five", "13700000005", "Bad role", "", venue, "no_such_role", "Pass@1234"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var report api.ImportReport
	platformtest.OK(t, env.Upload("/api/sys/user/import", f.merchant, "users.xlsx", bad)).Into(t, &report)
	rowsWithErrors := map[int]bool{}
	for _, e := range report.Errors {
		rowsWithErrors[e.Row] = true
	}
	if report.Imported != 0 || len(rowsWithErrors) != 4 || rowsWithErrors[2] {
		t.Fatalf("report %+v", report)
	}
	var page api.Page[sys.UserView]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user?username=imp_", Token: f.merchant})).Into(t, &page)
	if page.Total != 0 {
		t.Fatalf("a bad import wrote %d users", page.Total)
	}
	good, _ := sheet.Write("users", []string{"username", "mobile", "realName", "email", "orgId", "roles", "password"}, [][]any{
		{"imp_one", "13700000001", "One", "", venue, "waiter", "Pass@1234"},
		{"imp_two", "13700000002", "Two", "", venue, "", "Pass@1234"},
	})
	platformtest.OK(t, env.Upload("/api/sys/user/import", f.merchant, "users.xlsx", good)).Into(t, &report)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user?username=imp_", Token: f.merchant})).Into(t, &page)
	if report.Imported != 2 || page.Total != 2 {
		t.Fatalf("good import: %+v, %d users", report, page.Total)
	}
	if res := env.Upload("/api/sys/user/import", f.merchant, "users.xlsx", []byte("name,mobile\nx,y\n")); res.Code != sys.CodeUploadRefused {
		t.Fatalf("csv as xlsx: %d", res.Code)
	}
}
