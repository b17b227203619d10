package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The OpenAPI document is derived from the registry: every route's Body,
// Query and Result types are read by reflection. Struct tags add what Go
// types cannot say (docs/api-core.md, "OpenAPI"):
//
//	api:"required"           the request must carry the field (request bodies and queries)
//	api:"notnull"            a response pointer that is never nil
//	doc:"..."                the field's description
//	enum:"on_sale,removed"   the allowed values (parsed as the field's kind)
//	format:"date"            the string's format when it is not implied by the Go type
//	type:"object"            the JSON type of a free-form value (json.RawMessage, any);
//	                         "number,string" is one of them
//	example:"Beef noodles"   the field's example (parsed as the field's kind)
//
// In a response every field without omitempty is always present, so it is
// required; a pointer may be null (in a request too). A type used both in requests and in
// responses gets a second schema, named with the suffix "Request", because
// its required fields differ.

// SchemaProvider lets a type with its own JSON encoding state its schema.
type SchemaProvider interface {
	OpenAPISchema() map[string]any
}

// codeMeaning names every envelope code for the document.
var codeMeaning = map[int]string{
	CodeOK:           "success",
	CodeInvalid:      "invalid request: msg names the first bad field, fields maps each bad field to its message",
	CodeNotFound:     "not found, or outside the caller's tenant",
	CodeConflict:     "conflict with the current state or a unique value",
	CodeUnauthorized: "no, invalid, expired or revoked token",
	CodeForbidden:    "operation not permitted",
	CodeNoRoute:      "no such route",
	CodeTooLarge:     "request body too large",
	CodeInternal:     "internal error (logged with the request id)",
	CodeUnavailable:  "a service the route needs is unavailable; try again",
}

// codeStatus is the HTTP status each code is answered with.
var codeStatus = map[int]int{
	CodeOK: http.StatusOK, CodeInvalid: http.StatusOK, CodeNotFound: http.StatusOK, CodeConflict: http.StatusOK,
	CodeUnauthorized: http.StatusUnauthorized, CodeForbidden: http.StatusForbidden, CodeNoRoute: http.StatusNotFound,
	CodeTooLarge: http.StatusRequestEntityTooLarge, CodeInternal: http.StatusInternalServerError,
	CodeUnavailable: http.StatusServiceUnavailable,
}

