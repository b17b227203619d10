// Package scaled writes integers scaled by a power of ten (money in minor
// units, fixed-point decimals) as decimal text, exactly, without floating point.
package scaled

import (
	"strconv"
	"strings"
)

// Format writes n as a decimal with places digits after the point:
// 1250, 2 → "12.50"; 5, 2 → "0.05"; 1500, 0 → "1500".
func Format(n int64, places int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	s := strconv.FormatInt(n, 10)
	if places > 0 {
		if len(s) <= places {
			s = strings.Repeat("0", places-len(s)+1) + s
		}
		s = s[:len(s)-places] + "." + s[len(s)-places:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
