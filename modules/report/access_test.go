package report_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/report"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

// Reports answer the caller's merchant and, for a venue's staff, their venue
// only; bad ranges name the field; the export refuses an empty page.
func TestReportScopeValidationAndExport(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	at := time.Date(2025, 3, 9, 12, 0, 0, 0, time.UTC)
	for _, venue := range []uint64{f.venueA, f.venueB} {
		e := orderevent.Placed{Order: f.header(venue, at), Round: 1, Lines: []orderevent.Line{f.line(f.dishes[0], 2, 1000)}}
		f.tx(func(tx *gorm.DB) error { return f.mod.Recorder.OrderPlaced(tx, e) })
	}
	day := vals("from", "2025-03-09", "to", "2025-03-09")

	var all, mine report.SalesReport
	f.get(f.admin, "/report/dish", day, &all)
	if all.Totals.Quantity != 4 || all.Totals.Amount != 4000 {
		t.Fatalf("merchant totals %+v, want 4 sold for 40.00", all.Totals)
	}
	// The venue manager sees the Riverside venue whatever venue they ask for.
	f.get(f.manager, "/report/dish", day, &mine)
	if mine.Totals.Quantity != 2 || mine.VenueID != f.venueA {
		t.Fatalf("venue manager sees %+v of venue %d", mine.Totals, mine.VenueID)
	}
	other := f.Do("GET", "/api/report/dish?"+day.Encode()+"&venueId="+strconv.FormatUint(f.venueB, 10), f.manager, nil)
	if other.Code != api.CodeNotFound {
		t.Fatalf("venue manager asking for another venue: code %d %s", other.Code, other.Msg)
	}
	var venues []report.VenueView
	f.get(f.manager, "/report/venues", nil, &venues)
	if len(venues) != 1 || venues[0].ID != f.venueA {
		t.Fatalf("venue manager's venues %+v", venues)
	}
	f.get(f.admin, "/report/venues", nil, &venues)
	if len(venues) != 2 {
		t.Fatalf("merchant's venues %+v", venues)
	}

	// Another merchant sees neither the venue nor the figures.
	if _, err := f.env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Other Noodle Bar"}, "other_admin", "Other@123"); err != nil {
		t.Fatal(err)
	}
	tok := f.env.Login("other_admin", "Other@123")
	platformtest.OK(t, f.env.Do(platformtest.Req{Method: "POST", Path: "/api/sys/user/updatePassword", Token: tok,
		Body: map[string]string{"oldPassword": "Other@123", "password": "Other@456", "repassword": "Other@456"}}))
	tok = f.env.Login("other_admin", "Other@456")
	if res := f.Do("GET", "/api/report/dish?"+day.Encode()+"&venueId="+strconv.FormatUint(f.venueA, 10), tok, nil); res.Code != api.CodeNotFound {
		t.Fatalf("other merchant asking for our venue: code %d", res.Code)
	}
	var theirs report.SalesReport
	f.get(tok, "/report/dish", day, &theirs)
	if theirs.Totals != (report.Figures{}) {
		t.Fatalf("other merchant sees %+v", theirs.Totals)
	}
	if res := f.Do("GET", "/api/report/dish?"+day.Encode(), f.platform, nil); res.Code != api.CodeConflict {
		t.Fatalf("platform user: code %d %s", res.Code, res.Msg)
	}

	bad := []struct {
		query, field string
	}{
		{"to=2025-03-09", "from"},
		{"from=2025-3-9&to=2025-03-09", "from"},
		{"from=2025-03-09&to=2025-03-01", "to"},
		{"from=2024-01-01&to=2025-03-09", "to"},
		{"from=2025-03-09&to=2025-03-09&period=month", "period"},
	}
	for _, b := range bad {
		res := f.Do("GET", "/api/report/dish?"+b.query, f.admin, nil)
		if res.Code != api.CodeInvalid || res.Fields[b.field] == "" {
			t.Fatalf("%s: code %d fields %v, want a message on %s", b.query, res.Code, res.Fields, b.field)
		}
	}
	if res := f.Do("GET", "/api/report/sales/top?from=2025-03-09&to=2025-03-09&by=price", f.admin, nil); res.Fields["by"] == "" {
		t.Fatalf("top by price: %+v", res)
	}
	res := f.env.Do(platformtest.Req{Method: "GET", Path: "/api/report/dish?to=2025-03-09", Token: f.admin, Locale: "zh_CN"})
	if !strings.Contains(res.Fields["from"], "不能为空") && !strings.Contains(res.Msg, "不能为空") {
		t.Fatalf("Chinese message: %q %v", res.Msg, res.Fields)
	}

	empty := f.Do("GET", "/api/report/dish/export?from=2025-04-01&to=2025-04-02", f.admin, nil)
	if empty.Code != api.CodeConflict || !strings.Contains(empty.Msg, "no data") {
		t.Fatalf("empty export: code %d %q", empty.Code, empty.Msg)
	}
	file := f.Do("GET", "/api/report/dish/export?"+day.Encode()+"&period=week", f.admin, nil)
	if file.Status != http.StatusOK || !strings.Contains(file.Header.Get("Content-Type"), "spreadsheet") {
		t.Fatalf("export: HTTP %d %s", file.Status, file.Header.Get("Content-Type"))
	}
	header, rows, err := sheet.Read(strings.NewReader(string(file.Body)))
	if err != nil {
		t.Fatal(err)
	}
	if header[0] != "Week" || len(rows) != 2 || rows[0][0] != "2025-W10" || rows[0][3] != "4" || rows[0][4] != "40.00" || rows[1][3] != "4" {
		t.Fatalf("export sheet %v %v", header, rows)
	}
}
