// Package routefuzz_test sends every route of the served OpenAPI document
// mutated requests — wrong types, huge and unicode strings, negative and huge
// numbers, missing and extra fields, deep nesting, malformed JSON, path
// parameters of the wrong type — as the administrator, as a merchant user
// and without a token. No answer may be a 5xx, no handler may panic, and a
// refused request may not write a row.
//
// The seed is fixed (VENUE_FUZZ_SEED overrides it) so a failure repeats;
// -short sends fewer random mutations per route; VENUE_FUZZ_PER_ROUTE sends more.
package routefuzz_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
)

// panicWatch receives the server's JSON log and keeps the lines of the
// recovery middleware ("panic") and of failed requests.
type panicWatch struct {
	mu    sync.Mutex
	lines []string
}

func (w *panicWatch) Write(p []byte) (int, error) {
	for _, l := range bytes.Split(p, []byte("\n")) {
		if bytes.Contains(l, []byte(`"msg":"panic"`)) {
			w.mu.Lock()
			w.lines = append(w.lines, string(l))
			w.mu.Unlock()
		}
	}
	return len(p), nil
}

func (w *panicWatch) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.lines
	w.lines = nil
	return out
}

type schema = map[string]any

type operation struct {
	method, path string
	access       string
	params       []param
	body         schema // nil: no declared body
}

type param struct {
	name, in string
	schema   schema
}

type caller struct {
	name  string
	token string
	login func() string
}

// audit tables record refused requests on purpose: the operation log keeps
// every write attempt with its answer, the login and tablet-pairing attempts
// count failures.
var audit = map[string]bool{"sys_oplogs": true, "sys_login_attempts": true, "advert_pair_attempts": true}

// fuzzSeed is the fixed seed, or VENUE_FUZZ_SEED's.
func fuzzSeed(t *testing.T) uint64 {
	seed := uint64(20261126)
	if s := os.Getenv("VENUE_FUZZ_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("VENUE_FUZZ_SEED: %v", err)
		}
		seed = n
	}
	return seed
}

func TestEveryRouteSurvivesMutatedRequests(t *testing.T) {
	t.Parallel()
	seed := fuzzSeed(t)
	// Bounded for CI: the full set (16 mutations and every bad path value per
	// route and caller) took 23 minutes on a busy 2-core machine. A deeper run
	// sets VENUE_FUZZ_PER_ROUTE (and a new VENUE_FUZZ_SEED for other mutations).
	perRoute, pathTries := 6, 5
	if testing.Short() {
		perRoute, pathTries = 4, 3
	}
	if s := os.Getenv("VENUE_FUZZ_PER_ROUTE"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("VENUE_FUZZ_PER_ROUTE: want a positive number, got %q", s)
		}
		perRoute, pathTries = n, min(len(badPathValues), n)
	}
	watch := &panicWatch{}
	env := platformtest.New(t, platformtest.Options{Demo: true, LogTo: watch})
	temporalkit.Start(t, env)

	callers := []*caller{
		{name: "admin", login: env.AdminToken},
		{name: "merchant", login: func() string { return env.Login("demo_admin", "Demo@12345") }},
		{name: "anonymous", login: func() string { return "" }},
	}
	for _, c := range callers {
		c.token = c.login()
	}

	ops := readOpenAPI(t, env)
	if len(ops) < 100 {
		t.Fatalf("only %d operations in the OpenAPI document", len(ops))
	}
	snap := newSnapshotter(t, env)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var before map[string]tableState
	var sent, refused int
	failures := map[string]int{} // route → failures reported, to keep the log readable
	for _, op := range ops {
		if skip(op) {
			continue
		}
		reqs := mutations(op, rng, perRoute, pathTries)
		for _, c := range callers {
			// Public routes are called without a token, the others as the
			// administrator and as a merchant user (TestEveryRouteChecksLoginAndOperation
			// covers the 401 and 403 answers).
			if (c.name == "anonymous") != (op.access == "public") {
				continue
			}
			for _, m := range reqs {
				// Rows are compared around writes: a read may be refused, but
				// it writes nothing by its route's contract.
				write := m.method != http.MethodGet
				if write && before == nil {
					before = snap.take()
				}
				status, code, body := send(env, c.token, m)
				sent++
				key := op.method + " " + op.path
				fail := func(format string, args ...any) {
					failures[key]++
					if failures[key] <= 3 {
						t.Errorf("%s as %s, %s: %s\n  request: %s", key, c.name, m.what, fmt.Sprintf(format, args...), m.describe())
					}
				}
				if status >= 500 {
					fail("HTTP %d %s", status, truncate(body, 300))
				}
				for _, l := range watch.take() {
					fail("panic logged: %s", truncate(l, 600))
				}
				isRefused := status != http.StatusOK || (code != 0 && code != api.CodeOK)
				if isRefused {
					refused++
				}
				if !write {
					before = nil
					continue
				}
				after := snap.take()
				if isRefused {
					if diff := snapshotDiff(before, after); diff != "" {
						fail("refused (HTTP %d code %d) but wrote: %s", status, code, diff)
					}
				}
				before = after
			}
			// A request that succeeded may have logged the caller out; log in
			// again so the next route is tried for real.
			if c.token != "" && !tokenWorks(env, c.token) {
				t.Logf("%s %s logged %s out", op.method, op.path, c.name)
				c.token = c.login()
				before = nil
			}
		}
	}
	t.Logf("seed %d: %d operations, %d requests, %d refused", seed, len(ops), sent, refused)
}

