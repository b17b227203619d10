package api

import "testing"

func TestETagMatches(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		header string
		tags   []string
		want   bool
	}{
		{``, []string{`"a"`}, false},
		{`"a"`, []string{`"a"`}, true},
		{`W/"a"`, []string{`"a"`}, true},
		{`"b", W/"a"`, []string{`"a"`}, true},
		{`"b"`, []string{`"a"`}, false},
		{`*`, []string{`"a"`}, true},
		{`"a-gz"`, []string{`"a"`, `"a-gz"`}, true},
		{`"a`, []string{`"a"`}, false},
	} {
		if got := ETagMatches(c.header, c.tags...); got != c.want {
			t.Errorf("ETagMatches(%q, %q) = %v, want %v", c.header, c.tags, got, c.want)
		}
	}
}
