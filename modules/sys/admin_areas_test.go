package sys_test

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestMenuTreeCRUDWithdrawsDroppedOperations(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var tree []*sys.MenuNode
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/menu/tree", Token: f.admin})).Into(t, &tree)
	if len(tree) < 2 || tree[0].Sort < tree[len(tree)-1].Sort {
		t.Fatalf("tree not sorted by sort descending: %+v", tree)
	}
	if res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/menu/tree", Token: f.merchant}); res.Status != http.StatusForbidden {
		t.Fatalf("merchant reads menus: %d", res.Status)
	}
	var sysNode *sys.MenuNode
	for _, n := range tree {
		if n.URL == "/sys" {
			sysNode = n
		}
	}
	var created sys.Menu
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/menu", Token: f.admin, Body: map[string]any{
		"parentId": sysNode.ID, "name": "menu.sys.extra", "url": "/sys/extra", "sort": 5, "permission": "sys:extra", "actions": []string{"query", "add"},
	}})).Into(t, &created)
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/menu", Token: f.admin, Body: map[string]any{"name": "x", "url": "/sys/extra"}}); res.Fields["url"] == "" {
		t.Fatalf("duplicate url: %v", res.Fields)
	}
	if res := env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/menu/%d", sysNode.ID), Token: f.admin,
		Body: map[string]any{"parentId": created.ID, "name": "menu.sys", "url": "/sys"}}); res.Fields["parentId"] == "" {
		t.Fatalf("cycle accepted: %d %v", res.Code, res.Fields)
	}
	if res := env.Do(platformtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/sys/menu/%d", sysNode.ID), Token: f.admin}); res.Code != 10003 {
		t.Fatalf("deleting a parent: %d", res.Code)
	}
	// A role granted "add" on the entry loses it when the entry stops offering it.
	var role sys.Role
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/role", Token: f.admin, Body: map[string]any{"name": "Extra", "code": "extra"}})).Into(t, &role)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/role/%d/grants", role.ID), Token: f.admin,
		Body: map[string]any{"menus": []map[string]any{{"menuId": created.ID, "actions": []string{"query", "add"}}}}}))
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/menu/%d", created.ID), Token: f.admin, Body: map[string]any{
		"parentId": sysNode.ID, "name": "menu.sys.extra", "url": "/sys/extra", "permission": "sys:extra", "actions": []string{"query"},
	}}))
	var detail sys.RoleDetail
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: fmt.Sprintf("/api/sys/role/%d", role.ID), Token: f.admin})).Into(t, &detail)
	if got := detail.Grants["sys:extra"]; len(got) != 1 || got[0] != "query" {
		t.Fatalf("grants after the menu dropped add: %v", detail.Grants)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/sys/menu/%d", created.ID), Token: f.admin}))
}

func TestInterfaceListIsTheRegistryAndLoggingSwitches(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var list []sys.APIView
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/api", Token: f.admin})).Into(t, &list)
	if len(list) != len(env.P.Registry.Routes()) {
		t.Fatalf("%d interfaces listed, %d declared", len(list), len(env.P.Registry.Routes()))
	}
	var users []sys.APIView
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/api?keyword=sys:user:add", Token: f.admin})).Into(t, &users)
	if len(users) != 1 || users[0].Path != "/api/sys/user" || users[0].Method != "POST" || !users[0].Logged || users[0].LogMode != "auto" {
		t.Fatalf("sys:user:add: %+v", users)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/api/log", Token: f.admin, Body: map[string]string{"method": "GET", "path": "/api/sys/user", "logMode": "on"}}))
	env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user", Token: f.admin})
	env.P.Sys.Oplog.Flush()
	var page api.Page[sys.Oplog]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/log?operation=sys:user:query", Token: f.admin})).Into(t, &page)
	if page.Total != 1 {
		t.Fatalf("switched-on read logged %d times", page.Total)
	}
	if res := env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/api/log", Token: f.admin, Body: map[string]string{"method": "GET", "path": "/api/nope", "logMode": "on"}}); res.Fields["path"] == "" {
		t.Fatalf("unknown interface accepted: %v", res.Fields)
	}
}

