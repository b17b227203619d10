package printing

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/venueplatform/venue/internal/escpos"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/cuisine"
)

// Ticket is a job's content, stored as JSON in the job: everything its
// layout needs, copied from the order event when the job was made.
type Ticket struct {
	Kind      string       `json:"kind"`
	VenueName string       `json:"venueName"`
	OrderNo   string       `json:"orderNo,omitempty"`
	TableName string       `json:"tableName,omitempty"`
	Round     int          `json:"round,omitempty"`
	At        time.Time    `json:"at"`
	TimeZone  string       `json:"timeZone,omitempty"`
	Lines     []TicketLine `json:"lines,omitempty"`
	Remark    string       `json:"remark,omitempty"`
	// Unrouted: these dishes reach no kitchen printer; the ticket says so.
	Unrouted bool `json:"unrouted,omitempty"`

	// Cancellations.
	Whole  bool   `json:"whole,omitempty"`
	Reason string `json:"reason,omitempty"`
	ByUser string `json:"byUser,omitempty"`

	// Bills.
	Currency         string       `json:"currency,omitempty"`
	CurrencyDigits   int          `json:"currencyDigits,omitempty"`
	Adjustments      []Adjustment `json:"adjustments,omitempty"`
	Subtotal         int64        `json:"subtotal,omitempty"`
	ServiceCharge    int64        `json:"serviceCharge,omitempty"`
	Tax              int64        `json:"tax,omitempty"`
	PricesIncludeTax bool         `json:"pricesIncludeTax,omitempty"`
	Total            int64        `json:"total,omitempty"`
	PayURL           string       `json:"payUrl,omitempty"`
	Header           string       `json:"header,omitempty"`
	Footer           string       `json:"footer,omitempty"`
	Paid             bool         `json:"paid,omitempty"` // a receipt rather than a bill
}

// TicketLine is one dish on a ticket.
type TicketLine struct {
	LineID   uint64   `json:"lineId"`
	Name     string   `json:"name"`
	Options  []string `json:"options,omitempty"`
	Quantity int      `json:"quantity"`
	Amount   int64    `json:"amount,omitempty"`
	Remark   string   `json:"remark,omitempty"`
}

// Adjustment is a promotion or discount line of a bill (negative amounts reduce it).
type Adjustment struct {
	Name   string `json:"name"`
	Amount int64  `json:"amount"`
}

// layout is what the printer's settings make of a ticket: its character
// set, its columns at the body's size, and the body's magnification.
type layout struct {
	enc        *escpos.Encoder
	cols       int // columns at normal size
	bodyW      int
	bodyH      int
	lang       string
	cut        bool
	reprint    bool
	printerNam string
}

func newLayout(p *configure.PrinterView, lang string, reprint bool) (*layout, error) {
	cs := p.Charset
	if cs == "" {
		cs = escpos.GB18030
	}
	enc, err := escpos.New(cs)
	if err != nil {
		return nil, err
	}
	l := &layout{enc: enc, cols: p.Columns(), bodyW: 1, bodyH: 1, lang: lang, cut: p.Cut, reprint: reprint, printerNam: p.Name}
	switch p.FontSize {
	case configure.FontDoubleHeight:
		l.bodyH = 2
	case configure.FontDoubleWidth:
		l.bodyW = 2
	case configure.FontDouble:
		l.bodyW, l.bodyH = 2, 2
	}
	return l, nil
}

func (l *layout) t(key string, data map[string]any) string {
	return i18n.T(l.lang, "printing.ticket."+key, data)
}

// bodyCols is the columns a body line holds at the body's width.
func (l *layout) bodyCols() int { return l.cols / l.bodyW }

func (l *layout) normal() *escpos.Encoder { return l.enc.Size(1, 1).Bold(false) }
func (l *layout) body() *escpos.Encoder   { return l.enc.Size(l.bodyW, l.bodyH) }

func (l *layout) title(s string) {
	l.enc.Align(escpos.Center).Size(2, 2).Bold(true)
	for _, line := range escpos.Wrap(s, l.cols/2) {
		l.enc.Line(line)
	}
	l.normal().Align(escpos.Left)
}

func (l *layout) banner() {
	if !l.reprint {
		return
	}
	l.enc.Align(escpos.Center).Size(2, 1).Bold(true).Line("*** " + l.t("reprint", nil) + " ***")
	l.normal().Align(escpos.Left)
}

func (l *layout) wrapped(s string, cols int) {
	for _, line := range escpos.Wrap(s, cols) {
		l.enc.Line(line)
	}
}

func (l *layout) rule() { l.normal().Line(escpos.Rule(l.cols)) }

func (l *layout) when(t *Ticket) string {
	at := t.At
	if loc, err := time.LoadLocation(t.TimeZone); err == nil && t.TimeZone != "" {
		at = at.In(loc)
	}
	return at.Format("2006-01-02 15:04")
}

// head prints the table, order number, round and time.
func (l *layout) head(t *Ticket) {
	if t.TableName != "" {
		l.enc.Size(2, 2).Bold(true)
		l.wrapped(l.t("table", map[string]any{"Table": t.TableName}), l.cols/2)
		l.normal()
	}
	order := l.t("order", map[string]any{"No": t.OrderNo})
	if t.Round > 1 {
		order += "  " + l.t("round", map[string]any{"Round": t.Round})
	}
	l.enc.Line(escpos.Columns(order, l.when(t), l.cols))
}

