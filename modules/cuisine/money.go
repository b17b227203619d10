package cuisine

import (
	"errors"
	"strconv"
	"strings"

	"github.com/venueplatform/venue/internal/scaled"
)

// Money is always an int64 count of the currency's minor unit (cents, fen;
// yen for JPY). Percentages are basis points: 1500 = 15.00 %.

// MaxPrice bounds every amount (10^11 minor units) so that a percentage
// (amount × 10,000) never overflows int64.
const MaxPrice int64 = 100_000_000_000

// BasisPoints is 100 %.
const BasisPoints int64 = 10_000

// Promotion modes.
const (
	ModeFixed   = "fixed"   // value is an amount off, in minor units
	ModePercent = "percent" // value is a share off, in basis points
)

// PercentOf is amount × bp / 10,000 rounded half up to the minor unit.
func PercentOf(amount, bp int64) int64 {
	return (amount*bp + BasisPoints/2) / BasisPoints
}

// Promo is a promotion row's arithmetic: the discount is computed first and
// rounded half up to the minor unit; the promotion price is the original
// less the discount, so price + discount is always exactly the original.
type Promo struct {
	Original int64 `json:"originalPrice"`
	Price    int64 `json:"promotionPrice"`
	Discount int64 `json:"discount"`
}

// ApplyPromotion computes a row's prices; ok is false for an unknown mode or
// a negative value (the caller's validation names those).
func ApplyPromotion(original int64, mode string, value int64) (Promo, bool) {
	if value < 0 || original < 0 {
		return Promo{}, false
	}
	var off int64
	switch mode {
	case ModeFixed:
		off = value
	case ModePercent:
		if value > BasisPoints {
			return Promo{}, false
		}
		off = PercentOf(original, value)
	default:
		return Promo{}, false
	}
	return Promo{Original: original, Price: original - off, Discount: off}, true
}

// currencyDigits are the ISO 4217 minor-unit exponents that are not 2.
var currencyDigits = map[string]int{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
	"RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
}

// Digits is the number of decimals of a currency's major unit.
func Digits(currency string) int {
	if d, ok := currencyDigits[strings.ToUpper(currency)]; ok {
		return d
	}
	return 2
}

// FormatMajor writes minor units as a decimal of the major unit ("12.50").
func FormatMajor(minor int64, digits int) string { return scaled.Format(minor, digits) }

var errBadAmount = errors.New("bad amount")

// ParseMajor reads a decimal of the major unit ("12.5", "-0.30", "8") into
// minor units exactly, without floating point; more decimals than the
// currency has are refused rather than rounded.
func ParseMajor(s string, digits int) (int64, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, _ := strings.Cut(s, ".")
	if strings.Contains(whole, ",") {
		// Only thousands separators: "12,50" is a decimal comma, refused rather than misread.
		groups := strings.Split(whole, ",")
		if len(groups[0]) == 0 || len(groups[0]) > 3 {
			return 0, errBadAmount
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return 0, errBadAmount
			}
		}
		whole = strings.Join(groups, "")
	}
	if whole == "" && frac == "" || len(frac) > digits || len(whole) > 15 {
		return 0, errBadAmount
	}
	for _, r := range whole + frac {
		if r < '0' || r > '9' {
			return 0, errBadAmount
		}
	}
	frac += strings.Repeat("0", digits-len(frac))
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if whole+frac == "" {
		n, err = 0, nil
	}
	if err != nil || n > MaxPrice {
		return 0, errBadAmount
	}
	if neg {
		n = -n
	}
	return n, nil
}
