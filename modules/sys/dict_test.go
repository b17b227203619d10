package sys_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// dictTypes searches the dictionary types as the dictionary page does and
// answers those whose code is code.
func dictTypes(t *testing.T, env *platformtest.Env, tok, code string) []sys.DictType {
	t.Helper()
	var page api.Page[sys.DictType]
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/dict/type?pageSize=100&keyword=" + code, Token: tok})).Into(t, &page)
	var out []sys.DictType
	for _, r := range page.Records {
		if r.Code == code {
			out = append(out, r)
		}
	}
	return out
}

func dictEntries(t *testing.T, env *platformtest.Env, tok, typeCode string) []sys.DictEntry {
	t.Helper()
	var out []sys.DictEntry
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/getByType", Token: tok, Body: map[string]string{"type": typeCode}})).Into(t, &out)
	return out
}

// A platform administrator renames a dictionary type and changes its code:
// its entries follow the new code, what the selects read (cached) follows
// at once, and nothing answers under the old code.
func TestDictionaryTypeUpdateMovesItsEntries(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var typ sys.DictType
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/type", Token: f.admin,
		Body: map[string]string{"code": "table_zone", "name": "Table zones"}})).Into(t, &typ)
	for i, v := range []string{"terrace", "hall"} {
		platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/item", Token: f.admin,
			Body: map[string]any{"type": "table_zone", "dictKey": strings.ToUpper(v[:1]) + v[1:], "dictValue": v, "sort": i}}))
	}
	if got := dictEntries(t, env, f.merchant, "table_zone"); len(got) != 2 { // cached under the old code
		t.Fatalf("entries before: %+v", got)
	}
	var out sys.DictType
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: fmt.Sprintf("/api/sys/dict/type/%d", typ.ID), Token: f.admin,
		Body: map[string]string{"code": "seating_zone", "name": "Seating zones", "description": "Where guests sit"}})).Into(t, &out)
	if out.ID != typ.ID || out.Code != "seating_zone" || out.Name != "Seating zones" || out.Description != "Where guests sit" {
		t.Fatalf("updated type %+v", out)
	}
	if got := dictEntries(t, env, f.merchant, "seating_zone"); len(got) != 2 || got[0].DictValue != "terrace" || got[1].DictValue != "hall" {
		t.Fatalf("entries under the new code: %+v", got)
	}
	if got := dictEntries(t, env, f.merchant, "table_zone"); len(got) != 0 {
		t.Fatalf("entries still under the old code: %+v", got)
	}
	if got := dictTypes(t, env, f.admin, "table_zone"); len(got) != 0 {
		t.Fatalf("old code still listed: %+v", got)
	}
	if got := dictTypes(t, env, f.admin, "seating_zone"); len(got) != 1 || got[0].Name != "Seating zones" {
		t.Fatalf("new code listed as %+v", got)
	}
	// Another node's cached entries follow too (the change feed).
	other := env.Node()
	if got := dictEntries(t, other, f.merchant, "seating_zone"); len(got) != 2 {
		t.Fatalf("other node: %+v", got)
	}
}

// The form's errors name their field in the caller's language; a built-in
// type keeps its code (the product reads it) but may be renamed.
func TestDictionaryTypeUpdateValidatesAndKeepsBuiltInCodes(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var typ sys.DictType
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/type", Token: f.admin,
		Body: map[string]string{"code": "pay_channel", "name": "Pay channels"}})).Into(t, &typ)
	builtin := dictTypes(t, env, f.admin, "language_type")
	if len(builtin) != 1 || !builtin[0].Builtin {
		t.Fatalf("built-in language_type: %+v", builtin)
	}
	path := fmt.Sprintf("/api/sys/dict/type/%d", typ.ID)
	for _, tc := range []struct {
		body         map[string]string
		locale       string
		field, msg   string
		wantCodeText bool
	}{
		{map[string]string{"code": "Pay Channel", "name": "x"}, "", "code", "Dictionary code must start with a lower-case letter and contain only a-z, 0-9 and _", false},
		{map[string]string{"code": "pay_channel", "name": ""}, "", "name", "", false},
		{map[string]string{"code": "pay_channel", "name": strings.Repeat("n", 65)}, "", "name", "", false},
		{map[string]string{"code": "pay_channel", "name": "x", "description": strings.Repeat("d", 256)}, "", "description", "", false},
		{map[string]string{"code": "language_type", "name": "x"}, "", "code", "", false},
		{map[string]string{"code": "Pay Channel", "name": "x"}, "zh_CN", "code", "字典编码必须以小写字母开头，且只能包含 a-z、0-9 和 _", false},
	} {
		res := env.Do(platformtest.Req{Method: "PUT", Path: path, Token: f.admin, Locale: tc.locale, Body: tc.body})
		if res.Code != api.CodeInvalid || res.Fields[tc.field] == "" || (tc.msg != "" && res.Fields[tc.field] != tc.msg) {
			t.Errorf("%v: code %d fields %v, want %s %q", tc.body, res.Code, res.Fields, tc.field, tc.msg)
		}
	}
	if got := dictTypes(t, env, f.admin, "pay_channel"); len(got) != 1 || got[0].Name != "Pay channels" {
		t.Fatalf("a refused update changed the type: %+v", got)
	}
	bpath := fmt.Sprintf("/api/sys/dict/type/%d", builtin[0].ID)
	res := env.Do(platformtest.Req{Method: "PUT", Path: bpath, Token: f.admin, Body: map[string]string{"code": "languages", "name": "Languages"}})
	if res.Code != api.CodeInvalid || res.Fields["code"] != "The code of a built-in dictionary type cannot change" {
		t.Fatalf("built-in code change: %d %v", res.Code, res.Fields)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "PUT", Path: bpath, Token: f.admin, Body: map[string]string{"code": "language_type", "name": "Interface languages"}}))
	if got := dictEntries(t, env, f.merchant, "language_type"); len(got) != 16 {
		t.Fatalf("languages after renaming their type: %d", len(got))
	}
	if res := env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/dict/type/999999", Token: f.admin, Body: map[string]string{"code": "nowhere", "name": "x"}}); res.Code != api.CodeNotFound {
		t.Fatalf("unknown type: %d %q", res.Code, res.Msg)
	}
}

