package cuisine_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The walk through: a category, a dish with two specifications and
// an uploaded image, a promotion; the dish shows on the public menu at its
// promotion price, and marked sold out once it is.
func TestCategoryDishPromotionOnTheMenu(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var cat cuisine.CategoryView
	f.ok("POST", base+"/category", f.admin, map[string]any{"name": "Desserts", "sort": 9}).Into(t, &cat)

	img := image.NewRGBA(image.Rect(0, 0, 58, 58))
	img.Set(1, 1, color.RGBA{200, 100, 50, 255})
	var pic bytes.Buffer
	if err := png.Encode(&pic, img); err != nil {
		t.Fatal(err)
	}
	var urls []string
	platformtest.OK(t, f.env.Upload("/api/upload/oss/aliyun/image", f.admin, "tart.png", pic.Bytes())).Into(t, &urls)

	var dish cuisine.DishDetail
	f.ok("POST", base+"/dish", f.admin, map[string]any{
		"name": "Egg tart", "number": "T01", "categoryId": cat.ID, "sort": 1, "price": 1250, "description": "Flaky pastry, silky custard.",
		"images": urls,
		"specs": []map[string]any{
			{"name": "Portion", "required": true, "options": []map[string]any{{"value": "Two"}, {"value": "Four", "priceDelta": 1100}}},
			{"name": "Topping", "content": "Cinnamon,Sugar", "maxChoices": 2},
		},
	}).Into(t, &dish)

	now := time.Now()
	f.ok("POST", base+"/promotion", f.admin, map[string]any{"name": "Tart Tuesday", "startAt": now.AddDate(0, 0, -1).Format(time.DateOnly),
		"endAt": now.AddDate(0, 0, 1).Format(time.DateOnly), "rows": []any{row(dish.ID, "percent", 2000)}})

	md, ok := menuDish(mustMenu(f), dish.ID)
	if !ok || md.FinalPrice != 1000 || md.OriginalPrice != 1250 || md.Promotion == nil || md.Promotion.Name != "Tart Tuesday" ||
		len(md.Images) != 1 || md.Images[0] != urls[0] || len(md.Specs) != 2 || md.Specs[0].Options[1].PriceDelta != 1100 || md.SoldOut {
		t.Fatalf("egg tart on the menu: %+v", md)
	}
	f.ok("POST", base+"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{dish.ID}})
	if md, _ := menuDish(mustMenu(f), dish.ID); !md.SoldOut {
		t.Fatalf("sold-out egg tart: %+v", md)
	}
}

// Seeding the demo again changes nothing.
func TestDemoSeedIsIdempotent(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if err := f.env.P.Seed(t.Context(), true); err != nil {
		t.Fatal(err)
	}
	var n int64
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&cuisine.Dish{}).Where("merchant_id = ?", f.merchantID).Count(&n).Error; err != nil || n != 20 {
		t.Fatalf("dishes after a second seed: %d %v", n, err)
	}
	var promos int64
	f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&cuisine.Promotion{}).Count(&promos)
	if promos != 1 {
		t.Fatalf("promotions after a second seed: %d", promos)
	}
}

func TestSettingsNameTheCurrencyAndVenueKeys(t *testing.T) {
	t.Parallel()
	env := platformtest.New(t, platformtest.Options{Demo: true})
	var s cuisine.Settings
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/merchant/cuisine/settings", Token: env.Login("demo_admin", "Demo@12345")})).Into(t, &s)
	if s.Currency != "CNY" || s.CurrencyDigits != 2 || len(s.Venues) != 1 || len(s.Venues[0].VenueKey) < 20 {
		t.Fatalf("settings %+v", s)
	}
	res := env.Do(platformtest.Req{Method: "GET", Path: "/api/public/venue/" + s.Venues[0].VenueKey + "/menu"})
	if res.Status != 200 {
		t.Fatalf("public menu by the settings' key: %d", res.Status)
	}
}
