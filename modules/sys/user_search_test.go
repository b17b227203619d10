package sys_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The user list and the people picker find a word anywhere in the user
// name, real name or mobile number, case-insensitively, in Chinese as in
// English, take '%' and '_' literally, never show another merchant's users,
// and follow renames and deletions at once (issue 17).
func TestUserSearchFindsWordsInsideNames(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	ctx := t.Context()
	_, err := env.P.Sys.CreateMerchant(ctx, sys.NewMerchant{Name: "Other Diner"}, "other_admin", "Other@123")
	if err != nil {
		t.Fatal(err)
	}
	// the new administrator's first password change is another test's subject
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&sys.User{}).Where("username = ?", "other_admin").
		Update("must_change_password", false).Error; err != nil {
		t.Fatal(err)
	}
	demo := env.Login("demo_admin", sys.DemoPassword)
	otherTok := env.Login("other_admin", "Other@123")
	admin := env.AdminToken()
	list := func(tok, query string) api.Page[sys.UserView] {
		var page api.Page[sys.UserView]
		platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/sys/user?pageSize=50&" + query, Token: tok})).Into(t, &page)
		return page
	}
	names := func(p api.Page[sys.UserView]) []string {
		out := []string{}
		for _, u := range p.Records {
			out = append(out, u.Username)
		}
		slices.Sort(out)
		return out
	}
	orgOf := func(tok, username string) uint64 {
		p := list(tok, "username="+username)
		if len(p.Records) == 0 {
			t.Fatalf("%s not listed", username)
		}
		return p.Records[0].OrgID
	}
	demoOrg, otherOrg := orgOf(demo, "demo_admin"), orgOf(otherTok, "other_admin")
	create := func(tok string, org uint64, username, realName, mobile string) uint64 {
		var u sys.CreatedUser
		platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/user", Token: tok,
			Body: map[string]any{"username": username, "realName": realName, "mobile": mobile, "orgId": org}})).Into(t, &u)
		return u.ID
	}
	lead := create(demo, demoOrg, "kitchen_HotPot_lead", "王小明", "13800138123")
	create(demo, demoOrg, "wild_50%_card", "Percent Person", "13800138124")
	create(demo, demoOrg, "under_score", "", "13800138125")
	create(demo, demoOrg, "parks_lead", "Parks Manager", "13800138126")
	create(otherTok, otherOrg, "other_hotpot_cook", "王小明", "13900139127")

	for q, want := range map[string][]string{
		"hotpot":  {"kitchen_HotPot_lead"},
		"HOTPOT":  {"kitchen_HotPot_lead"},
		"pot_l":   {"kitchen_HotPot_lead"},
		"小明":      {"kitchen_HotPot_lead"},
		"明":       {"kitchen_HotPot_lead"},
		"王小明":     {"kitchen_HotPot_lead"},
		"manager": {"demo_manager", "parks_lead"},
		"0%":      {"wild_50%_card"},
		"%":       {"wild_50%_card"},
		"r_s":     {"under_score"},
		"_lead":   {"kitchen_HotPot_lead", "parks_lead"},
		"ead":     {"kitchen_HotPot_lead", "parks_lead"},
		"cook":    {},
	} {
		if got := names(list(demo, "username="+url.QueryEscape(q))); !slices.Equal(got, want) {
			t.Errorf("merchant search %q: got %v, want %v", q, got, want)
		}
	}
	if got := names(list(demo, "mobile=8123")); !slices.Equal(got, []string{"kitchen_HotPot_lead"}) {
		t.Errorf("mobile inside the number: %v", got)
	}
	if got := names(list(demo, "mobile=139127")); len(got) != 0 {
		t.Errorf("another merchant's mobile: %v", got)
	}
	if got := names(list(otherTok, "username="+url.QueryEscape("小明"))); !slices.Equal(got, []string{"other_hotpot_cook"}) {
		t.Errorf("other merchant: %v", got)
	}
	if got := names(list(admin, "username="+url.QueryEscape("小明"))); !slices.Equal(got, []string{"kitchen_HotPot_lead", "other_hotpot_cook"}) {
		t.Errorf("platform spans merchants: %v", got)
	}

	// the process module's people picker searches the same way
	var people []struct{ Username string }
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/process/people?keyword=" + url.QueryEscape("小明"), Token: demo})).Into(t, &people)
	if len(people) != 1 || people[0].Username != "kitchen_HotPot_lead" {
		t.Errorf("people picker: %+v", people)
	}

	// a rename is found by its new name only; a deletion not at all
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodPut, Path: fmt.Sprintf("/api/sys/user/%d", lead), Token: demo,
		Body: map[string]any{"username": "kitchen_lead", "realName": "Li Na 李娜", "mobile": "13800138123", "orgId": demoOrg}}))
	if got := names(list(demo, "username=hotpot")); len(got) != 0 {
		t.Errorf("old name still found: %v", got)
	}
	if got := names(list(demo, "username="+url.QueryEscape("na 李"))); !slices.Equal(got, []string{"kitchen_lead"}) {
		t.Errorf("new real name: %v", got)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: http.MethodDelete, Path: fmt.Sprintf("/api/sys/user/%d", lead), Token: demo}))
	if got := names(list(demo, "username="+url.QueryEscape("李娜"))); len(got) != 0 {
		t.Errorf("deleted user found: %v", got)
	}
	if got := names(list(demo, "mobile=8123")); len(got) != 0 {
		t.Errorf("deleted user's mobile found: %v", got)
	}
}
