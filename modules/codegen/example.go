package codegen

import (
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/venueplatform/venue/internal/scaled"
)

// Values the generated test sends: a valid example for every field that has
// a static one, a second valid value to edit to, and values each rule refuses.

// sampleUpload is a stored name as the upload endpoints answer them.
const (
	sampleImage = "/uploads/2026/01/0123456789abcdef0123456789abcdef.png"
	sampleFile  = "/uploads/2026/01/0123456789abcdef0123456789abcdef.pdf"
)

// derivedExample answers a valid value for a field with no example given
// (ok false when none can be derived: a pattern the shortest match of which
// breaks the length rules). Enums and references have none: the generated
// test reads a dictionary entry and creates the referenced row when it runs.
func derivedExample(f *Field) (string, bool) {
	if f.Example != "" {
		return f.Example, true
	}
	var v string
	switch f.Type {
	case TypeString, TypeText:
		if f.Pattern != "" {
			re, err := syntax.Parse(f.Pattern, syntax.Perl)
			if err != nil {
				return "", false
			}
			s, ok := shortestMatch(re.Simplify())
			if !ok {
				return "", false
			}
			v = s
		} else {
			v = fitLength(f, "Sample")
		}
	case TypeInteger:
		v = clampNumber(f, "1")
	case TypeMoney:
		v = clampNumber(f, "1250")
	case TypeDecimal:
		v = clampNumber(f, scaled.Format(pow10(f.Scale)*3/2, f.Scale))
	case TypeBoolean:
		return "true", true
	case TypeDate:
		v = "2026-01-15"
	case TypeTime:
		v = "09:30:00"
	case TypeImage:
		v = sampleImage
	case TypeFile:
		v = sampleFile
	default:
		return "", false
	}
	return v, valueFits(f, v)
}

// alternate answers a second valid value different from v ("" when the
// field's rules leave no obvious one).
func alternate(f *Field, v string) string {
	var alt string
	switch f.Type {
	case TypeString, TypeText:
		if f.Pattern != "" {
			return ""
		}
		alt = fitLength(f, "Changed")
	case TypeInteger, TypeMoney, TypeDecimal:
		n, _ := parseBound(f, Bound(v))
		step := int64(1)
		if f.Type == TypeDecimal {
			step = pow10(f.Scale)
		}
		for _, cand := range []int64{n + step, n - step} {
			s := strconv.FormatInt(cand, 10)
			if f.Type == TypeDecimal {
				s = scaled.Format(cand, f.Scale)
			}
			if valueFits(f, s) {
				return s
			}
		}
		return ""
	case TypeDate:
		alt = "2026-02-20"
	case TypeTime:
		alt = "18:45:00"
	case TypeImage:
		alt = strings.Replace(sampleImage, "0123", "4567", 1)
	case TypeFile:
		alt = strings.Replace(sampleFile, "0123", "4567", 1)
	default:
		return ""
	}
	if alt == v || !valueFits(f, alt) {
		return ""
	}
	return alt
}

// fitLength pads or cuts base to the field's length rules.
func fitLength(f *Field, base string) string {
	if n := utf8.RuneCountInString(base); n < f.MinLength {
		base += strings.Repeat("x", f.MinLength-n)
	}
	if m := maxLen(f); utf8.RuneCountInString(base) > m {
		base = string([]rune(base)[:m])
	}
	return base
}

// clampNumber brings a value into the field's range.
func clampNumber(f *Field, v string) string {
	n, _ := parseBound(f, Bound(v))
	if lo, _ := parseBound(f, f.Min); f.Min != "" && n < lo {
		n = lo
	}
	if hi, _ := parseBound(f, f.Max); f.Max != "" && n > hi {
		n = hi
	}
	if f.Type == TypeDecimal {
		return scaled.Format(n, f.Scale)
	}
	return strconv.FormatInt(n, 10)
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// shortestMatch builds the shortest string a (simplified) expression matches.
func shortestMatch(re *syntax.Regexp) (string, bool) {
	switch re.Op {
	case syntax.OpNoMatch:
		return "", false
	case syntax.OpLiteral:
		return string(re.Rune), true
	case syntax.OpCharClass:
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1] && r-re.Rune[i] < 512; r++ {
				if unicode.IsPrint(r) {
					return string(r), true
				}
			}
		}
		return "", false
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return "a", true
	case syntax.OpCapture, syntax.OpPlus:
		return shortestMatch(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		return "", true
	case syntax.OpRepeat:
		s, ok := shortestMatch(re.Sub[0])
		return strings.Repeat(s, re.Min), ok
	case syntax.OpConcat:
		var b strings.Builder
		for _, sub := range re.Sub {
			s, ok := shortestMatch(sub)
			if !ok {
				return "", false
			}
			b.WriteString(s)
		}
		return b.String(), true
	case syntax.OpAlternate:
		best, found := "", false
		for _, sub := range re.Sub {
			if s, ok := shortestMatch(sub); ok && (!found || len(s) < len(best)) {
				best, found = s, true
			}
		}
		return best, found
	}
	// Anchors and empty matches add nothing.
	return "", true
}

// patternMiss answers a value of acceptable length the pattern refuses ("" when
// none of the candidates is one).
func patternMiss(f *Field) string {
	re, err := regexp.Compile("^(?:" + f.Pattern + ")$")
	if err != nil {
		return ""
	}
	for _, cand := range []string{"!", "~", "#", "0", "a", "A", "zz", "--", "é"} {
		s := fitLength(f, cand)
		if s != "" && !re.MatchString(s) {
			return s
		}
	}
	return ""
}
