package configure_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/platform/platformtest"
)

// The demo venue has twelve tables whose codes lead to them; a manager adds
// a table without naming the venue, and its code's URL carries a random
// token, never its name or id.
func TestTablesAndTheirCodes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tables := f.tables(f.manager, 0)
	if len(tables) != 12 {
		t.Fatalf("demo tables: %d", len(tables))
	}
	seen := map[string]bool{}
	for _, tb := range tables {
		if len(tb.Token) < 22 || seen[tb.Token] || tb.URL != "http://example.com/t/"+tb.Token {
			t.Fatalf("table %s: token %q url %q", tb.Name, tb.Token, tb.URL)
		}
		seen[tb.Token] = true
	}
	added := f.addTable(f.manager, 0, "B01")
	if added.VenueID != f.venueID || added.MerchantID != f.merchantID || added.Status != configure.StatusEnabled {
		t.Fatalf("added: %+v", added)
	}
	var g configure.GuestTable
	f.OK("GET", "/api/public/table/"+added.Token, "", nil).Into(t, &g)
	if g.Table.TableID != added.ID || g.Venue.ID != f.venueID || g.Venue.Name != "Demo Bistro Riverside" || g.Venue.VenueKey == "" {
		t.Fatalf("guest table: %+v", g)
	}
	ref, err := f.mod.Tables.TableByToken(t.Context(), added.Token)
	if err != nil || ref.TableID != added.ID || ref.VenueID != f.venueID || ref.MerchantID != f.merchantID {
		t.Fatalf("TableByToken: %+v %v", ref, err)
	}
	if _, err := f.mod.Tables.TableByToken(t.Context(), "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"); !errors.Is(err, configure.ErrCodeUnknown) {
		t.Fatalf("unknown token: %v", err)
	}
}

// The table form names each bad field in the caller's language.
func TestTableValidationMessages(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	path := base + "/table"
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, map[string]any{"orderingMethod": "qr_order"}), "name", "Name cannot be empty")
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, map[string]any{"name": "X1"}), "orderingMethod", "Ordering method must be selected")
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, map[string]any{"name": "X1", "orderingMethod": "fax"}), "orderingMethod", "")
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, map[string]any{"name": "X1", "orderingMethod": "tablet"}), "tabletId", "Tablet must be selected")
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, map[string]any{"name": "X1", "orderingMethod": "qr_order", "seats": 1000}), "seats", "Seats must be between 0 and 999")
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, map[string]any{"name": "A01", "orderingMethod": "qr_order"}), "name", "Name is already in use")
	platformtest.ExpectField(t, f.Do("POST", path, f.manager, map[string]any{"name": strings.Repeat("x", 33), "orderingMethod": "qr_order"}), "name", "Name must be at most 32 characters")
	res := f.env.Do(platformtest.Req{Method: "POST", Path: path, Token: f.manager, Locale: "zh_CN", Body: map[string]any{"name": "X1"}})
	platformtest.ExpectField(t, res, "orderingMethod", "请选择点餐方式")
	// A merchant administrator names the venue.
	platformtest.ExpectField(t, f.Do("POST", path, f.admin, map[string]any{"name": "X1", "orderingMethod": "qr_order"}), "venueId", "Venue must be selected")
}

