package configure

import (
	"strings"
	"unicode"
)

// A PDF shows glyphs in the order they are written and does no shaping, so
// right-to-left text is put in display order first, and Arabic letters are
// given their joined forms (the Presentation Forms-B characters, which the
// embedded DejaVu Sans has) — the classic way of printing Arabic without a
// shaping engine. Thai and CJK need neither.

// arabicForms are a letter's isolated, final, initial and medial forms; a
// letter with only two joins to the letter before it and never after.
var arabicForms = map[rune][]rune{
	0x0621: {0xFE80}, 0x0622: {0xFE81, 0xFE82}, 0x0623: {0xFE83, 0xFE84}, 0x0624: {0xFE85, 0xFE86}, 0x0625: {0xFE87, 0xFE88},
	0x0626: {0xFE89, 0xFE8A, 0xFE8B, 0xFE8C}, 0x0627: {0xFE8D, 0xFE8E}, 0x0628: {0xFE8F, 0xFE90, 0xFE91, 0xFE92},
	0x0629: {0xFE93, 0xFE94}, 0x062A: {0xFE95, 0xFE96, 0xFE97, 0xFE98}, 0x062B: {0xFE99, 0xFE9A, 0xFE9B, 0xFE9C},
	0x062C: {0xFE9D, 0xFE9E, 0xFE9F, 0xFEA0}, 0x062D: {0xFEA1, 0xFEA2, 0xFEA3, 0xFEA4}, 0x062E: {0xFEA5, 0xFEA6, 0xFEA7, 0xFEA8},
	0x062F: {0xFEA9, 0xFEAA}, 0x0630: {0xFEAB, 0xFEAC}, 0x0631: {0xFEAD, 0xFEAE}, 0x0632: {0xFEAF, 0xFEB0},
	0x0633: {0xFEB1, 0xFEB2, 0xFEB3, 0xFEB4}, 0x0634: {0xFEB5, 0xFEB6, 0xFEB7, 0xFEB8}, 0x0635: {0xFEB9, 0xFEBA, 0xFEBB, 0xFEBC},
	0x0636: {0xFEBD, 0xFEBE, 0xFEBF, 0xFEC0}, 0x0637: {0xFEC1, 0xFEC2, 0xFEC3, 0xFEC4}, 0x0638: {0xFEC5, 0xFEC6, 0xFEC7, 0xFEC8},
	0x0639: {0xFEC9, 0xFECA, 0xFECB, 0xFECC}, 0x063A: {0xFECD, 0xFECE, 0xFECF, 0xFED0}, 0x0641: {0xFED1, 0xFED2, 0xFED3, 0xFED4},
	0x0642: {0xFED5, 0xFED6, 0xFED7, 0xFED8}, 0x0643: {0xFED9, 0xFEDA, 0xFEDB, 0xFEDC}, 0x0644: {0xFEDD, 0xFEDE, 0xFEDF, 0xFEE0},
	0x0645: {0xFEE1, 0xFEE2, 0xFEE3, 0xFEE4}, 0x0646: {0xFEE5, 0xFEE6, 0xFEE7, 0xFEE8}, 0x0647: {0xFEE9, 0xFEEA, 0xFEEB, 0xFEEC},
	0x0648: {0xFEED, 0xFEEE}, 0x0649: {0xFEEF, 0xFEF0}, 0x064A: {0xFEF1, 0xFEF2, 0xFEF3, 0xFEF4},
	// Persian and Urdu letters (Presentation Forms-A).
	0x067E: {0xFB56, 0xFB57, 0xFB58, 0xFB59}, 0x0686: {0xFB7A, 0xFB7B, 0xFB7C, 0xFB7D}, 0x0698: {0xFB8A, 0xFB8B},
	0x06A9: {0xFB8E, 0xFB8F, 0xFB90, 0xFB91}, 0x06AF: {0xFB92, 0xFB93, 0xFB94, 0xFB95}, 0x06CC: {0xFBFC, 0xFBFD, 0xFBFE, 0xFBFF},
}

// lamAlef are the ligatures of lam with an alef: isolated and final forms.
var lamAlef = map[rune][2]rune{0x0622: {0xFEF5, 0xFEF6}, 0x0623: {0xFEF7, 0xFEF8}, 0x0625: {0xFEF9, 0xFEFA}, 0x0627: {0xFEFB, 0xFEFC}}

const tatweel = 0x0640

// transparent marks (harakat) sit on a letter without breaking joins.
func transparent(r rune) bool { return r >= 0x064B && r <= 0x065F || r == 0x0670 }

// joinsAfter reports whether a letter connects to the letter after it.
func joinsAfter(r rune) bool { return r == tatweel || len(arabicForms[r]) == 4 }

// joinsBefore reports whether a letter connects to the letter before it.
func joinsBefore(r rune) bool { return r == tatweel || len(arabicForms[r]) >= 2 }

