package sys_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

func login(env *platformtest.Env, user, pw, addr string) platformtest.Envelope {
	return env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/loginjwt", RemoteAddr: addr,
		Body: map[string]string{"username": user, "password": pw}})
}

// The attack: 40 wrong passwords and the right one sent at once from one
// address. Every attempt is counted before its password is compared, and a
// success inside the burst forgives nothing, so no more than the limit are
// compared whatever the order (the right one included), and after the burst
// the pair is locked: the right password too is refused. The wrong password
// whose failure sets the lock is compared but answers "locked"; the server
// logs that lock, and the test counts it among the compared.
func TestParallelGuessBurstGetsNoMoreTriesThanTheLimit(t *testing.T) {
	t.Parallel()
	var log platformtest.LogBuffer
	env := platformtest.New(t, platformtest.Options{LogTo: &log})
	const wrong = 40
	codes := make(chan int, wrong+1)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i <= wrong; i++ {
		pw := fmt.Sprintf("guess-%02d", i)
		if i == wrong {
			pw = platformtest.AdminPassword
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			codes <- login(env, "admin", pw, "203.0.113.7:5555").Code
		}()
	}
	close(start)
	wg.Wait()
	close(codes)
	compared, locked, ok := 0, 0, 0
	for c := range codes {
		switch c {
		case 10000:
			ok++
			compared++
		case sys.CodeBadCredentials:
			compared++
		case sys.CodeLocked:
			locked++
		default:
			t.Fatalf("unexpected code %d", c)
		}
	}
	// Each lock the burst's failures set is one more password compared.
	lockedByAFailure := strings.Count(log.String(), `"msg":"login locked after failed attempts","key":"u:admin|203.0.113.7"`)
	compared += lockedByAFailure
	locked -= lockedByAFailure
	limit := env.Config.LoginMaxFailures
	t.Logf("%d compared (%d succeeded), %d refused as locked", compared, ok, locked)
	if lockedByAFailure != 1 {
		t.Fatalf("%d locks logged for the pair, want the one its failures set", lockedByAFailure)
	}
	if compared > limit || locked < wrong+1-limit {
		t.Fatalf("%d passwords compared (%d succeeded), %d refused as locked; at most %d may be compared", compared, ok, locked, limit)
	}
	if res := login(env, "admin", platformtest.AdminPassword, "203.0.113.7:5555"); res.Code != sys.CodeLocked {
		t.Fatalf("right password after the burst (%d compared, %d succeeded): %d %q, want locked", compared, ok, res.Code, res.Msg)
	}
}

// The owner mistypes, logs in, and mistypes again later: a success forgives
// the typos before it, so each round gets the whole allowance and the owner
// is never locked.
func TestAnOwnersTyposAreForgivenByASuccess(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	const addr = "198.51.100.31:4000"
	limit := env.Config.LoginMaxFailures
	for round := 1; round <= 3; round++ {
		for i := 1; i < limit; i++ {
			if res := login(env, "admin", fmt.Sprintf("typo-%d-%d", round, i), addr); res.Code != sys.CodeBadCredentials {
				t.Fatalf("round %d, typo %d: %d %q, want bad credentials", round, i, res.Code, res.Msg)
			}
		}
		platformtest.OK(t, login(env, "admin", platformtest.AdminPassword, addr))
	}
}

// Several devices of one account log in at once from one address (tablets
// behind a venue's router): each succeeds, and none leaves a count behind
// that locks the next login.
func TestParallelRightLoginsLeaveNoCount(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	const addr = "198.51.100.32:4000"
	limit := env.Config.LoginMaxFailures
	for round := 0; round < 3; round++ {
		results := make(chan platformtest.Envelope, limit)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := 0; i < limit; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				results <- login(env, "admin", platformtest.AdminPassword, addr)
			}()
		}
		close(start)
		wg.Wait()
		close(results)
		for res := range results {
			platformtest.OK(t, res)
		}
	}
	// The whole allowance of typos is still there.
	for i := 1; i < limit; i++ {
		if res := login(env, "admin", fmt.Sprintf("typo-%d", i), addr); res.Code != sys.CodeBadCredentials {
			t.Fatalf("typo %d after the parallel logins: %d %q", i, res.Code, res.Msg)
		}
	}
	platformtest.OK(t, login(env, "admin", platformtest.AdminPassword, addr))
}

