package shop

import (
	"testing"
	"time"
)

func TestIsOpenAt(t *testing.T) {
	t.Parallel()
	loc, _ := time.LoadLocation("Asia/Bangkok")
	hours := DefaultHours()
	hours[0] = DayHours{Day: 1, Closed: true}                                                     // Monday closed
	hours[4].Periods = []Period{{Open: "11:00", Close: "14:00"}, {Open: "18:00", Close: "02:00"}} // Friday, late
	hours[6].Periods = []Period{{Open: "10:00", Close: "24:00"}}                                  // Sunday until midnight
	v := &VenueSettings{OpeningHours: hours, ClosedDates: []string{"2026-12-25"}, Location: loc}
	at := func(day, h, m int) time.Time { return time.Date(2026, 11, day, h, m, 0, 0, loc) } // 2026-11-23 is a Monday
	cases := []struct {
		name string
		t    time.Time
		want bool
	}{
		{"Monday noon, closed day", at(23, 12, 0), false},
		{"Monday 00:30 after Sunday until midnight", at(23, 0, 30), false},
		{"Tuesday 10:00 opening", at(24, 10, 0), true},
		{"Tuesday 22:00 closing is closed", at(24, 22, 0), false},
		{"Friday 15:00 between periods", at(27, 15, 0), false},
		{"Friday 23:59", at(27, 23, 59), true},
		{"Saturday 01:59 still Friday's night", at(28, 1, 59), true},
		{"Saturday 02:00 closed", at(28, 2, 0), false},
		{"Sunday 23:59", at(29, 23, 59), true},
		{"Christmas Friday, a closed date", time.Date(2026, 12, 25, 12, 0, 0, 0, loc), false},
		{"the night after Christmas belongs to it", time.Date(2026, 12, 26, 1, 0, 0, 0, loc), false},
		{"read in the venue's zone", time.Date(2026, 11, 24, 3, 0, 0, 0, time.UTC), true}, // 10:00 in Bangkok
	}
	for _, c := range cases {
		if got := v.IsOpenAt(c.t); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

func TestCharges(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name                 string
		tax, service         int
		included             bool
		subtotal             int64
		wantService, wantTax int64
		wantTotal            int64
	}{
		{"nothing", 0, 0, true, 10000, 0, 0, 10000},
		{"6 % included", 600, 0, true, 10600, 0, 600, 10600},
		{"6 % included, rounding", 600, 0, true, 999, 0, 57, 999},
		{"8.5 % added", 850, 0, false, 10000, 0, 850, 10850},
		{"10 % service, 6 % included", 600, 1000, true, 10000, 1000, 623, 11000},
		{"10 % service, 8.5 % added", 850, 1000, false, 10000, 1000, 935, 11935},
		{"half up", 0, 1250, true, 4, 1, 0, 5}, // 0.5 rounds up
	}
	for _, c := range cases {
		v := &VenueSettings{TaxRate: c.tax, ServiceCharge: c.service, PricesIncludeTax: c.included}
		got := v.Charges(c.subtotal)
		if got.ServiceCharge != c.wantService || got.Tax != c.wantTax || got.Total != c.wantTotal || got.Subtotal != c.subtotal {
			t.Errorf("%s: %+v", c.name, got)
		}
	}
	v := &VenueSettings{CancelApprovalAbove: 5000}
	if v.NeedsCancelApproval(5000) || !v.NeedsCancelApproval(5001) {
		t.Error("cancellation threshold")
	}
}