func TestDictionaryEntriesServeFromACacheThatChangesInvalidate(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var langs []sys.DictEntry
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/getNoLanguageDict", Token: f.merchant, Body: map[string]string{"type": "language_type"}})).Into(t, &langs)
	if len(langs) != 16 || langs[0].DictValue != "en_US" {
		t.Fatalf("languages %+v", langs)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/type", Token: f.admin, Body: map[string]string{"code": "table_area", "name": "Table areas"}}))
	var item sys.DictItem
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/item", Token: f.admin, Body: map[string]any{
		"type": "table_area", "dictKey": "Terrace", "dictValue": "terrace", "sort": 2, "labels": map[string]string{"zh": "露台"}}})).Into(t, &item)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/item", Token: f.admin, Body: map[string]any{
		"type": "table_area", "dictKey": "Hall", "dictValue": "hall", "sort": 1}}))
	get := func(locale string) []sys.DictEntry {
		var out []sys.DictEntry
		platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/getByType", Token: f.merchant, Locale: locale, Body: map[string]string{"type": "table_area"}})).Into(t, &out)
		return out
	}
	if got := get("zh_CN"); len(got) != 2 || got[0].DictValue != "hall" || got[1].DictKey != "露台" {
		t.Fatalf("zh entries %+v", got)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/dict/item/%d/disable", item.ID), Token: f.admin}))
	if got := get("en_US"); len(got) != 1 || got[0].DictValue != "hall" {
		t.Fatalf("after disabling: %+v", got)
	}
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/item", Token: f.admin, Body: map[string]any{"type": "table_area", "dictKey": "Dup", "dictValue": "hall"}}); res.Fields["dictValue"] == "" {
		t.Fatalf("duplicate value: %d %v", res.Code, res.Fields)
	}
}

func TestOperationLogSearchScopeAndExport(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	other, _ := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Noisy"}, "noisy_admin", "Noisy@123")
	_ = other
	env.Login("noisy_admin", "Noisy@123")
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/org/%d", f.venue), Token: f.merchant, Body: map[string]any{"name": "Demo Bistro Riverside"}}))
	env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/org", Token: f.merchant, Body: map[string]any{"type": "venue"}}) // a failed write
	env.P.Sys.Oplog.Flush()
	var mine api.Page[sys.Oplog]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/log?pageSize=100", Token: f.merchant})).Into(t, &mine)
	for _, r := range mine.Records {
		if r.Username == "noisy_admin" || r.Username == "admin" {
			t.Fatalf("merchant sees %s's operation", r.Username)
		}
		if r.Body != "" {
			t.Fatal("list rows carry bodies")
		}
	}
	var failed api.Page[sys.Oplog]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/log?result=fail&module=sys", Token: f.merchant})).Into(t, &failed)
	if failed.Total != 1 || failed.Records[0].Code != 10001 {
		t.Fatalf("failed operations: %+v", failed.Records)
	}
	var detail sys.Oplog
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: fmt.Sprintf("/api/sys/log/%d", failed.Records[0].ID), Token: f.merchant})).Into(t, &detail)
	if detail.Body != `{"type":"venue"}` {
		t.Fatalf("detail body %q", detail.Body)
	}
	if res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/log?from=yesterday", Token: f.merchant}); res.Fields["from"] == "" {
		t.Fatalf("bad time: %v", res.Fields)
	}
	res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/log/export", Token: f.merchant})
	if _, rows, err := sheet.Read(bytes.NewReader(res.Body)); err != nil || len(rows) != int(mine.Total) {
		t.Fatalf("export: %d rows (%v), list total %d", len(rows), err, mine.Total)
	}
	if res := env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/log/retention", Token: f.admin, Body: map[string]int{"days": 3}}); res.Fields["days"] == "" {
		t.Fatalf("retention 3 days: %v", res.Fields)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/log/retention", Token: f.admin, Body: map[string]int{"days": 30}}))
	var ret sys.Retention
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/log/retention", Token: f.admin})).Into(t, &ret)
	if ret.Days != 30 {
		t.Fatalf("retention %d", ret.Days)
	}
}
