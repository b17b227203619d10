package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// An SQLite installation with the demo data moves to MySQL with `venue
// export` / `venue import` and back, row for row: the exports of all three
// databases are the same bytes. A broken dump changes nothing.
func TestExportImportBetweenSQLiteAndMySQL(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dsn, _ := freshMySQL(t)
	bin := buildBinary(t)
	dir := t.TempDir()
	run := func(env []string, args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), append([]string{"VENUE_LOG_LEVEL=warn", "VENUE_ADMIN_PASSWORD=Admin@12345"}, env...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("venue %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	sqliteEnv := []string{"VENUE_DATA_DIR=" + t.TempDir(), "VENUE_DB_DSN="}
	mysqlEnv := []string{"VENUE_DATA_DIR=" + t.TempDir(), "VENUE_DB_DSN=" + dsn}
	backEnv := []string{"VENUE_DATA_DIR=" + t.TempDir(), "VENUE_DB_DSN="}

	run(sqliteEnv, "seed", "--demo")
	a := filepath.Join(dir, "sqlite.jsonl")
	run(sqliteEnv, "export", "--out", a)
	run(mysqlEnv, "import", "--in", a)
	b := filepath.Join(dir, "mysql.jsonl")
	run(mysqlEnv, "export", "--out", b)
	sameDump(t, a, b)

	// A dump that breaks at its end is refused and leaves the database as it was.
	raw, _ := os.ReadFile(a)
	broken := filepath.Join(dir, "broken.jsonl")
	_ = os.WriteFile(broken, append(raw, []byte(`{"table":"sys_users","columns":["no_such_column"]}`+"\n")...), 0o600)
	cmd := exec.Command(bin, "import", "--in", broken)
	cmd.Env = append(os.Environ(), mysqlEnv...)
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "sys_users.no_such_column") {
		t.Fatalf("broken dump: %v\n%s", err, out)
	}
	b2 := filepath.Join(dir, "mysql-after-broken.jsonl")
	run(mysqlEnv, "export", "--out", b2)
	sameDump(t, a, b2)

	// And back to a new SQLite installation.
	run(backEnv, "import", "--in", b)
	c := filepath.Join(dir, "back.jsonl")
	run(backEnv, "export", "--out", c)
	sameDump(t, a, c)
}

func sameDump(t *testing.T, want, got string) {
	t.Helper()
	w, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(w, []byte(`"demo_admin"`)) || bytes.Count(w, []byte("\n")) < 200 {
		t.Fatalf("%s holds %d lines, not the demo data", want, bytes.Count(w, []byte("\n")))
	}
	if bytes.Equal(w, g) {
		return
	}
	wl, gl := strings.Split(string(w), "\n"), strings.Split(string(g), "\n")
	for i := range min(len(wl), len(gl)) {
		if wl[i] != gl[i] {
			t.Fatalf("%s differs from %s at line %d:\n want %s\n got  %s", got, want, i+1, tail(wl[i], 400), tail(gl[i], 400))
		}
	}
	t.Fatalf("%s has %d lines, %s %d", got, len(gl), want, len(wl))
}
