package order_test

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/venueplatform/venue/internal/dbx"
)

// Order submission over real HTTP on loopback with 16 connections,
// measured side by side with a bare Gin + database/sql handler that does
// the same writes (key, day counter, order, lines, totals) in one
// transaction without the product's checks (token lookup aside: opening
// hours, menu pricing, tenant scope, listeners, live event). Run on MySQL:
//
//	VENUE_BENCH_SUBMIT=2000 VENUE_TEST_DB=mysql VENUE_TEST_MYSQL_DSN='root@tcp(127.0.0.1:3306)/' \
//	  go test -run TestSubmitThroughput -v ./modules/order/

// benchEnv is the demo venue open all day, paying per order (every
// submission is its own order, as with 16 tables ordering at once).
type benchEnv struct {
	f      *fixture
	tokens []string
	lines  []line
}

func newBenchEnv(t testing.TB) *benchEnv {
	f := newFixture(t)
	var settings map[string]any
	f.ok("GET", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.admin, nil).Into(t, &settings)
	settings["orderingMode"] = "pay_per_order"
	f.ok("PUT", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.admin, settings)
	e := &benchEnv{f: f}
	for _, tb := range f.tables {
		e.tokens = append(e.tokens, tb.Token)
	}
	e.lines = []line{f.kungPao(2), {"dishId": f.dish("Jasmine tea").ID, "quantity": 1,
		"optionIds": []uint64{option(t, f.dish("Jasmine tea"), "Temperature", "Hot").ID}}}
	return e
}

// run sends n submissions over 16 connections and answers the latencies.
func run(t testing.TB, url func(i int) string, body func(i int) []byte, n int) []time.Duration {
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: 16, MaxIdleConnsPerHost: 16, MaxConnsPerHost: 16}}
	lat := make([]time.Duration, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				start := time.Now()
				res, err := client.Post(url(i), "application/json", bytes.NewReader(body(i)))
				if err != nil {
					t.Error(err)
					return
				}
				var env struct{ Code int }
				raw, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if json.Unmarshal(raw, &env) != nil || env.Code != 10000 {
					t.Errorf("submission %d: %s", i, raw)
					return
				}
				lat[i] = time.Since(start)
			}
		}()
	}
	wg.Wait()
	return lat
}

func p99(lat []time.Duration) time.Duration {
	s := slices.Clone(lat)
	slices.Sort(s)
	return s[len(s)*99/100]
}

// TestSubmitThroughput measures both handlers side by side and prints the
// figures (no timed assertion: the figures go into the closing note). It
// runs only when asked: VENUE_BENCH_SUBMIT=n.
func TestSubmitThroughput(t *testing.T) {
	t.Parallel()
	n := benchCount()
	if n == 0 {
		t.Skip("set VENUE_BENCH_SUBMIT=<submissions> to measure")
	}
	e := newBenchEnv(t)
	srv := httptest.NewServer(e.f.env.Engine)
	defer srv.Close()
	bodies := func(i int) []byte {
		raw, _ := json.Marshal(map[string]any{"idempotencyKey": newKey(), "lines": e.lines})
		return raw
	}
	// warm-up: menu cache, connections
	run(t, func(i int) string { return srv.URL + "/api/public/table/" + e.tokens[i%len(e.tokens)] + "/orders" }, bodies, 64)

	start := time.Now()
	lat := run(t, func(i int) string { return srv.URL + "/api/public/table/" + e.tokens[i%len(e.tokens)] + "/orders" }, bodies, n)
	product := time.Since(start)

	sqlDB, err := e.f.env.P.DB.DB()
	if err != nil {
		t.Fatal(err)
	}
	bare := httptest.NewServer(bareHandler(sqlDB, dbx.DialectOf(e.f.env.P.DB) == dbx.MySQL, e.f.venueID, e.f.merchantID))
	defer bare.Close()
	run(t, func(i int) string { return bare.URL + "/bare/" + e.tokens[i%len(e.tokens)] }, bodies, 64)
	start = time.Now()
	blat := run(t, func(i int) string { return bare.URL + "/bare/" + e.tokens[i%len(e.tokens)] }, bodies, n)
	bareTime := time.Since(start)

	pr, br := float64(n)/product.Seconds(), float64(n)/bareTime.Seconds()
	t.Logf("order submission, %d at 16 connections: product %.0f req/s p99 %v; bare Gin+database/sql %.0f req/s p99 %v; ratio %.2f",
		n, pr, p99(lat), br, p99(blat), pr/br)
	fmt.Printf("BENCH order submit n=%d conns=16 product=%.0f req/s p99=%v bare=%.0f req/s p99=%v ratio=%.2f\n", n, pr, p99(lat), br, p99(blat), pr/br)
}

