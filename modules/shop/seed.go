package shop

import (
	"context"
	"fmt"

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
)

// seedDemo gives the demo venue lunch and dinner hours (closed Monday
// lunch), 6 % tax included in prices, a 10 % service charge, pay after the
// meal, four guest languages and receipt texts, once.
func (m *Module) seedDemo(ctx context.Context) error {
	ctx = tenancy.SystemContext(ctx)
	merchant, err := m.core.Orgs.MerchantByName(ctx, sys.DemoMerchantName)
	if err != nil || merchant == nil {
		return err
	}
	venues, err := m.core.Orgs.Venues(ctx, merchant.ID)
	if err != nil || len(venues) == 0 {
		return fmt.Errorf("demo venue of %s: %v", sys.DemoMerchantName, err)
	}
	venue := venues[0]
	var n int64
	if err := m.deps.DB.WithContext(ctx).Model(&Setting{}).Where("venue_id = ?", venue.ID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	hours := make(WeeklyHours, 7)
	for i := range hours {
		hours[i] = DayHours{Day: i + 1, Periods: []Period{{Open: "11:00", Close: "14:30"}, {Open: "17:00", Close: "22:00"}}}
	}
	hours[0].Periods = hours[0].Periods[1:]                                 // Monday: dinner only
	hours[4].Periods[1].Close, hours[5].Periods[1].Close = "00:30", "00:30" // Friday and Saturday: late
	row := Setting{MerchantID: merchant.ID, VenueID: venue.ID, OpeningHours: hours, ClosedDates: []string{},
		TaxRate: 600, PricesIncludeTax: true, ServiceCharge: 1000, OrderingMode: PayAfterMeal,
		GuestLanguages: []string{"en_US", "zh_CN", "ja_JP", "ko_KR"}, DefaultLanguage: "zh_CN", OrderPrefix: "RS",
		ReceiptHeader: "Demo Bistro Riverside\n88 Riverside Road", ReceiptFooter: "Thank you, see you soon!",
		CancelApprovalAbove: 5000}
	return m.deps.DB.WithContext(ctx).Create(&row).Error
}
