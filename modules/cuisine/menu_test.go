package cuisine_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestPublicMenuShape(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	m, res := f.menu()
	if m.Venue.Name != "Demo Bistro Riverside" || m.Venue.Currency != "CNY" || m.Venue.CurrencyDigits != 2 || m.Venue.Timezone != "Asia/Shanghai" {
		t.Fatalf("venue %+v", m.Venue)
	}
	if len(m.Categories) != 4 || m.Categories[0].Name != "Starters" || len(m.Categories[1].Dishes) != 6 || m.Labels["soldOut"] != "Sold out" {
		t.Fatalf("menu %v labels %v", names(m), m.Labels)
	}
	kp, _ := menuDish(m, f.dishes["M01"])
	if len(kp.Images) != 1 || len(kp.Specs) != 2 || kp.Specs[0].Name != "Spice level" || !kp.Specs[0].Required || len(kp.Specs[1].Options) != 2 ||
		kp.Specs[1].Options[1].PriceDelta != 600 || kp.Promotion == nil || kp.FinalPrice != 4080 || kp.Price != 4800 {
		t.Fatalf("Kung Pao chicken %+v", kp)
	}
	if res.Header.Get("ETag") == "" || res.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("headers %v", res.Header)
	}
	// The picture the demo seed stored is served.
	pic := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: kp.Images[0]})
	if pic.Status != http.StatusOK || pic.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("demo picture %s: %d %s", kp.Images[0], pic.Status, pic.Header.Get("Content-Type"))
	}
	// Language of the labels.
	zh := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/" + f.venueKey + "/menu?lang=zh_CN"})
	var zm cuisine.PublicMenu
	zh.Into(t, &zm)
	if zm.Labels["soldOut"] != "已售罄" || zh.Header.Get("ETag") == res.Header.Get("ETag") {
		t.Fatalf("zh labels %v etag %s", zm.Labels, zh.Header.Get("ETag"))
	}
	if res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/no-such-key/menu"}); res.Code != 10002 {
		t.Fatalf("unknown venue: %d", res.Code)
	}
	// A disabled venue or merchant has no menu, cached or not; enabled again, it has.
	for _, org := range []uint64{f.venueID, f.merchantID} {
		f.ok("POST", fmt.Sprintf("/api/sys/org/%d/disable", org), f.platform, nil)
		if res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/" + f.venueKey + "/menu"}); res.Code != 10002 {
			t.Fatalf("menu of disabled org %d: %d", org, res.Code)
		}
		f.ok("POST", fmt.Sprintf("/api/sys/org/%d/enable", org), f.platform, nil)
		f.menu()
	}
}

func TestPublicMenuETagAndInvalidation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	path := "/api/public/venue/" + f.venueKey + "/menu"
	_, first := f.menu()
	etag := first.Header.Get("ETag")
	same := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: path, Header: map[string]string{"If-None-Match": etag}})
	if same.Status != http.StatusNotModified || len(same.Body) != 0 || same.Header.Get("ETag") != etag {
		t.Fatalf("revalidation: HTTP %d, %d bytes, etag %q", same.Status, len(same.Body), same.Header.Get("ETag"))
	}
	// gzip for tablets that ask for it, with its own tag that also revalidates.
	gz := f.raw(path, map[string]string{"Accept-Encoding": "gzip"})
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Header().Get("ETag") == etag {
		t.Fatalf("gzip headers %v", gz.Header())
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	plain, _ := io.ReadAll(zr)
	if !bytes.Equal(plain, first.Body) {
		t.Fatal("gzip body differs from the plain one")
	}
	if r := f.raw(path, map[string]string{"Accept-Encoding": "gzip", "If-None-Match": gz.Header().Get("ETag")}); r.Code != http.StatusNotModified {
		t.Fatalf("gzip revalidation: %d", r.Code)
	}

	// Any change of the catalogue shows at once, with a new tag.
	body := f.dishBody("M02")
	body["name"], body["description"], body["price"] = "Mapo tofu (new recipe)", "Now with more pepper.", 3900
	f.ok("PUT", fmt.Sprintf("%s/dish/%d", base, f.dishes["M02"]), f.admin, body)
	changed := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: path, Header: map[string]string{"If-None-Match": etag}})
	if changed.Status != http.StatusOK || changed.Header.Get("ETag") == etag {
		t.Fatalf("after an edit: HTTP %d etag %s", changed.Status, changed.Header.Get("ETag"))
	}
	var m cuisine.PublicMenu
	changed.Into(t, &m)
	if md, _ := menuDish(m, f.dishes["M02"]); md.Name != "Mapo tofu (new recipe)" || md.FinalPrice != 3900 {
		t.Fatalf("edited dish on the menu: %+v", md)
	}
}

func TestSoldOutAndShelfShowAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dishes
	f.menu() // cached from here on
	f.ok("POST", base+"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{d["S01"], d["S02"]}})
	m, _ := f.menu()
	for _, n := range []string{"S01", "S02"} {
		if md, ok := menuDish(m, d[n]); !ok || !md.SoldOut {
			t.Fatalf("%s after sold out: %+v", n, md)
		}
	}
	f.ok("POST", base+"/dish/inStock", f.waiter, map[string]any{"ids": []uint64{d["S01"]}})
	f.ok("POST", base+"/dish/offShelf", f.manager, map[string]any{"ids": []uint64{d["S03"], d["S04"]}})
	m, _ = f.menu()
	if md, _ := menuDish(m, d["S01"]); md.SoldOut {
		t.Fatal("S01 still sold out")
	}
	for _, n := range []string{"S03", "S04"} {
		if _, ok := menuDish(m, d[n]); ok {
			t.Fatalf("%s off the shelf but on the menu", n)
		}
	}
	var page api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?status=removed", f.admin, nil).Into(t, &page)
	if page.Total != 2 {
		t.Fatalf("removed dishes listed: %d", page.Total)
	}
	f.ok("GET", base+"/dish?soldOut=true", f.admin, nil).Into(t, &page)
	if page.Total != 1 || page.Records[0].ID != d["S02"] {
		t.Fatalf("sold-out dishes listed: %+v", page.Records)
	}
	f.ok("POST", base+"/dish/onShelf", f.manager, map[string]any{"ids": []uint64{d["S03"]}})
	if _, ok := menuDish(mustMenu(f), d["S03"]); !ok {
		t.Fatal("S03 back on the shelf but not on the menu")
	}
	// A whole category of removed dishes leaves the menu.
	var drinks api.Page[cuisine.DishView]
	f.ok("GET", fmt.Sprintf("%s/dish?categoryId=%d", base, f.categories["Drinks"]), f.admin, nil).Into(t, &drinks)
	ids := make([]uint64, len(drinks.Records))
	for i, r := range drinks.Records {
		ids[i] = r.ID
	}
	f.ok("POST", base+"/dish/offShelf", f.admin, map[string]any{"ids": ids})
	if m := mustMenu(f); len(m.Categories) != 3 {
		t.Fatalf("empty category on the menu: %v", names(m))
	}

	// Sold-out values of a specification are listed and marked.
	kp := f.dish(d["M01"])
	hot := kp.Specs[0].Options[2]
	f.ok("POST", base+"/dish/option/soldOut", f.waiter, map[string]any{"ids": []uint64{hot.ID}, "soldOut": true})
	md, _ := menuDish(mustMenu(f), d["M01"])
	if o := md.Specs[0].Options[2]; o.Value != "Hot" || !o.SoldOut || md.Specs[0].Options[0].SoldOut {
		t.Fatalf("options on the menu: %+v", md.Specs[0].Options)
	}
}

