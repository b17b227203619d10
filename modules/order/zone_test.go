package order_test

import (
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/order"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
)

// Staff pages show times in the venue's zone, not the browser's: the order
// list and detail carry the venue's zone, and so does a venue user's info.
func TestOrdersAndStaffCarryTheVenueZone(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var zone string
	for _, m := range f.env.P.Modules {
		if venues, ok := m.(*shop.Module); ok {
			v, err := venues.Settings.VenueSettings(t.Context(), f.venueID)
			if err != nil {
				t.Fatal(err)
			}
			zone = v.Timezone
		}
	}
	if zone == "" {
		t.Fatal("the demo venue has no zone")
	}
	r := f.submitOK(f.tables[0].Token, f.kungPao(1))
	var page api.Page[order.OrderView]
	f.ok("GET", "/api/merchant/order?orderNo="+r.Order.OrderNo, f.waiter, nil).Into(t, &page)
	if len(page.Records) != 1 || page.Records[0].TimeZone != zone {
		t.Fatalf("order list: %+v, want the zone %s", page.Records, zone)
	}
	if d := f.detail(f.waiter, page.Records[0].ID); d.TimeZone != zone {
		t.Fatalf("order detail zone %q, want %s", d.TimeZone, zone)
	}
	var info sys.UserInfo
	f.ok("POST", "/api/sys/token/user", f.waiter, nil).Into(t, &info)
	if info.Timezone != zone {
		t.Fatalf("the waiter's info has zone %q, want the venue's %s", info.Timezone, zone)
	}
}
