// Package faults_test runs the application through infrastructure faults.
// The Temporal outage lives in modules/process/e2e (TestTemporalFrontendOutage)
// beside the process helpers; a printer offline is covered by
// modules/printing (the virtual printer internal/printersim going away and
// coming back).
package faults_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/platform/platformtest"
)

// mariadb is a private MariaDB server on its own port and data directory.
type mariadb struct {
	t              *testing.T
	bin, dir, port string
	cmd            *exec.Cmd
	done           chan struct{}
}

func findBinary(names ...string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
		for _, d := range []string{"/usr/sbin", "/usr/bin", "/usr/local/bin"} {
			if _, err := os.Stat(filepath.Join(d, n)); err == nil {
				return filepath.Join(d, n)
			}
		}
	}
	return ""
}

func startMariaDB(t *testing.T) *mariadb {
	server, install := findBinary("mariadbd", "mysqld"), findBinary("mariadb-install-db", "mysql_install_db")
	if server == "" || install == "" {
		t.Skip("mariadbd and mariadb-install-db are not installed: the database restart test needs a private server")
	}
	dir, err := os.MkdirTemp("", "venue-mariadb-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := fmt.Sprint(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	out, err := exec.Command(install, "--no-defaults", "--datadir="+filepath.Join(dir, "data"), "--user="+currentUser(),
		"--auth-root-authentication-method=normal", "--skip-test-db").CombinedOutput()
	if err != nil {
		t.Fatalf("mariadb-install-db: %v\n%s", err, out)
	}
	m := &mariadb{t: t, bin: server, dir: dir, port: port}
	m.start()
	t.Cleanup(m.stop)
	return m
}

func currentUser() string {
	if u := os.Getenv("USER"); u != "" {
		return u
	}
	return "root"
}