func TestBulkChangesAreAllOrNothing(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dishes
	foreign := f.otherDish()
	kp := f.dish(d["M01"])
	for _, tc := range []struct {
		path, token string
		body        map[string]any
	}{
		{"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{d["S01"], d["S02"], foreign}}},
		{"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{d["S01"], 999999}}},
		{"/dish/offShelf", f.manager, map[string]any{"ids": []uint64{d["S01"], foreign}}},
		{"/dish/delete", f.admin, map[string]any{"ids": []uint64{d["S01"], foreign}}},
		{"/dish/sort", f.admin, map[string]any{"ids": []uint64{d["S02"], d["S01"], foreign}}},
		{"/dish/option/soldOut", f.waiter, map[string]any{"ids": []uint64{kp.Specs[0].Options[0].ID, 999999}, "soldOut": true}},
	} {
		method := "POST"
		if tc.path == "/dish/sort" {
			method = "PUT"
		}
		if res := f.do(method, base+tc.path, tc.token, tc.body); res.Code != 10002 {
			t.Errorf("%s with an id not ours: %d %q", tc.path, res.Code, res.Msg)
		}
	}
	s1, s2 := f.dish(d["S01"]), f.dish(d["S02"])
	if s1.SoldOut || s2.SoldOut || s1.Status != cuisine.OnSale || s1.Sort != 1 || s2.Sort != 2 || f.dish(d["M01"]).Specs[0].Options[0].SoldOut {
		t.Fatalf("a refused bulk request changed rows: %+v %+v", s1.DishView, s2.DishView)
	}
	for _, body := range []map[string]any{{"ids": []uint64{}}, {"ids": []uint64{d["S01"], d["S01"]}}} {
		expectField(t, f.do("POST", base+"/dish/soldOut", f.waiter, body), 10001, "ids", "")
	}
	// And all of a good one in one go.
	f.ok("POST", base+"/dish/delete", f.admin, map[string]any{"ids": []uint64{d["S01"], d["S03"]}})
	var page api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?number=S", f.admin, nil).Into(t, &page)
	if page.Total != 3 {
		t.Fatalf("after deleting two starters: %d", page.Total)
	}
}

// otherDish creates a dish of another merchant and answers its id.
func (f *fixture) otherDish() uint64 {
	f.t.Helper()
	tok := f.other()
	var cat cuisine.CategoryView
	f.ok("POST", base+"/category", tok, map[string]any{"name": "Noodles", "sort": 1}).Into(f.t, &cat)
	body := f.dishBody("O1")
	body["categoryId"] = cat.ID
	var d cuisine.DishDetail
	f.ok("POST", base+"/dish", tok, body).Into(f.t, &d)
	return d.ID
}

func TestScheduledRestoreOfSoldOut(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	d := f.dishes
	// The catalogue's clock stands still until the test moves it; the restore
	// job's own timer runs on real time and never reaches these restores.
	clock := time.Now().UTC().Truncate(time.Second)
	f.mod.SetClock(func() time.Time { return clock })
	expectField(t, f.do("POST", base+"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{d["D01"]}, "restoreAt": "2020-01-01 10:00:00"}),
		10001, "restoreAt", "The restore time must be in the future")
	expectField(t, f.do("POST", base+"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{d["D01"]}, "restoreAt": "tomorrow"}), 10001, "restoreAt", "")

	// Within the menu's age limit, so that only the restore time can end the cached menu.
	restore := clock.Add(5 * time.Minute)
	f.ok("POST", base+"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{d["D01"], d["D02"]}, "restoreAt": restore.Format(time.RFC3339Nano)})
	// A restore given in the merchant's wall clock (Asia/Shanghai) is read in it.
	later := clock.Add(48 * time.Hour).In(shanghai)
	f.ok("POST", base+"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{d["D03"]}, "restoreAt": later.Format(time.DateTime)})
	if got := f.dish(d["D03"]).RestoreAt; got == nil || !got.Equal(later.Truncate(time.Second)) {
		t.Fatalf("wall-clock restore read as %v, want %v", got, later)
	}
	md, _ := menuDish(mustMenu(f), d["D01"])
	if !md.SoldOut || md.RestoreAt == nil {
		t.Fatalf("before the restore: %+v", md)
	}
	clock = restore.Add(-time.Second)
	if md, _ := menuDish(mustMenu(f), d["D01"]); !md.SoldOut {
		t.Fatalf("a second before the restore: %+v", md)
	}
	clock = restore
	// Due: the cached menu expired by itself and reads the dish as back, before any job ran.
	md, _ = menuDish(mustMenu(f), d["D01"])
	if md.SoldOut || md.RestoreAt != nil {
		t.Fatalf("at the restore time: %+v", md)
	}
	if v := f.dish(d["D01"]); v.SoldOut {
		t.Fatalf("list at the restore time: %+v", v.DishView)
	}
	// The job then clears the flags in one statement, and only the due ones.
	n, err := f.mod.Catalogue.RestoreDue(t.Context(), clock)
	if err != nil || n != 2 {
		t.Fatalf("restore job: %d %v", n, err)
	}
	var rows []cuisine.Dish
	if err := f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("sold_out = ?", true).Find(&rows).Error; err != nil || len(rows) != 1 || rows[0].ID != d["D03"] {
		t.Fatalf("sold-out rows after the job: %+v %v", rows, err)
	}
}

// A change made through one API node reaches the menu another node caches.
func TestMenuInvalidationReachesOtherNodes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	node2 := f.env.Node()
	get := func(e *platformtest.Env) cuisine.PublicMenu {
		res := platformtest.OK(t, e.Do(platformtest.Req{Method: http.MethodGet, Path: "/api/public/venue/" + f.venueKey + "/menu"}))
		var m cuisine.PublicMenu
		if err := json.Unmarshal(res.Result, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if md, _ := menuDish(get(node2), f.dishes["N01"]); md.SoldOut {
		t.Fatal("sold out before the change")
	}
	f.ok("POST", base+"/dish/soldOut", f.waiter, map[string]any{"ids": []uint64{f.dishes["N01"]}})
	deadline := time.Now().Add(5 * time.Second) // the change feed polls every second
	for {
		if md, _ := menuDish(get(node2), f.dishes["N01"]); md.SoldOut {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the other node still serves the old menu")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// raw sends a GET straight to the engine (the test client decodes every JSON body, gzipped or not).
func (f *fixture) raw(path string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	f.env.Engine.ServeHTTP(w, req)
	return w
}
