package configure

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// Menus are the spec's configuration routes; the venue settings page (shop)
// sits under the same entry.
func (m *Module) Menus() []module.MenuSeed {
	crud := []string{"query", "get", "add", "edit", "delete", "enable", "disable", "export"}
	buttons := []string{"query", "get", "edit", "enable", "disable"}
	read := []string{"query", "get"}
	return []module.MenuSeed{
		{URL: "/configure", Name: "menu.configure", Icon: "ToolOutlined", Sort: 30},
		{URL: "/configure/orderQrCode", Parent: "/configure", Name: "menu.configure.orderQrCode", Icon: "QrcodeOutlined", Sort: 90,
			Perm: PermTable, Actions: crud,
			Grants: map[string][]string{module.RoleMerchantAdmin: crud, module.RoleVenueManager: crud, module.RoleWaiter: {"query", "get", "export"},
				module.RolePlatformAdmin: read}},
		{URL: "/configure/button", Parent: "/configure", Name: "menu.configure.button", Icon: "AppstoreAddOutlined", Sort: 80,
			Perm: PermButton, Actions: buttons,
			Grants: map[string][]string{module.RoleMerchantAdmin: buttons, module.RoleVenueManager: buttons, module.RolePlatformAdmin: read}},
		{URL: "/configure/settingprinter", Parent: "/configure", Name: "menu.configure.settingprinter", Icon: "PrinterOutlined", Sort: 70,
			Perm: PermPrinter, Actions: []string{"query", "get", "add", "edit", "delete", "enable", "disable"},
			Grants: map[string][]string{module.RoleMerchantAdmin: {"query", "get", "add", "edit", "delete", "enable", "disable"},
				module.RoleVenueManager: {"query", "get", "add", "edit", "delete", "enable", "disable"}, module.RolePlatformAdmin: read}},
	}
}

// seedDemo equips the demo venue once: twelve tables (two bound to its
// first tablets), the default buttons, and two kitchen printers and a
// receipt printer at 127.0.0.1:9100, the kitchens splitting the categories.
func (m *Module) seedDemo(ctx context.Context) error {
	merchant, err := m.core.Orgs.MerchantByName(ctx, sys.DemoMerchantName)
	if err != nil || merchant == nil {
		return err
	}
	venues, err := m.core.Orgs.Venues(ctx, merchant.ID)
	if err != nil || len(venues) == 0 {
		return fmt.Errorf("demo venue of %s: %v", sys.DemoMerchantName, err)
	}
	venue := venues[0]
	db := m.db.WithContext(ctx)
	var n int64
	if err := db.Model(&Table{}).Where("venue_id = ?", venue.ID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	cats, err := m.demoCategories(ctx, merchant.ID)
	if err != nil {
		return err
	}
	tablets, err := m.tablets.Tablets(ctx, advert.TabletQuery{VenueID: venue.ID})
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	return db.Transaction(func(tx *gorm.DB) error {
		for i := 1; i <= 12; i++ {
			area, seats := "Hall", 4
			switch {
			case i > 10:
				area, seats = "Terrace", 2
			case i > 8:
				area, seats = "Private room", 8
			}
			t := Table{MerchantID: merchant.ID, VenueID: venue.ID, Name: fmt.Sprintf("A%02d", i), Area: area, Seats: seats,
				OrderingMethod: MethodQROrder, Token: newToken(), Sort: i, Status: StatusEnabled, RotatedAt: now}
			if i <= 2 && i <= len(tablets.Records) {
				t.OrderingMethod, t.TabletID = MethodTablet, &tablets.Records[i-1].ID
			}
			if err := tx.Create(&t).Error; err != nil {
				return err
			}
		}
		buttons := defaultButtons(merchant.ID, venue.ID)
		if err := tx.Create(&buttons).Error; err != nil {
			return err
		}
		printers := []Printer{
			{Name: "Hot kitchen", Type: PrinterKitchen, Model: "XP-N1601", FontSize: FontDoubleHeight, Charset: "GB18030"},
			{Name: "Cold kitchen & bar", Type: PrinterKitchen, Model: "XP-N1601", FontSize: FontDoubleHeight, Charset: "GB18030"},
			{Name: "Front desk", Type: PrinterReceipt, Model: "TM-T88VI", FontSize: FontNormal, Charset: "GB18030"},
		}
		for i := range printers {
			p := &printers[i]
			p.MerchantID, p.VenueID, p.Host, p.Port, p.Copies, p.PaperWidth, p.Cut, p.Status = merchant.ID, venue.ID, "127.0.0.1", defaultPort, 1, 80, true, StatusEnabled
			if err := tx.Create(p).Error; err != nil {
				return err
			}
		}
		// Each kitchen backs up the other.
		if err := tx.Model(&printers[0]).Update("backup_id", printers[1].ID).Error; err != nil {
			return err
		}
		if err := tx.Model(&printers[1]).Update("backup_id", printers[0].ID).Error; err != nil {
			return err
		}
		var routes []PrinterCategory
		for _, c := range cats {
			p := printers[1] // starters and drinks: cold kitchen and bar
			if c.Name == "Mains" || c.Name == "Noodles and rice" {
				p = printers[0]
			}
			routes = append(routes, PrinterCategory{MerchantID: merchant.ID, VenueID: venue.ID, PrinterID: p.ID, CategoryID: c.ID})
		}
		if len(routes) == 0 {
			return nil
		}
		return tx.Create(&routes).Error
	})
}

// demoCategories are the demo merchant's dish categories in menu order, read
// through the cuisine module (seeded before this one).
func (m *Module) demoCategories(ctx context.Context, merchantID uint64) ([]cuisine.CategoryView, error) {
	return m.dishes.AllCategories(tenancy.With(ctx, tenancy.Scope{Kind: tenancy.Merchant, MerchantID: merchantID}))
}
