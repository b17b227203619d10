package configure

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ledongthuc/pdf"
	"golang.org/x/text/unicode/norm"
)

// Right-to-left text is put in display order with Arabic letters joined;
// numbers read left to right inside it.
func TestDisplayOrder(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"Table A01", "Table A01"},
		{"שולחן 5", "5 ןחלוש"},
		{"مطعم", "\uFEE2\uFECC\uFEC4\uFEE3"},
		{"لا", "\uFEFB"},
		{"Table A01 مطعم 12", "Table A01 12 \uFEE2\uFECC\uFEC4\uFEE3"},
		{"مطعم (1)", "(1) \uFEE2\uFECC\uFEC4\uFEE3"},
	} {
		if got := displayOrder(c.in); got != c.want {
			t.Errorf("displayOrder(%q) = %q %U, want %q", c.in, got, []rune(got), c.want)
		}
	}
}

// A sheet of venues named in Arabic, Hebrew, Chinese and Thai embeds a font
// for each script and carries every label as text a PDF reader extracts.
func TestQRSheetScripts(t *testing.T) {
	t.Parallel()
	m := &Module{fonts: newFontSet("", nil)}
	m.fonts.load()
	cases := []struct {
		name, venue, label, scan string
		needs                    rune // a character the system must have a font for
	}{
		{"latin", "Café Müller & Söhne", "Terrasse 7", "Zum Bestellen scannen", 0},
		{"arabic", "مطعم الشرق", "طاولة 3", "امسح للطلب", 0},
		{"hebrew", "מסעדת הים", "שולחן 5", "סרקו כדי להזמין", 0},
		{"chinese", "川味小馆", "包间一", "扫码点餐", '川'},
		{"thai", "ร้านอาหารไทย", "โต๊ะ 9", "สแกนเพื่อสั่งอาหาร", 'ร'},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.needs != 0 && m.fonts.faceFor(c.needs, false) == nil {
				t.Skipf("no font for %q on this machine (install fonts-droid-fallback and fonts-tlwg-loma-ttf, or set VENUE_PDF_FONT_DIR)", c.needs)
			}
			raw, err := m.QRSheet(Sheet{Venue: c.venue, Scan: c.scan, Cards: []SheetCard{{Label: c.label, Area: "A", URL: "https://example.com/t/x"}}})
			if err != nil {
				t.Fatal(err)
			}
			r, err := pdf.NewReader(bytes.NewReader(raw), int64(len(raw)))
			if err != nil {
				t.Fatal(err)
			}
			text, err := r.Page(1).GetPlainText(nil)
			if err != nil {
				t.Fatal(err)
			}
			// Joined Arabic forms read back as their letters; right-to-left
			// text comes out in display order.
			got := norm.NFKC.String(text)
			for _, want := range []string{c.venue, c.label, c.scan} {
				if !strings.Contains(got, want) && !strings.Contains(got, reverseWords(want)) {
					t.Errorf("sheet text %q lacks %q", got, want)
				}
			}
		})
	}
}

// reverseWords is right-to-left text as a PDF reader reads it in display
// order: the characters reversed, numbers kept left to right.
func reverseWords(s string) string {
	return norm.NFKC.String(displayOrder(s))
}
