package sys_test

import (
	"fmt"
	"testing"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The attack: choosing (or being given) a password a guesser tries first.
func TestPasswordsAGuesserTriesFirstAreRefused(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	tok := env.Login("demo_waiter", sys.DemoPassword) // mobile 13800000003
	for _, tc := range []struct{ pw, key string }{
		{"abc", "at least 6"},
		{"demo_waiter", "user name"},
		{"DEMO_WAITER!", "user name"},
		{"13800000003", "mobile"},
		{"x13800000003", "mobile"},
		{"123456", "common"},
		{"password1", "common"},
		{"Qwerty123", "common"},
		{"iloveyou!!", "common"},
	} {
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
			Body: map[string]string{"oldPassword": sys.DemoPassword, "password": tc.pw, "repassword": tc.pw}})
		if res.Code != 10001 || res.Fields["password"] == "" {
			t.Fatalf("%q accepted: %d %v", tc.pw, res.Code, res.Fields)
		}
		if !containsFold(res.Fields["password"], tc.key) {
			t.Errorf("%q refused with %q, want it to mention %q", tc.pw, res.Fields["password"], tc.key)
		}
	}
	// An administrator's reset and a new user's password follow the same rules.
	admin := env.AdminToken()
	var users struct {
		Records []sys.UserView `json:"records"`
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user?username=demo_waiter", Token: admin})).Into(t, &users)
	res := env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/user/%d/resetPassword", users.Records[0].ID), Token: admin,
		Body: map[string]string{"password": "12345678"}})
	if res.Code != 10001 || res.Fields["password"] == "" {
		t.Fatalf("reset to a common password: %d %v", res.Code, res.Fields)
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": sys.DemoPassword, "password": "tram-lantern", "repassword": "tram-lantern"}}))
}

func TestAStricterPasswordPolicyIsConfigurable(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true, Config: func(c *config.Config) {
		c.PasswordMinLen, c.PasswordClasses = 10, 3
	}})
	tok := env.Login("demo_waiter", sys.DemoPassword)
	for _, pw := range []string{"tram-lant", "tram-lantern"} {
		res := env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
			Body: map[string]string{"oldPassword": sys.DemoPassword, "password": pw, "repassword": pw}})
		if res.Code != 10001 || res.Fields["password"] == "" {
			t.Fatalf("%q accepted under the strict policy: %d %v", pw, res.Code, res.Fields)
		}
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": sys.DemoPassword, "password": "Tram-lantern7", "repassword": "Tram-lantern7"}}))
}

func containsFold(s, sub string) bool {
	return len(sub) == 0 || (len(s) >= len(sub) && (indexFold(s, sub) >= 0))
}

func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		match := true
		for j := 0; j < len(sub); j++ {
			a, b := s[i+j], sub[j]
			if 'A' <= a && a <= 'Z' {
				a += 'a' - 'A'
			}
			if 'A' <= b && b <= 'Z' {
				b += 'a' - 'A'
			}
			if a != b {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}
