package sys_test

import (
	"strings"
	"testing"

	"github.com/venueplatform/venue/internal/testkit"
	"github.com/venueplatform/venue/modules/sys"
)

func TestOperationLogRecordsWritesWithSecretsMasked(t *testing.T) {
	env := testkit.New(t, testkit.Options{Demo: true})
	tok := env.Login("demo_waiter", sys.DemoPassword)
	testkit.OK(t, env.Do(testkit.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": sys.DemoPassword, "password": "Secret-99", "repassword": "Secret-99"}}))
	env.Do(testkit.Req{Method: "POST", Path: "/api/sys/token/user", Token: env.AdminToken()}) // a read: not logged
	env.P.Sys.Oplog.Flush()

	var rows []sys.Oplog
	if err := env.P.DB.WithContext(testkit.SystemCtx(t)).Order("id").Find(&rows).Error; err != nil {
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
