package codegen

import (
	"strings"
	"unicode"
)

// Names the generated code derives from a definition's identifiers (which
// the rules have already limited to ASCII letters and digits).

// exported is the Go name of an identifier: userId → UserId.
func exported(name string) string {
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// columnName is the column of a field: unitPrice → unit_price, userID → user_id.
func columnName(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			prevLowerOrDigit := i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]))
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1]) && i > 0 && unicode.IsUpper(rs[i-1])
			if prevLowerOrDigit || nextLower {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
