package sys_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestLoginAnswersTokenInBothBodyShapes(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	for _, tc := range []struct {
		name string
		req  platformtest.Req
	}{
		{"json loginjwt", platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": "admin", "password": platformtest.AdminPassword}}},
		{"form loginjwt", platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Form: url.Values{"username": {"admin"}, "password": {platformtest.AdminPassword}}}},
		{"form loginMobileMcc with password", platformtest.Req{Method: "POST", Path: "/api/sys/loginMobileMcc", Form: url.Values{"username": {"admin"}, "password": {platformtest.AdminPassword}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := platformtest.OK(t, env.Do(tc.req))
			var out sys.LoginResult
			res.Into(t, &out)
			if strings.Count(out.Token, ".") != 2 || out.ExpiresAt.Before(time.Now().Add(24*time.Hour)) {
				t.Fatalf("token %q expires %v", out.Token, out.ExpiresAt)
			}
			user := platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: "Bearer " + out.Token}))
			var info sys.UserInfo
			user.Into(t, &info)
			if info.UserName != "admin" || info.AdminFlag != "1" {
				t.Fatalf("user info %+v", info)
			}
		})
	}
}

func TestWrongPasswordAndUnknownUserLookAlike(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	wrong := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": "admin", "password": "nope-nope"}})
	unknown := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": "ghost", "password": "nope-nope"}})
	if wrong.Code != sys.CodeBadCredentials || unknown.Code != sys.CodeBadCredentials || wrong.Msg != unknown.Msg || wrong.Msg == "" {
		t.Fatalf("wrong=%d %q unknown=%d %q", wrong.Code, wrong.Msg, unknown.Code, unknown.Msg)
	}
	empty := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": "admin"}})
	if empty.Code != 10001 || empty.Fields["password"] == "" {
		t.Fatalf("missing password: %d %v", empty.Code, empty.Fields)
	}
}

func TestFiveFailuresLockTheAccountNameWhetherOrNotItExists(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	for _, name := range []string{"admin", "nobody-here"} {
		for i := 1; i <= 5; i++ {
			res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": name, "password": "wrong-pw"}})
			want := sys.CodeBadCredentials
			if i == 5 {
				want = sys.CodeLocked
			}
			if res.Code != want {
				t.Fatalf("%s attempt %d: code %d %q, want %d", name, i, res.Code, res.Msg, want)
			}
		}
		// Now even the right password is refused until the lock ends.
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", Body: map[string]string{"username": name, "password": platformtest.AdminPassword}})
		if res.Code != sys.CodeLocked || !strings.Contains(res.Msg, "15") {
			t.Fatalf("%s while locked: %d %q", name, res.Code, res.Msg)
		}
	}
	// The operator's reset lifts the lock.
	if _, err := env.P.Sys.ResetPassword(t.Context(), "admin", platformtest.AdminPassword); err != nil {
		t.Fatal(err)
	}
	env.AdminToken()
}

func TestLogoutRevokesOnlyThatToken(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	a, b := env.AdminToken(), env.AdminToken()
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/logoutjwt", Token: a}))
	if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: a}); res.Status != http.StatusUnauthorized {
		t.Fatalf("revoked token: HTTP %d", res.Status)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: b}))
}

