package api

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRouteDeclarationsMustNameTheirOperation(t *testing.T) {
	t.Parallel()
	for name, rt := range map[string]Route{
		"operation without permission": {Method: "GET", Path: "/x"},
		"bad permission":               {Method: "GET", Path: "/x", Perm: "x", Action: "query"},
		"unknown action":               {Method: "GET", Path: "/x", Perm: "m:r", Action: "approve"},
		"public with operation":        {Method: "GET", Path: "/x", Perm: "m:r", Action: "query", Access: Public},
		"relative path":                {Method: "GET", Path: "x", Perm: "m:r", Action: "query"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: declared without panic", name)
				}
			}()
			NewRegistry().Group("m").Handle(rt, func(*Ctx) (any, error) { return nil, nil })
		}()
	}
	r := NewRegistry()
	r.Group("m").Handle(Route{Method: "get", Path: "/x", Perm: "m:r", Action: "query"}, func(*Ctx) (any, error) { return nil, nil })
	if got := r.Routes()[0]; got.Method != "GET" || got.Operation() != "m:r:query" || got.Logged() {
		t.Fatalf("route %+v", got)
	}
}

func TestOrderByOnlyUsesAllowedColumns(t *testing.T) {
	t.Parallel()
	allowed := map[string]string{"name": "name"}
	for sort, want := range map[string]string{
		"name,asc": "name ASC", "name,desc": "name DESC", "name": "name DESC",
		"name; DROP TABLE x,asc": "id DESC", "password,asc": "id DESC", "": "id DESC",
	} {
		if got := (PageQuery{Sort: sort}).OrderBy(allowed, "id DESC"); got != want {
			t.Errorf("%q: %q, want %q", sort, got, want)
		}
	}
	q := PageQuery{PageNo: -3, PageSize: 100000}
	q.Normalize()
	if q.PageNo != 1 || q.PageSize != MaxPageSize || q.Offset() != 0 {
		t.Fatalf("normalized %+v", q)
	}
}

func TestMaskSecrets(t *testing.T) {
	t.Parallel()
	var v any
	_ = json.Unmarshal([]byte(`{"username":"a","password":"p","nested":{"oldPassword":"o","roleCode":"waiter","code":"123456"},"list":[{"token":"t"}],"dictKey":"k"}`), &v)
	raw, _ := json.Marshal(MaskSecrets(v))
	s := string(raw)
	for _, leaked := range []string{`"p"`, `"o"`, `"123456"`, `"t"`} {
		if strings.Contains(s, leaked) {
			t.Errorf("%s leaked in %s", leaked, s)
		}
	}
	for _, kept := range []string{`"roleCode":"waiter"`, `"dictKey":"k"`, `"username":"a"`} {
		if !strings.Contains(s, kept) {
			t.Errorf("%s masked in %s", kept, s)
		}
	}
}

func TestOpenAPIPathParameters(t *testing.T) {
	t.Parallel()
	p, params := openAPIPath("/sys/user/:id/roles")
	if p != "/sys/user/{id}/roles" || len(params) != 1 || params[0] != "id" {
		t.Fatalf("%s %v", p, params)
	}
}

func TestCheckCollectsFieldErrors(t *testing.T) {
	t.Parallel()
	var c Check
	c.Required("name", "  ")
	c.HTTPURL("link", "ftp://x")
	c.HTTPURL("ok", "https://example.com/a")
	c.Mobile("mobile", "+8613800000000")
	err := c.Err().(*Error)
	if len(err.Fields) != 2 || err.Fields[0].Field != "name" || err.Fields[1].Field != "link" || err.Code != CodeInvalid {
		t.Fatalf("%+v", err.Fields)
	}
}
