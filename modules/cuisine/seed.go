package cuisine

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/storage"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
)

// Menus are the module's console entries (spec route table, Dishes area).
// Sold-out toggling is a hidden entry of its own so that a role can hold it
// without the right to edit dishes.
func (m *Module) Menus() []module.MenuSeed {
	crud := []string{"query", "get", "add", "edit", "delete", "enable", "disable"}
	dish := []string{"query", "get", "add", "edit", "delete", "enable", "disable", "import", "export"}
	read := []string{"query", "get"}
	return []module.MenuSeed{
		{URL: "/cuisine", Name: "menu.cuisine", Icon: "CoffeeOutlined", Sort: 80},
		{URL: "/cuisine/category", Parent: "/cuisine", Name: "menu.cuisine.category", Icon: "AppstoreOutlined", Sort: 100,
			Perm: permCategory, Actions: crud,
			Grants: map[string][]string{module.RoleMerchantAdmin: crud, module.RoleVenueManager: read, module.RoleWaiter: read}},
		{URL: "/cuisine/manage", Parent: "/cuisine", Name: "menu.cuisine.manage", Icon: "ShopOutlined", Sort: 90,
			Perm: permDish, Actions: dish,
			Grants: map[string][]string{module.RoleMerchantAdmin: dish, module.RoleVenueManager: {"query", "get", "enable", "disable", "export"}, module.RoleWaiter: read}},
		{URL: "/cuisine/soldout", Parent: "/cuisine", Name: "menu.cuisine.soldout", Icon: "StopOutlined", Sort: 85, Hidden: true,
			Perm: permSoldOut, Actions: []string{"edit"},
			Grants: map[string][]string{module.RoleMerchantAdmin: {"edit"}, module.RoleVenueManager: {"edit"}, module.RoleWaiter: {"edit"}}},
		{URL: "/cuisine/promotion", Parent: "/cuisine", Name: "menu.cuisine.promotion", Icon: "TagsOutlined", Sort: 80,
			Perm: permPromotion, Actions: crud,
			Grants: map[string][]string{module.RoleMerchantAdmin: crud, module.RoleVenueManager: read}},
	}
}

