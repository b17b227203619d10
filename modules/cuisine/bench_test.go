package cuisine_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// Benchmarks (VENUE_TEST_DB=mysql for MySQL):
//
//	go test -run '^$' -bench . -benchtime 3s ./modules/cuisine/
//
// Each reports ns/op and the p50/p99 latency of one request in ms.

// fillMenu gives the demo merchant n more dishes over 20 categories, each
// with two specifications of three values, a tenth of them in a running
// promotion; written straight into the tables in batches.
func fillMenu(b *testing.B, f *benchFixture, n int) {
	b.Helper()
	db := f.env.P.DB.WithContext(platformtest.SystemCtx(b))
	cats := make([]cuisine.Category, 20)
	for i := range cats {
		cats[i] = cuisine.Category{MerchantID: f.merchantID, Name: fmt.Sprintf("Bench category %02d", i), Sort: 100 + i, Status: cuisine.StatusEnabled}
	}
	if err := db.Create(&cats).Error; err != nil {
		b.Fatal(err)
	}
	const batch = 1000
	for start := 0; start < n; start += batch {
		dishes := make([]cuisine.Dish, 0, batch)
		for i := start; i < min(n, start+batch); i++ {
			dishes = append(dishes, cuisine.Dish{MerchantID: f.merchantID, CategoryID: cats[i%len(cats)].ID, Sort: i,
				Number: fmt.Sprintf("B%06d", i), Name: fmt.Sprintf("Bench dish %06d", i), Price: int64(1000 + i%5000),
				Description: "A dish of the benchmark menu, with a description of ordinary length for a menu.",
				Images:      cuisine.StringList{"/uploads/2026/05/bench.png"}, Specialty: i%17 == 0, SoldOut: i%29 == 0, Status: cuisine.OnSale})
		}
		if err := db.CreateInBatches(&dishes, 500).Error; err != nil {
			b.Fatal(err)
		}
		if err := cuisine.IndexDishNames(db, dishes); err != nil {
			b.Fatal(err)
		}
		if n > 10000 {
			continue // the list benchmark needs no specifications
		}
		var groups []cuisine.SpecGroup
		for _, d := range dishes {
			groups = append(groups,
				cuisine.SpecGroup{MerchantID: f.merchantID, DishID: d.ID, Name: "Size", Sort: 1, Required: true, MinChoices: 1, MaxChoices: 1},
				cuisine.SpecGroup{MerchantID: f.merchantID, DishID: d.ID, Name: "Extras", Sort: 2, MaxChoices: 2})
		}
		if err := db.CreateInBatches(&groups, 500).Error; err != nil {
			b.Fatal(err)
		}
		var options []cuisine.SpecOption
		for _, g := range groups {
			for k, v := range []string{"Small", "Regular", "Large"} {
				options = append(options, cuisine.SpecOption{MerchantID: f.merchantID, DishID: g.DishID, GroupID: g.ID, Value: v, PriceDelta: int64(k * 200), Sort: k + 1})
			}
		}
		if err := db.CreateInBatches(&options, 500).Error; err != nil {
			b.Fatal(err)
		}
		var rows []cuisine.PromotionRow
		for i, d := range dishes {
			if i%10 == 0 {
				p, _ := cuisine.ApplyPromotion(d.Price, cuisine.ModePercent, 1500)
				rows = append(rows, cuisine.PromotionRow{MerchantID: f.merchantID, DishID: d.ID, PromotionID: f.promotionID, Mode: cuisine.ModePercent,
					Value: 1500, OriginalPrice: p.Original, PromotionPrice: p.Price, Discount: p.Discount})
			}
		}
		if err := db.CreateInBatches(&rows, 500).Error; err != nil {
			b.Fatal(err)
		}
	}
	f.catIDs = make([]uint64, len(cats))
	for i, c := range cats {
		f.catIDs[i] = c.ID
	}
}

type benchFixture struct {
	env         *platformtest.Env
	mod         *cuisine.Module
	merchantID  uint64
	promotionID uint64
	venueKey    string
	token       string
	catIDs      []uint64
}

func newBenchFixture(b *testing.B) *benchFixture {
	b.Helper()
	env := platformtest.New(b, platformtest.Options{Demo: true})
	f := &benchFixture{env: env, token: env.Login("demo_admin", sys.DemoPassword)}
	for _, m := range env.P.Modules {
		if c, ok := m.(*cuisine.Module); ok {
			f.mod = c
		}
	}
	db := env.P.DB.WithContext(platformtest.SystemCtx(b))
	var venue sys.Org
	if err := db.Where("type = ? AND name = ?", sys.OrgVenue, "Demo Bistro Riverside").Take(&venue).Error; err != nil {
		b.Fatal(err)
	}
	f.merchantID, f.venueKey = venue.MerchantID, *venue.VenueKey
	var promo cuisine.Promotion
	if err := db.Where("merchant_id = ?", f.merchantID).Take(&promo).Error; err != nil {
		b.Fatal(err)
	}
	f.promotionID = promo.ID
	return f
}

