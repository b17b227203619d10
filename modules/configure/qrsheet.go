package configure

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"github.com/signintech/gopdf"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// The sheet is A4 portrait with six cards (two columns, three rows) divided
// by dashed cut lines: venue name, the code, the table label, its area and
// "scan to order" in the venue's default language.
const (
	pageW, pageH = 595.0, 842.0
	sheetMargin  = 24.0
	cardCols     = 2
	cardRows     = 3
	qrSide       = 150.0 // points: 53 mm, scannable from a phone held over the table
)

// SheetCard is one table on the sheet.
type SheetCard struct {
	Label string
	Area  string
	URL   string
}

// Sheet holds what a QR sheet prints.
type Sheet struct {
	Venue string
	Scan  string // "scan to order" in the venue's language
	Cards []SheetCard
}

// QRSheet renders the sheet as a PDF; text in any script is drawn with the
// fonts that have it (see fonts.go).
func (m *Module) QRSheet(s Sheet) ([]byte, error) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: gopdf.Rect{W: pageW, H: pageH}})
	pdf.SetInfo(gopdf.PdfInfo{Title: s.Venue, Creator: "Venue Platform", CreationDate: time.Now()})
	w := &sheetWriter{pdf: pdf, fonts: m.fonts, added: map[*fontFace]bool{}}
	cardW := (pageW - 2*sheetMargin) / cardCols
	cardH := (pageH - 2*sheetMargin) / cardRows
	perPage := cardCols * cardRows
	for i, c := range s.Cards {
		if i%perPage == 0 {
			pdf.AddPage()
			cutLines(pdf, cardW, cardH)
		}
		slot := i % perPage
		x := sheetMargin + float64(slot%cardCols)*cardW
		y := sheetMargin + float64(slot/cardCols)*cardH
		if err := w.card(x, y, cardW, cardH, s, c); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	if _, err := pdf.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// cutLines draws the dashed lines between a page's cards.
func cutLines(pdf *gopdf.GoPdf, cardW, cardH float64) {
	pdf.SetStrokeColor(170, 170, 170)
	pdf.SetLineWidth(0.5)
	pdf.SetLineType("dashed")
	for c := 1; c < cardCols; c++ {
		x := sheetMargin + float64(c)*cardW
		pdf.Line(x, sheetMargin, x, pageH-sheetMargin)
	}
	for r := 1; r < cardRows; r++ {
		y := sheetMargin + float64(r)*cardH
		pdf.Line(sheetMargin, y, pageW-sheetMargin, y)
	}
	pdf.SetLineType("solid")
}

type sheetWriter struct {
	pdf   *gopdf.GoPdf
	fonts *fontSet
	added map[*fontFace]bool
}

func (w *sheetWriter) card(x, y, cw, ch float64, s Sheet, c SheetCard) error {
	inner := cw - 24
	cy := y + 16
	if err := w.line(s.Venue, false, 12, x+12, cy, inner); err != nil {
		return err
	}
	cy += 22
	if err := w.qr(c.URL, x+(cw-qrSide)/2, cy); err != nil {
		return err
	}
	cy += qrSide + 8
	if err := w.line(c.Label, true, 22, x+12, cy, inner); err != nil {
		return err
	}
	cy += 30
	if c.Area != "" {
		if err := w.line(c.Area, false, 10, x+12, cy, inner); err != nil {
			return err
		}
	}
	cy += 16
	return w.line(s.Scan, false, 11, x+12, cy, inner)
}

// qr draws a code as filled rectangles, one per run of dark modules.
func (w *sheetWriter) qr(url string, x, y float64) error {
	dark, n, err := modules(url)
	if err != nil {
		return err
	}
	unit := qrSide / float64(n)
	w.pdf.SetFillColor(0, 0, 0)
	for row := 0; row < n; row++ {
		for col := 0; col < n; {
			if !dark(col, row) {
				col++
				continue
			}
			end := col + 1
			for end < n && dark(end, row) {
				end++
			}
			// A hair of overlap keeps viewers from drawing seams between modules.
			w.pdf.RectFromUpperLeftWithStyle(x+float64(col)*unit, y+float64(row)*unit, float64(end-col)*unit+0.05, unit+0.05, "F")
			col = end
		}
	}
	return nil
}

// line draws one line of text centred in width, shrinking the size down
// to 7 points and then cutting the end to make it fit.
func (w *sheetWriter) line(text string, bold bool, size, x, y, width float64) error {
	runs := w.fonts.runs(displayOrder(text), bold)
	if len(runs) == 0 {
		return nil
	}
	for _, r := range runs {
		if err := w.register(r.face); err != nil {
			return err
		}
	}
	total, err := w.width(runs, size)
	if err != nil {
		return err
	}
	for total > width && size > 7 {
		size--
		if total, err = w.width(runs, size); err != nil {
			return err
		}
	}
	for total > width && len(runs) > 0 {
		last := &runs[len(runs)-1]
		rs := []rune(last.text)
		if len(rs) <= 1 {
			runs = runs[:len(runs)-1]
		} else {
			last.text = string(rs[:len(rs)-1])
		}
		if total, err = w.width(runs, size); err != nil {
			return err
		}
	}
	cx := x + (width-total)/2
	w.pdf.SetTextColor(0, 0, 0)
	for _, r := range runs {
		if err := w.pdf.SetFont(r.face.name, "", size); err != nil {
			return err
		}
		w.pdf.SetXY(cx, y)
		if err := w.pdf.Cell(nil, r.text); err != nil {
			return err
		}
		rw, err := w.pdf.MeasureTextWidth(r.text)
		if err != nil {
			return err
		}
		cx += rw
	}
	return nil
}

func (w *sheetWriter) width(runs []run, size float64) (float64, error) {
	total := 0.0
	for _, r := range runs {
		if err := w.pdf.SetFont(r.face.name, "", size); err != nil {
			return 0, err
		}
		rw, err := w.pdf.MeasureTextWidth(r.text)
		if err != nil {
			return 0, err
		}
		total += rw
	}
	return total, nil
}

// register embeds a font in the document once (gopdf keeps only the glyphs used).
func (w *sheetWriter) register(f *fontFace) error {
	if w.added[f] {
		return nil
	}
	raw, err := f.bytes()
	if err != nil {
		return err
	}
	if err := w.pdf.AddTTFFontData(f.name, raw); err != nil {
		return fmt.Errorf("font %s: %w", f.path, err)
	}
	w.added[f] = true
	return nil
}

// TableSheet renders the sheet of a venue's enabled tables.
func (m *Module) TableSheet(ctx context.Context, venueID uint64, origin string) ([]byte, string, error) {
	_, org, err := m.venue(ctx, venueID, false)
	if err != nil {
		return nil, "", err
	}
	tables, err := m.Tables.AllOfVenue(ctx, org.ID, origin)
	if err != nil {
		return nil, "", err
	}
	v, err := m.venues.VenueSettings(ctx, org.ID)
	if err != nil {
		return nil, "", err
	}
	lang := i18n.Normalize(v.DefaultLanguage)
	sheet := Sheet{Venue: v.Name, Scan: i18n.T(lang, "configure.sheet.scan", nil)}
	for _, t := range tables {
		if t.Status == StatusEnabled {
			sheet.Cards = append(sheet.Cards, SheetCard{Label: t.Name, Area: t.Area, URL: t.URL})
		}
	}
	if len(sheet.Cards) == 0 {
		return nil, "", api.Conflict("configure.no_tables", nil)
	}
	pdf, err := m.QRSheet(sheet)
	return pdf, v.Name, err
}

func (m *Module) tableSheet(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	pdf, venue, err := m.TableSheet(c.Ctx(), q.VenueID, m.origin(c))
	if err != nil {
		return nil, err
	}
	api.Attachment(c, fmt.Sprintf("qr-codes-%s.pdf", safeName(venue)), "application/pdf", pdf)
	return nil, nil
}
