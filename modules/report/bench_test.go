package report_test

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/report"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// BenchmarkReportsVsRawLines measures the reports over 1,000,000 order lines
// in 90 days (VENUE_BENCH_LINES to change) at one venue: by day, by week and
// the top 10 dishes, each as HTTP requests at 8 concurrent clients against the
// daily totals, side by side with the plain GROUP BY over the raw sale lines
// (run straight on the database, no HTTP: the baseline gets the advantage).
//
//	VENUE_TEST_DB=mysql VENUE_TEST_MYSQL_DSN='root@tcp(127.0.0.1:3306)/' \
//	  go test -run '^$' -bench ReportsVsRawLines -benchtime 1x -timeout 60m ./modules/report/
//
// The lines are written in bulk and the daily totals built from them with
// one INSERT … SELECT … GROUP BY: what the Recorder maintains line by line
// (TestReportsEqualRawLines checks that the two agree), without spending an
// hour on a million order transactions before measuring the reads.
func BenchmarkReportsVsRawLines(b *testing.B) {
	lines := 1_000_000
	if v, err := strconv.Atoi(os.Getenv("VENUE_BENCH_LINES")); err == nil && v > 0 {
		lines = v
	}
	env := platformtest.New(b, platformtest.Options{Demo: true})
	db := env.P.DB.WithContext(platformtest.SystemCtx(b))
	var venue sys.Org
	if err := db.Where("type = ? AND name = ?", sys.OrgVenue, "Demo Bistro Riverside").Take(&venue).Error; err != nil {
		b.Fatal(err)
	}
	token := env.Login("demo_admin", sys.DemoPassword)
	first := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	from, to := first.Format(time.DateOnly), first.AddDate(0, 0, 89).Format(time.DateOnly)

	started := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	batch := make([]report.SaleLine, 0, 1000)
	now := time.Now().UTC()
	for i := 0; i < lines; i++ {
		day := first.AddDate(0, 0, i*90/lines)
		k := uint64(1 + rng.IntN(100))
		dish := benchDish + k
		qty := 1 + rng.IntN(4)
		price := int64(800 + k*37)
		l := report.SaleLine{MerchantID: venue.MerchantID, VenueID: venue.ID, LineID: uint64(1)<<40 + uint64(i), OrderID: uint64(1)<<40 + uint64(i/3),
			OrderNo: "B" + strconv.Itoa(i/3), Round: 1, DishID: dish, CategoryID: 1 + k%10, DishName: "Dish " + strconv.FormatUint(k, 10),
			LocalDate: day.Format(time.DateOnly), Week: isoWeek(day), TimeZone: "Asia/Shanghai", Currency: "CNY",
			PlacedAt: day.Add(12 * time.Hour), UnitPrice: price, Quantity: qty, Amount: price * int64(qty), CreatedAt: now, UpdatedAt: now}
		if rng.IntN(20) == 0 {
			l.CancelledQuantity = 1
			l.CancelledAmount = price
			l.CancelReasons = "guest left"
		}
		batch = append(batch, l)
		if len(batch) == cap(batch) || i == lines-1 {
			if err := db.Create(&batch).Error; err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	loaded := time.Since(started)
	started = time.Now()
	err := db.Exec(`INSERT INTO report_daily_dishes (merchant_id, venue_id, local_date, dish_id, week, category_id, quantity, amount, cancelled_quantity, cancelled_amount)
		SELECT merchant_id, venue_id, local_date, dish_id, MAX(week), MAX(category_id), SUM(quantity - cancelled_quantity), SUM(amount - cancelled_amount),
		SUM(cancelled_quantity), SUM(cancelled_amount) FROM report_sale_lines WHERE merchant_id = ? AND local_date BETWEEN ? AND ?
		GROUP BY merchant_id, venue_id, local_date, dish_id`, venue.MerchantID, from, to).Error
	if err != nil {
		b.Fatal(err)
	}
	for d := 1; d <= 100; d++ {
		if err := db.Exec("INSERT INTO report_dish_labels (merchant_id, dish_id, dish_name, category_id, updated_at) VALUES (?, ?, ?, ?, ?)",
			venue.MerchantID, benchDish+uint64(d), "Dish "+strconv.Itoa(d), 1+d%10, now).Error; err != nil {
			b.Fatal(err)
		}
	}
	if dbx.DialectOf(env.P.DB) == dbx.MySQL {
		db.Exec("ANALYZE TABLE report_sale_lines, report_daily_dishes")
	}
	var aggRows int64
	db.Model(&report.DailyDish{}).Where("merchant_id = ? AND local_date BETWEEN ? AND ?", venue.MerchantID, from, to).Count(&aggRows)
	b.Logf("%d lines written in %s; %d daily rows built in %s (%s)", lines, loaded.Round(time.Second), aggRows, time.Since(started).Round(time.Millisecond), dbx.DialectOf(env.P.DB))

	venueID := strconv.FormatUint(venue.ID, 10)
	httpCall := func(path string) func() error {
		return func() error {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Authorization", token)
			w := httptest.NewRecorder()
			env.Engine.ServeHTTP(w, req)
			if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"code":10000`) {
				return fmt.Errorf("%s: HTTP %d %s", path, w.Code, w.Body.String())
			}
			return nil
		}
	}
	raw := func(groupBy, order string, limit int) func() error {
		return func() error {
			var rows []struct {
				K            string
				Q, A, CQ, CA int64
			}
			q := db.Model(&report.SaleLine{}).Select(groupBy+" AS k, SUM(quantity - cancelled_quantity) AS q, SUM(amount - cancelled_amount) AS a, "+
				"SUM(cancelled_quantity) AS c_q, SUM(cancelled_amount) AS c_a").
				Where("merchant_id = ? AND venue_id = ? AND local_date BETWEEN ? AND ?", venue.MerchantID, venue.ID, from, to).Group(groupBy)
			if order != "" {
				q = q.Order(order).Limit(limit)
			}
			return q.Scan(&rows).Error
		}
	}
	base := "/api/report/"
	cases := []struct {
		name     string
		agg, raw func() error
	}{
		{"by day", httpCall(base + "sales?period=day&from=" + from + "&to=" + to + "&venueId=" + venueID), raw("local_date", "", 0)},
		{"by week", httpCall(base + "sales?period=week&from=" + from + "&to=" + to + "&venueId=" + venueID), raw("week", "", 0)},
		{"top 10", httpCall(base + "sales/top?limit=10&from=" + from + "&to=" + to + "&venueId=" + venueID),
			raw("dish_id", "SUM(quantity - cancelled_quantity) DESC, dish_id", 10)},
		{"dish table page", httpCall(base + "dish?period=day&pageSize=20&from=" + from + "&to=" + to + "&venueId=" + venueID), raw("local_date, dish_id", "local_date DESC, SUM(quantity - cancelled_quantity) DESC, dish_id", 20)},
	}
	fmt.Printf("\n%d order lines over 90 days, one venue, %d daily rows; 8 concurrent clients\n", lines, aggRows)
	fmt.Printf("%-16s %10s %10s %10s %10s %10s %10s %10s %8s\n", "report", "agg 1 p50", "agg p50", "agg p99", "agg max", "raw p50", "raw p99", "raw max", "p99 x")
	for _, c := range cases {
		one := measure(b, c.agg, 1, 50)
		a := measure(b, c.agg, 8, 400)
		r := measure(b, c.raw, 8, 16) // the raw GROUP BY takes seconds: two rounds of 8
		fmt.Printf("%-16s %10s %10s %10s %10s %10s %10s %10s %7.1fx\n", c.name, ms(one.p50), ms(a.p50), ms(a.p99), ms(a.max), ms(r.p50), ms(r.p99), ms(r.max),
			float64(r.p99)/float64(a.p99))
		unit := strings.ReplaceAll(c.name, " ", "-")
		b.ReportMetric(float64(a.p99.Microseconds())/1000, unit+"-p99-ms")
		b.ReportMetric(float64(r.p99)/float64(a.p99), unit+"-raw/agg")
	}
}

// benchDish keeps the benchmark's dishes apart from the demo menu's.
const benchDish = uint64(1) << 40

type latencies struct{ p50, p99, max time.Duration }

// measure runs n calls of fn from workers goroutines (after one warm-up call
// each) and answers the latency percentiles.
func measure(b *testing.B, fn func() error, workers, n int) latencies {
	for i := 0; i < workers; i++ {
		if err := fn(); err != nil {
			b.Fatal(err)
		}
	}
	var mu sync.Mutex
	var all []time.Duration
	var wg sync.WaitGroup
	jobs := make(chan struct{}, n)
	for i := 0; i < n; i++ {
		jobs <- struct{}{}
	}
	close(jobs)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				t := time.Now()
				if err := fn(); err != nil {
					b.Error(err)
					return
				}
				d := time.Since(t)
				mu.Lock()
				all = append(all, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	at := func(q float64) time.Duration { return all[min(len(all)-1, int(q*float64(len(all))))] }
	return latencies{p50: at(0.50), p99: at(0.99), max: all[len(all)-1]}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func isoWeek(t time.Time) string {
	y, w := t.ISOWeek()
	return fmt.Sprintf("%04d-W%02d", y, w)
}
