package printing_test

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/modules/order/orderevent"
)

// BenchmarkOrderToTicket places orders at 16 a second (each with a hot and
// a cold dish: two kitchen tickets) and measures, per ticket, the time from
// the order's commit to the virtual printer having the ticket's last byte.
// It reports p50 and p99 in ms, on the direct path and through the agent:
//
//	go test -run XXX -bench OrderToTicket -benchtime 160x ./modules/printing/
func BenchmarkOrderToTicket(b *testing.B) {
	for _, path := range []string{"direct", "agent"} {
		b.Run(path, func(b *testing.B) {
			f := newFixture(b, fixtureOptions{direct: path == "direct", config: func(c *config.Config) { c.LogLevel = "error" }})
			if path == "agent" {
				srv := httptest.NewServer(f.env.Engine)
				defer srv.Close()
				stop := f.startAgent(srv.URL, f.agentKey())
				defer stop()
			}
			orders := make([]orderevent.Placed, b.N)
			committed := map[string]time.Time{}
			for i := range orders {
				orders[i] = f.order(orderevent.Line{DishName: "Hot dish", CategoryID: f.hotCat}, orderevent.Line{DishName: "Cold dish", CategoryID: f.coldCat})
			}
			b.ResetTimer()
			tick := time.NewTicker(time.Second / 16)
			for i := range orders {
				<-tick.C
				f.place(orders[i])
				committed[orders[i].OrderNo] = time.Now()
			}
			tick.Stop()
			f.everyOrderPrinted(orders, 60*time.Second)
			b.StopTimer()
			var lat []time.Duration
			for _, name := range []string{"Hot kitchen", "Cold kitchen & bar"} {
				for _, t := range f.sims[name].Tickets() {
					for no, at := range committed {
						if strings.Contains(t.Text, no+" ") {
							lat = append(lat, t.At.Sub(at))
							break
						}
					}
				}
			}
			slices.Sort(lat)
			pct := func(p float64) float64 { return float64(lat[int(float64(len(lat)-1)*p)]) / float64(time.Millisecond) }
			b.ReportMetric(pct(0.50), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
			b.ReportMetric(float64(len(lat)), "tickets")
			fmt.Printf("%s: %d tickets, p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", path, len(lat), pct(0.5), pct(0.99), pct(1))
		})
	}
}
