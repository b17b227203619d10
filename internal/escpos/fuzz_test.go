package escpos

import "testing"

// FuzzDecode: any byte stream decodes without panicking.
func FuzzDecode(f *testing.F) {
	e, _ := New(GBK)
	e.Init().Size(2, 2).Line("宫保鸡丁").Cut()
	f.Add(e.Bytes())
	f.Add([]byte{0x1d, '(', 'k', 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Decode(data, DecodeOptions{Kanji: true})
	})
}

// FuzzTextRoundTrip: whatever text a user types, the stream carries no
// control byte and decodes back to the cleaned text (UTF-8 and GB18030
// encode every rune).
func FuzzTextRoundTrip(f *testing.F) {
	for _, s := range []string{"宫保鸡丁", "no onion\x1b@", "Crème brûlée", "𠮷"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, cs := range []string{UTF8, GB18030} {
			e, _ := New(cs)
			b := e.Init().Line(s).Bytes()
			tk, err := Decode(b, DecodeOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := Clean(s) + "\n"
			if got := tk[0].Text(); got != want {
				t.Fatalf("%s: %q decoded as %q", cs, want, got)
			}
		}
	})
}
