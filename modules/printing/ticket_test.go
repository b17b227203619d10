package printing

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/internal/escpos"
	"github.com/venueplatform/venue/modules/configure"
)

func printer(charset string, paper int, font string) *configure.PrinterView {
	return &configure.PrinterView{ID: 1, Name: "Hot kitchen", Type: configure.PrinterKitchen, Charset: charset, PaperWidth: paper,
		FontSize: font, Cut: true, Copies: 1, Status: configure.StatusEnabled}
}

func decode(t *testing.T, data []byte) []escpos.Ticket {
	t.Helper()
	tk, err := escpos.Decode(data, escpos.DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range tk {
		if x.Unknown != 0 {
			t.Fatalf("ticket has %d unknown commands", x.Unknown)
		}
	}
	return tk
}

var at = time.Date(2026, 11, 26, 4, 30, 0, 0, time.UTC)

func kitchenTicket() *Ticket {
	return &Ticket{Kind: KindKitchen, VenueName: "Demo Bistro", OrderNo: "R0012", TableName: "A01", Round: 2, At: at, TimeZone: "Asia/Shanghai",
		Lines: []TicketLine{
			{LineID: 1, Name: "宫保鸡丁", Options: []string{"大份", "特辣"}, Quantity: 2, Remark: "不要花生"},
			{LineID: 2, Name: "Twice cooked pork belly with leeks and chilli", Quantity: 1},
		}, Remark: "allergy: nuts"}
}

func TestKitchenTicketLayout(t *testing.T) {
	t.Parallel()
	data, err := Render(kitchenTicket(), printer(escpos.GBK, 80, configure.FontDoubleHeight), "zh", false, 1)
	if err != nil {
		t.Fatal(err)
	}
	tk := decode(t, data)
	if len(tk) != 1 || !tk[0].Cut || tk[0].Beeps == 0 {
		t.Fatalf("tickets %+v", tk)
	}
	text := tk[0].Text()
	for _, want := range []string{"厨房单", "桌号 A01", "单号 R0012  第2轮", "2026-11-26 12:30", "2 x 宫保鸡丁", "  - 大份, 特辣", "  ! 不要花生",
		"1 x Twice cooked pork belly with leeks and", "chilli", "备注：allergy: nuts"} {
		if !strings.Contains(text, want) {
			t.Errorf("kitchen ticket lacks %q:\n%s", want, text)
		}
	}
	for _, l := range tk[0].Lines {
		if w := escpos.Width(l.Text) * l.Width; w > 48 {
			t.Errorf("line %q is %d columns wide on 48-column paper", l.Text, w)
		}
		if strings.Contains(l.Text, "宫保鸡丁") && l.Height != 2 {
			t.Errorf("dish line not at the printer's double height: %+v", l)
		}
	}
}

func TestNarrowPaperAndDoubleWidth(t *testing.T) {
	t.Parallel()
	data, err := Render(kitchenTicket(), printer(escpos.GB18030, 58, configure.FontDouble), "en", false, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range decode(t, data)[0].Lines {
		if w := escpos.Width(l.Text) * l.Width; w > 32 {
			t.Errorf("line %q is %d columns wide on 32-column paper", l.Text, w)
		}
	}
}

func TestCopiesRepeatTheTicket(t *testing.T) {
	t.Parallel()
	data, err := Render(kitchenTicket(), printer(escpos.UTF8, 80, configure.FontNormal), "en", false, 3)
	if err != nil {
		t.Fatal(err)
	}
	tk := decode(t, data)
	if len(tk) != 3 || tk[0].Text() != tk[2].Text() {
		t.Fatalf("%d tickets", len(tk))
	}
}

func TestCancelTicketNamesDishQuantityReasonUser(t *testing.T) {
	t.Parallel()
	c := &Ticket{Kind: KindCancel, OrderNo: "R0012", TableName: "A01", At: at, TimeZone: "Asia/Shanghai",
		Lines: []TicketLine{{Name: "Mapo tofu", Quantity: 1}}, Reason: "Guest changed mind", ByUser: "Wang Fang"}
	data, err := Render(c, printer(escpos.CP1252, 80, configure.FontNormal), "en", true, 1)
	if err != nil {
		t.Fatal(err)
	}
	text := decode(t, data)[0].Text()
	for _, want := range []string{"*** CANCEL ***", "*** REPRINT ***", "-1 x Mapo tofu", "Reason: Guest changed mind", "By: Wang Fang", "Table A01"} {
		if !strings.Contains(text, want) {
			t.Errorf("cancel ticket lacks %q:\n%s", want, text)
		}
	}
}

func TestBillLayout(t *testing.T) {
	t.Parallel()
	b := &Ticket{Kind: KindBill, VenueName: "Demo Bistro", OrderNo: "R0012", TableName: "A01", At: at, TimeZone: "Europe/Paris",
		Lines:    []TicketLine{{Name: "Crème brûlée", Quantity: 2, Amount: 1800}, {Name: "Café", Quantity: 1, Amount: 350}},
		Currency: "EUR", CurrencyDigits: 2, Adjustments: []Adjustment{{Name: "Happy hour", Amount: -200}},
		Subtotal: 2150, ServiceCharge: 215, Tax: 394, PricesIncludeTax: true, Total: 2165, PayURL: "https://pay.example/b/X1",
		Header: "Welcome", Footer: "Merci et à bientôt"}
	data, err := Render(b, printer(escpos.CP1252, 80, configure.FontNormal), "fr", false, 1)
	if err != nil {
		t.Fatal(err)
	}
	tk := decode(t, data)[0]
	text := tk.Text()
	for _, want := range []string{"Demo Bistro", "Welcome", "ADDITION", "2 x Crème brûlée", "18.00", "Sous-total", "21.50", "Happy hour", "-2.00",
		"Service", "2.15", "TVA incluse", "3.94", "Total EUR", "21.65", "Scannez pour payer", "[QR https://pay.example/b/X1]", "Merci et à bientôt"} {
		if !strings.Contains(text, want) {
			t.Errorf("bill lacks %q:\n%s", want, text)
		}
	}
	b.Paid = true
	data, _ = Render(b, printer(escpos.CP1252, 80, configure.FontNormal), "fr", false, 1)
	if text := decode(t, data)[0].Text(); strings.Contains(text, "[QR") || !strings.Contains(text, "REÇU") {
		t.Errorf("receipt:\n%s", text)
	}
}

// A remark full of printer commands prints as text: no command of the
// guest's reaches the printer (the decoder sees none it does not expect).
func TestRemarkCannotCommandThePrinter(t *testing.T) {
	t.Parallel()
	k := kitchenTicket()
	k.Lines[0].Remark = "\x1b@\x1dV\x00\x1bp\x00\x19\xfa open drawer\x10\x14\x01\x00\x01"
	for _, cs := range escpos.Charsets {
		data, err := Render(k, printer(cs, 80, configure.FontNormal), "en", false, 1)
		if err != nil {
			t.Fatal(err)
		}
		tk := decode(t, data)
		if len(tk) != 1 || !strings.Contains(tk[0].Text(), "  ! @Vp open drawer") || !strings.Contains(tk[0].Text(), "open drawer") {
			t.Fatalf("%s: %d tickets\n%s", cs, len(tk), tk[0].Text())
		}
	}
}

func TestTicketWordsInEveryLanguage(t *testing.T) {
	t.Parallel()
	for _, lang := range []string{"en", "zh", "ja", "fr", "de", "es", "it", "pt", "ru", "tr", "ar", "he", "id", "ko", "th", "vi"} {
		data, err := Render(kitchenTicket(), printer(escpos.UTF8, 80, configure.FontNormal), lang, true, 1)
		if err != nil {
			t.Fatal(err)
		}
		if text := decode(t, data)[0].Text(); strings.Contains(text, "printing.ticket.") {
			t.Errorf("%s: untranslated word:\n%s", lang, text)
		}
	}
}

// go test -run XXX -bench Render ./modules/printing/
func BenchmarkRenderKitchen(b *testing.B) {
	k := kitchenTicket()
	p := printer(escpos.GB18030, 80, configure.FontDoubleHeight)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(k, p, "zh", false, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRenderBill(b *testing.B) {
	t := &Ticket{Kind: KindBill, VenueName: "Demo Bistro", OrderNo: "R0012", TableName: "A01", At: at, TimeZone: "Asia/Shanghai",
		Currency: "CNY", CurrencyDigits: 2, Subtotal: 12800, ServiceCharge: 1280, Tax: 845, Total: 14925, PayURL: "https://pay.example/b/X1"}
	for i := range 12 {
		t.Lines = append(t.Lines, TicketLine{Name: fmt.Sprintf("宫保鸡丁 %d", i), Quantity: 2, Amount: 5600})
	}
	p := printer(escpos.GBK, 80, configure.FontNormal)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Render(t, p, "zh", false, 1); err != nil {
			b.Fatal(err)
		}
	}
}
