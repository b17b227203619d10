package codegen_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/codegen"
	"github.com/venueplatform/venue/platform/platformtest"
)

type fixture struct {
	t     *testing.T
	env   *platformtest.Env
	admin string
}

func newFixture(t *testing.T) *fixture {
	env := platformtest.New(t)
	return &fixture{t: t, env: env, admin: env.AdminToken()}
}

func (f *fixture) do(method, path string, body any) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: method, Path: path, Token: f.admin, Body: body})
}

func (f *fixture) ok(method, path string, body any) platformtest.Envelope {
	f.t.Helper()
	return platformtest.OK(f.t, f.do(method, path, body))
}

func (f *fixture) save(s codegen.Spec) codegen.DefinitionDetail {
	f.t.Helper()
	var d codegen.DefinitionDetail
	f.ok(http.MethodPost, "/api/createFile/definition", s).Into(f.t, &d)
	return d
}

func (f *fixture) preview(s codegen.Spec) codegen.Generated {
	f.t.Helper()
	var g codegen.Generated
	f.ok(http.MethodPost, "/api/createFile/preview", s).Into(f.t, &g)
	return g
}

// unzip reads a downloaded zip into path → content, in the zip's order.
func unzip(t *testing.T, res platformtest.Envelope) ([]string, map[string]string) {
	t.Helper()
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/zip") {
		t.Fatalf("download: HTTP %d %s %s", res.Status, res.Header.Get("Content-Type"), res.Body)
	}
	zr, err := zip.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	files := map[string]string{}
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(rc)
		rc.Close()
		names = append(names, zf.Name)
		files[zf.Name] = string(raw)
	}
	return names, files
}

// A definition with every field type is saved, previewed and downloaded;
// the saved one regenerates byte for byte what its preview showed.
func TestSavePreviewDownloadRegenerate(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	target := f.save(codegen.TargetSpec())
	every := f.save(codegen.EveryTypeSpec())
	if every.Module != "genstock" || every.Fields != 16 || target.Label != "Supplier" {
		t.Fatalf("saved %+v / %+v", every.DefinitionView, target.DefinitionView)
	}
	var page api.Page[codegen.DefinitionView]
	f.ok(http.MethodGet, "/api/createFile/definition?keyword=gen", nil).Into(t, &page)
	if page.Total != 2 {
		t.Fatalf("list: %+v", page)
	}

	posted := f.preview(codegen.EveryTypeSpec())
	var saved codegen.Generated
	f.ok(http.MethodGet, fmt.Sprintf("/api/createFile/definition/%d/preview", every.ID), nil).Into(t, &saved)
	if !reflect.DeepEqual(posted, saved) {
		t.Fatal("the saved definition generates other files than its preview")
	}
	if len(posted.Files) < 40 || len(posted.Wiring) != 5 {
		t.Fatalf("%d files, %d wiring edits", len(posted.Files), len(posted.Wiring))
	}

	first := f.do(http.MethodPost, "/api/createFile/download", codegen.EveryTypeSpec())
	names, files := unzip(t, first)
	if cd := first.Header.Get("Content-Disposition"); !strings.Contains(cd, "genstock-stockItem.zip") {
		t.Fatalf("Content-Disposition %q", cd)
	}
	if !sort.StringsAreSorted(names) || len(names) != len(posted.Files) {
		t.Fatalf("zip entries %v", names)
	}
	for _, pf := range posted.Files {
		if files[pf.Path] != pf.Content {
			t.Fatalf("%s differs between the zip and the preview", pf.Path)
		}
	}
	again := f.do(http.MethodPost, "/api/createFile/download", codegen.EveryTypeSpec())
	fromSaved := f.do(http.MethodGet, fmt.Sprintf("/api/createFile/definition/%d/download", every.ID), nil)
	if !bytes.Equal(first.Body, again.Body) || !bytes.Equal(first.Body, fromSaved.Body) {
		t.Fatal("regenerating the same definition gives other bytes")
	}

	// Editing the saved definition changes what it generates, and saving it back restores it.
	edited := codegen.EveryTypeSpec()
	edited.Fields[1].MaxLength = 90
	f.ok(http.MethodPut, fmt.Sprintf("/api/createFile/definition/%d", every.ID), edited)
	changed := f.do(http.MethodGet, fmt.Sprintf("/api/createFile/definition/%d/download", every.ID), nil)
	if bytes.Equal(changed.Body, first.Body) {
		t.Fatal("an edited definition generates the same zip")
	}
	f.ok(http.MethodPut, fmt.Sprintf("/api/createFile/definition/%d", every.ID), codegen.EveryTypeSpec())
	restored := f.do(http.MethodGet, fmt.Sprintf("/api/createFile/definition/%d/download", every.ID), nil)
	if !bytes.Equal(restored.Body, first.Body) {
		t.Fatal("the restored definition generates other bytes")
	}
	f.ok(http.MethodDelete, fmt.Sprintf("/api/createFile/definition/%d", every.ID), nil)
	if res := f.do(http.MethodGet, fmt.Sprintf("/api/createFile/definition/%d", every.ID), nil); res.Code != api.CodeNotFound {
		t.Fatalf("deleted definition: code %d", res.Code)
	}
}

