package platformtest

import (
	"net/http"

	"github.com/venueplatform/venue/modules/sys"
)

// Module answers the application's module of type M (a pointer such as
// *cuisine.Module); the test fails when the application has none.
func Module[M any](e *Env) M {
	e.T.Helper()
	for _, m := range e.P.Modules {
		if x, ok := m.(M); ok {
			return x
		}
	}
	var none M
	e.T.Fatalf("module %T not built", none)
	return none
}

// DemoVenue answers the demo merchant's first venue (seeded with Demo).
func (e *Env) DemoVenue() sys.Org {
	e.T.Helper()
	var venue sys.Org
	if err := e.P.DB.WithContext(SystemCtx(e.T)).Where("type = ? AND name = ?", sys.OrgVenue, "Demo Bistro Riverside").Take(&venue).Error; err != nil {
		e.T.Fatal(err)
	}
	return venue
}

// LoginChanged logs in a user who must change their password first: the
// password becomes password+"x" and the new session is answered. A user who
// need not change it keeps the first session.
func (e *Env) LoginChanged(username, password string) string {
	e.T.Helper()
	tok := e.Login(username, password)
	res := e.Do(Req{Method: http.MethodPost, Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": password, "password": password + "x", "repassword": password + "x"}})
	if res.Code != 10000 {
		return tok
	}
	return e.Login(username, password+"x")
}