// ErrorCodes lists the envelope codes a route can answer besides success,
// ascending: what its shape implies (a body or query can be invalid, a path
// id can be missing, a write can conflict, a login can be refused) plus the
// route's declared Errors.
func (r Route) ErrorCodes() []int {
	set := map[int]bool{CodeInternal: true}
	if r.Body != nil || r.Query != nil {
		set[CodeInvalid] = true
	}
	if strings.Contains(r.Path, "/:") || strings.Contains(r.Path, "/*") {
		set[CodeNotFound] = true
	}
	if r.Method != http.MethodGet {
		set[CodeConflict] = true
		set[CodeTooLarge] = true
	}
	if r.Access != Public {
		set[CodeUnauthorized] = true
	}
	if r.Access == Operation {
		set[CodeForbidden] = true
	}
	for _, c := range r.Errors {
		set[c] = true
	}
	out := make([]int, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Ints(out)
	return out
}

// OpenAPI renders an OpenAPI 3 document of the declared routes, with
// request and response schemas derived from the declared Go types.
func OpenAPI(routes []Route, version string) []byte {
	g := newSchemaGen(routes)
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		path, params := openAPIPath(rt.Path)
		op := map[string]any{
			"summary":     rt.Summary,
			"tags":        []string{rt.Module},
			"operationId": operationID(rt),
			"x-access":    rt.Access.String(),
		}
		if code := rt.Operation(); code != "" {
			op["x-operation"] = code
		}
		if rt.Access != Public {
			op["security"] = []map[string][]string{{"token": {}}}
		}
		parameters := []map[string]any{}
		for _, p := range params {
			parameters = append(parameters, map[string]any{"name": p, "in": "path", "required": true, "schema": pathParamSchema(p)})
		}
		if rt.Query != nil {
			parameters = append(parameters, g.queryParams(reflect.TypeOf(rt.Query))...)
		}
		if len(parameters) > 0 {
			op["parameters"] = parameters
		}
		if rt.Body != nil {
			t := reflect.TypeOf(rt.Body)
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"application/json": map[string]any{"schema": g.schema(t, modeRequest), "example": example(t, 0)},
			}}
		}
		op["responses"] = g.responses(rt)
		op["x-error-codes"] = rt.ErrorCodes()
		if paths[path] == nil {
			paths[path] = map[string]any{}
		}
		paths[path][strings.ToLower(rt.Method)] = op
	}
	g.components["api.ErrorEnvelope"] = map[string]any{
		"type":        "object",
		"description": "The envelope of every refused request. " + codesText(sortedCodes(codeMeaning)),
		"required":    []string{"code", "msg"},
		"properties": map[string]any{
			"code":   map[string]any{"type": "integer", "enum": sortedCodes(codeMeaning), "description": "business code"},
			"msg":    map[string]any{"type": "string", "description": "message in the request's language"},
			"result": map[string]any{"description": "details some errors carry (e.g. a process model's issues)"},
			"fields": fieldsSchema(),
		},
	}
	doc := map[string]any{
		"openapi": "3.0.3",
		"info": map[string]any{"title": "Venue Platform API", "version": version,
			"description": "Every answer is an envelope {code, msg, result, fields}; code 10000 is success. " + codesText(sortedCodes(codeMeaning))},
		"servers": []map[string]any{{"url": "/api"}},
		"paths":   paths,
		"components": map[string]any{
			"schemas":         g.components,
			"securitySchemes": map[string]any{"token": map[string]any{"type": "apiKey", "in": "header", "name": "Authorization"}},
		},
	}
	// Indented, so the committed snapshot (console/src/services/openapi.json)
	// is the served document byte for byte and its diffs are readable.
	raw, _ := json.MarshalIndent(doc, "", "  ")
	return append(raw, '\n')
}

func operationID(rt Route) string {
	return strings.ToLower(rt.Method) + strings.NewReplacer("/", "_", ":", "", "{", "", "}", "", "*", "", ".", "_").Replace(rt.Path)
}

func pathParamSchema(name string) map[string]any {
	if name == "id" || strings.HasSuffix(name, "Id") || strings.HasSuffix(name, "ID") {
		return map[string]any{"type": "integer", "format": "int64", "minimum": 1}
	}
	return map[string]any{"type": "string"}
}

func fieldsSchema() map[string]any {
	return map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"},
		"description": "each bad field (JSON name) with its localized message"}
}

func sortedCodes(m map[int]string) []int {
	out := make([]int, 0, len(m))
	for c := range m {
		out = append(out, c)
	}
	sort.Ints(out)
	return out
}

func codesText(codes []int) string {
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%d (HTTP %d) %s", c, codeStatus[c], codeMeaning[c])
	}
	return "Codes: " + strings.Join(parts, "; ") + "."
}

// responses is the success envelope with the route's result, plus one
// error envelope per HTTP status the route's error codes use.
func (g *schemaGen) responses(rt Route) map[string]any {
	errs := rt.ErrorCodes()
	out := map[string]any{}
	if rt.Raw && rt.Result == nil {
		out["200"] = map[string]any{"description": "a file or document the handler writes itself",
			"content": map[string]any{"application/octet-stream": map[string]any{"schema": map[string]any{"type": "string", "format": "binary"}}}}
	} else {
		var result map[string]any
		if rt.Result != nil {
			result = g.schema(reflect.TypeOf(rt.Result), modeResponse)
		} else {
			result = map[string]any{"nullable": true, "description": "null"}
		}
		okCodes := []int{CodeOK}
		for _, c := range errs {
			if codeStatus[c] == http.StatusOK {
				okCodes = append(okCodes, c)
			}
		}
		out["200"] = map[string]any{"description": "Envelope; code 10000 with the result on success. " + codesText(okCodes),
			"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{
				"type":     "object",
				"required": []string{"code", "msg", "result"},
				"properties": map[string]any{
					"code":   map[string]any{"type": "integer", "enum": okCodes},
					"msg":    map[string]any{"type": "string"},
					"result": result,
					"fields": fieldsSchema(),
				},
			}}}}
	}
	byStatus := map[int][]int{}
	for _, c := range errs {
		if s := codeStatus[c]; s != http.StatusOK {
			byStatus[s] = append(byStatus[s], c)
		}
	}
	for status, codes := range byStatus {
		out[strconv.Itoa(status)] = map[string]any{"description": codesText(codes),
			"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/api.ErrorEnvelope"}}}}
	}
	return out
}