// bareHandler is the baseline: the same rows written with database/sql in
// one transaction, prices taken from the request (no menu, no checks).
func bareHandler(db *sql.DB, mysql bool, venueID, merchantID uint64) http.Handler {
	e := gin.New()
	upsert := `INSERT INTO order_counters (merchant_id, venue_id, day, seq) VALUES (?, ?, ?, 1) ON CONFLICT (venue_id, day) DO UPDATE SET seq = seq + 1`
	if mysql {
		upsert = `INSERT INTO order_counters (merchant_id, venue_id, day, seq) VALUES (?, ?, ?, 1) ON DUPLICATE KEY UPDATE seq = seq + 1`
	}
	e.POST("/bare/:token", func(c *gin.Context) {
		var in struct {
			IdempotencyKey string `json:"idempotencyKey"`
			Lines          []struct {
				DishID   uint64 `json:"dishId"`
				Quantity int    `json:"quantity"`
			} `json:"lines"`
		}
		if err := c.ShouldBindJSON(&in); err != nil {
			c.JSON(400, gin.H{"code": 10001})
			return
		}
		fail := func(err error) { c.JSON(500, gin.H{"code": 50000, "msg": err.Error()}) }
		var tableID uint64
		var tableName string
		if err := db.QueryRowContext(c, `SELECT id, name FROM configure_tables WHERE token = ?`, c.Param("token")).Scan(&tableID, &tableName); err != nil {
			fail(err)
			return
		}
		tx, err := db.BeginTx(c, nil)
		if err != nil {
			fail(err)
			return
		}
		defer tx.Rollback()
		now := time.Now().UTC()
		res, err := tx.ExecContext(c, `INSERT INTO order_submissions (merchant_id, venue_id, table_id, idem_key, order_id, round, created_at) VALUES (?, ?, ?, ?, 0, 0, ?)`,
			merchantID, venueID, tableID, in.IdempotencyKey, now)
		if err != nil {
			fail(err)
			return
		}
		subID, _ := res.LastInsertId()
		day := now.Format("20060102")
		if _, err := tx.ExecContext(c, upsert, merchantID, venueID, day); err != nil {
			fail(err)
			return
		}
		var seq int
		if err := tx.QueryRowContext(c, `SELECT seq FROM order_counters WHERE venue_id = ? AND day = ?`, venueID, day).Scan(&seq); err != nil {
			fail(err)
			return
		}
		res, err = tx.ExecContext(c, `INSERT INTO order_orders (merchant_id, venue_id, order_no, table_id, table_no, mode, status, pay_status, rounds, currency, time_zone, tax_rate, tax_included, service_rate, placed_at, updated_at)
			VALUES (?, ?, ?, ?, ?, 'pay_per_order', 'normal', 'open', 1, 'CNY', 'Asia/Shanghai', 600, 1, 1000, ?, ?)`,
			merchantID, venueID, fmt.Sprintf("BB%s%04d", day[2:], seq), tableID, tableName, now, now)
		if err != nil {
			fail(err)
			return
		}
		orderID, _ := res.LastInsertId()
		var subtotal int64
		for _, l := range in.Lines {
			if _, err := tx.ExecContext(c, `INSERT INTO order_lines (merchant_id, venue_id, order_id, round, dish_id, category_id, dish_number, dish_name, options, original_price, unit_price, promotion, quantity, cancelled_qty, amount, status, remark, created_at)
				VALUES (?, ?, ?, 1, ?, 0, '', 'dish', '[]', 1000, 1000, '', ?, 0, ?, 'normal', '', ?)`,
				merchantID, venueID, orderID, l.DishID, l.Quantity, 1000*int64(l.Quantity), now); err != nil {
				fail(err)
				return
			}
			subtotal += 1000 * int64(l.Quantity)
		}
		if _, err := tx.ExecContext(c, `UPDATE order_orders SET subtotal = ?, total = ? WHERE id = ?`, subtotal, subtotal, orderID); err != nil {
			fail(err)
			return
		}
		if _, err := tx.ExecContext(c, `UPDATE order_submissions SET order_id = ?, round = 1 WHERE id = ?`, orderID, subID); err != nil {
			fail(err)
			return
		}
		if err := tx.Commit(); err != nil {
			fail(err)
			return
		}
		c.JSON(200, gin.H{"code": 10000, "result": gin.H{"orderId": orderID}})
	})
	return e
}

func benchCount() int {
	n, _ := strconv.Atoi(os.Getenv("VENUE_BENCH_SUBMIT"))
	return n
}

// BenchmarkSubmit is guest order submission as `go test -bench` measures
// it: POST /api/public/table/{token}/orders over loopback HTTP at 16
// connections (the whole product path: token, opening hours, menu pricing,
// one transaction with the listeners, the live event), beside the bare
// Gin + database/sql handler writing the same rows. ns/op is wall time per
// submission with 16 in flight; p99-ms is the latency of one submission.
//
//	go test -run '^$' -bench BenchmarkSubmit -benchtime 2000x ./modules/order/
//	VENUE_TEST_DB=mysql VENUE_TEST_MYSQL_DSN='root@tcp(127.0.0.1:3306)/' go test -run '^$' -bench BenchmarkSubmit -benchtime 2000x ./modules/order/
func BenchmarkSubmit(b *testing.B) {
	e := newBenchEnv(b)
	srv := httptest.NewServer(e.f.env.Engine)
	defer srv.Close()
	sqlDB, err := e.f.env.P.DB.DB()
	if err != nil {
		b.Fatal(err)
	}
	bare := httptest.NewServer(bareHandler(sqlDB, dbx.DialectOf(e.f.env.P.DB) == dbx.MySQL, e.f.venueID, e.f.merchantID))
	defer bare.Close()
	bodies := func(int) []byte {
		raw, _ := json.Marshal(map[string]any{"idempotencyKey": newKey(), "lines": e.lines})
		return raw
	}
	for _, c := range []struct {
		name string
		url  func(i int) string
	}{
		{"product", func(i int) string { return srv.URL + "/api/public/table/" + e.tokens[i%len(e.tokens)] + "/orders" }},
		{"bare", func(i int) string { return bare.URL + "/bare/" + e.tokens[i%len(e.tokens)] }},
	} {
		run(b, c.url, bodies, 32) // warm-up: menu cache, connections
		b.Run(c.name, func(b *testing.B) {
			b.ResetTimer()
			lat := run(b, c.url, bodies, b.N)
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
			b.ReportMetric(float64(p99(lat).Microseconds())/1000, "p99-ms")
		})
	}
}
