package cuisine_test

import (
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// cards answers the workbench cards of a login by key.
func cards(t *testing.T, env *platformtest.Env, token string) map[string]any {
	t.Helper()
	var wb struct {
		Cards []struct {
			Key   string `json:"key"`
			Title string `json:"title"`
			Value any    `json:"value"`
		} `json:"cards"`
	}
	platformtest.OK(t, env.Do(platformtest.Req{Method: "GET", Path: "/api/sys/workbench", Token: token})).Into(t, &wb)
	out := map[string]any{}
	for _, c := range wb.Cards {
		if c.Title == "" {
			t.Fatalf("card %s has no title", c.Key)
		}
		out[c.Key] = c.Value
	}
	return out
}

func TestWorkbenchCountsDishesOnSaleAndSoldOut(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var onSale api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?status=on_sale&pageSize=1", f.admin, nil).Into(t, &onSale)
	before := cards(t, f.env, f.waiter)
	if before["dishesOnSale"] != float64(onSale.Total) {
		t.Fatalf("dishes on sale card %v, list total %d", before["dishesOnSale"], onSale.Total)
	}
	sold := before["dishesSoldOut"].(float64)
	f.ok("POST", base+"/dish/soldOut", f.admin, map[string]any{"ids": []uint64{f.dishes["M01"]}})
	if got := cards(t, f.env, f.waiter)["dishesSoldOut"]; got != sold+1 {
		t.Fatalf("sold-out card after marking one: %v, was %v", got, sold)
	}
	// The platform's users run no menu: no dish cards.
	if _, ok := cards(t, f.env, f.platform)["dishesOnSale"]; ok {
		t.Fatal("a platform user sees a merchant's dish count")
	}
	// Ads cards: for who may see the ads list (the merchant administrator, the platform), not a waiter.
	if _, ok := cards(t, f.env, f.waiter)["advertPending"]; ok {
		t.Fatal("a waiter sees the ads cards")
	}
	for _, tok := range []string{f.admin, f.platform, f.env.Login("demo_reviewer", sys.DemoPassword)} {
		c := cards(t, f.env, tok)
		if _, ok := c["advertPending"]; !ok {
			t.Fatalf("no ads awaiting review card: %v", c)
		}
		if _, ok := c["advertOnAir"]; !ok {
			t.Fatalf("no ads on air card: %v", c)
		}
	}
}