func openAPIPath(p string) (string, []string) {
	parts := strings.Split(p, "/")
	var params []string
	for i, s := range parts {
		if strings.HasPrefix(s, ":") || strings.HasPrefix(s, "*") {
			params = append(params, s[1:])
			parts[i] = "{" + s[1:] + "}"
		}
	}
	return strings.Join(parts, "/"), params
}

type schemaMode int

const (
	modeResponse schemaMode = iota
	modeRequest
)

type schemaGen struct {
	components map[string]any
	// inResponses holds the named types reachable from a route's Result:
	// their request schema needs a name of its own.
	inResponses map[reflect.Type]bool
}

func newSchemaGen(routes []Route) *schemaGen {
	g := &schemaGen{components: map[string]any{}, inResponses: map[reflect.Type]bool{}}
	for _, rt := range routes {
		if rt.Result != nil {
			g.collect(reflect.TypeOf(rt.Result))
		}
	}
	return g
}

func (g *schemaGen) collect(t reflect.Type) {
	t = derefType(t)
	switch t.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		g.collect(t.Elem())
	case reflect.Struct:
		if t.Name() != "" {
			if g.inResponses[t] {
				return
			}
			g.inResponses[t] = true
		}
		for _, f := range jsonFields(t) {
			g.collect(f.f.Type)
		}
	}
}

var (
	timeType     = reflect.TypeOf(time.Time{})
	durationType = reflect.TypeOf(time.Duration(0))
	rawType      = reflect.TypeOf(json.RawMessage(nil))
	providerType = reflect.TypeOf((*SchemaProvider)(nil)).Elem()
)

func (g *schemaGen) schema(t reflect.Type, mode schemaMode) map[string]any {
	t = derefType(t)
	if t.Implements(providerType) {
		return reflect.Zero(t).Interface().(SchemaProvider).OpenAPISchema()
	}
	if reflect.PointerTo(t).Implements(providerType) {
		return reflect.New(t).Interface().(SchemaProvider).OpenAPISchema()
	}
	switch t {
	case timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case rawType:
		return map[string]any{"description": "any JSON value"}
	case durationType:
		return map[string]any{"type": "integer", "format": "int64", "description": "nanoseconds"}
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int64, reflect.Uint64:
		s := map[string]any{"type": "integer", "format": "int64"}
		if t.Kind() == reflect.Uint64 {
			s["minimum"] = 0
		}
		return s
	case reflect.Int32:
		return map[string]any{"type": "integer", "format": "int32"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Int, reflect.Int8, reflect.Int16:
		return map[string]any{"type": "integer"}
	case reflect.Float32:
		return map[string]any{"type": "number", "format": "float"}
	case reflect.Float64:
		return map[string]any{"type": "number", "format": "double"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "format": "byte"}
		}
		return map[string]any{"type": "array", "items": g.schema(t.Elem(), mode)}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem(), mode)}
	case reflect.Struct:
		name := componentName(t)
		if name == "" {
			return g.object(t, mode)
		}
		if mode == modeRequest && g.inResponses[t] {
			name += "Request"
		}
		if _, ok := g.components[name]; !ok {
			g.components[name] = map[string]any{} // guards recursion
			g.components[name] = g.object(t, mode)
		}
		return map[string]any{"$ref": "#/components/schemas/" + name}
	}
	return map[string]any{}
}

