package escpos

import (
	"reflect"
	"testing"
)

func TestWidth(t *testing.T) {
	t.Parallel()
	cases := map[string]int{"abc": 3, "宫保鸡丁": 8, "ｶﾀｶﾅ": 4, "ＡＢ": 4, "Phở": 3, "e\u0301": 1, "한국": 4, "": 0}
	for s, want := range cases {
		if got := Width(s); got != want {
			t.Errorf("Width(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestWrap(t *testing.T) {
	t.Parallel()
	cases := []struct {
		s    string
		cols int
		want []string
	}{
		{"Kung pao chicken with peanuts", 12, []string{"Kung pao", "chicken with", "peanuts"}},
		{"宫保鸡丁加花生米", 6, []string{"宫保鸡", "丁加花", "生米"}},
		{"宫保鸡丁 large", 9, []string{"宫保鸡丁", "large"}},
		{"Supercalifragilistic", 8, []string{"Supercal", "ifragili", "stic"}},
		{"  ", 8, nil},
		{"a\tb\nc", 8, []string{"a b c"}},
	}
	for _, c := range cases {
		got := Wrap(c.s, c.cols)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Wrap(%q, %d) = %q, want %q", c.s, c.cols, got, c.want)
		}
		for _, l := range got {
			if Width(l) > c.cols {
				t.Errorf("line %q wider than %d", l, c.cols)
			}
		}
	}
}

func TestColumns(t *testing.T) {
	t.Parallel()
	if got := Columns("宫保鸡丁", "x2", 32); Width(got) != 32 || got != "宫保鸡丁"+spaces(21)+" x2" {
		t.Fatalf("%q (%d)", got, Width(got))
	}
	if got := Columns("宫保鸡丁宫保鸡丁", "12.00", 12); got != "宫保鸡 12.00" {
		t.Fatalf("%q", got)
	}
	got := WrapColumns("Twice cooked pork belly with leeks", "x10", 20)
	want := []string{"Twice cooked     x10", "pork belly with", "leeks"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q", got)
	}
	if PadLeft("宫保", 6) != "  宫保" || PadRight("abc", 2) != "ab" || Truncate("宫保", 3) != "宫" {
		t.Fatal("pad/truncate")
	}
}

func spaces(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = ' '
	}
	return string(b)
}
