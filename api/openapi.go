package api

import (
	"encoding/json"
	"reflect"
	"strings"
	"time"
)

// OpenAPI renders an OpenAPI 3 document of the declared routes, with
// request and response schemas derived from the declared Go types.
func OpenAPI(routes []Route, version string) []byte {
	g := &schemaGen{components: map[string]any{}}
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		path, params := openAPIPath(rt.Path)
		op := map[string]any{
			"summary":     rt.Summary,
			"tags":        []string{rt.Module},
			"operationId": strings.ToLower(rt.Method) + strings.NewReplacer("/", "_", ":", "", "{", "", "}", "").Replace(rt.Path),
			"x-access":    rt.Access.String(),
		}
		if code := rt.Operation(); code != "" {
			op["x-operation"] = code
		}
		if rt.Access != Public {
			op["security"] = []map[string][]string{{"token": {}}}
		}
		var parameters []map[string]any
		for _, p := range params {
			parameters = append(parameters, map[string]any{"name": p, "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		if rt.Query != nil {
			parameters = append(parameters, g.queryParams(reflect.TypeOf(rt.Query))...)
		}
		if len(parameters) > 0 {
			op["parameters"] = parameters
		}
		if rt.Body != nil {
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"application/json": map[string]any{"schema": g.schema(reflect.TypeOf(rt.Body))},
			}}
		}
		result := map[string]any{}
		if rt.Result != nil {
			result = g.schema(reflect.TypeOf(rt.Result))
		}
		op["responses"] = map[string]any{
			"200": map[string]any{"description": "envelope; code 10000 on success", "content": map[string]any{
				"application/json": map[string]any{"schema": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"code": map[string]any{"type": "integer"}, "msg": map[string]any{"type": "string"},
						"result": result, "fields": map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
					},
				}},
			}},
			"401": map[string]any{"description": "no, invalid, expired or revoked token"},
			"403": map[string]any{"description": "operation not permitted"},
		}
		if paths[path] == nil {
			paths[path] = map[string]any{}
		}
		paths[path][strings.ToLower(rt.Method)] = op
	}
	doc := map[string]any{
		"openapi": "3.0.3",
		"info":    map[string]any{"title": "Venue Platform API", "version": version},
		"servers": []map[string]any{{"url": "/api"}},
		"paths":   paths,
		"components": map[string]any{
			"schemas":         g.components,
			"securitySchemes": map[string]any{"token": map[string]any{"type": "apiKey", "in": "header", "name": "Authorization"}},
		},
	}
	raw, _ := json.Marshal(doc)
	return raw
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

type schemaGen struct{ components map[string]any }

var timeType = reflect.TypeOf(time.Time{})

func (g *schemaGen) schema(t reflect.Type) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == timeType {
		return map[string]any{"type": "string", "format": "date-time"}
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "format": "byte"}
		}
		return map[string]any{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.Struct:
		name := componentName(t)
		if name == "" {
			return g.object(t)
		}
		if _, ok := g.components[name]; !ok {
			g.components[name] = map[string]any{} // guards recursion
			g.components[name] = g.object(t)
		}
		return map[string]any{"$ref": "#/components/schemas/" + name}
	}
	return map[string]any{}
}

func componentName(t reflect.Type) string {
	if t.Name() == "" {
		return ""
	}
	pkg := t.PkgPath()
	name := t.Name()
	if i := strings.Index(name, "["); i >= 0 {
		name = name[:i] + "_" + strings.NewReplacer("[", "", "]", "", ".", "_", "/", "_", "*", "").Replace(name[i:])
		if len(name) > 80 {
			name = name[:80]
		}
	}
	return pkg[strings.LastIndex(pkg, "/")+1:] + "." + name
}

func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, skip := jsonName(f)
		if skip {
			continue
		}
		if f.Anonymous && name == "" {
			if inner, ok := g.object(derefType(f.Type))["properties"].(map[string]any); ok {
				for k, v := range inner {
					props[k] = v
				}
			}
			continue
		}
		props[name] = g.schema(f.Type)
	}
	return map[string]any{"type": "object", "properties": props}
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
		out = append(out, map[string]any{"name": name, "in": "query", "schema": g.schema(f.Type)})
	}
	return out
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
