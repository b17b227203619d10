package sys

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/platform/module"
)

// Demo accounts (README "Demo logins").
const (
	DemoPassword     = "Demo@12345"
	DemoMerchantName = "Demo Bistro"
)

// seedRole is a built-in role.
type seedRole struct {
	Code, Name, Description, DataScope string
	PlatformOnly                       bool
	Sort                               int
}

var builtinRoles = []seedRole{
	{module.RolePlatformAdmin, "Platform administrator", "Runs the platform: merchants, users, processes, reviews", "all", true, 100},
	{module.RolePlatformReviewer, "Platform reviewer", "Reviews merchants' and platform ads", "all", true, 90},
	{module.RoleMerchantAdmin, "Merchant administrator", "Runs a merchant: menu, ads, venues, staff", "merchant", false, 80},
	{module.RoleVenueManager, "Venue manager", "Runs one venue: menu, orders, devices", "venue", false, 70},
	{module.RoleWaiter, "Waiter / cashier", "Takes and settles orders in one venue", "venue", false, 60},
}

// Menus are the sys module's console entries (spec route table, System area).
func (m *Module) Menus() []module.MenuSeed {
	mgr := []string{"add", "delete", "edit", "query", "get", "enable", "disable", "import", "export"}
	all := mgr
	users := []string{"add", "delete", "edit", "query", "get", "enable", "disable", "import", "export", "unlock"} // unlock: lift login locks
	read := []string{"query", "get"}
	return []module.MenuSeed{
		{URL: "/user/workbench", Name: "menu.workbench", Icon: "DashboardOutlined", Sort: 1000, Static: true},
		{URL: "/sys", Name: "menu.sys", Icon: "SettingOutlined", Sort: 10},
		{URL: "/sys/user", Parent: "/sys", Name: "menu.sys.user", Icon: "UserOutlined", Sort: 100, Perm: "sys:user", Actions: users,
			Grants: map[string][]string{module.RolePlatformAdmin: users, module.RoleMerchantAdmin: users}},
		{URL: "/sys/role", Parent: "/sys", Name: "menu.sys.role", Icon: "TeamOutlined", Sort: 90, Perm: "sys:role", Actions: all,
			Grants: map[string][]string{module.RolePlatformAdmin: all, module.RoleMerchantAdmin: mgr}},
		{URL: "/sys/menu", Parent: "/sys", Name: "menu.sys.menu", Icon: "MenuOutlined", Sort: 80, Perm: "sys:menu", Actions: all,
			Grants: map[string][]string{module.RolePlatformAdmin: all}},
		{URL: "/sys/api", Parent: "/sys", Name: "menu.sys.api", Icon: "ApiOutlined", Sort: 70, Perm: "sys:api", Actions: []string{"query", "get", "edit"},
			Grants: map[string][]string{module.RolePlatformAdmin: {"query", "get", "edit"}}},
		{URL: "/sys/organization", Parent: "/sys", Name: "menu.sys.organization", Icon: "ApartmentOutlined", Sort: 60, Perm: "sys:org", Actions: all,
			Grants: map[string][]string{module.RolePlatformAdmin: all, module.RoleMerchantAdmin: {"query", "get", "add", "edit", "enable", "disable", "delete"}}},
		{URL: "/sys/area", Parent: "/sys", Name: "menu.sys.area", Icon: "EnvironmentOutlined", Sort: 50, Perm: "sys:area", Actions: all,
			Grants: map[string][]string{module.RolePlatformAdmin: all, module.RoleMerchantAdmin: read}},
		{URL: "/sys/dict", Parent: "/sys", Name: "menu.sys.dict", Icon: "BookOutlined", Sort: 40, Perm: "sys:dict", Actions: all,
			Grants: map[string][]string{module.RolePlatformAdmin: all}},
		{URL: "/sys/log", Parent: "/sys", Name: "menu.sys.log", Icon: "FileSearchOutlined", Sort: 30, Perm: "sys:log", Actions: []string{"query", "get", "export", "edit"},
			Grants: map[string][]string{module.RolePlatformAdmin: {"query", "get", "export", "edit"}, module.RoleMerchantAdmin: {"query", "get", "export"}}},
	}
}

// Seed writes the platform node, the built-in roles, every module's menus
// with their default grants, the dictionaries and the administrator; with
// demo, the demo merchant and its staff.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	ctx = tenancy.SystemContext(ctx)
	db := m.deps.DB.WithContext(ctx)
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := seedPlatform(tx); err != nil {
			return err
		}
		if err := seedRoles(tx); err != nil {
			return err
		}
		return seedDicts(tx)
	})
	if err != nil {
		return err
	}
	if err := seedAreas(ctx, db); err != nil {
		return err
	}
	if err := m.seedMenusAndGrants(ctx); err != nil {
		return err
	}
	if err := m.ensureAdmin(ctx, os.Stdout); err != nil {
		return err
	}
	if demo {
		if err := m.seedDemo(ctx); err != nil {
			return err
		}
	}
	if err := m.Perms.PolicyChanged(ctx); err != nil {
		return err
	}
	return m.Auth.InvalidateAllUsers(ctx)
}

