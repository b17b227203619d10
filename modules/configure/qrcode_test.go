package configure_test

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"strings"
	"testing"

	"github.com/boombuler/barcode"
	"github.com/boombuler/barcode/qr"
	"github.com/ledongthuc/pdf"
	"github.com/makiuchi-d/gozxing"
	gzqr "github.com/makiuchi-d/gozxing/qrcode"

	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/platform/platformtest"
)

// decodeQR reads a QR code image back into its text with a QR decoder
// (a port of ZXing, the library phone scanners use).
func decodeQR(t *testing.T, png []byte) string {
	t.Helper()
	img, _, err := image.Decode(bytes.NewReader(png))
	if err != nil {
		t.Fatalf("decode png: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gzqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("read QR code: %v", err)
	}
	return res.GetText()
}

// The PNG download decodes back to the table's URL, at every size; the SVG
// is a vector image of the same code.
func TestQRCodeDecodesToTheTableURL(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tb := f.addTable(f.manager, 0, "Q1")
	for _, size := range []int{0, 128, 1000} {
		path := fmt.Sprintf("%s/table/%d/qr.png", base, tb.ID)
		if size != 0 {
			path += fmt.Sprintf("?size=%d", size)
		}
		res := f.env.Do(platformtest.Req{Method: "GET", Path: path, Token: f.manager})
		if res.Status != 200 || res.Header.Get("Content-Type") != "image/png" || !strings.Contains(res.Header.Get("Content-Disposition"), "table-Q1.png") {
			t.Fatalf("png %d: HTTP %d %s %q", size, res.Status, res.Header.Get("Content-Type"), res.Body)
		}
		if got := decodeQR(t, res.Body); got != tb.URL || !strings.HasSuffix(got, "/t/"+tb.Token) {
			t.Fatalf("size %d decodes to %q, want %q", size, got, tb.URL)
		}
	}
	res := f.env.Do(platformtest.Req{Method: "GET", Path: fmt.Sprintf("%s/table/%d/qr.svg", base, tb.ID), Token: f.manager})
	if res.Status != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(res.Body, []byte("<svg")) || !bytes.Contains(res.Body, []byte("<path")) {
		t.Fatalf("svg: HTTP %d %s", res.Status, res.Body)
	}
	platformtest.ExpectField(t, f.Do("GET", fmt.Sprintf("%s/table/%d/qr.png?size=5000", base, tb.ID), f.manager, nil), "size", "Size must be between 128 and 2048")
	// After a rotation the image carries the new URL.
	f.OK("POST", fmt.Sprintf("%s/table/%d/rotate", base, tb.ID), f.manager, nil)
	res = f.env.Do(platformtest.Req{Method: "GET", Path: fmt.Sprintf("%s/table/%d/qr.png", base, tb.ID), Token: f.manager})
	if got := decodeQR(t, res.Body); got == tb.URL {
		t.Fatalf("rotated code still carries %q", got)
	}
}

// pdfText extracts the text of every page of a PDF.
func pdfText(t *testing.T, raw []byte) string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatalf("open pdf: %v", err)
	}
	var all strings.Builder
	for i := 1; i <= r.NumPage(); i++ {
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		text, err := p.GetPlainText(nil)
		if err != nil {
			t.Fatalf("page %d: %v", i, err)
		}
		all.WriteString(text)
		all.WriteString("\n")
	}
	return all.String()
}

// The A4 sheet holds every enabled table's label (six to a page), the
// venue's name and the "scan to order" line in the venue's language.
func TestQRSheetHoldsEveryTableLabel(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.addTable(f.manager, 0, "Терраса-1") // Cyrillic: the embedded font
	off := f.addTable(f.manager, 0, "Z-OFF")
	f.OK("POST", fmt.Sprintf("%s/table/%d/disable", base, off.ID), f.manager, nil)
	res := f.env.Do(platformtest.Req{Method: "GET", Path: base + "/table/sheet.pdf", Token: f.manager})
	if res.Status != 200 || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(res.Body, []byte("%PDF")) {
		t.Fatalf("sheet: HTTP %d %s %.200s", res.Status, res.Header.Get("Content-Type"), res.Body)
	}
	text := pdfText(t, res.Body)
	for _, tb := range f.tables(f.manager, 0) {
		if tb.Status == configure.StatusEnabled && !strings.Contains(text, tb.Name) {
			t.Errorf("sheet lacks table %q", tb.Name)
		}
	}
	if strings.Contains(text, "Z-OFF") {
		t.Error("a disabled table is on the sheet")
	}
	// The demo venue's default language is Chinese.
	if !strings.Contains(text, "Demo Bistro Riverside") || !strings.Contains(text, "扫码点餐") {
		t.Errorf("sheet text lacks the venue or the scan line: %.300q", text)
	}
	r, _ := pdf.NewReader(bytes.NewReader(res.Body), int64(len(res.Body)))
	if r.NumPage() != 3 { // 13 tables, 6 to a page
		t.Errorf("pages: %d", r.NumPage())
	}
}

// Some URLs encode, at the usual level, to a matrix ZXing's detector
// misreads (this one: a data run taken for a finder pattern). The download
// is read back before it is served and re-encoded at another level, so
// even this URL's code reads, at every size.
func TestQRCodeOfAMisreadMatrixStillReads(t *testing.T) {
	t.Parallel()
	const url = "http://127.0.0.1:8080/t/6dVmyxNFsWSHmtHo3CKkwMVZ9mLmB9se"
	plain, err := qr.Encode(url, qr.M, qr.Auto)
	if err != nil {
		t.Fatal(err)
	}
	scaled, err := barcode.Scale(plain, 8*plain.Bounds().Dx(), 8*plain.Bounds().Dx())
	if err != nil {
		t.Fatal(err)
	}
	var raw bytes.Buffer
	if err := png.Encode(&raw, withQuietZone(scaled, 32)); err != nil {
		t.Fatal(err)
	}
	img, _, _ := image.Decode(bytes.NewReader(raw.Bytes()))
	bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
	if _, err := gzqr.NewQRCodeReader().Decode(bmp, nil); err == nil {
		t.Fatalf("the level-M matrix of %s reads now: pick another URL that shows the misread", url)
	}
	// This one's level-M matrix reads small but not at 512 or 1000 pixels.
	const large = "http://127.0.0.1:8080/t/kbTYWG7Nven-mylKqICSo-Ajh4VbBOkN"
	for _, u := range []string{url, large} {
		for _, size := range []int{128, 512, 1000} {
			code, err := configure.QRPNG(u, size)
			if err != nil {
				t.Fatal(err)
			}
			if got := decodeQR(t, code); got != u {
				t.Fatalf("%s at size %d decodes to %q", u, size, got)
			}
		}
	}
}

// withQuietZone draws img on white with a margin of m pixels.
func withQuietZone(img image.Image, m int) image.Image {
	b := img.Bounds()
	out := image.NewGray(image.Rect(0, 0, b.Dx()+2*m, b.Dy()+2*m))
	for i := range out.Pix {
		out.Pix[i] = 0xff
	}
	draw.Draw(out, b.Add(image.Pt(m, m)), img, b.Min, draw.Src)
	return out
}
