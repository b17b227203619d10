package cuisine_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/platform/platformtest"
)

func TestDishExportAndImport(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	if res := f.do("GET", base+"/dish/export?name=nothing-like-this", f.admin, nil); res.Code != 10003 || res.Msg != "Current page has no data, cannot export" {
		t.Fatalf("empty export: %d %q", res.Code, res.Msg)
	}
	res := f.do("GET", base+"/dish/export?categoryId=0&number=M", f.admin, nil)
	if res.Header.Get("Content-Type") != sheet.ContentType || !strings.Contains(res.Header.Get("Content-Disposition"), "dishes-") {
		t.Fatalf("export headers %v", res.Header)
	}
	header, rows, err := sheet.Read(bytes.NewReader(res.Body))
	if err != nil || len(rows) != 6 || header[0] != "Number" || header[4] != "Price" {
		t.Fatalf("export %v %v %v", header, rows, err)
	}
	kp := rows[0]
	if kp[0] != "M01" || kp[2] != "Mains" || kp[4] != "48.00" || kp[7] != "Yes" || kp[8] != "On sale" ||
		kp[10] != "Spice level [1-1]: Mild, Medium, Hot; Size [1-1]: Regular, Large (+6.00)" || kp[11] != "No" {
		t.Fatalf("exported row %q", kp)
	}
	tpl := f.do("GET", base+"/dish/import/template", f.admin, nil)
	if th, trows, err := sheet.Read(bytes.NewReader(tpl.Body)); err != nil || len(trows) != 1 || th[0] != "Number *" {
		t.Fatalf("template %v %v %v", th, trows, err)
	}

	// An exported file imports as it is: every row updates its dish, nothing changes.
	var report api.ImportReport
	platformtest.OK(t, f.env.Upload(base+"/dish/import", f.admin, "dishes.xlsx", res.Body)).Into(t, &report)
	if report.Imported != 6 || len(report.Errors) != 0 {
		t.Fatalf("re-import of an export: %+v", report)
	}
	if d := f.dish(f.dishes["M01"]); d.Price != 4800 || len(d.Specs) != 2 || d.Specs[1].Options[1].PriceDelta != 600 || !d.Specs[0].Required {
		t.Fatalf("M01 after re-import %+v %+v", d.DishView, d.Specs)
	}

	head := []string{"number", "name", "category", "sort", "price", "discount", "description", "specialty", "status", "images", "specs"}
	bad, _ := sheet.Write("dishes", head, [][]any{
		{"X01", "Good one", "Mains", 1, "12.50", "", "Fine.", "yes", "", "", "Size: Small, Large (+2.00)"},
		{"X02", "", "Mains", 1, "12.50", "", "No name.", "", "", "", ""},
		{"X03", "Bad price", "Mains", 1, "12,5", "", "Comma.", "", "", "", ""},
		{"X04", "No category", "Desserts", 1, "10", "", "Unknown category.", "", "", "", ""},
		{"X01", "Again", "Mains", 2, "10", "", "Same number.", "", "", "", ""},
		{"X06", "Bad spec", "Mains", 1, "10", "", "Repeated value.", "", "", "", "Size: Small, small"},
		{"X07", "No description", "Mains", 1, "10", "", "", "", "", "", ""},
		{"X08", "Fine too", "Drinks", 3, "8", "7.5", "Also fine.", "no", "removed", "/uploads/2026/05/x.png", ""},
	})
	platformtest.OK(t, f.env.Upload(base+"/dish/import", f.admin, "dishes.xlsx", bad)).Into(t, &report)
	byRow := map[int]string{}
	for _, e := range report.Errors {
		byRow[e.Row] = e.Field + ": " + e.Message
	}
	if report.Imported != 0 || report.Total != 8 || len(byRow) != 6 || byRow[2] != "" || byRow[9] != "" {
		t.Fatalf("report %+v", report)
	}
	for row, want := range map[int]string{
		3: "name: Name cannot be empty", 4: "price: Price must be an amount with at most 2 decimals, such as 12.50",
		5: "categoryId: Category Desserts does not exist", 6: "number: Number repeats row 2 of the file",
		7: "specs[0].options[1].value: Property content can't be repeated: small", 8: "description: Description must be entered",
	} {
		if byRow[row] != want {
			t.Errorf("row %d: %q, want %q", row, byRow[row], want)
		}
	}
	var page api.Page[cuisine.DishView]
	f.ok("GET", base+"/dish?number=X", f.admin, nil).Into(t, &page)
	if page.Total != 0 {
		t.Fatalf("a refused import wrote %d dishes", page.Total)
	}

	good, _ := sheet.Write("dishes", head, [][]any{
		{"X01", "Good one", "mains", 1, "12.50", "", "Fine.", "yes", "", "", "Size [1-1]: Small, Large (+2.00)"},
		{"X08", "Fine too", "Drinks", 3, "8", "7.5", "Also fine.", "no", "Removed", "/uploads/2026/05/x.png", ""},
	})
	platformtest.OK(t, f.env.Upload(base+"/dish/import", f.admin, "dishes.xlsx", good)).Into(t, &report)
	f.ok("GET", base+"/dish?number=X", f.admin, nil).Into(t, &page)
	if report.Imported != 2 || page.Total != 2 {
		t.Fatalf("good import %+v, %d dishes", report, page.Total)
	}
	x1, x8 := f.dish(page.Records[0].ID), f.dish(page.Records[1].ID)
	if x1.Price != 1250 || !x1.Specialty || x1.Status != cuisine.OnSale || len(x1.Specs) != 1 || x1.Specs[0].Options[1].PriceDelta != 200 {
		t.Fatalf("X01 %+v %+v", x1.DishView, x1.Specs)
	}
	if x8.Price != 800 || *x8.DiscountPrice != 750 || x8.Status != cuisine.Removed || len(x8.Images) != 1 {
		t.Fatalf("X08 %+v", x8.DishView)
	}
	if res := f.env.Upload(base+"/dish/import", f.admin, "dishes.xlsx", []byte("number,name\n")); res.Code != 10201 {
		t.Fatalf("csv as xlsx: %d", res.Code)
	}
}
