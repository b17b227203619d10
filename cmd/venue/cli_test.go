package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// run executes a venue subcommand on a data dir and answers its output.
func run(t *testing.T, bin, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "VENUE_DATA_DIR="+dir, "VENUE_LOG_LEVEL=error", "VENUE_DB_DSN=", "VENUE_ADMIN_PASSWORD=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("venue %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// The operator commands work on the same data a serve then uses: a first
// start prints the generated administrator password once; create-merchant,
// create-user and reset-password print what an operator needs.
func TestOperatorCommands(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	first := run(t, bin, dir, "migrate")
	m := regexp.MustCompile(`password:\s+(\S+)`).FindStringSubmatch(first + run(t, bin, dir, "seed"))
	if m == nil {
		t.Fatalf("no generated admin password printed")
	}
	adminPassword := m[1]
	if again := run(t, bin, dir, "seed", "--demo"); strings.Contains(again, "password:") {
		t.Fatalf("the admin password was printed twice:\n%s", again)
	}
	out := run(t, bin, dir, "admin", "create-merchant", "--name", "Night Market", "--admin-username", "night_admin")
	for _, want := range []string{"merchant id:", "venue id:", "admin username: night_admin", "admin password:"} {
		if !strings.Contains(out, want) {
			t.Fatalf("create-merchant output lacks %q:\n%s", want, out)
		}
	}
	merchantID := regexp.MustCompile(`merchant id:\s+(\d+)`).FindStringSubmatch(out)[1]
	run(t, bin, dir, "admin", "create-user", "--username", "cashier9", "--password", "Cash@1234", "--role", "waiter", "--merchant", merchantID)
	run(t, bin, dir, "admin", "create-user", "--username", "plain", "--password", "Plain@123")
	reset := run(t, bin, dir, "admin", "reset-password", "--username", "plain")
	newPassword := regexp.MustCompile(`new password for plain: (\S+)`).FindStringSubmatch(reset)
	if newPassword == nil {
		t.Fatalf("reset-password printed %q", reset)
	}
	if out := run(t, bin, dir, "version"); strings.TrimSpace(out) == "" {
		t.Fatal("no version")
	}
	cmd := exec.Command(bin, "admin", "reset-password", "--username", "ghost")
	cmd.Env = append(os.Environ(), "VENUE_DATA_DIR="+dir, "VENUE_LOG_LEVEL=error", "VENUE_DB_DSN=")
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "no such user") {
		t.Fatalf("unknown user: %v %s", err, out)
	}

	s := startServe(t, bin, dir)
	s.login("admin", adminPassword)
	s.login("cashier9", "Cash@1234")
	s.login("demo_admin", "Demo@12345")
	tok := s.login("plain", newPassword[1])
	// A user with no role may log in and do nothing else.
	if code, _ := s.call("GET", "/api/sys/user", tok, nil); code != 403 {
		t.Fatalf("role-less user listed users: HTTP %d", code)
	}
}
