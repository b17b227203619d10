// Package platformtest starts the whole application for tests: a fresh database
// (SQLite by default; MySQL/MariaDB when VENUE_TEST_DB=mysql, using
// VENUE_TEST_MYSQL_DSN), migrations, seeds, and the HTTP engine.
package platformtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/internal/dbx/dbxtest"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/platform"
)

// AdminPassword is the administrator's password in every test environment.
const AdminPassword = "Admin@12345"

// Env is a running application.
type Env struct {
	T       testing.TB
	P       *platform.Platform
	Engine  *gin.Engine
	Config  *config.Config
	DataDir string
}

// Options tune New.
type Options struct {
	Demo   bool                   // seed the demo merchant
	Config func(c *config.Config) // adjust the configuration
	LogTo  io.Writer              // receive the server's JSON log at info level
	// Fresh migrates and seeds a database of the test's own instead of copying
	// the package's template: for tests of migrations and seeds themselves.
	Fresh bool
}

// UseMySQL reports whether tests run against MySQL/MariaDB.
func UseMySQL() bool { return dbxtest.UseMySQL() }

// Config is a test configuration over a fresh data dir, built as a value:
// the process environment is neither read nor written, so tests that each
// hold one run in parallel. The database is left empty ("" = SQLite in the
// data dir); New puts the package's template (or a fresh database) there.
func Config(t testing.TB) *config.Config {
	t.Helper()
	cfg := config.Defaults()
	cfg.DataDir = t.TempDir()
	cfg.AdminPassword = AdminPassword
	cfg.LogLevel = "warn"
	return cfg
}

// New starts the application without Temporal, on a copy of the package's
// template database (migrated and seeded once per test binary; see Main).
func New(t testing.TB, o ...Options) *Env {
	t.Helper()
	var opt Options
	if len(o) > 0 {
		opt = o[0]
	}
	cfg := Config(t)
	if opt.Config != nil {
		opt.Config(cfg)
	}
	switch {
	case cfg.DBDSN != "":
		// The test brought its own database (a private server of a fault test).
	case opt.Fresh:
		cfg.DBDSN = dbxtest.DSN(t)
	default:
		useTemplate(t, cfg, opt.Demo)
	}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("test configuration: %v", err)
	}
	return start(t, cfg, opt)
}

// Node starts a second API node on the same database, as a load balancer
// would put beside the first.
func (e *Env) Node() *Env {
	e.T.Helper()
	return start(e.T, e.Config, Options{})
}

func start(t testing.TB, cfg *config.Config, opt Options) *Env {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	switch {
	case opt.LogTo != nil:
		log = slog.New(slog.NewJSONHandler(opt.LogTo, &slog.HandlerOptions{Level: slog.LevelInfo}))
	case testing.Verbose():
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	ctx := context.Background()
	p, err := platform.Open(ctx, cfg, log)
	if err != nil {
		t.Fatalf("open platform: %v", err)
	}
	t.Cleanup(p.Close)
	if err := p.Seed(ctx, opt.Demo); err != nil {
		t.Fatalf("seed: %v", err)
	}
	if err := p.Start(ctx); err != nil {
		t.Fatalf("start: %v", err)
	}
	h, err := p.Handler()
	if err != nil {
		t.Fatal(err)
	}
	return &Env{T: t, P: p, Engine: h, Config: cfg, DataDir: cfg.DataDir}
}

// Envelope is a decoded API answer.
type Envelope struct {
	Status int
	Code   int               `json:"code"`
	Msg    string            `json:"msg"`
	Result json.RawMessage   `json:"result"`
	Fields map[string]string `json:"fields"`
	Header http.Header       `json:"-"`
	Body   []byte            `json:"-"` // the raw body
}

// Into decodes the result into dst.
func (e Envelope) Into(t testing.TB, dst any) {
	t.Helper()
	if err := json.Unmarshal(e.Result, dst); err != nil {
		t.Fatalf("decode result %s: %v", e.Result, err)
	}
}

// Req is one request.
type Req struct {
	Method, Path, Token, Locale string
	Body                        any        // JSON body
	Form                        url.Values // urlencoded body
	Header                      map[string]string
	RemoteAddr                  string // client address; "" = 192.0.2.10:1234
}

// Do sends a request through the engine.
func (e *Env) Do(r Req) Envelope {
	e.T.Helper()
	var body io.Reader
	ct := ""
	switch {
	case r.Form != nil:
		body, ct = strings.NewReader(r.Form.Encode()), "application/x-www-form-urlencoded"
	case r.Body != nil:
		raw, err := json.Marshal(r.Body)
		if err != nil {
			e.T.Fatal(err)
		}
		body, ct = bytes.NewReader(raw), "application/json"
	}
	req := httptest.NewRequest(r.Method, r.Path, body)
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	return e.send(req, r)
}

// Upload posts a multipart file to path.
func (e *Env) Upload(path, token, filename string, content []byte) Envelope {
	e.T.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", filepath.Base(filename))
	if err != nil {
		e.T.Fatal(err)
	}
	if _, err := fw.Write(content); err != nil {
		e.T.Fatal(err)
	}
	if err := mw.Close(); err != nil {
		e.T.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return e.send(req, Req{Token: token})
}

func (e *Env) send(req *http.Request, r Req) Envelope {
	if r.Token != "" {
		req.Header.Set("Authorization", r.Token)
	}
	if r.Locale != "" {
		req.Header.Set("currentLocale", r.Locale)
	}
	for k, v := range r.Header {
		req.Header.Set(k, v)
	}
	req.RemoteAddr = "192.0.2.10:1234"
	if r.RemoteAddr != "" {
		req.RemoteAddr = r.RemoteAddr
	}
	w := httptest.NewRecorder()
	e.Engine.ServeHTTP(w, req)
	env := Envelope{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
	if strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(w.Body.Bytes(), &env); err != nil {
			e.T.Fatalf("%s %s: bad envelope %q: %v", req.Method, req.URL.Path, w.Body.String(), err)
		}
	} else {
		env.Result = w.Body.Bytes()
	}
	env.Status = w.Code
	return env
}

// Login logs a user in with a password and returns the token.
func (e *Env) Login(username, password string) string {
	e.T.Helper()
	res := e.Do(Req{Method: http.MethodPost, Path: "/api/sys/loginjwt", Body: map[string]string{"username": username, "password": password}})
	if res.Code != 10000 {
		e.T.Fatalf("login %s: %d %s", username, res.Code, res.Msg)
	}
	var out struct{ Token string }
	res.Into(e.T, &out)
	return out.Token
}

// AdminToken logs the administrator in.
func (e *Env) AdminToken() string { return e.Login("admin", AdminPassword) }

// OK fails the test unless the envelope is a success, and returns it.
func OK(t testing.TB, res Envelope) Envelope {
	t.Helper()
	if res.Status != http.StatusOK || res.Code != 10000 {
		t.Fatalf("want success, got HTTP %d code %d msg %q fields %v", res.Status, res.Code, res.Msg, res.Fields)
	}
	return res
}

// SystemCtx is a context in the system scope, for checking stored rows.
func SystemCtx(t testing.TB) context.Context {
	return tenancy.SystemContext(context.Background())
}
