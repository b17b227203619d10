package cuisine

import (
	"math/big"
	"testing"
)

func TestApplyPromotion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		original     int64
		mode         string
		value        int64
		price, off   int64
		ok           bool
		lowerThanOld bool
	}{
		{3800, ModeFixed, 500, 3300, 500, true, true},
		{3800, ModeFixed, 3800, 0, 3800, true, true},
		{3800, ModeFixed, 0, 3800, 0, true, false},
		{3800, ModePercent, 2000, 3040, 760, true, true},              // 20 % off 38.00
		{999, ModePercent, 3333, 666, 333, true, true},                // 332.9667 → 333
		{5, ModePercent, 5000, 2, 3, true, true},                      // 2.5 → 3 off: half up, in the guest's favour
		{1, ModePercent, 4999, 1, 0, true, false},                     // 0.4999 → 0 off: not a promotion
		{1, ModePercent, 5000, 0, 1, true, true},                      // 0.5 → 1 off
		{12345, ModePercent, 1, 12344, 1, true, true},                 // 1.2345 → 1
		{MaxPrice, ModePercent, BasisPoints, 0, MaxPrice, true, true}, // no overflow at the bounds
		{MaxPrice, ModePercent, 1, MaxPrice - 10_000_000, 10_000_000, true, true},
		{100, ModePercent, 10001, 0, 0, false, false},
		{100, ModeFixed, -1, 0, 0, false, false},
		{100, "", 10, 0, 0, false, false},
	} {
		p, ok := ApplyPromotion(tc.original, tc.mode, tc.value)
		if ok != tc.ok || (ok && (p.Price != tc.price || p.Discount != tc.off || p.Original != tc.original)) {
			t.Errorf("%d %s %d: got %+v %v, want price %d off %d %v", tc.original, tc.mode, tc.value, p, ok, tc.price, tc.off, tc.ok)
		}
		if ok && (p.Price < tc.original) != tc.lowerThanOld {
			t.Errorf("%d %s %d: lower %v", tc.original, tc.mode, tc.value, p.Price < tc.original)
		}
	}
}

// Every percentage of every price up to 1,000.00 is exact integer
// arithmetic: the discount is the true share rounded half up (checked
// against rational arithmetic), and price plus discount is always exactly
// the original, so no amount is ever lost or invented.
func TestPercentHasNoDrift(t *testing.T) {
	t.Parallel()
	bps := []int64{1, 5, 33, 50, 125, 333, 500, 750, 1000, 1250, 1500, 2000, 2500, 3333, 5000, 6667, 7500, 8888, 9999, 10000}
	half := big.NewRat(1, 2)
	for original := int64(0); original <= 100_000; original++ {
		for _, bp := range bps {
			p, ok := ApplyPromotion(original, ModePercent, bp)
			if !ok || p.Price+p.Discount != original || p.Price < 0 {
				t.Fatalf("%d at %d bp: %+v", original, bp, p)
			}
			exact := new(big.Rat).SetFrac64(original*bp, BasisPoints)
			floor := new(big.Int).Quo(new(big.Rat).Add(exact, half).Num(), new(big.Rat).Add(exact, half).Denom())
			if floor.Int64() != p.Discount {
				t.Fatalf("%d at %d bp: discount %d, half-up of %s is %s", original, bp, p.Discount, exact.FloatString(4), floor)
			}
		}
	}
	// Summing many rows never drifts from summing the parts.
	var sumOrig, sumPrice, sumOff int64
	for original := int64(1); original <= 5000; original += 7 {
		p, _ := ApplyPromotion(original, ModePercent, 1234)
		sumOrig, sumPrice, sumOff = sumOrig+original, sumPrice+p.Price, sumOff+p.Discount
	}
	if sumPrice+sumOff != sumOrig {
		t.Fatalf("totals drift: %d + %d != %d", sumPrice, sumOff, sumOrig)
	}
}

func TestMajorUnits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in     string
		digits int
		want   int64
		ok     bool
	}{
		{"12.50", 2, 1250, true}, {"12.5", 2, 1250, true}, {"12", 2, 1200, true}, {"0.01", 2, 1, true}, {".5", 2, 50, true},
		{"-3.00", 2, -300, true}, {"+3", 2, 300, true}, {"1,234.56", 2, 123456, true}, {"1500", 0, 1500, true}, {"1.234", 3, 1234, true},
		{"12.345", 2, 0, false}, {"12,50", 2, 0, false}, {"1.5", 0, 0, false}, {"abc", 2, 0, false}, {"", 2, 0, false},
		{"1e3", 2, 0, false}, {"99999999999999999999", 2, 0, false}, {"1000000000.01", 2, 0, false},
	} {
		got, err := ParseMajor(tc.in, tc.digits)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseMajor(%q, %d) = %d, %v; want %d ok=%v", tc.in, tc.digits, got, err, tc.want, tc.ok)
		}
	}
	for _, tc := range []struct {
		minor  int64
		digits int
		want   string
	}{{1250, 2, "12.50"}, {5, 2, "0.05"}, {0, 2, "0.00"}, {-305, 2, "-3.05"}, {1500, 0, "1500"}, {1234, 3, "1.234"}} {
		if got := FormatMajor(tc.minor, tc.digits); got != tc.want {
			t.Errorf("FormatMajor(%d, %d) = %q, want %q", tc.minor, tc.digits, got, tc.want)
		}
		if back, err := ParseMajor(FormatMajor(tc.minor, tc.digits), tc.digits); err != nil || back != tc.minor {
			t.Errorf("round trip of %d: %d %v", tc.minor, back, err)
		}
	}
	if Digits("jpy") != 0 || Digits("CNY") != 2 || Digits("KWD") != 3 {
		t.Errorf("digits")
	}
}
