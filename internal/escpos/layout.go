package escpos

import (
	"strings"
	"unicode"

	"golang.org/x/text/width"
)

// Paper widths in characters of the normal font (Font A, 12×24 dots).
const (
	Columns58 = 32 // 58 mm paper
	Columns80 = 48 // 80 mm paper
)

// RuneWidth is how many columns a rune takes on paper: East Asian wide and
// fullwidth characters take two, combining marks none, others one.
func RuneWidth(r rune) int {
	if r < 0x7F {
		return 1
	}
	if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) {
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// Width is the number of columns s takes.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n += RuneWidth(r)
	}
	return n
}

// Truncate cuts s to at most cols columns, never splitting a wide character.
func Truncate(s string, cols int) string {
	n := 0
	for i, r := range s {
		w := RuneWidth(r)
		if n+w > cols {
			return s[:i]
		}
		n += w
	}
	return s
}

// PadRight fills s with spaces to cols columns (cut when longer).
func PadRight(s string, cols int) string {
	s = Truncate(s, cols)
	return s + strings.Repeat(" ", cols-Width(s))
}

// PadLeft right-aligns s in cols columns (cut when longer).
func PadLeft(s string, cols int) string {
	s = Truncate(s, cols)
	return strings.Repeat(" ", cols-Width(s)) + s
}

// Wrap breaks s into lines of at most cols columns: at spaces where the
// text has them, anywhere between CJK characters, and inside a word only
// when the word alone is longer than a line.
func Wrap(s string, cols int) []string {
	s = strings.TrimSpace(Clean(s))
	if cols < 2 {
		cols = 2
	}
	if s == "" {
		return nil
	}
	var lines []string
	var line strings.Builder
	lineW := 0
	flush := func() {
		lines = append(lines, strings.TrimRight(line.String(), " "))
		line.Reset()
		lineW = 0
	}
	for _, word := range splitWords(s) {
		w := Width(word)
		if word == " " {
			if lineW > 0 && lineW < cols {
				line.WriteByte(' ')
				lineW++
			}
			continue
		}
		if lineW > 0 && lineW+w > cols {
			flush()
		}
		for w > cols { // a word longer than a line: break it
			head := Truncate(word, cols-lineW)
			if head == "" {
				flush()
				continue
			}
			line.WriteString(head)
			flush()
			word = word[len(head):]
			w = Width(word)
		}
		line.WriteString(word)
		lineW += w
	}
	if lineW > 0 {
		flush()
	}
	return lines
}

// splitWords cuts s into words, single spaces and single wide characters
// (a line may break before any wide character).
func splitWords(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		switch {
		case r == ' ':
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			out = append(out, " ")
		case RuneWidth(r) == 2:
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			out = append(out, string(r))
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// Columns lays out left and right on one line of cols columns, left cut
// when both do not fit; right is never cut.
func Columns(left, right string, cols int) string {
	rw := Width(right)
	room := cols - rw - 1
	if room < 0 {
		return Truncate(right, cols)
	}
	return PadRight(left, room) + " " + right
}

// WrapColumns lays out left (wrapped) with right on its first line:
// a dish name with its quantity or amount.
func WrapColumns(left, right string, cols int) []string {
	rw := Width(right)
	room := cols - rw - 1
	if room < 4 {
		return append(Wrap(left, cols), PadLeft(right, cols))
	}
	parts := Wrap(left, room)
	if len(parts) == 0 {
		parts = []string{""}
	}
	out := []string{PadRight(parts[0], room) + " " + right}
	return append(out, parts[1:]...)
}

// Rule is a line of dashes across cols columns.
func Rule(cols int) string { return strings.Repeat("-", cols) }