// The attack: a guesser locks the administrator's name from their own
// address; the administrator at another address still logs in.
func TestAGuesserCannotLockTheOwnerOut(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t)
	for i := 0; i < env.Config.LoginMaxFailures; i++ {
		login(env, "admin", "wrong-pw", "198.51.100.66:4000")
	}
	if res := login(env, "admin", platformtest.AdminPassword, "198.51.100.66:4000"); res.Code != sys.CodeLocked {
		t.Fatalf("guesser's address: %d %q, want locked", res.Code, res.Msg)
	}
	platformtest.OK(t, login(env, "admin", platformtest.AdminPassword, "192.0.2.200:1234"))
}

// The attack: one address tries one password on many account names.
func TestOneAddressGuessingAcrossAccountsIsThrottled(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Config: func(c *config.Config) { c.LoginMaxFailuresPerAddress = 8 }})
	const addr = "198.51.100.9:999"
	for i := 1; i <= 8; i++ {
		res := login(env, fmt.Sprintf("staff%d", i), "Summer2024", addr)
		want := sys.CodeBadCredentials
		if i == 8 {
			want = sys.CodeLocked
		}
		if res.Code != want {
			t.Fatalf("account %d: %d %q, want %d", i, res.Code, res.Msg, want)
		}
	}
	if res := login(env, "admin", platformtest.AdminPassword, addr); res.Code != sys.CodeLocked {
		t.Fatalf("throttled address, other account: %d %q", res.Code, res.Msg)
	}
	platformtest.OK(t, login(env, "admin", platformtest.AdminPassword, "192.0.2.1:80"))
}

func TestAdministratorUnlocksAUserFromTheUsersPage(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	admin := env.AdminToken()
	for i := 0; i < env.Config.LoginMaxFailures; i++ {
		login(env, "Demo_Waiter", "wrong-pw", "203.0.113.50:1")
	}
	if res := login(env, "demo_waiter", sys.DemoPassword, "203.0.113.50:1"); res.Code != sys.CodeLocked {
		t.Fatalf("locked: %d %q", res.Code, res.Msg)
	}
	var users struct {
		Records []sys.UserView `json:"records"`
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/user?username=demo_waiter", Token: admin})).Into(t, &users)
	if len(users.Records) != 1 {
		t.Fatalf("users %+v", users.Records)
	}
	id := users.Records[0].ID
	// A waiter has no unlock operation.
	waiter := env.Login("demo_waiter", sys.DemoPassword)
	if res := env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/user/%d/unlock", id), Token: waiter}); res.Status != http.StatusForbidden {
		t.Fatalf("waiter unlock: HTTP %d", res.Status)
	}
	var out sys.UnlockResult
	platformtest.OK(t, env.Do(platformtest.Req{Method: "POST", Path: fmt.Sprintf("/api/sys/user/%d/unlock", id), Token: admin})).Into(t, &out)
	if out.Lifted != 1 {
		t.Fatalf("lifted %d", out.Lifted)
	}
	platformtest.OK(t, login(env, "demo_waiter", sys.DemoPassword, "203.0.113.50:1"))
	// The operation is listed for the role editor.
	res := env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/api?keyword=sys:user:unlock", Token: admin})
	if !strings.Contains(string(res.Result), "/sys/user/:id/unlock") {
		t.Fatalf("interface list: %s", res.Result)
	}
}

// The attack: on SQLite a user renamed themselves "Admin", and failures on
// "Admin" locked "admin". Names are one regardless of case, on every database.
func TestUserNamesAreUniqueRegardlessOfCase(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	waiter := env.Login("demo_waiter", sys.DemoPassword)
	res := env.Do(platformtest.Req{Method: "PUT", Path: "/api/sys/user/updateInfo", Token: waiter,
		Body: map[string]string{"userName": "Admin", "mobile": "13800000003"}})
	if res.Code != 10001 || res.Fields["userName"] == "" {
		t.Fatalf("renamed to Admin: %d %v", res.Code, res.Fields)
	}
	admin := env.AdminToken()
	res = env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user", Token: admin, Body: map[string]any{
		"username": "DEMO_Admin", "mobile": "13900000077", "orgId": 1, "password": "tram-lantern"}})
	if res.Code != 10001 || res.Fields["username"] == "" {
		t.Fatalf("created DEMO_Admin beside demo_admin: %d %v", res.Code, res.Fields)
	}
	// The database refuses it too, whatever path the row takes.
	err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Create(&sys.User{Username: "ADMIN", PasswordHash: "x", OrgID: 1}).Error
	if err == nil {
		t.Fatal("the database stored ADMIN beside admin")
	}
	// The name logs in whatever its case, and is one account to the lock.
	platformtest.OK(t, login(env, "Demo_Waiter", sys.DemoPassword, ""))
}
