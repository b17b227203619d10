package platform_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/platform/platformtest"
)

var pathParam = regexp.MustCompile(`[:*][A-Za-z]+`)

// Every declared non-public route refuses a request without a token (401)
// and a logged-in user without its operation code (403).
func TestEveryRouteChecksLoginAndOperation(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	if _, err := env.P.Sys.CreateUser(t.Context(), "nobody", "Nobody@123", nil, 0); err != nil {
		t.Fatal(err)
	}
	nobody := env.Login("nobody", "Nobody@123")
	routes := env.P.Registry.Routes()
	if len(routes) < 10 {
		t.Fatalf("only %d routes declared", len(routes))
	}
	var checked int
	for _, rt := range routes {
		if rt.Access == api.Public {
			continue
		}
		path := "/api" + pathParam.ReplaceAllString(rt.Path, "1")
		res := env.Do(platformtest.Req{Method: rt.Method, Path: path, Body: map[string]any{}})
		if res.Status != http.StatusUnauthorized {
			t.Errorf("%s %s without token: HTTP %d, want 401", rt.Method, rt.Path, res.Status)
		}
		for _, bad := range []string{"Bearer", "Bearer x.y.z", strings.Repeat("a", 40)} {
			if res := env.Do(platformtest.Req{Method: rt.Method, Path: path, Token: bad, Body: map[string]any{}}); res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s with token %q: HTTP %d, want 401", rt.Method, rt.Path, bad, res.Status)
			}
		}
		if rt.Access == api.Operation {
			res := env.Do(platformtest.Req{Method: rt.Method, Path: path, Token: nobody, Body: map[string]any{}})
			if res.Status != http.StatusForbidden || res.Code != api.CodeForbidden {
				t.Errorf("%s %s (%s) for a user without the operation: HTTP %d code %d, want 403",
					rt.Method, rt.Path, rt.Operation(), res.Status, res.Code)
			}
		}
		checked++
	}
	t.Logf("%d protected routes checked", checked)
}

func TestOpenAPIListsEveryRoute(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/openapi.json"})
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(res.Body, &doc); err != nil || doc.OpenAPI != "3.0.3" {
		t.Fatalf("openapi: %v %q", err, res.Body)
	}
	for _, rt := range env.P.Registry.Routes() {
		path := pathParam.ReplaceAllStringFunc(rt.Path, func(s string) string { return "{" + s[1:] + "}" })
		op, ok := doc.Paths[path][strings.ToLower(rt.Method)]
		if !ok {
			t.Errorf("%s %s missing from the document", rt.Method, path)
			continue
		}
		if code := rt.Operation(); code != "" && op["x-operation"] != code {
			t.Errorf("%s %s: x-operation %v, want %s", rt.Method, path, op["x-operation"], code)
		}
	}
}

func TestUnknownAPIPathIs404AndConsolePathsAnswerTheApp(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	if res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/no/such/thing"}); res.Status != http.StatusNotFound || res.Code != api.CodeNoRoute {
		t.Fatalf("unknown api path: HTTP %d code %d", res.Status, res.Code)
	}
	res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/sys/user"})
	if res.Status != http.StatusOK || !strings.Contains(string(res.Result), "<html") {
		t.Fatalf("console route: HTTP %d %q", res.Status, res.Result)
	}
}

func TestPanicsBecomeA500Envelope(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	g := api.NewRegistry()
	g.Group("test").Handle(api.Route{Method: "GET", Path: "/boom", Access: api.Public}, func(*api.Ctx) (any, error) { panic("boom") })
	e, err := api.New(api.Options{Registry: g, Auth: env.P.Sys.Auth, Authz: env.P.Sys.Perms, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	env.Engine = e
	res := env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/boom", Locale: "zh_CN"})
	if res.Status != http.StatusInternalServerError || res.Code != api.CodeInternal || res.Msg == "" || res.Msg == "error.internal" {
		t.Fatalf("panic: HTTP %d code %d msg %q", res.Status, res.Code, res.Msg)
	}
}
