package scaled

import "testing"

func TestFormat(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n      int64
		places int
		want   string
	}{
		{1250, 2, "12.50"}, {5, 2, "0.05"}, {-200, 2, "-2.00"}, {-5, 2, "-0.05"}, {1500, 0, "1500"},
		{1, 3, "0.001"}, {0, 2, "0.00"}, {100000, 6, "0.100000"}, {7, 0, "7"},
	} {
		if got := Format(tc.n, tc.places); got != tc.want {
			t.Errorf("Format(%d, %d) = %q, want %q", tc.n, tc.places, got, tc.want)
		}
	}
}
