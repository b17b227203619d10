package api

import (
	"encoding/json"
	"net/http"
	"reflect"
	"sort"
	"testing"
	"time"
)

type oaInput struct {
	Name   string            `json:"name" api:"required" doc:"shown on the menu" example:"Beef noodles"`
	Status string            `json:"status" enum:"on_sale,removed"`
	Level  *int8             `json:"level" enum:"0,1"`
	Link   string            `json:"link" format:"uri"`
	Tags   []string          `json:"tags" enum:"hot,new"`
	Price  int64             `json:"price,string"`
	Shared oaShared          `json:"shared" api:"required"`
	Schema json.RawMessage   `json:"schema" type:"object"`
	Perms  map[string]string `json:"perms" enum:"read,write"`
	secret string            //nolint:unused // never read: it is here to show the schema leaves unexported fields out
}

type oaShared struct {
	ID   uint64 `json:"id"`
	Note string `json:"note,omitempty"`
}

type oaView struct {
	oaShared
	At      time.Time  `json:"at"`
	Until   *time.Time `json:"until"`
	Maybe   *int       `json:"maybe,omitempty"`
	Sure    *int       `json:"sure" api:"notnull"`
	Skipped string     `json:"-"`
	Raw     json.RawMessage
	Value   any `json:"value" type:"number,string"`
}

type oaQuery struct {
	PageQuery
	Status string `form:"status" enum:"open,closed" api:"required" doc:"only these"`
}

type oaDoc struct {
	Paths map[string]map[string]struct {
		Parameters  []map[string]any `json:"parameters"`
		RequestBody struct {
			Content map[string]struct {
				Schema  map[string]any `json:"schema"`
				Example map[string]any `json:"example"`
			} `json:"content"`
		} `json:"requestBody"`
		Responses  map[string]map[string]any `json:"responses"`
		ErrorCodes []int                     `json:"x-error-codes"`
	} `json:"paths"`
	Components struct {
		Schemas map[string]struct {
			Required   []string                  `json:"required"`
			Properties map[string]map[string]any `json:"properties"`
		} `json:"schemas"`
	} `json:"components"`
}

func renderTestDoc(t *testing.T) oaDoc {
	t.Helper()
	routes := []Route{
		{Method: http.MethodPost, Path: "/x/:id", Perm: "x:y", Action: "add", Body: oaInput{}, Result: oaView{}},
		{Method: http.MethodGet, Path: "/x", Perm: "x:y", Action: "query", Query: oaQuery{}, Result: Page[oaView]{}},
		{Method: http.MethodPut, Path: "/x/shared", Access: Self, Body: oaShared{}, Result: oaShared{}},
		{Method: http.MethodGet, Path: "/pub/file", Access: Public, Raw: true, Errors: []int{CodeUnavailable}},
	}
	var doc oaDoc
	raw := OpenAPI(routes, "test")
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if again := OpenAPI(routes, "test"); string(again) != string(raw) {
		t.Fatal("the document differs between two renderings")
	}
	return doc
}

func TestOpenAPIRequestSchemaCarriesTags(t *testing.T) {
	t.Parallel()
	doc := renderTestDoc(t)
	in := doc.Components.Schemas["api.oaInput"]
	if !reflect.DeepEqual(in.Required, []string{"name", "shared"}) {
		t.Errorf("required %v, want name and shared (api:\"required\")", in.Required)
	}
	p := in.Properties
	if p["name"]["description"] != "shown on the menu" || p["name"]["example"] != "Beef noodles" {
		t.Errorf("name: %v", p["name"])
	}
	if !reflect.DeepEqual(p["status"]["enum"], []any{"on_sale", "removed"}) {
		t.Errorf("status enum: %v", p["status"])
	}
	if !reflect.DeepEqual(p["level"]["enum"], []any{0.0, 1.0}) || p["level"]["type"] != "integer" || p["level"]["nullable"] != true {
		t.Errorf("level enum must be integers: %v", p["level"])
	}
	if p["link"]["format"] != "uri" {
		t.Errorf("link format: %v", p["link"])
	}
	if items := p["tags"]["items"].(map[string]any); !reflect.DeepEqual(items["enum"], []any{"hot", "new"}) {
		t.Errorf("a list's enum belongs to its items: %v", p["tags"])
	}
	if p["schema"]["type"] != "object" || p["schema"]["description"] != nil {
		t.Errorf(`type:"object" states what a json.RawMessage holds: %v`, p["schema"])
	}
	if values := p["perms"]["additionalProperties"].(map[string]any); !reflect.DeepEqual(values["enum"], []any{"read", "write"}) {
		t.Errorf("a map's enum belongs to its values: %v", p["perms"])
	}
	if p["price"]["type"] != "string" {
		t.Errorf(",string option: %v", p["price"])
	}
	if _, ok := p["secret"]; ok {
		t.Error("unexported field listed")
	}
	// oaShared is also reachable from a response, so its request schema has its own name.
	if p["shared"]["$ref"] != "#/components/schemas/api.oaSharedRequest" {
		t.Errorf("shared: %v", p["shared"])
	}
	if r := doc.Components.Schemas["api.oaSharedRequest"].Required; len(r) != 0 {
		t.Errorf("request copy of oaShared must require nothing untagged: %v", r)
	}
	body := doc.Paths["/x/{id}"]["post"].RequestBody.Content["application/json"]
	want := map[string]any{"name": "Beef noodles", "status": "on_sale", "level": 0.0, "link": "text", "tags": []any{"hot"},
		"price": "1", "shared": map[string]any{"id": 1.0, "note": "text"},
		"schema": map[string]any{}, "perms": map[string]any{"key": "read"}}
	if !reflect.DeepEqual(body.Example, want) {
		t.Errorf("example %v\nwant %v", body.Example, want)
	}
}