var pkgPathRe = regexp.MustCompile(`[A-Za-z0-9_.\-]+/`)

// componentName is "package.Type"; a generic type names its arguments by
// package and type too: api.Page[cuisine.CategoryView] → api.Page_cuisine.CategoryView.
func componentName(t reflect.Type) string {
	if t.Name() == "" {
		return ""
	}
	pkg := t.PkgPath()
	name := t.Name()
	if i := strings.Index(name, "["); i >= 0 {
		args := pkgPathRe.ReplaceAllString(name[i+1:len(name)-1], "")
		args = strings.NewReplacer("[]", "List_", "*", "", "[", "_", "]", "", ",", "_", " ", "").Replace(args)
		name = name[:i] + "_" + args
	}
	return pkg[strings.LastIndex(pkg, "/")+1:] + "." + name
}

// field is one JSON property of a struct, embedded structs flattened.
type field struct {
	name string
	f    reflect.StructField
}

func jsonFields(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, skip := jsonName(f)
		if skip || (!f.IsExported() && !f.Anonymous) {
			continue
		}
		if f.Anonymous && name == "" {
			if inner := derefType(f.Type); inner.Kind() == reflect.Struct {
				out = append(out, jsonFields(inner)...)
			}
			continue
		}
		out = append(out, field{name, f})
	}
	return out
}

func (g *schemaGen) object(t reflect.Type, mode schemaMode) map[string]any {
	props := map[string]any{}
	required := []string{}
	for _, fl := range jsonFields(t) {
		f := fl.f
		s := g.schema(f.Type, mode)
		if jsonOption(f, "string") {
			s = map[string]any{"type": "string"}
		}
		s = annotate(s, f, mode)
		props[fl.name] = s
		if isRequired(f, mode) {
			required = append(required, fl.name)
		}
	}
	out := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		out["required"] = required
	}
	return out
}

func isRequired(f reflect.StructField, mode schemaMode) bool {
	if mode == modeRequest {
		return hasOption(f.Tag.Get("api"), "required")
	}
	return !jsonOption(f, "omitempty")
}

// annotate adds the field's tags to its schema; on a list or a map, type,
// enum, format and example describe its elements (values). A reference is
// wrapped in allOf, as OpenAPI 3.0 ignores the siblings of $ref.
func annotate(s map[string]any, f reflect.StructField, mode schemaMode) map[string]any {
	out := copyMap(s)
	if _, ref := s["$ref"]; ref {
		out = map[string]any{"allOf": []any{s}}
	}
	target, elem := out, derefType(f.Type)
	for _, key := range []string{"items", "additionalProperties"} {
		if inner, ok := out[key].(map[string]any); ok {
			target = copyMap(inner)
			out[key] = target
			elem = derefType(elem.Elem())
		}
	}
	if _, ref := target["$ref"]; !ref {
		if v := f.Tag.Get("type"); v != "" && freeForm(elem) {
			setType(target, v)
		}
		if v := f.Tag.Get("format"); v != "" {
			target["format"] = v
		}
		if v := f.Tag.Get("enum"); v != "" {
			var vals []any
			for _, e := range strings.Split(v, ",") {
				vals = append(vals, parseAs(elem, strings.TrimSpace(e)))
			}
			target["enum"] = vals
		}
		if v, ok := f.Tag.Lookup("example"); ok {
			target["example"] = parseAs(elem, v)
		}
	}
	if d := f.Tag.Get("doc"); d != "" {
		out["description"] = d
	}
	// A response writes a nil pointer as null unless omitempty leaves it
	// out; a request may send null for it (read as absent).
	if f.Type.Kind() == reflect.Pointer && (mode == modeRequest || !jsonOption(f, "omitempty")) && !hasOption(f.Tag.Get("api"), "notnull") {
		out["nullable"] = true
	}
	if _, ref := out["allOf"]; ref && len(out) == 1 {
		return s
	}
	return out
}

// freeForm is a type whose JSON the Go type does not say: any value.
func freeForm(t reflect.Type) bool {
	return t == rawType || t.Kind() == reflect.Interface
}