func (m *mariadb) start() {
	m.cmd = exec.Command(m.bin, "--no-defaults", "--datadir="+filepath.Join(m.dir, "data"), "--port="+m.port,
		"--bind-address=127.0.0.1", "--socket="+filepath.Join(m.dir, "sock"), "--pid-file="+filepath.Join(m.dir, "pid"),
		"--user="+currentUser(), "--skip-grant-tables", "--innodb-buffer-pool-size=32M", "--skip-log-bin",
		"--log-error="+filepath.Join(m.dir, "error.log"))
	if err := m.cmd.Start(); err != nil {
		m.t.Fatalf("mariadbd: %v", err)
	}
	m.done = make(chan struct{})
	go func(c *exec.Cmd, done chan struct{}) { _ = c.Wait(); close(done) }(m.cmd, m.done)
	db, err := sql.Open("mysql", m.dsn(""))
	if err != nil {
		m.t.Fatal(err)
	}
	defer db.Close()
	deadline := time.Now().Add(2 * time.Minute)
	for db.Ping() != nil {
		select {
		case <-m.done:
			log, _ := os.ReadFile(filepath.Join(m.dir, "error.log"))
			m.t.Fatalf("mariadbd exited:\n%s", log)
		default:
		}
		if time.Now().After(deadline) {
			m.t.Fatal("mariadbd did not answer")
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// stop shuts the server down (SIGTERM: a clean shutdown, as a restart does).
func (m *mariadb) stop() {
	if m.cmd == nil || m.cmd.Process == nil {
		return
	}
	_ = m.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-m.done:
	case <-time.After(time.Minute):
		_ = m.cmd.Process.Kill()
		<-m.done
	}
	m.cmd = nil
}

func (m *mariadb) dsn(db string) string {
	c := mysql.NewConfig()
	c.User, c.Net, c.Addr, c.DBName = "root", "tcp", "127.0.0.1:"+m.port, db
	return c.FormatDSN()
}

type outcome struct {
	ok, unavailable int64 // successes; clean failures (5xx with the envelope)
}

// MariaDB is shut down and started again while requests run: requests in
// the gap fail with an error envelope (never a panic, a non-JSON answer or
// a success that was not stored), and the same process serves again once
// the database is back.
func TestMariaDBRestartUnderLoad(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts a private MariaDB server: runs without -short")
	}
	m := startMariaDB(t)
	admin, err := sql.Open("mysql", m.dsn(""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE DATABASE venue CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci"); err != nil {
		t.Fatal(err)
	}
	admin.Close()
	logs := &panicLog{}
	env := platformtest.New(t, platformtest.Options{LogTo: logs, Config: func(c *config.Config) { c.DBDSN = m.dsn("venue") }})
	srv := httptest.NewServer(env.Engine)
	t.Cleanup(srv.Close)
	token := env.AdminToken()

	var (
		phase    atomic.Int32 // 0 before, 1 down, 2 after
		mu       sync.Mutex
		got      = map[int32]*outcome{0: {}, 1: {}, 2: {}}
		created  []string
		stopLoad = make(chan struct{})
		wg       sync.WaitGroup
		seq      atomic.Int64
		problems []string
	)
	client := &http.Client{Timeout: time.Minute}
	call := func(method, path string, body any) (int, api.Envelope, error) {
		var rd *bytes.Reader
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
		req, _ := http.NewRequest(method, srv.URL+path, rd)
		req.Header.Set("Authorization", token)
		req.Header.Set("Content-Type", "application/json")
		res, err := client.Do(req)
		if err != nil {
			return 0, api.Envelope{}, err
		}
		defer res.Body.Close()
		var env api.Envelope
		err = json.NewDecoder(res.Body).Decode(&env)
		return res.StatusCode, env, err
	}
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				select {
				case <-stopLoad:
					return
				default:
				}
				p := phase.Load()
				var status int
				var env api.Envelope
				var err error
				code := ""
				if w%2 == 0 {
					status, env, err = call(http.MethodGet, "/api/sys/user?pageSize=5", nil)
				} else {
					code = fmt.Sprintf("restart_%d", seq.Add(1))
					status, env, err = call(http.MethodPost, "/api/sys/dict/type", map[string]any{"code": code, "name": code})
				}
				mu.Lock()
				switch {
				case err != nil:
					problems = append(problems, fmt.Sprintf("phase %d: no envelope: %v", p, err))
				case status == http.StatusOK && env.Code == api.CodeOK:
					got[p].ok++
					if code != "" {
						created = append(created, code)
					}
				case status >= 500 && env.Msg != "":
					got[p].unavailable++
				default:
					problems = append(problems, fmt.Sprintf("phase %d: HTTP %d %+v", p, status, env))
				}
				mu.Unlock()
				time.Sleep(20 * time.Millisecond)
			}
		}(w)
	}
	waitFor := func(cond func(o outcome) bool, what string) {
		deadline := time.Now().Add(3 * time.Minute)
		for {
			mu.Lock()
			o := *got[phase.Load()]
			mu.Unlock()
			if cond(o) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s (%+v)", what, o)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	waitFor(func(o outcome) bool { return o.ok >= 20 }, "requests before the restart")
	phase.Store(1)
	m.stop()
	waitFor(func(o outcome) bool { return o.unavailable >= 10 }, "requests failing while the database is down")
	m.start()
	phase.Store(2)
	waitFor(func(o outcome) bool { return o.ok >= 20 }, "requests succeeding after the restart, without restarting serve")
	close(stopLoad)
	wg.Wait()

	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Error(p)
	}
	if l := logs.String(); l != "" {
		t.Errorf("panics logged:\n%s", l)
	}
	// Every write that answered success is stored.
	var n int64
	db := env.P.DB.WithContext(platformtest.SystemCtx(t))
	if err := db.Table("sys_dict_types").Where("code LIKE ?", "restart\\_%").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	if n < int64(len(created)) {
		t.Errorf("%d dictionary types answered success, %d stored", len(created), n)
	}
	t.Logf("before: %+v, down: %+v, after: %+v", *got[0], *got[1], *got[2])
}

// panicLog keeps the recovery middleware's lines of the server's JSON log.
type panicLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *panicLog) Write(p []byte) (int, error) {
	for _, line := range bytes.Split(p, []byte("\n")) {
		if bytes.Contains(line, []byte(`"msg":"panic"`)) {
			l.mu.Lock()
			l.buf.Write(line)
			l.buf.WriteByte('\n')
			l.mu.Unlock()
		}
	}
	return len(p), nil
}

func (l *panicLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