// skip leaves out what cannot be fuzzed through a JSON body: the health
// probes and metrics are outside /api's envelope and have no input.
func skip(op operation) bool {
	return op.path == "/openapi.json"
}

func tokenWorks(env *platformtest.Env, token string) bool {
	res := env.Do(platformtest.Req{Method: http.MethodPost, Path: "/api/sys/token/user", Token: token})
	return res.Status == http.StatusOK && res.Code == api.CodeOK
}

func readOpenAPI(t *testing.T, env *platformtest.Env) []operation {
	res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/openapi.json"})
	var doc struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Schemas map[string]schema `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(res.Body, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	resolve := func(s schema) schema { return deref(s, doc.Components.Schemas, 0) }
	var ops []operation
	for path, methods := range doc.Paths {
		for method, raw := range methods {
			var o struct {
				Access     string `json:"x-access"`
				Parameters []struct {
					Name   string `json:"name"`
					In     string `json:"in"`
					Schema schema `json:"schema"`
				} `json:"parameters"`
				RequestBody struct {
					Content map[string]struct {
						Schema schema `json:"schema"`
					} `json:"content"`
				} `json:"requestBody"`
			}
			if err := json.Unmarshal(raw, &o); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			op := operation{method: strings.ToUpper(method), path: path, access: o.Access}
			for _, p := range o.Parameters {
				op.params = append(op.params, param{name: p.Name, in: p.In, schema: resolve(p.Schema)})
			}
			if c, ok := o.RequestBody.Content["application/json"]; ok {
				op.body = resolve(c.Schema)
				if op.body == nil {
					op.body = schema{}
				}
			}
			ops = append(ops, op)
		}
	}
	sort.Slice(ops, func(i, j int) bool {
		if ops[i].path != ops[j].path {
			return ops[i].path < ops[j].path
		}
		return ops[i].method < ops[j].method
	})
	return ops
}

// deref inlines $ref, allOf and nullable wrappers, to a bounded depth (the
// schemas may be recursive).
func deref(s schema, comps map[string]schema, depth int) schema {
	if s == nil || depth > 6 {
		return schema{}
	}
	if ref, ok := s["$ref"].(string); ok {
		return deref(comps[strings.TrimPrefix(ref, "#/components/schemas/")], comps, depth+1)
	}
	out := schema{}
	for k, v := range s {
		out[k] = v
	}
	if all, ok := s["allOf"].([]any); ok && len(all) > 0 {
		if first, ok := all[0].(map[string]any); ok {
			return deref(first, comps, depth+1)
		}
	}
	if props, ok := s["properties"].(map[string]any); ok {
		np := map[string]any{}
		for k, v := range props {
			if ps, ok := v.(map[string]any); ok {
				np[k] = deref(ps, comps, depth+1)
			}
		}
		out["properties"] = np
	}
	if items, ok := s["items"].(map[string]any); ok {
		out["items"] = deref(items, comps, depth+1)
	}
	if ap, ok := s["additionalProperties"].(map[string]any); ok {
		out["additionalProperties"] = deref(ap, comps, depth+1)
	}
	return out
}

func typeOf(s schema) string {
	if t, ok := s["type"].(string); ok {
		return t
	}
	if _, ok := s["properties"]; ok {
		return "object"
	}
	return ""
}

// plausible is a well-typed value for s: what a client that read the
// document would send.
func plausible(s schema, depth int) any {
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	switch typeOf(s) {
	case "string":
		switch s["format"] {
		case "date-time":
			return "2026-11-26T12:00:00Z"
		case "date":
			return "2026-11-26"
		}
		return "fuzz"
	case "integer":
		return 1
	case "number":
		return 1.5
	case "boolean":
		return true
	case "array":
		if depth > 4 {
			return []any{}
		}
		items, _ := s["items"].(map[string]any)
		return []any{plausible(items, depth+1)}
	case "object":
		out := map[string]any{}
		if depth > 4 {
			return out
		}
		props, _ := s["properties"].(map[string]any)
		for k, v := range props {
			ps, _ := v.(map[string]any)
			out[k] = plausible(ps, depth+1)
		}
		if ap, ok := s["additionalProperties"].(map[string]any); ok && len(props) == 0 {
			out["fuzz"] = plausible(ap, depth+1)
		}
		return out
	}
	return "fuzz"
}

var (
	hugeString    = strings.Repeat("é漢🍜a", 20000) // ~200 KB of UTF-8
	unicodeValues = []any{
		"", " ", "\u0000", "ünïcødé 中文 العربية 🍜🍣 \u202e\u200b", "'; DROP TABLE sys_users; --",
		"<script>alert(1)</script>", "../../../../etc/passwd", "%s%n%x", "null", "1e309", "-1", "NaN",
		strings.Repeat("x", 300), strings.Repeat("🍜", 1000),
	}
	numberValues = []any{
		-1, 0, -9223372036854775808, 9223372036854775807, json.Number("18446744073709551616"),
		json.Number("1e308"), json.Number("-1e308"), 1.5, -0.0001, 4294967296, json.Number("99999999999999999999999999"),
	}
)

// wrongType is a value of another JSON type than s's.
func wrongType(s schema, rng *rand.Rand) any {
	choices := map[string][]any{
		"string":  {12345, true, map[string]any{"a": 1}, []any{"a"}, 1.5},
		"integer": {"abc", "1", true, 1.5, []any{1}, map[string]any{}},
		"number":  {"abc", true, []any{1.5}, map[string]any{}},
		"boolean": {"yes", 1, "true", []any{}, map[string]any{}},
		"array":   {"a", 1, map[string]any{"0": 1}, true},
		"object":  {"a", 1, []any{1, 2}, true},
	}[typeOf(s)]
	if len(choices) == 0 {
		choices = []any{12345, "abc", []any{}, map[string]any{}}
	}
	return choices[rng.IntN(len(choices))]
}

// extreme is an edge value of s's own type.
func extreme(s schema, rng *rand.Rand) any {
	switch typeOf(s) {
	case "string":
		if rng.IntN(6) == 0 {
			return hugeString
		}
		return unicodeValues[rng.IntN(len(unicodeValues))]
	case "integer", "number":
		return numberValues[rng.IntN(len(numberValues))]
	case "array":
		items, _ := s["items"].(map[string]any)
		n := 2000
		out := make([]any, n)
		for i := range out {
			out[i] = plausible(items, 3)
		}
		if rng.IntN(2) == 0 {
			return []any{}
		}
		return out
	case "object":
		return map[string]any{}
	case "boolean":
		return nil
	}
	return nil
}

func deepNesting(n int) json.RawMessage {
	return json.RawMessage(strings.Repeat("[", n) + strings.Repeat("]", n))
}

type request struct {
	method, path string
	query        url.Values
	raw          []byte // body; nil = none
	what         string
}

func (r request) describe() string {
	s := r.method + " " + r.path
	if len(r.query) > 0 {
		s += "?" + r.query.Encode()
	}
	if r.raw != nil {
		s += " " + truncate(string(r.raw), 400)
	}
	return s
}

var badPathValues = []string{"abc", "-1", "0", "99999999999999999999", "1.5", "%F0%9F%8D%9C", "%00", "1%20OR%201=1",
	strings.Repeat("9", 400), "%27%22", "..%2F..%2Fetc"}

// mutations are the requests tried on op: fixed ones (malformed JSON, other
// JSON types, an empty object, deep nesting, extra fields, bad path
// parameters), then n random field mutations, each one bad thing at a time.
func mutations(op operation, rng *rand.Rand, n, pathTries int) []request {
	pathWith := func(bad string) string {
		p := op.path
		for _, pr := range op.params {
			if pr.in != "path" {
				continue
			}
			// A row that does not exist: plausible requests must not
			// change the callers' own accounts or the demo data.
			v := "999999"
			if bad != "" {
				v = bad
			}
			p = strings.Replace(p, "{"+pr.name+"}", v, 1)
		}
		return "/api" + p
	}
	var queryParams []param
	hasPathParams := false
	for _, p := range op.params {
		switch p.in {
		case "query":
			queryParams = append(queryParams, p)
		case "path":
			hasPathParams = true
		}
	}
	goodQuery := url.Values{}
	for _, p := range queryParams {
		goodQuery.Set(p.name, fmt.Sprint(plausible(p.schema, 0)))
	}
	var base any
	if op.body != nil {
		base = plausible(op.body, 0)
	}
	encode := func(v any) []byte {
		raw, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		return raw
	}
	var out []request
	add := func(what string, path string, q url.Values, raw []byte) {
		if raw == nil && op.method != http.MethodGet && op.method != http.MethodDelete {
			raw = []byte("{}")
		}
		out = append(out, request{method: op.method, path: path, query: q, raw: raw, what: what})
	}
	baseRaw := []byte(nil)
	if base != nil {
		baseRaw = encode(base)
	}
	add("plausible request", pathWith(""), goodQuery, baseRaw)
	if hasPathParams {
		for _, i := range rng.Perm(len(badPathValues))[:pathTries] {
			v := badPathValues[i]
			add("path parameter "+truncate(v, 20), pathWith(v), goodQuery, baseRaw)
		}
	}
	if op.method != http.MethodGet {
		add("malformed JSON", pathWith(""), goodQuery, []byte(`{"a":`))
		add("JSON array body", pathWith(""), goodQuery, []byte(`[1,2,3]`))
		add("JSON string body", pathWith(""), goodQuery, []byte(`"x"`))
		add("JSON null body", pathWith(""), goodQuery, []byte(`null`))
		add("empty object", pathWith(""), goodQuery, []byte(`{}`))
		add("deeply nested body", pathWith(""), goodQuery, encode(map[string]any{"a": deepNesting(5000)}))
		add("invalid UTF-8", pathWith(""), goodQuery, []byte("{\"name\":\"\xff\xfe\"}"))
		if m, ok := base.(map[string]any); ok {
			extra := clone(m).(map[string]any)
			extra["zzExtra"] = map[string]any{"nested": []any{1, "two", nil}}
			extra["__proto__"] = "x"
			add("extra fields", pathWith(""), goodQuery, encode(extra))
		}
	}
	for i := 0; i < n; i++ {
		switch {
		case len(queryParams) > 0 && (base == nil || rng.IntN(2) == 0):
			p := queryParams[rng.IntN(len(queryParams))]
			q := url.Values{}
			for k, v := range goodQuery {
				q[k] = v
			}
			var v any
			what := "query " + p.name
			switch rng.IntN(3) {
			case 0:
				v, what = wrongType(p.schema, rng), what+" wrong type"
			case 1:
				v, what = extreme(p.schema, rng), what+" extreme"
			default:
				v, what = badPathValues[rng.IntN(len(badPathValues))], what+" bad text"
			}
			if s, ok := v.(string); ok && len(s) > 4000 {
				v = s[:4000]
			}
			q.Set(p.name, fmt.Sprint(v))
			add(what, pathWith(""), q, baseRaw)
		case base != nil:
			body := clone(base)
			what := mutateOne(&body, op.body, rng, "")
			add(what, pathWith(""), goodQuery, encode(body))
		}
	}
	return out
}

// mutateOne changes one randomly chosen value inside v (described by s):
// a wrong type, an extreme value, a removed field or deep nesting.
func mutateOne(v *any, s schema, rng *rand.Rand, at string) string {
	if m, ok := (*v).(map[string]any); ok && len(m) > 0 && rng.IntN(4) != 0 {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		k := keys[rng.IntN(len(keys))]
		props, _ := s["properties"].(map[string]any)
		ps, _ := props[k].(map[string]any)
		if ps == nil {
			ps, _ = s["additionalProperties"].(map[string]any)
		}
		if rng.IntN(5) == 0 {
			delete(m, k)
			return "missing " + at + k
		}
		child := m[k]
		what := mutateOne(&child, ps, rng, at+k+".")
		m[k] = child
		return what
	}
	if a, ok := (*v).([]any); ok && len(a) > 0 && rng.IntN(3) != 0 {
		items, _ := s["items"].(map[string]any)
		child := a[0]
		what := mutateOne(&child, items, rng, at+"0.")
		a[0] = child
		return what
	}
	name := strings.TrimSuffix(at, ".")
	if name == "" {
		name = "body"
	}
	switch rng.IntN(7) {
	case 0, 1:
		*v = wrongType(s, rng)
		return name + " wrong type"
	case 2:
		*v = deepNesting(200 + rng.IntN(2000))
		return name + " deep nesting"
	case 3:
		*v = nil
		return name + " null"
	default:
		*v = extreme(s, rng)
		return name + " extreme value"
	}
}

func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	}
	return v
}

func send(env *platformtest.Env, token string, r request) (status, code int, body string) {
	target := r.path
	if len(r.query) > 0 {
		target += "?" + r.query.Encode()
	}
	var rd *bytes.Reader
	if r.raw != nil {
		rd = bytes.NewReader(r.raw)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(r.method, target, rd)
	if r.raw != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	req.RemoteAddr = "198.51.100.7:4321"
	w := httptest.NewRecorder()
	env.Engine.ServeHTTP(w, req)
	var envl struct {
		Code int `json:"code"`
	}
	if strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		_ = json.Unmarshal(w.Body.Bytes(), &envl)
	}
	return w.Code, envl.Code, w.Body.String()
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("…(%d bytes)", len(s))
}
