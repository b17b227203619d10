package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/venueplatform/venue/internal/dbx/dbxtest"
)

const quickModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" id="q" targetNamespace="t">
 <bpmn:process id="%s" isExecutable="true">
  <bpmn:startEvent id="start"/>
  %s
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="step"/>
  <bpmn:sequenceFlow id="f2" sourceRef="step" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`

const (
	approveStep = `<bpmn:userTask id="step" name="Approve" venue:assignee="admin"/>`
	timerStep   = `<bpmn:intermediateCatchEvent id="step"><bpmn:timerEventDefinition><bpmn:timeDuration>PT20S</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`
)

// proc is one child process of the cluster under test.
type proc struct {
	name string
	cmd  *exec.Cmd
	out  *lockedBuffer
}

func (p *proc) stop(sig syscall.Signal) {
	if p.cmd.ProcessState == nil {
		_ = p.cmd.Process.Signal(sig)
		_ = p.cmd.Wait()
	}
}

func startProc(t *testing.T, bin, name string, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	p := &proc{name: name, cmd: cmd, out: &lockedBuffer{}}
	cmd.Stdout, cmd.Stderr = p.out, p.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.stop(syscall.SIGKILL)
		if t.Failed() {
			t.Logf("--- %s output (tail):\n%s", name, tail(p.out.String(), 3000))
		}
	})
	return p
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// freshMySQL creates an empty database on VENUE_TEST_MYSQL_DSN's server and
// returns its DSN for VENUE_DB_DSN and an open handle for checks.
func freshMySQL(t *testing.T) (string, *sql.DB) {
	t.Helper()
	cfg, err := mysql.ParseDSN(dbxtest.FreshMySQL(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ParseTime = true
	db, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return "mysql://" + cfg.FormatDSN(), db
}

// Two `venue serve` nodes and a `venue worker` on one MariaDB database and
// one standalone Temporal server (`venue temporal`): what changes on one
// node holds on the other from its next request, processes move between
// nodes, the worker alone finishes them, and a node killed under load loses
// only the requests it had in flight.
func TestSeveralNodesShareOneDatabaseAndTemporal(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dsn, db := freshMySQL(t)
	bin := buildBinary(t)

	tAddr := freeAddr(t)
	_, tPort, _ := strings.Cut(tAddr, ":")
	temporal := startProc(t, bin, "temporal", []string{"VENUE_DATA_DIR=" + t.TempDir(), "VENUE_LOG_LEVEL=warn"}, "temporal", "--port", tPort)
	waitFor(t, "the Temporal server", func() bool { return strings.Contains(temporal.out.String(), "temporal frontend:") })

	common := []string{"VENUE_DB_DSN=" + dsn, "VENUE_TEMPORAL_ADDRESS=" + tAddr, "VENUE_LOG_LEVEL=warn", "VENUE_ADMIN_PASSWORD=Admin@12345"}
	// The migration job: schema, built-in rows and the demo merchant, once.
	seed := exec.Command(bin, "seed", "--demo")
	seed.Env = append(os.Environ(), append(common, "VENUE_DATA_DIR="+t.TempDir())...)
	if out, err := seed.CombinedOutput(); err != nil {
		t.Fatalf("seed: %v\n%s", err, out)
	}
	a := startServe(t, bin, t.TempDir(), common...)
	b := startServe(t, bin, t.TempDir(), common...)
	ops := freeAddr(t)
	worker := startProc(t, bin, "worker", append(common, "VENUE_DATA_DIR="+t.TempDir(), "VENUE_LOG_LEVEL=info", "VENUE_METRICS_ADDR="+ops), "worker")
	waitFor(t, "the worker", func() bool { return strings.Contains(worker.out.String(), "worker running") })
	// The worker's probes (the k8s worker Deployment's) answer on VENUE_METRICS_ADDR.
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		waitFor(t, "the worker's "+path, func() bool {
			resp, err := http.Get("http://" + ops + path)
			if err != nil {
				return false
			}
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		})
	}

	ok := func(s *server, method, path, tok string, body any) map[string]any {
		t.Helper()
		code, env := s.call(method, path, tok, body)
		if code != 200 || env["code"] != float64(10000) {
			t.Fatalf("%s %s on %s: HTTP %d %v", method, path, s.base, code, env)
		}
		res, _ := env["result"].(map[string]any)
		return res
	}

	t.Run("token revoked on A is refused on B at once", func(t *testing.T) {
		tok := a.login("demo_admin", "Demo@12345")
		ok(b, "POST", "/api/sys/token/user", tok, nil)
		ok(a, "POST", "/api/sys/logoutjwt", tok, nil)
		if code, env := b.call("POST", "/api/sys/token/user", tok, nil); code != http.StatusUnauthorized {
			t.Fatalf("revoked token on B: HTTP %d %v", code, env)
		}
	})

	merchant := a.login("demo_admin", "Demo@12345")
	me := ok(a, "POST", "/api/sys/token/user", merchant, nil)

	t.Run("role grant changed on A shows on B at once", func(t *testing.T) {
		role := ok(a, "POST", "/api/sys/role", merchant, map[string]any{"name": "Org viewer", "code": "org_viewer"})
		var tree []any
		code, env := a.call("GET", "/api/sys/role/grantTree", merchant, nil)
		if code != 200 {
			t.Fatalf("grant tree: %d", code)
		}
		tree, _ = env["result"].([]any)
		orgMenu := findGrantNode(tree, "/sys/organization")
		if orgMenu == nil {
			t.Fatal("no /sys/organization in the grant tree")
		}
		grants := fmt.Sprintf("/api/sys/role/%v/grants", role["id"])
		ok(a, "PUT", grants, merchant, map[string]any{"menus": []map[string]any{{"menuId": orgMenu["id"], "actions": []string{"query"}}}})
		ok(a, "POST", "/api/sys/user", merchant, map[string]any{"username": "viewer", "mobile": "13611112222", "orgId": me["orgId"],
			"password": "View@1234", "roleIds": []any{role["id"]}})
		tok := b.login("viewer", "View@1234")
		ok(b, "POST", "/api/sys/user/updatePassword", tok, map[string]string{"oldPassword": "View@1234", "password": "View@5678", "repassword": "View@5678"})
		tok = a.login("viewer", "View@5678")
		ok(b, "GET", "/api/sys/org/tree", tok, nil)
		ok(a, "PUT", grants, merchant, map[string]any{"menus": []any{}})
		if code, env := b.call("GET", "/api/sys/org/tree", tok, nil); code != http.StatusForbidden {
			t.Fatalf("grant taken away on A, B answers HTTP %d %v", code, env)
		}
		ok(a, "PUT", grants, merchant, map[string]any{"menus": []map[string]any{{"menuId": orgMenu["id"], "actions": []string{"query"}}}})
		ok(b, "GET", "/api/sys/org/tree", tok, nil)
	})

	t.Run("dish sold out on A is sold out in B's public menu at once", func(t *testing.T) {
		venueID := me["venueId"]
		if venueID == nil || venueID == float64(0) {
			venues := ok(a, "GET", "/api/merchant/shop/venues", merchant, nil)
			_ = venues
		}
		settingsVenue := firstVenue(t, a, merchant)
		settings := ok(a, "GET", fmt.Sprintf("/api/merchant/shop/setting/%v", settingsVenue), merchant, nil)
		key, _ := settings["venueKey"].(string)
		if key == "" {
			t.Fatalf("venue settings without venueKey: %v", settings)
		}
		menuPath := "/api/public/venue/" + key + "/menu"
		dishID, soldOut := firstDish(t, b, menuPath)
		if soldOut {
			t.Fatal("the demo menu's first dish is sold out already")
		}
		ok(a, "POST", "/api/merchant/cuisine/dish/soldOut", merchant, map[string]any{"ids": []any{dishID}})
		if _, now := dishState(t, b, menuPath, dishID); !now {
			t.Fatal("dish sold out on A is on sale in B's menu")
		}
		ok(a, "POST", "/api/merchant/cuisine/dish/inStock", merchant, map[string]any{"ids": []any{dishID}})
		if _, now := dishState(t, b, menuPath, dishID); now {
			t.Fatal("dish back in stock on A is still sold out in B's menu")
		}
	})

	admin := a.login("admin", "Admin@12345")
	deploy := func(key, step string) {
		t.Helper()
		saved := ok(a, "POST", "/api/process/model", admin, map[string]any{"name": key, "key": key, "bpmnXml": fmt.Sprintf(quickModel, key, step)})
		ok(a, "POST", fmt.Sprintf("/api/process/model/%v/deploy", saved["id"]), admin, nil)
	}
	deploy("approve", approveStep)
	deploy("timer", timerStep)

	t.Run("process started through A is completed through B", func(t *testing.T) {
		started := ok(a, "POST", "/api/process/instance/start", admin, map[string]any{"definitionKey": "approve", "businessKey": "a-to-b"})
		id := started["instanceId"]
		var taskID any
		waitFor(t, "the task on B", func() bool {
			res := ok(b, "GET", "/api/process/task/todo?pageSize=50", admin, nil)
			for _, r := range res["records"].([]any) {
				if rec := r.(map[string]any); rec["instanceId"] == id {
					taskID = rec["id"]
					return true
				}
			}
			return false
		})
		ok(b, "POST", fmt.Sprintf("/api/process/task/%v/approve", taskID), admin, map[string]any{})
		waitFor(t, "the instance completed", func() bool {
			return ok(b, "GET", fmt.Sprintf("/api/process/instance/%v", id), admin, nil)["state"] == "completed"
		})
	})

	t.Run("node A killed under load: B keeps serving, nothing acknowledged is lost", func(t *testing.T) {
		var acked sync.Map // business key → true
		var sent, failedA, failedB atomic.Int64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var seq atomic.Int64
		killed := make(chan struct{})
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Half the clients use A until it fails them, then go to B,
				// as a load balancer's health check would send them.
				useA := g%2 == 0
				for {
					select {
					case <-stop:
						return
					default:
					}
					node := b
					if useA {
						node = a
					}
					bk := "load-" + strconv.FormatInt(seq.Add(1), 10)
					sent.Add(1)
					code, env, err := callNoFatal(node, "POST", "/api/process/instance/start", admin, map[string]any{"definitionKey": "approve", "businessKey": bk})
					if err == nil && code == 200 && env["code"] == float64(10000) {
						acked.Store(bk, true)
						continue
					}
					if node == a {
						failedA.Add(1)
						select {
						case <-killed:
							useA = false
						default:
							t.Errorf("A refused %s before it was killed: %d %v %v", bk, code, env, err)
						}
					} else {
						failedB.Add(1)
						t.Errorf("B refused %s: %d %v %v", bk, code, env, err)
					}
				}
			}()
		}
		waitFor(t, "load on both nodes", func() bool { return countAcked(&acked) >= 20 })
		close(killed)
		a.kill() // SIGKILL under load
		before := countAcked(&acked)
		waitFor(t, "B serving after A died", func() bool { return countAcked(&acked) >= before+20 })
		close(stop)
		wg.Wait()
		var keys []string
		acked.Range(func(k, _ any) bool { keys = append(keys, k.(string)); return true })
		t.Logf("sent %d, acknowledged %d, failed on A %d (in flight at its kill or sent right after), failed on B %d", sent.Load(), len(keys), failedA.Load(), failedB.Load())
		// Every acknowledged start is an instance with its open task.
		for _, k := range keys {
			var n int
			if err := db.QueryRow("SELECT COUNT(*) FROM process_instances WHERE business_key = ?", k).Scan(&n); err != nil || n != 1 {
				t.Fatalf("acknowledged %s: %d instances (%v)", k, n, err)
			}
		}
		waitFor(t, "an open task for every acknowledged start", func() bool {
			var n int
			err := db.QueryRow(`SELECT COUNT(*) FROM process_tasks t JOIN process_instances i ON i.id = t.instance_id
				WHERE i.business_key LIKE 'load-%' AND t.status = 'open'`).Scan(&n)
			return err == nil && n >= len(keys)
		})
	})

	t.Run("the worker alone finishes instances while both API nodes are stopped", func(t *testing.T) {
		ids := make([]any, 3)
		for i := range ids {
			ids[i] = ok(b, "POST", "/api/process/instance/start", admin, map[string]any{"definitionKey": "timer", "businessKey": fmt.Sprint("timer-", i)})["instanceId"]
		}
		a.kill()
		b.cmd.Process.Signal(syscall.SIGTERM)
		_ = b.cmd.Wait()
		var running int
		if err := db.QueryRow("SELECT COUNT(*) FROM process_instances WHERE business_key LIKE 'timer-%' AND state = 'running'").Scan(&running); err != nil {
			t.Fatal(err)
		}
		if running != len(ids) {
			t.Fatalf("%d of %d timer instances running when the API nodes stopped", running, len(ids))
		}
		waitFor(t, "the worker to finish the timer instances", func() bool {
			var done int
			_ = db.QueryRow("SELECT COUNT(*) FROM process_instances WHERE business_key LIKE 'timer-%' AND state = 'completed'").Scan(&done)
			return done == len(ids)
		})
	})
}

func countAcked(m *sync.Map) int {
	n := 0
	m.Range(func(_, _ any) bool { n++; return true })
	return n
}

// callNoFatal is server.call for goroutines: errors come back.
func callNoFatal(s *server, method, path, token string, body any) (int, map[string]any, error) {
	req, err := newJSONRequest(method, s.base+path, token, body)
	if err != nil {
		return 0, nil, err
	}
	resp, err := loadClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	env, err := decodeEnvelope(resp)
	return resp.StatusCode, env, err
}

var loadClient = &http.Client{Timeout: 30 * time.Second}

func findGrantNode(nodes []any, url string) map[string]any {
	for _, n := range nodes {
		m := n.(map[string]any)
		if m["url"] == url {
			return m
		}
		if kids, _ := m["children"].([]any); kids != nil {
			if f := findGrantNode(kids, url); f != nil {
				return f
			}
		}
	}
	return nil
}

func firstVenue(t *testing.T, s *server, tok string) any {
	t.Helper()
	code, env := s.call("GET", "/api/merchant/shop/venues", tok, nil)
	if code != 200 {
		t.Fatalf("venues: %d %v", code, env)
	}
	switch v := env["result"].(type) {
	case []any:
		if len(v) > 0 {
			return v[0].(map[string]any)["id"]
		}
	case map[string]any:
		if recs, _ := v["records"].([]any); len(recs) > 0 {
			return recs[0].(map[string]any)["id"]
		}
	}
	t.Fatalf("no venue: %v", env)
	return nil
}

func firstDish(t *testing.T, s *server, path string) (any, bool) {
	t.Helper()
	code, env := s.call("GET", path, "", nil)
	if code != 200 {
		t.Fatalf("menu: %d %v", code, env)
	}
	res, _ := env["result"].(map[string]any)
	for _, c := range res["categories"].([]any) {
		for _, d := range c.(map[string]any)["dishes"].([]any) {
			dish := d.(map[string]any)
			return dish["id"], dish["soldOut"] == true
		}
	}
	t.Fatalf("empty menu: %v", env)
	return nil, false
}

func dishState(t *testing.T, s *server, path string, id any) (bool, bool) {
	t.Helper()
	code, env := s.call("GET", path, "", nil)
	if code != 200 {
		t.Fatalf("menu: %d %v", code, env)
	}
	res, _ := env["result"].(map[string]any)
	for _, c := range res["categories"].([]any) {
		for _, d := range c.(map[string]any)["dishes"].([]any) {
			if dish := d.(map[string]any); dish["id"] == id {
				return true, dish["soldOut"] == true
			}
		}
	}
	return false, true // gone from the menu: not on sale
}

func newJSONRequest(method, url, token string, body any) (*http.Request, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(method, url, bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	return req, nil
}

func decodeEnvelope(resp *http.Response) (map[string]any, error) {
	var env map[string]any
	err := json.NewDecoder(resp.Body).Decode(&env)
	return env, err
}