// Rotating a table's token (or the whole venue's) invalidates the printed
// codes: an old code answers 10301 with a clear page in the guest's
// language, naming the venue; the new code leads to the table.
func TestTokenRotation(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tb := f.addTable(f.manager, 0, "R1")
	var rotated configure.TableView
	f.OK("POST", fmt.Sprintf("%s/table/%d/rotate", base, tb.ID), f.manager, nil).Into(t, &rotated)
	if rotated.Token == tb.Token || rotated.URL == tb.URL || rotated.ID != tb.ID || !rotated.RotatedAt.After(tb.RotatedAt.Add(-time.Second)) {
		t.Fatalf("rotated: %+v (was %+v)", rotated, tb)
	}
	for _, c := range []struct{ locale, title, lang string }{
		{"en_US", "This code is no longer valid", "en_US"},
		{"ja_JP", "このコードは無効になりました", "ja_JP"},
		{"ar_EG", "لم يعد هذا الرمز صالحًا", "zh_CN"}, // not offered by the demo venue: its default language
	} {
		res := f.guest(tb.Token, c.locale)
		var inv configure.InvalidCode
		res.Into(t, &inv)
		if res.Code != configure.CodeTableCode || inv.Reason != configure.ReasonRotated || inv.Language != c.lang || inv.Venue == nil || inv.Venue.Name != "Demo Bistro Riverside" {
			t.Fatalf("old code in %s: %d %+v", c.locale, res.Code, inv)
		}
		if c.lang == c.locale && inv.Title != c.title {
			t.Fatalf("title in %s: %q", c.locale, inv.Title)
		}
		if c.lang == "zh_CN" && inv.Title != "该二维码已失效" {
			t.Fatalf("title in the venue's language: %q", inv.Title)
		}
	}
	if _, err := f.mod.Tables.TableByToken(t.Context(), tb.Token); !errors.Is(err, configure.ErrCodeRotated) {
		t.Fatalf("TableByToken of the old code: %v", err)
	}
	platformtest.OK(t, f.guest(rotated.Token, ""))

	// The whole venue: every table gets a new token in one go.
	before := f.tables(f.manager, 0)
	var n configure.RotateResult
	f.OK("POST", base+"/table/rotate", f.manager, nil).Into(t, &n)
	if n.Rotated != len(before) {
		t.Fatalf("rotated %d of %d", n.Rotated, len(before))
	}
	after := map[uint64]string{}
	for _, tb := range f.tables(f.manager, 0) {
		after[tb.ID] = tb.Token
	}
	for _, old := range before {
		if after[old.ID] == old.Token || after[old.ID] == "" {
			t.Fatalf("table %s kept its token", old.Name)
		}
		if res := f.guest(old.Token, "en_US"); res.Code != configure.CodeTableCode {
			t.Fatalf("old code of %s still answers %d", old.Name, res.Code)
		}
		platformtest.OK(t, f.guest(after[old.ID], "en_US"))
	}

	// A disabled table says ordering is not available; a removed table's code is no longer valid;
	// a code nobody issued is unknown.
	tb2 := f.addTable(f.manager, 0, "R2")
	f.OK("POST", fmt.Sprintf("%s/table/%d/disable", base, tb2.ID), f.manager, nil)
	var inv configure.InvalidCode
	res := f.guest(tb2.Token, "en_US")
	res.Into(t, &inv)
	if res.Code != configure.CodeTableCode || inv.Reason != configure.ReasonDisabled || inv.Title != "Ordering is not available here" {
		t.Fatalf("disabled: %d %+v", res.Code, inv)
	}
	f.OK("DELETE", fmt.Sprintf("%s/table/%d", base, tb2.ID), f.manager, nil)
	res = f.guest(tb2.Token, "en_US")
	res.Into(t, &inv)
	if inv.Reason != configure.ReasonRotated {
		t.Fatalf("removed: %+v", inv)
	}
	res = f.guest("NoSuchTokenNoSuchTokenNoSuchTok1", "de_DE")
	res.Into(t, &inv)
	if res.Code != configure.CodeTableCode || inv.Reason != configure.ReasonUnknown || inv.Venue != nil || inv.Title != "Unbekannter Code" || inv.Language != "de_DE" {
		t.Fatalf("unknown: %d %+v", res.Code, inv)
	}
	// A year and more later the old code is forgotten: it reads as unknown.
	if n, err := f.mod.PurgeRetired(t.Context(), time.Now().Add(401*24*time.Hour)); err != nil || n == 0 {
		t.Fatalf("purge: %d %v", n, err)
	}
	res = f.guest(tb.Token, "en_US")
	res.Into(t, &inv)
	if inv.Reason != configure.ReasonUnknown {
		t.Fatalf("purged old code: %+v", inv)
	}
	res = f.guest("short", "")
	res.Into(t, &inv)
	if inv.Reason != configure.ReasonUnknown {
		t.Fatalf("malformed: %+v", inv)
	}
}

// A tablet of the venue is bound to one table at most; another venue's
// tablet cannot be bound.
func TestTabletBinding(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tables := f.tables(f.manager, 0)
	var bound []configure.TableView
	for _, tb := range tables {
		if tb.TabletID != nil {
			bound = append(bound, tb)
		}
	}
	if len(bound) != 2 || bound[0].TabletNumber != "T01" || bound[0].OrderingMethod != configure.MethodTablet {
		t.Fatalf("demo bindings: %+v", bound)
	}
	body := map[string]any{"name": "T-X", "orderingMethod": "tablet", "tabletId": *bound[0].TabletID}
	platformtest.ExpectField(t, f.Do("POST", base+"/table", f.manager, body), "tabletId", "This tablet is already bound to table "+bound[0].Name)
	f.otherMerchant()
	var theirs struct {
		ID uint64 `json:"id"`
	}
	f.OK("POST", "/api/merchant/tablet", f.otherAdmin, map[string]any{"venueId": f.otherVenueID, "number": "O1"}).Into(t, &theirs)
	body["tabletId"] = theirs.ID
	platformtest.ExpectField(t, f.Do("POST", base+"/table", f.manager, body), "tabletId", "Tablet must be selected")
	// Unbinding frees the tablet for another table.
	f.OK("PUT", fmt.Sprintf("%s/table/%d", base, bound[0].ID), f.manager, map[string]any{"name": bound[0].Name, "orderingMethod": "qr_order"})
	body["tabletId"] = *bound[0].TabletID
	var moved configure.TableView
	f.OK("POST", base+"/table", f.manager, body).Into(t, &moved)
	if moved.TabletNumber != "T01" {
		t.Fatalf("moved: %+v", moved)
	}
}