// Refusals over HTTP name the field, in the caller's language, and a refused
// download answers the JSON envelope, not a zip.
func TestRefusalsNameTheField(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.save(codegen.TargetSpec())
	for _, tc := range []struct {
		name  string
		edit  func(s *codegen.Spec)
		field string
		says  string
	}{
		{"path in the module", func(s *codegen.Spec) { s.Module = "../../platform" }, "module", `"../../platform"`},
		{"path in a field", func(s *codegen.Spec) { s.Fields[2].Name = "../../../etc/cron.d/x" }, "fields[2].name", `Field 3: name "../../../etc/cron.d/x"`},
		{"windows path in a field", func(s *codegen.Spec) { s.Fields[2].Name = `C:\Windows` }, "fields[2].name", `C:\\Windows`},
		{"NUL in the entity", func(s *codegen.Spec) { s.Entity = "stock\x00Item" }, "entity", `stock\x00Item`},
		{"reserved field", func(s *codegen.Spec) { s.Fields[2].Name = "func" }, "fields[2].name", `"func" is a reserved word of Go`},
		{"duplicate field", func(s *codegen.Spec) { s.Fields[3].Name = "code" }, "fields[3].name", `Field 4: "code" repeats the name of field 1`},
		{"empty dictionary", func(s *codegen.Spec) { s.Fields[10].Dict = "no_such_dictionary" }, "fields[10].dict", "no_such_dictionary has no entries"},
		{"unknown reference", func(s *codegen.Spec) { s.Fields[13].Ref = "nowhere.thing" }, "fields[13].ref", "nowhere.thing"},
		{"module of the product's messages", func(s *codegen.Spec) { s.Module = "validation"; s.Table = "validation_items" }, "module", "used by the product"},
		{"second entity in a saved module", func(s *codegen.Spec) { s.Module = "gensupply"; s.Table = "gensupply_items" }, "module", "already holds the entity supplier"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := codegen.EveryTypeSpec()
			tc.edit(&s)
			for _, path := range []string{"/api/createFile/preview", "/api/createFile/download", "/api/createFile/definition"} {
				res := f.do(http.MethodPost, path, s)
				if res.Code != api.CodeInvalid || !strings.Contains(res.Fields[tc.field], tc.says) {
					t.Fatalf("%s: want 10001 on %s saying %q, got %d %q %v", path, tc.field, tc.says, res.Code, res.Msg, res.Fields)
				}
			}
		})
	}
	bad := codegen.EveryTypeSpec()
	bad.Fields[2].Name = "../x"
	res := f.env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/createFile/preview", Token: f.admin, Locale: "zh_CN", Body: bad})
	if want := `第 3 个字段：名称“../x”必须以小写字母开头，且只能包含字母和数字（最多 30 个）`; res.Fields["fields[2].name"] != want {
		t.Fatalf("zh: %q", res.Fields["fields[2].name"])
	}
	var page api.Page[codegen.DefinitionView]
	f.ok(http.MethodGet, "/api/createFile/definition", nil).Into(t, &page)
	if page.Total != 1 {
		t.Fatalf("refused saves left %d definitions", page.Total)
	}
}

// A malformed body is refused naming the field, too.
func TestMalformedBody(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	res := f.do(http.MethodPost, "/api/createFile/preview", map[string]any{"module": "genbook", "fields": "nope"})
	if res.Code != api.CodeInvalid || res.Fields["fields"] == "" {
		t.Fatalf("malformed: %d %v", res.Code, res.Fields)
	}
}

