package report_test

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/report"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// fixture is the application with the demo merchant, a second venue of it
// in another time zone, and the merchant's dishes.
type fixture struct {
	platformtest.Caller // Do, OK
	t                   *testing.T
	env                 *platformtest.Env
	mod                 *report.Module
	admin, manager      string
	platform            string
	merchantID          uint64
	venueA, venueB      uint64 // Asia/Shanghai, America/New_York
	dishes              []cuisine.DishView
	nextLine, nextOrd   uint64
}

const (
	zoneA = "Asia/Shanghai"
	zoneB = "America/New_York"
)

func newFixture(t *testing.T) *fixture {
	t.Helper()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	// The events the tests write carry ids far above the demo history's own orders and lines.
	f := &fixture{t: t, env: env, Caller: env.Caller(t), nextLine: 1 << 41, nextOrd: 1 << 41}
	for _, m := range env.P.Modules {
		if r, ok := m.(*report.Module); ok {
			f.mod = r
		}
	}
	if f.mod == nil {
		t.Fatal("report module not built")
	}
	f.admin = env.Login("demo_admin", sys.DemoPassword)
	f.manager = env.Login("demo_manager", sys.DemoPassword)
	f.platform = env.AdminToken()
	var venue sys.Org
	if err := env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("type = ? AND name = ?", sys.OrgVenue, "Demo Bistro Riverside").Take(&venue).Error; err != nil {
		t.Fatal(err)
	}
	f.merchantID, f.venueA = venue.MerchantID, venue.ID
	var second sys.Org
	f.OK("POST", "/api/sys/org", f.platform, map[string]any{"parentId": f.merchantID, "type": sys.OrgVenue, "name": "Demo Bistro Harbour",
		"timezone": zoneB, "currency": "CNY"}).Into(t, &second)
	f.venueB = second.ID
	var page api.Page[cuisine.DishView]
	f.OK("GET", "/api/merchant/cuisine/dish?pageSize=100", f.admin, nil).Into(t, &page)
	f.dishes = page.Records
	if len(f.dishes) < 10 {
		t.Fatalf("demo menu has %d dishes", len(f.dishes))
	}
	return f
}

// get calls a report with query parameters and decodes its result.
func (f *fixture) get(token, path string, params url.Values, dst any) {
	f.t.Helper()
	f.OK("GET", "/api"+path+"?"+params.Encode(), token, nil).Into(f.t, dst)
}

// tx runs fn in one transaction, as the order module calls its listeners.
func (f *fixture) tx(fn func(tx *gorm.DB) error) {
	f.t.Helper()
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(f.t)).Transaction(fn); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) zone(venue uint64) string {
	if venue == f.venueB {
		return zoneB
	}
	return zoneA
}

// header is an order header at venue placed at.
func (f *fixture) header(venue uint64, at time.Time) orderevent.Order {
	f.nextOrd++
	return orderevent.Order{MerchantID: f.merchantID, VenueID: venue, OrderID: f.nextOrd, OrderNo: fmt.Sprintf("T%06d", f.nextOrd),
		Currency: "CNY", TimeZone: f.zone(venue), PlacedAt: at.UTC()}
}

// line is a new order line of dish d.
func (f *fixture) line(d cuisine.DishView, qty int, price int64) orderevent.Line {
	f.nextLine++
	return orderevent.Line{LineID: f.nextLine, DishID: d.ID, CategoryID: d.CategoryID, DishName: d.Name, Quantity: qty, UnitPrice: price,
		Amount: price * int64(qty)}
}

func vals(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Set(kv[i], kv[i+1])
	}
	return v
}

func sysCtx(t testing.TB) context.Context { return platformtest.SystemCtx(t) }