// serve runs one request through the engine and answers its latency.
func serve(b *testing.B, f *benchFixture, path, token string) time.Duration {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	w := httptest.NewRecorder()
	start := time.Now()
	f.env.Engine.ServeHTTP(w, req)
	took := time.Since(start)
	if w.Code != http.StatusOK {
		b.Fatalf("%s: HTTP %d %s", path, w.Code, w.Body.String())
	}
	return took
}

// latencies collects request times from parallel workers.
type latencies struct {
	mu  sync.Mutex
	all []time.Duration
}

func (l *latencies) add(d []time.Duration) {
	l.mu.Lock()
	l.all = append(l.all, d...)
	l.mu.Unlock()
}

func (l *latencies) report(b *testing.B) {
	if len(l.all) == 0 {
		return
	}
	slices.Sort(l.all)
	at := func(q float64) float64 {
		return float64(l.all[min(len(l.all)-1, int(q*float64(len(l.all))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// BenchmarkPublicMenu is the menu of a merchant with 2,000 dishes (plus
// the 20 of the demo), as a tablet reads it.
func BenchmarkPublicMenu(b *testing.B) {
	f := newBenchFixture(b)
	fillMenu(b, f, 2000)
	path := "/api/public/venue/" + f.venueKey + "/menu"
	b.Run("cached", func(b *testing.B) {
		serve(b, f, path, "")
		var l latencies
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			var mine []time.Duration
			for pb.Next() {
				mine = append(mine, serve(b, f, path, ""))
			}
			l.add(mine)
		})
		b.StopTimer()
		l.report(b)
	})
	b.Run("cold", func(b *testing.B) {
		var l latencies
		mine := make([]time.Duration, 0, b.N)
		cpu := processCPU()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			f.mod.DropMenus(f.merchantID)
			mine = append(mine, serve(b, f, path, ""))
		}
		b.StopTimer()
		// CPU time of this process per build, steadier than wall time on a shared machine.
		b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		l.add(mine)
		l.report(b)
	})
}

// BenchmarkDishList is the filtered dish list of a merchant with 100,000
// dishes, rotating through the console's filters: one request at a time,
// and 16 at once.
func BenchmarkDishList(b *testing.B) {
	f := newBenchFixture(b)
	fillMenu(b, f, 100_000)
	queries := []string{
		fmt.Sprintf("categoryId=%d", f.catIDs[3]),
		fmt.Sprintf("categoryId=%d&status=on_sale&pageNo=20", f.catIDs[7]),
		"name=Bench%20dish%20012",
		"number=B0421",
		"soldOut=true",
		"status=on_sale&soldOut=false&pageNo=50",
		"specialty=true&pageNo=3",
		"",
		"status=removed",
	}
	for _, q := range queries { // warm: plans, pools
		serve(b, f, "/api/merchant/cuisine/dish?pageSize=20&"+q, f.token)
	}
	b.Run("serial", func(b *testing.B) {
		var l latencies
		mine := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			mine = append(mine, serve(b, f, "/api/merchant/cuisine/dish?pageSize=20&"+queries[i%len(queries)], f.token))
		}
		b.StopTimer()
		l.add(mine)
		l.report(b)
	})
	b.Run("16-concurrent", func(b *testing.B) {
		var l latencies
		b.SetParallelism(max(1, 16/runtime.GOMAXPROCS(0)))
		var next sync.Mutex
		i := 0
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			var mine []time.Duration
			for pb.Next() {
				next.Lock()
				q := queries[i%len(queries)]
				i++
				next.Unlock()
				mine = append(mine, serve(b, f, "/api/merchant/cuisine/dish?pageSize=20&"+q, f.token))
			}
			l.add(mine)
		})
		b.StopTimer()
		l.report(b)
	})
}

// BenchmarkDishSearch is the dish list's name search (issue 17: anywhere in
// the name or the number, LIKE '%…%') on a merchant with 100,000 dishes, one
// query kind per sub-benchmark: a prefix, a word inside the names of many
// dishes, a word inside one dish's name, and a word found nowhere (every row
// of the merchant is read).
func BenchmarkDishSearch(b *testing.B) {
	f := newBenchFixture(b)
	fillMenu(b, f, 100_000)
	for _, c := range []struct{ name, q string }{
		{"prefix", "name=Bench%20dish%20012"},
		{"inside-many", "name=dish%200421"},
		{"inside-one", "name=h%20042170"},
		{"nowhere", "name=zzz"},
	} {
		serve(b, f, "/api/merchant/cuisine/dish?pageSize=20&"+c.q, f.token)
		b.Run(c.name, func(b *testing.B) {
			var l latencies
			mine := make([]time.Duration, 0, b.N)
			for i := 0; i < b.N; i++ {
				mine = append(mine, serve(b, f, "/api/merchant/cuisine/dish?pageSize=20&"+c.q, f.token))
			}
			l.add(mine)
			l.report(b)
		})
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