// Seed writes nothing for production; with demo it gives the demo merchant
// a menu once: four categories, twenty dishes with specifications and
// pictures, and one running promotion.
func (m *Module) Seed(ctx context.Context, demo bool) error {
	if !demo {
		return nil
	}
	ctx = tenancy.SystemContext(ctx)
	merchant, err := m.Catalogue.orgs.svc.MerchantByName(ctx, sys.DemoMerchantName)
	if err != nil || merchant == nil {
		return err
	}
	db := m.deps.DB.WithContext(ctx)
	var n int64
	if err := db.Model(&Category{}).Where("merchant_id = ?", merchant.ID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	pictures := map[string]string{}
	for _, cat := range demoMenu {
		url, err := demoPicture(ctx, m.deps.Storage, cat.colour)
		if err != nil {
			return err
		}
		pictures[cat.name] = url
	}
	err = db.Transaction(func(tx *gorm.DB) error {
		var promoRows []PromotionRow
		for i, cat := range demoMenu {
			row := Category{MerchantID: merchant.ID, Name: cat.name, Sort: i + 1, Status: StatusEnabled}
			if err := tx.Create(&row).Error; err != nil {
				return err
			}
			for j, d := range cat.dishes {
				dish := Dish{MerchantID: merchant.ID, CategoryID: row.ID, Sort: j + 1, Number: d.number, Name: d.name, Price: d.price,
					Description: d.description, Images: StringList{pictures[cat.name]}, Specialty: d.specialty, Status: OnSale}
				if err := tx.Create(&dish).Error; err != nil {
					return err
				}
				if err := IndexDishNames(tx, []Dish{dish}); err != nil {
					return err
				}
				var plans []specPlan
				for k, s := range d.specs {
					plan := specPlan{group: SpecGroup{MerchantID: merchant.ID, Name: s.name, Sort: k + 1, Required: s.min > 0, MinChoices: s.min, MaxChoices: s.max}}
					for o, v := range s.values {
						plan.options = append(plan.options, SpecOption{MerchantID: merchant.ID, Value: v.value, PriceDelta: v.delta, Sort: o + 1})
					}
					plans = append(plans, plan)
				}
				if err := writeSpecs(tx, dish.ID, plans); err != nil {
					return err
				}
				if d.promoPercent > 0 {
					p, _ := ApplyPromotion(dish.Price, ModePercent, d.promoPercent)
					promoRows = append(promoRows, PromotionRow{MerchantID: merchant.ID, DishID: dish.ID, Mode: ModePercent, Value: d.promoPercent,
						OriginalPrice: p.Original, PromotionPrice: p.Price, Discount: p.Discount, Sort: len(promoRows) + 1})
				}
			}
		}
		today := time.Now().UTC().Truncate(24 * time.Hour)
		promo := Promotion{MerchantID: merchant.ID, Name: "Spring tasting week", StartAt: today.AddDate(0, 0, -1),
			EndAt: today.AddDate(1, 0, 0).Add(-time.Second), Days: allDays, Status: StatusEnabled}
		if err := tx.Create(&promo).Error; err != nil {
			return err
		}
		for i := range promoRows {
			promoRows[i].PromotionID = promo.ID
		}
		return tx.Create(&promoRows).Error
	})
	if err != nil {
		return err
	}
	m.menus.dropMerchant(merchant.ID)
	return nil
}

// demoPicture stores a 580×580 plate on a coloured ground, the size the
// spec recommends for dish images.
func demoPicture(ctx context.Context, st storage.Storage, ground color.RGBA) (string, error) {
	const size, r = 580, 220
	pal := color.Palette{ground, color.RGBA{250, 248, 240, 255}, color.RGBA{ground.R / 2, ground.G / 2, ground.B / 2, 255}}
	img := image.NewPaletted(image.Rect(0, 0, size, size), pal)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			dx, dy := x-size/2, y-size/2
			switch d := dx*dx + dy*dy; {
			case d < (r-40)*(r-40):
				img.SetColorIndex(x, y, 2)
			case d < r*r:
				img.SetColorIndex(x, y, 1)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return st.Put(ctx, storage.NewKey("png"), &buf, int64(buf.Len()), storage.ContentType("png"))
}

type demoValue struct {
	value string
	delta int64
}

type demoSpec struct {
	name     string
	min, max int
	values   []demoValue
}

type demoDish struct {
	number, name, description string
	price                     int64
	specialty                 bool
	promoPercent              int64 // basis points off in the demo promotion
	specs                     []demoSpec
}

type demoCategory struct {
	name   string
	colour color.RGBA
	dishes []demoDish
}

var (
	specSpice  = demoSpec{"Spice level", 1, 1, []demoValue{{"Mild", 0}, {"Medium", 0}, {"Hot", 0}}}
	specSize   = demoSpec{"Size", 1, 1, []demoValue{{"Regular", 0}, {"Large", 600}}}
	specExtras = demoSpec{"Extras", 0, 2, []demoValue{{"Fried egg", 300}, {"Extra rice", 200}, {"Pickled greens", 200}}}
	specSugar  = demoSpec{"Sweetness", 1, 1, []demoValue{{"Full", 0}, {"Half", 0}, {"None", 0}}}
	specIce    = demoSpec{"Temperature", 1, 1, []demoValue{{"Iced", 0}, {"Warm", 0}, {"Hot", 0}}}
)

var demoMenu = []demoCategory{
	{"Starters", color.RGBA{232, 170, 66, 255}, []demoDish{
		{"S01", "Smashed cucumber salad", "Cucumber with garlic, black vinegar and chilli oil.", 1800, false, 0, []demoSpec{specSpice}},
		{"S02", "Pork and chive dumplings", "Six pan-fried dumplings with a crisp lattice.", 2800, true, 2000, nil},
		{"S03", "Scallion pancake", "Flaky layered pancake, soy dipping sauce.", 1600, false, 0, nil},
		{"S04", "Spicy wood-ear mushrooms", "Cold wood-ear mushrooms, coriander, Sichuan pepper.", 2200, false, 0, []demoSpec{specSpice}},
		{"S05", "Tea-smoked duck bites", "Duck smoked over jasmine tea, plum sauce.", 3800, false, 0, nil},
	}},
	{"Mains", color.RGBA{196, 72, 52, 255}, []demoDish{
		{"M01", "Kung Pao chicken", "Diced chicken, peanuts and dried chilli, wok-fried.", 4800, true, 1500, []demoSpec{specSpice, specSize}},
		{"M02", "Mapo tofu", "Silken tofu in a numbing, fiery bean sauce with minced beef.", 3800, false, 0, []demoSpec{specSpice}},
		{"M03", "Sweet and sour pork", "Crisp pork, pineapple, peppers, bright sauce.", 5200, false, 0, []demoSpec{specSize}},
		{"M04", "Steamed sea bass", "Whole sea bass with ginger, scallion and hot oil.", 12800, true, 0, nil},
		{"M05", "Braised beef brisket", "Slow-braised brisket with daikon, star anise.", 6800, false, 1000, []demoSpec{specSize}},
		{"M06", "Garlic stir-fried greens", "Seasonal greens flashed in the wok with garlic.", 2600, false, 0, nil},
	}},
	{"Noodles and rice", color.RGBA{120, 160, 80, 255}, []demoDish{
		{"N01", "Dan dan noodles", "Wheat noodles, pork, preserved greens, sesame chilli sauce.", 3200, true, 0, []demoSpec{specSpice, specExtras}},
		{"N02", "Beef noodle soup", "Hand-pulled noodles in a rich beef broth.", 3800, false, 0, []demoSpec{specSize, specExtras}},
		{"N03", "Yangzhou fried rice", "Egg fried rice with shrimp, ham and peas.", 2800, false, 0, []demoSpec{specExtras}},
		{"N04", "Claypot chicken rice", "Rice cooked in clay with chicken and mushrooms.", 4200, false, 0, nil},
		{"N05", "Steamed jasmine rice", "A bowl of steamed rice.", 300, false, 0, nil},
	}},
	{"Drinks", color.RGBA{70, 130, 180, 255}, []demoDish{
		{"D01", "Jasmine tea", "A pot of jasmine green tea.", 1200, false, 0, []demoSpec{specIce}},
		{"D02", "Fresh lemon tea", "Black tea with fresh lemon.", 1800, false, 0, []demoSpec{specIce, specSugar}},
		{"D03", "Soy milk", "House-made soy milk.", 800, false, 0, []demoSpec{specIce, specSugar}},
		{"D04", "Plum juice", "Smoked plum juice, chilled.", 1500, false, 0, nil},
	}},
}