// Deleting a type takes its entries with it; a built-in type (the product
// reads it) is refused and keeps its entries.
func TestDictionaryTypeDelete(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var typ sys.DictType
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/type", Token: f.admin,
		Body: map[string]string{"code": "cutlery_kind", "name": "Cutlery"}})).Into(t, &typ)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/item", Token: f.admin,
		Body: map[string]any{"type": "cutlery_kind", "dictKey": "Chopsticks", "dictValue": "chopsticks"}}))
	if got := dictEntries(t, env, f.merchant, "cutlery_kind"); len(got) != 1 {
		t.Fatalf("entries before: %+v", got)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/sys/dict/type/%d", typ.ID), Token: f.admin}))
	if got := dictTypes(t, env, f.admin, "cutlery_kind"); len(got) != 0 {
		t.Fatalf("deleted type listed: %+v", got)
	}
	if got := dictEntries(t, env, f.merchant, "cutlery_kind"); len(got) != 0 {
		t.Fatalf("entries of a deleted type: %+v", got)
	}
	var items []sys.DictItem
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/dict/item?type=cutlery_kind", Token: f.admin})).Into(t, &items)
	if len(items) != 0 {
		t.Fatalf("stored entries of a deleted type: %+v", items)
	}
	if res := env.Do(platformtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/sys/dict/type/%d", typ.ID), Token: f.admin}); res.Code != api.CodeNotFound {
		t.Fatalf("deleted twice: %d %q", res.Code, res.Msg)
	}
	builtin := dictTypes(t, env, f.admin, "language_type")
	res := env.Do(platformtest.Req{Method: "DELETE", Path: fmt.Sprintf("/api/sys/dict/type/%d", builtin[0].ID), Token: f.admin})
	if res.Code != api.CodeConflict || res.Msg != "Built-in dictionary data cannot be deleted" {
		t.Fatalf("built-in type deleted: %d %q", res.Code, res.Msg)
	}
	if got := dictEntries(t, env, f.merchant, "language_type"); len(got) != 16 {
		t.Fatalf("languages after the refused delete: %d", len(got))
	}
}

// Dictionaries are the platform's: a merchant administrator (no sys:dict)
// can neither edit nor delete a type, and the type stays as it was.
func TestDictionaryTypeUpdateAndDeleteNeedTheOperation(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	env := f.env
	var typ sys.DictType
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/dict/type", Token: f.admin,
		Body: map[string]string{"code": "napkin_fold", "name": "Napkin folds"}})).Into(t, &typ)
	path := fmt.Sprintf("/api/sys/dict/type/%d", typ.ID)
	for _, tok := range []string{f.merchant, env.Login("demo_waiter", sys.DemoPassword)} {
		if res := env.Do(platformtest.Req{Method: "PUT", Path: path, Token: tok, Body: map[string]string{"code": "napkins", "name": "Mine"}}); res.Status != http.StatusForbidden {
			t.Fatalf("update without sys:dict: HTTP %d code %d", res.Status, res.Code)
		}
		if res := env.Do(platformtest.Req{Method: "DELETE", Path: path, Token: tok}); res.Status != http.StatusForbidden {
			t.Fatalf("delete without sys:dict: HTTP %d code %d", res.Status, res.Code)
		}
	}
	if res := env.Do(platformtest.Req{Method: "PUT", Path: path, Body: map[string]string{"code": "napkins", "name": "Mine"}}); res.Status != http.StatusUnauthorized {
		t.Fatalf("update without a token: HTTP %d", res.Status)
	}
	if got := dictTypes(t, env, f.admin, "napkin_fold"); len(got) != 1 || got[0].Name != "Napkin folds" {
		t.Fatalf("type after refused calls: %+v", got)
	}
}