// setType states the JSON type of a free-form value: one type, or one of
// several ("number,string").
func setType(s map[string]any, v string) {
	delete(s, "description")
	types := strings.Split(v, ",")
	if len(types) == 1 {
		s["type"] = strings.TrimSpace(v)
		if s["type"] == "object" {
			s["additionalProperties"] = map[string]any{}
		}
		return
	}
	var alts []any
	for _, t := range types {
		alts = append(alts, map[string]any{"type": strings.TrimSpace(t)})
	}
	s["oneOf"] = alts
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m)+2)
	for k, v := range m {
		out[k] = v
	}
	return out
}

// parseAs reads a tag value as a value of t's kind (numbers, booleans).
func parseAs(t reflect.Type, v string) any {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	case reflect.Float32, reflect.Float64:
		if n, err := strconv.ParseFloat(v, 64); err == nil {
			return n
		}
	case reflect.Bool:
		if b, err := strconv.ParseBool(v); err == nil {
			return b
		}
	}
	return v
}

// example builds a request body example from the type: a field's example
// tag, else its first enum value, else a value of its kind.
func example(t reflect.Type, depth int) any {
	t = derefType(t)
	if depth > 6 {
		return nil
	}
	switch t {
	case timeType:
		return "2026-05-01T12:00:00Z"
	case rawType:
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Bool:
		return false
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return 1
	case reflect.Float32, reflect.Float64:
		return 1.5
	case reflect.String:
		return "text"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return ""
		}
		return []any{example(t.Elem(), depth+1)}
	case reflect.Map:
		return map[string]any{"key": example(t.Elem(), depth+1)}
	case reflect.Struct:
		out := map[string]any{}
		for _, fl := range jsonFields(t) {
			f := fl.f
			elem := derefType(f.Type)
			isList := elem.Kind() == reflect.Slice && elem.Elem().Kind() != reflect.Uint8
			isMap := elem.Kind() == reflect.Map
			// a tag's value describes a list's elements and a map's values
			tagged := func(s string) any {
				switch {
				case isList:
					return []any{parseAs(derefType(elem.Elem()), s)}
				case isMap:
					return map[string]any{"key": parseAs(derefType(elem.Elem()), s)}
				}
				return parseAs(elem, s)
			}
			var v any
			if ex, ok := f.Tag.Lookup("example"); ok {
				v = tagged(ex)
			} else if en := f.Tag.Get("enum"); en != "" {
				v = tagged(strings.TrimSpace(strings.Split(en, ",")[0]))
			} else {
				v = example(f.Type, depth+1)
			}
			if jsonOption(f, "string") {
				v = fmt.Sprint(v)
			}
			out[fl.name] = v
		}
		return out
	}
	return nil
}

func (g *schemaGen) queryParams(t reflect.Type) []map[string]any {
	t = derefType(t)
	var out []map[string]any
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			out = append(out, g.queryParams(f.Type)...)
			continue
		}
		name := strings.Split(f.Tag.Get("form"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		s := annotate(g.schema(f.Type, modeRequest), f, modeRequest)
		p := map[string]any{"name": name, "in": "query", "schema": s}
		if d, ok := s["description"]; ok {
			p["description"] = d
		}
		if hasOption(f.Tag.Get("api"), "required") {
			p["required"] = true
		}
		out = append(out, p)
	}
	return out
}

func hasOption(tag, opt string) bool {
	for _, o := range strings.Split(tag, ",") {
		if strings.TrimSpace(o) == opt {
			return true
		}
	}
	return false
}

// jsonOption reports an option of the field's json tag (after its name).
func jsonOption(f reflect.StructField, opt string) bool {
	_, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
	return hasOption(opts, opt)
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func jsonName(f reflect.StructField) (string, bool) {
	tag := f.Tag.Get("json")
	if tag == "-" {
		return "", true
	}
	name := strings.Split(tag, ",")[0]
	if name == "" && !f.Anonymous {
		name = f.Name
	}
	return name, false
}