func seedPlatform(tx *gorm.DB) error {
	var n int64
	if err := tx.Model(&Org{}).Where("id = ?", PlatformOrgID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	return tx.Create(&Org{ID: PlatformOrgID, Type: OrgPlatform, Name: "Venue Platform", Path: "/1/", Status: StatusEnabled}).Error
}

func seedRoles(tx *gorm.DB) error {
	for _, r := range builtinRoles {
		var existing Role
		if err := tx.Where("merchant_id = 0 AND code = ?", r.Code).Limit(1).Find(&existing).Error; err != nil {
			return err
		}
		if existing.ID != 0 {
			continue
		}
		role := Role{Code: r.Code, Name: r.Name, Description: r.Description, DataScope: r.DataScope,
			PlatformOnly: r.PlatformOnly, Sort: r.Sort, Builtin: true, Status: StatusEnabled}
		if err := tx.Create(&role).Error; err != nil {
			return err
		}
	}
	return nil
}

// seedMenusAndGrants writes the menus, then gives the built-in roles the
// default grants of entries that did not exist before.
func (m *Module) seedMenusAndGrants(ctx context.Context) error {
	db := m.deps.DB.WithContext(ctx)
	var existing []string
	if err := db.Model(&Menu{}).Pluck("url", &existing).Error; err != nil {
		return err
	}
	known := map[string]bool{}
	for _, u := range existing {
		known[u] = true
	}
	seeds := append([]moduleMenu{}, m.ownMenuSeeds()...)
	seeds = append(seeds, m.seeds...)
	return db.Transaction(func(tx *gorm.DB) error {
		if err := seedMenus(ctx, tx, seeds); err != nil {
			return err
		}
		for _, s := range seeds {
			if known[s.URL] || len(s.Grants) == 0 {
				continue
			}
			var menu Menu
			if err := tx.Where("url = ?", s.URL).Take(&menu).Error; err != nil {
				return err
			}
			for _, code := range sortedKeys(s.Grants) {
				var role Role
				if err := tx.Where("merchant_id = 0 AND code = ?", code).Take(&role).Error; err != nil {
					return fmt.Errorf("menu %s grants unknown role %s: %w", s.URL, code, err)
				}
				if err := grantMenu(tx, role.ID, menu, s.Grants[code]); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func (m *Module) ownMenuSeeds() []moduleMenu {
	var out []moduleMenu
	for _, s := range m.Menus() {
		out = append(out, moduleMenu{MenuSeed: s, module: m.Name()})
	}
	return out
}

// grantMenu gives a role a menu (and its parents) and the operation keys on it.
func grantMenu(tx *gorm.DB, roleID uint64, menu Menu, actions []string) error {
	for id := menu.ID; id != 0; {
		if err := tx.Where(RoleMenu{RoleID: roleID, MenuID: id}).FirstOrCreate(&RoleMenu{RoleID: roleID, MenuID: id}).Error; err != nil {
			return err
		}
		var parent Menu
		if err := tx.Select("id", "parent_id").Take(&parent, id).Error; err != nil {
			return err
		}
		id = parent.ParentID
	}
	sub := roleSubject(roleID)
	for _, a := range actions {
		rule := CasbinRule{Ptype: "p", V0: sub, V1: menu.Perm, V2: a}
		if err := tx.Where(rule).FirstOrCreate(&rule).Error; err != nil {
			return err
		}
	}
	return nil
}

func seedDicts(tx *gorm.DB) error {
	types := []DictType{
		{Code: "language_type", Name: "Languages", Description: "Languages of the console", Builtin: true, Status: StatusEnabled},
		{Code: "common_status", Name: "Status", Description: "Enabled or disabled", Builtin: true, Status: StatusEnabled},
		{Code: "order_status", Name: "Order status", Description: "States of an order", Builtin: true, Status: StatusEnabled},
		{Code: "ad_status", Name: "Ad status", Description: "States of an in-venue ad", Builtin: true, Status: StatusEnabled},
		{Code: "printer_type", Name: "Printer type", Description: "What a printer prints: kitchen tickets, receipts or labels", Builtin: true, Status: StatusEnabled},
		{Code: "ordering_method", Name: "Ordering method", Description: "How guests order: QR codes and tablets", Builtin: true, Status: StatusEnabled},
		{Code: "cancel_reason", Name: "Cancel reason", Description: "Why a dish or an order is cancelled", Builtin: true, Status: StatusEnabled},
		{Code: "payment_method", Name: "Payment method", Description: "How a settled bill was paid", Builtin: true, Status: StatusEnabled},
	}
	for _, t := range types {
		if err := tx.Where(DictType{Code: t.Code}).FirstOrCreate(&t).Error; err != nil {
			return err
		}
	}
	var items []DictItem
	for i, l := range i18n.Languages {
		items = append(items, DictItem{TypeCode: "language_type", DictKey: l.Name, DictValue: l.Code, Sort: i + 1})
	}
	items = append(items,
		DictItem{TypeCode: "common_status", DictKey: "Enabled", DictValue: "1", Sort: 1, Labels: labels("status.enabled")},
		DictItem{TypeCode: "common_status", DictKey: "Disabled", DictValue: "0", Sort: 2, Labels: labels("status.disabled")},
	)
	for _, t := range []struct {
		code   string
		values []string
	}{
		{"order_status", []string{"normal", "cancelled"}},
		{"ad_status", []string{"draft", "pending", "approved", "rejected", "ended"}},
		{"printer_type", []string{"kitchen", "receipt", "label"}},
		{"ordering_method", []string{"qr_order", "pay_bill", "tablet"}},
		{"cancel_reason", []string{"guest_changed_mind", "out_of_stock", "wrong_order", "too_slow", "quality", "other"}},
		{"payment_method", []string{"cash", "card", "wechat_pay", "alipay", "voucher", "other"}},
	} {
		for i, v := range t.values {
			key := "dict." + t.code + "." + v
			items = append(items, DictItem{TypeCode: t.code, DictKey: i18n.T(i18n.Default, key, nil), DictValue: v, Sort: i + 1, Labels: labels(key)})
		}
	}
	// printer_type once held connection kinds; a printer's type is its job now.
	if err := tx.Where("type_code = ? AND builtin = ? AND dict_value IN ?", "printer_type", true, []string{"network", "usb", "cloud"}).
		Delete(&DictItem{}).Error; err != nil {
		return err
	}
	for _, it := range items {
		it.Builtin, it.Status = true, StatusEnabled
		var existing DictItem
		if err := tx.Where("type_code = ? AND dict_value = ?", it.TypeCode, it.DictValue).Limit(1).Find(&existing).Error; err != nil {
			return err
		}
		if existing.ID == 0 {
			if err := tx.Create(&it).Error; err != nil {
				return err
			}
		}
	}
	return nil
}

// labels renders a message key in every language as a dictionary entry's labels.
func labels(key string) string {
	m := map[string]string{}
	for _, l := range i18n.Languages {
		m[l.Tag] = i18n.T(l.Tag, key, nil)
	}
	raw, _ := json.Marshal(m)
	return string(raw)
}

// ensureAdmin creates the first platform administrator 'admin' once; its
// password comes from the configuration or is generated and printed here.
func (m *Module) ensureAdmin(ctx context.Context, out io.Writer) error {
	db := m.deps.DB.WithContext(ctx)
	var n int64
	if err := db.Model(&User{}).Where("username = ?", "admin").Count(&n).Error; err != nil || n > 0 {
		return err
	}
	password, generated := m.deps.Config.AdminPassword, false
	if password == "" {
		password, generated = GeneratePassword(), true
	}
	err := db.Transaction(func(tx *gorm.DB) error {
		_, err := createUser(tx, NewUser{Username: "admin", Password: password, RealName: "Administrator", Admin: true,
			OrgID: PlatformOrgID, RoleCodes: []string{module.RolePlatformAdmin}})
		return err
	})
	if err != nil {
		if dbx.IsDuplicate(err) {
			return nil // another process created it first
		}
		return err
	}
	if generated {
		if _, err := fmt.Fprintf(out, "\n  First start: created the platform administrator.\n    user name: admin\n    password:  %s\n  It is shown only this once; change it after logging in.\n\n", password); err != nil {
			return fmt.Errorf("show the new administrator's password (set another with venue reset-password): %w", err)
		}
	}
	return nil
}

func (m *Module) seedDemo(ctx context.Context) error {
	db := m.deps.DB.WithContext(ctx)
	var existing Org
	if err := db.Where("type = ? AND name = ?", OrgMerchant, DemoMerchantName).Limit(1).Find(&existing).Error; err != nil {
		return err
	}
	if existing.ID != 0 {
		return nil
	}
	return db.Transaction(func(tx *gorm.DB) error {
		merchant, venue, err := createMerchant(tx, NewMerchant{Name: DemoMerchantName, Contact: "Alex Chen", Mobile: "13800000001",
			Address: "88 Riverside Road", AreaCode: "310100", LicenceNo: "DEMO-310100-0001", VenueName: "Demo Bistro Riverside"})
		if err != nil {
			return err
		}
		users := []NewUser{
			{Username: "demo_admin", RealName: "Alex Chen", Mobile: "13800000001", OrgID: merchant.ID, RoleCodes: []string{module.RoleMerchantAdmin}},
			{Username: "demo_manager", RealName: "Sam Li", Mobile: "13800000002", OrgID: venue.ID, RoleCodes: []string{module.RoleVenueManager}},
			{Username: "demo_waiter", RealName: "Jo Wang", Mobile: "13800000003", OrgID: venue.ID, RoleCodes: []string{module.RoleWaiter}},
			{Username: "demo_reviewer", RealName: "Pat Zhao", Mobile: "13800000004", OrgID: PlatformOrgID, RoleCodes: []string{module.RolePlatformReviewer}},
		}
		for _, u := range users {
			u.Password = DemoPassword
			if _, err := createUser(tx, u); err != nil {
				return fmt.Errorf("demo user %s: %w", u.Username, err)
			}
		}
		return nil
	})
}
