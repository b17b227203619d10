package sys_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestOperationLogRecordsWritesWithSecretsMasked(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	tok := env.Login("demo_waiter", sys.DemoPassword)
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": sys.DemoPassword, "password": "Secret-99", "repassword": "Secret-99"}}))
	env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: env.AdminToken()}) // a read: not logged
	env.P.Sys.Oplog.Flush()

	var rows []sys.Oplog
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Order("id").Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	var change *sys.Oplog
	for i := range rows {
		if rows[i].Route == "/sys/user/updatePassword" {
			change = &rows[i]
		}
		if rows[i].Route == "/sys/token/user" {
			t.Errorf("a read was logged: %+v", rows[i])
		}
		if strings.Contains(rows[i].Body, sys.DemoPassword) || strings.Contains(rows[i].Body, "Secret-99") || strings.Contains(rows[i].Body, "Admin@12345") {
			t.Errorf("a password reached the log: %q", rows[i].Body)
		}
	}
	if change == nil {
		t.Fatalf("password change not logged; rows: %+v", rows)
	}
	if change.Username != "demo_waiter" || change.Status != 200 || change.Code != 10000 || change.MerchantID == 0 ||
		change.IP == "" || !strings.Contains(change.Body, `"password":"***"`) {
		t.Fatalf("logged row %+v", change)
	}
	// Logins are logged too, with the password masked.
	found := false
	for _, r := range rows {
		if r.Route == "/sys/loginjwt" && strings.Contains(r.Body, `"username":"admin"`) {
			found = true
		}
	}
	if !found {
		t.Fatal("login not logged")
	}
}

// The list pages newest first, the same on the first and on deeper pages, within
// a time range and inside a merchant's scope.
func TestOperationLogListPagesNewestFirstInRangeAndScope(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	db := env.P.DB.WithContext(platformtest.SystemCtx(t))
	var merchantID uint64
	if err := db.Model(&sys.Org{}).Where("type = ? AND name = ?", sys.OrgMerchant, "Demo Bistro").Pluck("merchant_id", &merchantID).Error; err != nil || merchantID == 0 {
		t.Fatalf("demo merchant: %v", err)
	}
	admin, merchant := env.AdminToken(), env.Login("demo_admin", sys.DemoPassword)
	env.P.Sys.Oplog.Flush() // the logins' own rows, then none but the test's
	if err := db.Where("1 = 1").Delete(&sys.Oplog{}).Error; err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	var rows []sys.Oplog
	for i := range 60 {
		merchant := uint64(0)
		if i%2 == 0 {
			merchant = merchantID
		}
		rows = append(rows, sys.Oplog{CreatedAt: base.Add(time.Duration(i) * time.Hour), Username: fmt.Sprintf("u%02d", i),
			MerchantID: merchant, Module: "sys", Method: "PUT", Path: fmt.Sprintf("/api/x/%d", i), Status: 200, Code: 10000})
	}
	if err := db.Create(&rows).Error; err != nil {
		t.Fatal(err)
	}
	names := func(tok, query string) ([]string, int) {
		t.Helper()
		var page struct {
			Total   int         `json:"total"`
			Records []sys.Oplog `json:"records"`
		}
		platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/log?" + query, Token: tok})).Into(t, &page)
		var out []string
		for _, r := range page.Records {
			out = append(out, r.Username)
		}
		return out, page.Total
	}
	got, total := names(admin, "pageSize=5&pageNo=1")
	if total != 60 || strings.Join(got, ",") != "u59,u58,u57,u56,u55" {
		t.Fatalf("first page %v of %d", got, total)
	}
	if got, _ = names(admin, "pageSize=5&pageNo=3"); strings.Join(got, ",") != "u49,u48,u47,u46,u45" {
		t.Fatalf("third page %v", got)
	}
	// 2026-03-02: hours 24..47
	got, total = names(admin, "pageSize=5&pageNo=2&from=2026-03-02&to=2026-03-02")
	if total != 24 || strings.Join(got, ",") != "u42,u41,u40,u39,u38" {
		t.Fatalf("range page %v of %d", got, total)
	}
	got, total = names(merchant, "pageSize=4&pageNo=2&from=2026-03-02&to=2026-03-02")
	if total != 12 || strings.Join(got, ",") != "u38,u36,u34,u32" {
		t.Fatalf("merchant range page %v of %d", got, total)
	}
	// the user filter matches inside the name, case-insensitively, '_' literally
	got, total = names(admin, "pageSize=20&pageNo=1&username=5")
	if total != 15 || strings.Join(got[:4], ",") != "u59,u58,u57,u56" {
		t.Fatalf("user filter inside the name %v of %d", got, total)
	}
	if got, total = names(admin, "pageSize=20&pageNo=1&username=U0"); total != 10 || got[0] != "u09" {
		t.Fatalf("user filter, upper case %v of %d", got, total)
	}
	if _, total = names(admin, "pageSize=20&pageNo=1&username=_"); total != 0 {
		t.Fatalf("'_' matched %d rows as a wildcard", total)
	}
}

// The attack: a login body with data after the JSON value. The binder must
// refuse it, and the operation log must not store the password it holds.
func TestTrailingDataIsRefusedAndBodiesTheLogCannotParseAreNotStored(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	const secret = platformtest.AdminPassword
	for _, tc := range []struct{ ct, body string }{
		{"application/json", `{"username":"admin","password":"` + secret + `"} //`},
		{"application/json", `{"username":"admin","password":"` + secret + `"}{"username":"x"}`},
		{"application/json", `{"username":"admin","password":"` + secret + `"`},
		{"text/plain", `{"username":"admin","password":"` + secret + `"} trailing`},
		{"application/x-www-form-urlencoded", "username=admin&password=" + secret + "%zz"},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/sys/loginjwt", strings.NewReader(tc.body))
		req.Header.Set("Content-Type", tc.ct)
		w := httptest.NewRecorder()
		env.Engine.ServeHTTP(w, req)
		var res platformtest.Envelope
		if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		if res.Code != 10001 || strings.Contains(string(res.Result), "token") {
			t.Fatalf("%s %q: code %d %s (want refused as malformed)", tc.ct, tc.body, res.Code, w.Body.String())
		}
	}
	env.P.Sys.Oplog.Flush()
	var rows []sys.Oplog
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("route = ?", "/sys/loginjwt").Find(&rows).Error; err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 {
		t.Fatalf("%d login rows logged, want 5", len(rows))
	}
	for _, r := range rows {
		if strings.Contains(r.Body, secret) || !strings.Contains(r.Body, "unparseable") {
			t.Errorf("logged body %q", r.Body)
		}
	}
}

// A platform opened and closed without starting (venue migrate, seed, admin
// ...) writes what its log writer was given when it closes. (Its writer used
// not to run at all: the entries were lost, and Close waited five seconds.)
func TestOperationLogOfAPlatformNeverStartedIsWrittenAtClose(t *testing.T) {
	t.Parallel()
	cfg := platformtest.Config(t)
	ctx := t.Context()
	p, err := platform.Open(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	p.Sys.Oplog.Record(api.OplogEntry{Time: time.Now().UTC(), UserName: "operator", Module: "sys", Operation: "seed",
		Method: "CLI", Path: "venue seed", Route: "venue seed", Status: 200, Code: 10000})
	p.Close()
	again, err := platform.Open(ctx, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	var n int64
	if err := again.DB.WithContext(platformtest.SystemCtx(t)).Model(&sys.Oplog{}).Where("username = ?", "operator").Count(&n).Error; err != nil || n != 1 {
		t.Fatalf("entries written at close: %d (%v), want 1", n, err)
	}
}