// Render lays a ticket out for a printer and repeats it copies times, each
// copy ending with a cut when the printer cuts.
func Render(t *Ticket, p *configure.PrinterView, lang string, reprint bool, copies int) ([]byte, error) {
	l, err := newLayout(p, lang, reprint)
	if err != nil {
		return nil, err
	}
	for range max(1, copies) {
		l.enc.Init()
		switch t.Kind {
		case KindKitchen:
			l.kitchen(t)
		case KindCancel:
			l.cancel(t)
		case KindBill:
			if err := l.bill(t); err != nil {
				return nil, err
			}
		case KindTest:
			l.test(t)
		default:
			return nil, fmt.Errorf("printing: unknown ticket kind %q", t.Kind)
		}
		l.enc.Feed(3)
		if l.cut {
			l.enc.Cut()
		}
	}
	return l.enc.Bytes(), nil
}

func (l *layout) kitchen(t *Ticket) {
	l.enc.Beep(2, 2)
	l.title(l.t("kitchen", nil))
	l.banner()
	if t.Unrouted {
		l.enc.Bold(true)
		l.wrapped("!! "+l.t("unrouted", nil), l.cols)
		l.enc.Bold(false)
	}
	l.head(t)
	l.rule()
	l.dishes(t.Lines, "")
	l.rule()
	if t.Remark != "" {
		l.body().Bold(true)
		l.wrapped(l.t("remark", map[string]any{"Remark": t.Remark}), l.bodyCols())
		l.normal()
	}
}

// dishes prints "qty x name" lines at the body size, options and remarks
// indented beneath.
func (l *layout) dishes(lines []TicketLine, prefix string) {
	cols := l.bodyCols()
	for _, d := range lines {
		l.body().Bold(true)
		for _, s := range escpos.Wrap(prefix+strconv.Itoa(d.Quantity)+" x "+d.Name, cols) {
			l.enc.Line(s)
		}
		l.enc.Bold(false)
		if len(d.Options) > 0 {
			l.indented("  - ", strings.Join(d.Options, ", "), cols)
		}
		if d.Remark != "" {
			l.indented("  ! ", d.Remark, cols)
		}
	}
	l.normal()
}

// indented wraps s under a marker: "  - Large, extra spicy" and its
// continuation lines aligned beneath the text.
func (l *layout) indented(marker, s string, cols int) {
	pad := strings.Repeat(" ", escpos.Width(marker))
	for i, line := range escpos.Wrap(s, cols-len(pad)) {
		if i == 0 {
			l.enc.Line(marker + line)
		} else {
			l.enc.Line(pad + line)
		}
	}
}

func (l *layout) cancel(t *Ticket) {
	l.enc.Beep(3, 3)
	l.enc.Align(escpos.Center).Size(2, 2).Bold(true).Line("*** " + l.t("cancel", nil) + " ***")
	l.normal().Align(escpos.Left)
	l.banner()
	if t.Whole {
		l.enc.Bold(true)
		l.wrapped(l.t("whole_order", nil), l.cols)
		l.enc.Bold(false)
	}
	l.head(t)
	l.rule()
	l.dishes(t.Lines, "-")
	l.rule()
	l.wrapped(l.t("reason", map[string]any{"Reason": t.Reason}), l.cols)
	l.wrapped(l.t("by", map[string]any{"User": t.ByUser}), l.cols)
}

func (l *layout) bill(t *Ticket) error {
	l.title(t.VenueName)
	if t.Header != "" {
		l.enc.Align(escpos.Center)
		l.wrapped(t.Header, l.cols)
		l.enc.Align(escpos.Left)
	}
	key := "bill"
	if t.Paid {
		key = "receipt"
	}
	l.enc.Align(escpos.Center).Bold(true).Line(l.t(key, nil)).Bold(false).Align(escpos.Left)
	l.banner()
	l.head(t)
	l.rule()
	money := func(v int64) string { return cuisine.FormatMajor(v, t.CurrencyDigits) }
	for _, d := range t.Lines {
		for _, s := range escpos.WrapColumns(strconv.Itoa(d.Quantity)+" x "+d.Name, money(d.Amount), l.cols) {
			l.enc.Line(s)
		}
		if len(d.Options) > 0 {
			l.indented("  ", strings.Join(d.Options, ", "), l.cols)
		}
	}
	l.rule()
	row := func(label string, v int64) {
		l.enc.Line(escpos.Columns(label, money(v), l.cols))
	}
	row(l.t("subtotal", nil), t.Subtotal)
	for _, a := range t.Adjustments {
		row(a.Name, a.Amount)
	}
	if t.ServiceCharge != 0 {
		row(l.t("service_charge", nil), t.ServiceCharge)
	}
	if t.Tax != 0 {
		if t.PricesIncludeTax {
			row(l.t("tax_included", nil), t.Tax)
		} else {
			row(l.t("tax", nil), t.Tax)
		}
	}
	l.enc.Size(1, 2).Bold(true)
	l.enc.Line(escpos.Columns(l.t("total", nil)+" "+t.Currency, money(t.Total), l.cols))
	l.normal()
	if t.PayURL != "" && !t.Paid {
		l.enc.Align(escpos.Center).Line(l.t("scan_to_pay", nil))
		if err := l.enc.QR(t.PayURL, 6); err != nil {
			return err
		}
		l.enc.Line("").Align(escpos.Left)
	}
	if t.Footer != "" {
		l.enc.Align(escpos.Center)
		l.wrapped(t.Footer, l.cols)
		l.enc.Align(escpos.Left)
	}
	return nil
}

func (l *layout) test(t *Ticket) {
	l.title(l.t("test", nil))
	l.banner()
	l.wrapped(l.printerNam, l.cols)
	l.enc.Line(l.when(t))
	l.rule()
	l.wrapped(l.t("test_body", nil), l.cols)
	l.enc.Line("ABCDEFGHIJKLMNOPQRSTUVWXYZ 0123456789")
	if l.enc.Wide() {
		l.enc.Line("宫保鸡丁 牛肉麵 한국어 日本語")
	}
	l.rule()
}