// Only holders of codegen:definition (platform administrators by default) generate code.
func TestOperationCodes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if _, err := f.env.P.Sys.CreateUser(t.Context(), "gen_nobody", "Nobody@123", nil, 0); err != nil {
		t.Fatal(err)
	}
	nobody := f.env.Login("gen_nobody", "Nobody@123")
	for _, rt := range f.env.P.Registry.Routes() {
		if rt.Module != "codegen" {
			continue
		}
		if rt.Perm != "codegen:definition" || !strings.HasPrefix(rt.Path, "/createFile/") {
			t.Errorf("%s %s declared with %q", rt.Method, rt.Path, rt.Operation())
		}
		path := "/api" + strings.NewReplacer(":id", "1", ":table", "sys_users").Replace(rt.Path)
		res := f.env.Do(platformtest.Req{Method: rt.Method, Path: path, Token: nobody, Body: map[string]any{}})
		if res.Status != http.StatusForbidden {
			t.Errorf("%s %s without the operation: HTTP %d", rt.Method, rt.Path, res.Status)
		}
	}
	var menus struct {
		Menus          []json.RawMessage `json:"menus"`
		OperationCodes []string          `json:"operationCodes"`
	}
	f.ok(http.MethodPost, "/api/sys/token/user/menus", nil).Into(t, &menus)
	found := false
	for _, c := range menus.OperationCodes {
		found = found || c == "codegen:definition:export"
	}
	if !found || !strings.Contains(string(bytes.Join(func() [][]byte {
		var out [][]byte
		for _, m := range menus.Menus {
			out = append(out, m)
		}
		return out
	}(), nil)), "/auto/completeList") {
		t.Fatalf("the administrator's menus lack /auto/completeList or its codes: %v", menus.OperationCodes)
	}
}

// A definition starts from a table of the database: its columns read through
// the information schema (MySQL) or the table's pragma (SQLite).
func TestDraftFromTable(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var tables []string
	f.ok(http.MethodGet, "/api/createFile/tables", nil).Into(t, &tables)
	if !contains(tables, "cuisine_dishes") || !contains(tables, "codegen_definitions") {
		t.Fatalf("tables %v", tables)
	}
	var draft codegen.Spec
	f.ok(http.MethodGet, "/api/createFile/tables/cuisine_dishes/draft?module=genmenu&entity=dish", nil).Into(t, &draft)
	if draft.Module != "genmenu" || draft.Entity != "dish" || draft.Table != "genmenu_dishs" {
		t.Fatalf("draft %+v", draft)
	}
	byName := map[string]codegen.Field{}
	for _, fl := range draft.Fields {
		byName[fl.Name] = fl
	}
	// SQLite keeps no string lengths and no text/varchar difference; MySQL does.
	numberLen, nameLen, description := 0, 0, codegen.TypeString
	if platformtest.UseMySQL() {
		numberLen, nameLen, description = 32, 128, codegen.TypeText
	}
	for name, want := range map[string]codegen.Field{
		"number":      {Type: codegen.TypeString, MaxLength: numberLen, Required: true, Unique: true},
		"name":        {Type: codegen.TypeString, MaxLength: nameLen, Required: true},
		"price":       {Type: codegen.TypeInteger, Required: true},
		"categoryId":  {Type: codegen.TypeInteger, Required: true},
		"description": {Type: description, Required: true},
		"specialty":   {Type: codegen.TypeBoolean},
		"restoreAt":   {Type: codegen.TypeDate},
	} {
		got, ok := byName[name]
		if !ok || got.Type != want.Type || got.MaxLength != want.MaxLength || got.Required != want.Required || got.Unique != want.Unique {
			t.Errorf("%s: got %+v, want %+v", name, got, want)
		}
	}
	if _, ok := byName["merchantId"]; ok {
		t.Fatal("the tenant column became a field")
	}
	if byName["number"].Labels["en"] != "Number" || byName["categoryId"].Labels["en"] != "Category id" {
		t.Fatalf("labels %v %v", byName["number"].Labels, byName["categoryId"].Labels)
	}
	// The draft previews as it is.
	f.preview(draft)
	if res := f.do(http.MethodGet, "/api/createFile/tables/no_such_table/draft", nil); res.Code != api.CodeNotFound {
		t.Fatalf("unknown table: %d", res.Code)
	}
	if res := f.do(http.MethodGet, "/api/createFile/tables/cuisine_dishes%27%3B--/draft", nil); res.Code != api.CodeNotFound {
		t.Fatalf("injected table name: %d", res.Code)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