func TestOpenAPIResponseSchemaRequiresWhatIsAlwaysWritten(t *testing.T) {
	t.Parallel()
	doc := renderTestDoc(t)
	v := doc.Components.Schemas["api.oaView"]
	if !reflect.DeepEqual(v.Required, []string{"id", "at", "until", "sure", "Raw", "value"}) {
		t.Errorf("required %v: every field without omitempty, embedded ones flattened", v.Required)
	}
	if v.Properties["until"]["nullable"] != true || v.Properties["until"]["format"] != "date-time" {
		t.Errorf("until: %v", v.Properties["until"])
	}
	if _, ok := v.Properties["maybe"]["nullable"]; ok {
		t.Errorf("an omitempty pointer is left out, never null: %v", v.Properties["maybe"])
	}
	if _, ok := v.Properties["sure"]["nullable"]; ok {
		t.Errorf(`api:"notnull" pointer is nullable: %v`, v.Properties["sure"])
	}
	if _, ok := v.Properties["Skipped"]; ok {
		t.Error(`json:"-" listed`)
	}
	if _, typed := v.Properties["Raw"]["type"]; typed {
		t.Errorf("json.RawMessage is any JSON, not bytes: %v", v.Properties["Raw"])
	}
	if one := v.Properties["value"]["oneOf"]; !reflect.DeepEqual(one, []any{map[string]any{"type": "number"}, map[string]any{"type": "string"}}) {
		t.Errorf(`type:"number,string" is one of them: %v`, v.Properties["value"])
	}
	if s := doc.Components.Schemas["api.oaShared"]; !reflect.DeepEqual(s.Required, []string{"id"}) {
		t.Errorf("response oaShared required %v", s.Required)
	}
	if _, ok := doc.Components.Schemas["api.Page_api.oaView"]; !ok {
		t.Errorf("generic page named by its argument; have %v", keys(doc.Components.Schemas))
	}
}

func TestOpenAPIQueryParameters(t *testing.T) {
	t.Parallel()
	doc := renderTestDoc(t)
	params := doc.Paths["/x"]["get"].Parameters
	names := []string{}
	for _, p := range params {
		names = append(names, p["name"].(string))
	}
	if !reflect.DeepEqual(names, []string{"pageNo", "pageSize", "sort", "status"}) {
		t.Fatalf("parameters %v", names)
	}
	st := params[3]
	if st["required"] != true || st["description"] != "only these" || !reflect.DeepEqual(st["schema"].(map[string]any)["enum"], []any{"open", "closed"}) {
		t.Errorf("status parameter %v", st)
	}
	if id := doc.Paths["/x/{id}"]["post"].Parameters[0]; id["schema"].(map[string]any)["type"] != "integer" {
		t.Errorf("path id %v", id)
	}
}

func TestOpenAPIErrorCodesPerRoute(t *testing.T) {
	t.Parallel()
	doc := renderTestDoc(t)
	cases := []struct {
		path, method string
		codes        []int
		statuses     []string
	}{
		{"/x/{id}", "post", []int{CodeInvalid, CodeNotFound, CodeConflict, CodeUnauthorized, CodeForbidden, CodeTooLarge, CodeInternal},
			[]string{"200", "401", "403", "413", "500"}},
		{"/x", "get", []int{CodeInvalid, CodeUnauthorized, CodeForbidden, CodeInternal}, []string{"200", "401", "403", "500"}},
		{"/x/shared", "put", []int{CodeInvalid, CodeConflict, CodeUnauthorized, CodeTooLarge, CodeInternal}, []string{"200", "401", "413", "500"}},
		{"/pub/file", "get", []int{CodeInternal, CodeUnavailable}, []string{"200", "500", "503"}},
	}
	for _, c := range cases {
		op := doc.Paths[c.path][c.method]
		if !reflect.DeepEqual(op.ErrorCodes, c.codes) {
			t.Errorf("%s %s codes %v, want %v", c.method, c.path, op.ErrorCodes, c.codes)
		}
		if got := keys(op.Responses); !reflect.DeepEqual(got, c.statuses) {
			t.Errorf("%s %s responses %v, want %v", c.method, c.path, got, c.statuses)
		}
	}
	ok := doc.Paths["/x/{id}"]["post"].Responses["200"]["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
	code := ok["properties"].(map[string]any)["code"].(map[string]any)
	if !reflect.DeepEqual(code["enum"], []any{10000.0, 10001.0, 10002.0, 10003.0}) {
		t.Errorf("200 envelope codes %v", code["enum"])
	}
	if _, ok := doc.Paths["/pub/file"]["get"].Responses["200"]["content"].(map[string]any)["application/octet-stream"]; !ok {
		t.Error("a raw route without a result answers a file")
	}
	if _, ok := doc.Components.Schemas["api.ErrorEnvelope"]; !ok {
		t.Error("no error envelope schema")
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
