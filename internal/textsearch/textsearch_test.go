package textsearch

import (
	"slices"
	"strings"
	"testing"
)

func TestSuffixes(t *testing.T) {
	t.Parallel()
	got := Suffixes("Hot Pot", "A1")
	want := []string{"hot pot", "ot pot", "t pot", "pot", "ot", "t", "a1", "1"}
	if !slices.Equal(got, want) {
		t.Errorf("Suffixes = %q, want %q", got, want)
	}
	if got := Suffixes("麻辣火锅"); !slices.Equal(got, []string{"麻辣火锅", "辣火锅", "火锅", "锅"}) {
		t.Errorf("CJK suffixes = %q", got)
	}
	long := strings.Repeat("ab", 20)
	for _, s := range Suffixes(long) {
		if n := len([]rune(s)); n > Max {
			t.Errorf("suffix of %d characters", n)
		}
	}
	if got := Suffixes("aa aa"); !slices.Equal(got, []string{"aa aa", "a aa", "aa", "a"}) {
		t.Errorf("duplicates kept: %q", got)
	}
}

func TestKeyAndPatterns(t *testing.T) {
	t.Parallel()
	if k, cut := Key("  TOFU "); k != "tofu" || cut {
		t.Errorf("Key = %q %v", k, cut)
	}
	if k, cut := Key(strings.Repeat("x", Max+3)); len(k) != Max || !cut {
		t.Errorf("long key = %q %v", k, cut)
	}
	if p := Contains("50%_!"); p != "%50!%!_!!%" {
		t.Errorf("Contains = %q", p)
	}
	if p := Prefix("a_b"); p != "a!_b%" {
		t.Errorf("Prefix = %q", p)
	}
}
