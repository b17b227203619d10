package escpos

import (
	"encoding/hex"
	"strings"
	"testing"
)

func mustNew(t testing.TB, cs string) *Encoder {
	t.Helper()
	e, err := New(cs)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The golden streams were written from the ESC/POS command reference, and
// the text bytes checked against Python's codecs (an independent encoder).
func TestGoldenCharsets(t *testing.T) {
	t.Parallel()
	cases := []struct {
		charset, text, want string
	}{
		{GBK, "宫保鸡丁 x2", "1b40 1c26 1b3900 b9acb1a3bca6b6a1207832 0a"},
		{GB18030, "𠮷野家", "1b40 1c26 1b3900 9534b235d2b0bcd2 0a"},
		{Big5, "牛肉麵", "1b40 1c26 1b3903 a4fba6d7c4d1 0a"},
		{CP437, "Café Ñ £½", "1b40 1c2e 1b7400 4361668220a5209cab 0a"},
		{CP1252, "€5 Crème brûlée", "1b40 1c2e 1b7410 8035204372e86d65206272fb6ce965 0a"},
		{UTF8, "Phở 牛", "1b40 1c28430200 3002 1b3901 5068e1bb9f20e7899b 0a"},
	}
	for _, c := range cases {
		t.Run(c.charset, func(t *testing.T) {
			got := mustNew(t, c.charset).Init().Line(c.text).Bytes()
			if want := unhex(t, c.want); string(got) != string(want) {
				t.Fatalf("bytes\n got %x\nwant %x", got, want)
			}
			tickets, err := Decode(got, DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(tickets) != 1 || tickets[0].Text() != c.text+"\n" {
				t.Fatalf("decoded %+v, want %q", tickets, c.text)
			}
		})
	}
}

func TestGoldenSizes(t *testing.T) {
	t.Parallel()
	cases := []struct {
		w, h int
		want string
	}{
		{1, 1, "1d2100"}, {1, 2, "1d2101"}, {2, 1, "1d2110"}, {2, 2, "1d2111"}, {3, 3, "1d2122"}, {8, 8, "1d2177"}, {9, 0, "1d2170"},
	}
	for _, c := range cases {
		got := mustNew(t, CP437).Size(c.w, c.h).Line("A").Bytes()
		if want := unhex(t, c.want+"410a"); string(got) != string(want) {
			t.Errorf("size %dx%d: got %x want %x", c.w, c.h, got, want)
		}
		tk, err := Decode(got, DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		l := tk[0].Lines[0]
		if l.Width != min(max(c.w, 1), 8) || l.Height != min(max(c.h, 1), 8) {
			t.Errorf("size %dx%d decoded as %dx%d", c.w, c.h, l.Width, l.Height)
		}
	}
}

func TestGoldenCommands(t *testing.T) {
	t.Parallel()
	e := mustNew(t, CP437).Init().Align(Center).Bold(true).Line("T1").Bold(false).Align(Right).Line("9.50").Beep(2, 3).Feed(3).Cut()
	want := "1b40 1c2e 1b7400 1b6101 1b4501 54310a 1b4500 1b6102 392e35300a 1b420203 1b6403 1d564200"
	if got := e.Bytes(); string(got) != string(unhex(t, want)) {
		t.Fatalf("got  %x\nwant %s", got, want)
	}
	tk, err := Decode(e.Bytes(), DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tk) != 1 || !tk[0].Cut || tk[0].Beeps != 2 {
		t.Fatalf("decoded %+v", tk)
	}
	l := tk[0].Lines
	if l[0].Text != "T1" || !l[0].Bold || l[0].Align != Center || l[1].Text != "9.50" || l[1].Bold || l[1].Align != Right {
		t.Fatalf("lines %+v", l)
	}
}

func TestGoldenQR(t *testing.T) {
	t.Parallel()
	e := mustNew(t, UTF8)
	if err := e.QR("https://v.example/p/AB", 6); err != nil {
		t.Fatal(err)
	}
	want := "1d286b0400314132 00" + // model 2
		"1d286b0300314306" + // module 6 dots
		"1d286b0300314531" + // error correction M
		"1d286b1900315030" + hex.EncodeToString([]byte("https://v.example/p/AB")) + // store 22+3 bytes
		"1d286b0300315130" // print
	if got := e.Bytes(); string(got) != string(unhex(t, want)) {
		t.Fatalf("got  %x\nwant %s", got, want)
	}
	tk, err := Decode(e.Bytes(), DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tk) != 1 || tk[0].Lines[0].QR != "https://v.example/p/AB" {
		t.Fatalf("decoded %+v", tk)
	}
	if err := e.QR("", 6); err == nil {
		t.Fatal("empty QR accepted")
	}
}

// A guest's remark full of printer commands prints as its visible text only.
func TestTextCannotCarryCommands(t *testing.T) {
	t.Parallel()
	remark := "no onion\x1b@\x1dV\x00\x1b\x42\x09\x09\x10\x14\x01 \u009b please\x7f"
	for _, cs := range Charsets {
		got := mustNew(t, cs).Text(remark).Bytes()
		for i, b := range got {
			if b < 0x20 || b == 0x7f {
				t.Fatalf("%s: control byte %#x at %d in %x", cs, b, i, got)
			}
		}
		tk, err := Decode(got, DecodeOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if text := tk[0].Lines[0].Text; text != "no onion@VB    please" {
			t.Fatalf("%s: decoded %q", cs, text)
		}
	}
}

func TestSingleByteSetsKeepColumns(t *testing.T) {
	t.Parallel()
	got := mustNew(t, CP1252).Text("麵 ok").Bytes()
	if string(got) != "?? ok" {
		t.Fatalf("got %q", got)
	}
}

func TestDecodeSplitsAtCuts(t *testing.T) {
	t.Parallel()
	e := mustNew(t, GBK).Init()
	for range 3 {
		e.Line("鱼香肉丝").Cut()
	}
	tk, err := Decode(e.Bytes(), DecodeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tk) != 3 {
		t.Fatalf("%d tickets", len(tk))
	}
	if _, err := Decode([]byte{0x1d, '!'}, DecodeOptions{}); err == nil {
		t.Fatal("truncated command accepted")
	}
}

func TestUnknownCharset(t *testing.T) {
	t.Parallel()
	if _, err := New("EBCDIC"); err == nil {
		t.Fatal("accepted")
	}
}
