package sys_test

import (
	"strings"
	"testing"

	"github.com/venueplatform/venue/internal/sheet"
)

// The attack of issue 11: an import whose header is not the template's, and
// one far past the row cap; both are refused with a localized message (the
// missing columns named, the cap stated), never a 500, and nothing is written.
func TestImportRefusesAForeignHeaderAndRowsPastTheCap(t *testing.T) {
	t.Parallel()
	f := newUserFixture(t)
	foreign, _ := sheet.Write("users", []string{"a", "b"}, [][]any{{"x", "y"}})
	res := f.env.Upload("/api/sys/user/import", f.merchant, "users.xlsx", foreign)
	if res.Status != 200 || res.Code != 10001 || !strings.Contains(res.Msg, "User name") || !strings.Contains(res.Msg, "Password") {
		t.Fatalf("foreign header: %d %d %q", res.Status, res.Code, res.Msg)
	}
	res = f.env.Upload("/api/sys/area/import", f.admin, "areas.csv", []byte("a,b,c\n1,2,3\n"))
	if res.Status != 200 || res.Code != 10001 || !strings.Contains(res.Msg, "Name") {
		t.Fatalf("foreign csv header: %d %d %q", res.Status, res.Code, res.Msg)
	}
	many := make([][]any, sheet.MaxImportRows+1)
	for i := range many {
		many[i] = []any{"u", "13700000001", "", "", "1", "", "Pass@1234"}
	}
	big, _ := sheet.Write("users", []string{"username", "mobile", "realName", "email", "orgId", "roles", "password"}, many)
	res = f.env.Upload("/api/sys/user/import", f.merchant, "users.xlsx", big)
	if res.Code != 10001 || !strings.Contains(res.Msg, "5000") {
		t.Fatalf("past the cap: %d %q", res.Code, res.Msg)
	}
}