func TestPasswordChangeRevokesEveryTokenAndAppliesTheRules(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	a, b := env.Login("demo_waiter", sys.DemoPassword), env.Login("demo_waiter", sys.DemoPassword)
	for _, tc := range []struct {
		body  map[string]string
		field string
		code  int
	}{
		{map[string]string{"password": "abcdef", "repassword": "abcdef"}, "oldPassword", 10001},
		{map[string]string{"oldPassword": sys.DemoPassword, "password": "abc", "repassword": "abc"}, "password", 10001},
		{map[string]string{"oldPassword": sys.DemoPassword, "password": "abcdefg", "repassword": "abcdefh"}, "repassword", 10001},
		{map[string]string{"oldPassword": "not-it", "password": "abcdefg", "repassword": "abcdefg"}, "oldPassword", sys.CodeOldPassword},
	} {
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: a, Body: tc.body})
		if res.Code != tc.code || res.Fields[tc.field] == "" {
			t.Fatalf("%v: code %d fields %v", tc.body, res.Code, res.Fields)
		}
	}
	mismatch := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: a,
		Body: map[string]string{"oldPassword": sys.DemoPassword, "password": "abcdefg", "repassword": "abcdefh"}})
	if mismatch.Msg != "The two passwords entered do not match" {
		t.Fatalf("mismatch message %q", mismatch.Msg)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: a,
		Body: map[string]string{"oldPassword": sys.DemoPassword, "password": "N3w-secret", "repassword": "N3w-secret"}}))
	for _, tok := range []string{a, b} {
		if res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok}); res.Status != http.StatusUnauthorized {
			t.Fatalf("token survived a password change: HTTP %d", res.Status)
		}
	}
	env.Login("demo_waiter", "N3w-secret")
}

func TestForgedExpiredAndAlgNoneTokensAreRefused(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	good := env.AdminToken()
	parts := strings.Split(good, ".")
	claims, _ := base64.RawURLEncoding.DecodeString(parts[1])

	noneHeader := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	forged, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims(decode(t, claims))).SignedString([]byte("someone-elses-secret-of-32-bytes!!"))
	// Claims edited under the old signature: refused for the signature.
	editedClaims := decode(t, claims)
	editedClaims["exp"] = time.Now().Add(-time.Minute).Unix()
	tampered := parts[0] + "." + base64.RawURLEncoding.EncodeToString(mustJSON(t, editedClaims)) + "." + parts[2]

	for name, tok := range map[string]string{
		"alg none":        noneHeader + "." + parts[1] + ".",
		"alg none no dot": noneHeader + "." + parts[1],
		"other secret":    forged,
		"tampered claims": tampered,
		"garbage":         "not-a-token",
	} {
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: tok})
		if res.Status != http.StatusUnauthorized || res.Code != 40100 {
			t.Errorf("%s: HTTP %d code %d", name, res.Status, res.Code)
		}
	}
}

// A token the server's own secret signed is refused once its expiry has
// passed, and for that reason (the session-expired answer, not the
// invalid-token one); the same claims with a later expiry are accepted, so
// the refusal is the expiry's.
func TestCorrectlySignedExpiredTokenIsRefusedForItsExpiry(t *testing.T) {
	t.Parallel()
	secret := "expiry-test-secret-" + strings.Repeat("k", 32)
	env := platformtest.New(t, platformtest.Options{Config: func(c *config.Config) { c.JWTSecret = secret }})
	good := strings.TrimPrefix(env.AdminToken(), "Bearer ")
	// The server signs with the configured secret: its own token verifies with it.
	var claims jwt.MapClaims
	if _, err := jwt.ParseWithClaims(good, &claims, func(*jwt.Token) (any, error) { return []byte(secret), nil },
		jwt.WithValidMethods([]string{"HS256"})); err != nil {
		t.Fatalf("the login's token does not verify with the configured secret: %v", err)
	}
	resign := func(iat, exp time.Time) string {
		c := jwt.MapClaims{}
		for k, v := range claims {
			c[k] = v
		}
		c["iat"], c["exp"] = iat.Unix(), exp.Unix()
		tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(secret))
		if err != nil {
			t.Fatal(err)
		}
		return "Bearer " + tok
	}
	now := time.Now()
	expired := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: resign(now.Add(-2*time.Hour), now.Add(-time.Minute))})
	if expired.Status != http.StatusUnauthorized || expired.Code != 40100 || expired.Msg != "Your session has expired, please log in again" {
		t.Fatalf("expired token: HTTP %d code %d %q, want 401 40100 and the session-expired message", expired.Status, expired.Code, expired.Msg)
	}
	// The same session's claims signed alike with an expiry ahead are accepted.
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/token/user", Token: resign(now.Add(-time.Minute), now.Add(time.Hour))}))
}

func decode(t *testing.T, raw []byte) map[string]any {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func mustJSON(t *testing.T, v any) []byte {
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}