// shapeArabic gives Arabic letters their contextual forms, in logical order.
func shapeArabic(s string) string {
	in := []rune(s)
	prevLetter := func(i int) rune {
		for j := i - 1; j >= 0; j-- {
			if !transparent(in[j]) {
				return in[j]
			}
		}
		return 0
	}
	nextLetter := func(i int) (rune, int) {
		for j := i + 1; j < len(in); j++ {
			if !transparent(in[j]) {
				return in[j], j
			}
		}
		return 0, -1
	}
	var out strings.Builder
	for i := 0; i < len(in); i++ {
		r := in[i]
		forms, ok := arabicForms[r]
		if !ok {
			out.WriteRune(r)
			continue
		}
		prev := prevLetter(i)
		joinedBefore := prev != 0 && joinsAfter(prev) && joinsBefore(r)
		next, at := nextLetter(i)
		if lig, ok := lamAlef[next]; r == 0x0644 && ok {
			if joinedBefore {
				out.WriteRune(lig[1])
			} else {
				out.WriteRune(lig[0])
			}
			for j := i + 1; j < at; j++ { // marks between lam and alef stay
				out.WriteRune(in[j])
			}
			i = at
			continue
		}
		joinedAfter := next != 0 && joinsAfter(r) && joinsBefore(next)
		switch {
		case joinedBefore && joinedAfter:
			out.WriteRune(forms[3])
		case joinedBefore:
			out.WriteRune(forms[1])
		case joinedAfter:
			out.WriteRune(forms[2])
		default:
			out.WriteRune(forms[0])
		}
	}
	return out.String()
}

// hasRTL reports whether text has right-to-left characters.
func hasRTL(s string) bool {
	for _, r := range s {
		if r >= 0x0590 && r <= 0x08FF || r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFF {
			return true
		}
	}
	return false
}

// displayOrder shapes Arabic and puts a line of text in the order its
// characters are shown from left to right. It follows the Unicode
// bidirectional algorithm far enough for names and labels: the paragraph
// takes the direction of its first strong letter, numbers read left to
// right, neutrals between letters of one direction take it, others the
// paragraph's, and marks stay with their letter.
func displayOrder(s string) string {
	if !hasRTL(s) {
		return s
	}
	units := clusters([]rune(shapeArabic(s)))
	dirs := make([]byte, len(units)) // 'L', 'R', 'N' (digit), ' ' (neutral)
	para := byte('L')
	for i, u := range units {
		dirs[i] = direction(u[0])
		if para == 'L' && dirs[i] == 'R' && !hasStrongBefore(dirs[:i]) {
			para = 'R'
		}
	}
	// Numbers after a left-to-right letter (or at the start of a
	// left-to-right paragraph) are left-to-right text; others sit in
	// right-to-left text.
	last := para
	for i, d := range dirs {
		switch d {
		case 'L', 'R':
			last = d
		case 'N':
			if last == 'L' {
				dirs[i] = 'L'
			}
		}
	}
	// Neutrals between two runs of one direction take it (numbers in
	// right-to-left text count as right-to-left), others the paragraph's.
	strong := func(d byte) byte {
		if d == 'N' {
			return 'R'
		}
		return d
	}
	for i := 0; i < len(dirs); {
		if dirs[i] != ' ' {
			i++
			continue
		}
		j := i
		for j < len(dirs) && dirs[j] == ' ' {
			j++
		}
		before, after := para, para
		if i > 0 {
			before = strong(dirs[i-1])
		}
		if j < len(dirs) {
			after = strong(dirs[j])
		}
		fill := para
		if before == after {
			fill = before
		}
		for k := i; k < j; k++ {
			dirs[k] = fill
		}
		i = j
	}
	levels := make([]int, len(units))
	for i, d := range dirs {
		switch {
		case para == 'L' && d == 'L':
			levels[i] = 0
		case para == 'L' && d == 'R', para == 'R' && d == 'R':
			levels[i] = 1
		default: // left-to-right text or numbers inside right-to-left text
			levels[i] = 2
		}
	}
	for level := 2; level >= 1; level-- {
		for i := 0; i < len(units); {
			if levels[i] < level {
				i++
				continue
			}
			j := i
			for j < len(units) && levels[j] >= level {
				j++
			}
			for a, b := i, j-1; a < b; a, b = a+1, b-1 {
				units[a], units[b] = units[b], units[a]
				levels[a], levels[b] = levels[b], levels[a]
			}
			i = j
		}
	}
	var out strings.Builder
	for i, u := range units {
		if levels[i]%2 == 1 {
			u[0] = mirror(u[0])
		}
		out.WriteString(string(u))
	}
	return out.String()
}

// clusters groups each character with the marks that follow it.
func clusters(in []rune) [][]rune {
	var out [][]rune
	for _, r := range in {
		if len(out) > 0 && (transparent(r) || r >= 0x0591 && r <= 0x05C7 || r >= 0x0300 && r <= 0x036F) {
			out[len(out)-1] = append(out[len(out)-1], r)
			continue
		}
		out = append(out, []rune{r})
	}
	return out
}

func hasStrongBefore(dirs []byte) bool {
	for _, d := range dirs {
		if d == 'L' || d == 'R' {
			return true
		}
	}
	return false
}

// direction classifies a character: 'R' right-to-left letter, 'L' other
// letter, 'N' digit, ' ' anything else.
func direction(r rune) byte {
	switch {
	case r >= 0x0590 && r <= 0x08FF && !(r >= 0x0660 && r <= 0x0669) && !(r >= 0x06F0 && r <= 0x06F9),
		r >= 0xFB1D && r <= 0xFDFF, r >= 0xFE70 && r <= 0xFEFF:
		return 'R'
	case r >= '0' && r <= '9', r >= 0x0660 && r <= 0x0669, r >= 0x06F0 && r <= 0x06F9:
		return 'N'
	case unicode.IsLetter(r):
		return 'L'
	}
	return ' '
}

func mirror(r rune) rune {
	if m, ok := mirrors[r]; ok {
		return m
	}
	return r
}

var mirrors = map[rune]rune{'(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«'}
