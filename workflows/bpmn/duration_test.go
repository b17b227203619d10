package bpmn

import (
	"testing"
	"time"
)

func TestParseDuration(t *testing.T) {
	t.Parallel()
	const d = 24 * time.Hour
	cases := map[string]time.Duration{
		"PT15M":          15 * time.Minute,
		"PT10S":          10 * time.Second,
		"PT1H30M":        90 * time.Minute,
		"P1DT2H":         26 * time.Hour,
		"P2D":            2 * d,
		"P2W":            14 * d,
		"P1Y":            365 * d,
		"P1M":            30 * d,
		"P1Y2M3DT4H5M6S": 365*d + 60*d + 3*d + 4*time.Hour + 5*time.Minute + 6*time.Second,
		"PT0.5S":         500 * time.Millisecond,
		"PT1,5H":         90 * time.Minute,
		"P0D":            0,
		" PT1M ":         time.Minute,
		"pt2m":           2 * time.Minute,
	}
	for in, want := range cases {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "P", "PT", "15M", "PT15", "P1H", "PT1D", "P1DT", "-PT1M", "PT1M1H", "P1D1D", "PTxM", "P1.2.3D", "P99999999999Y", "PT1MT"} {
		if got, err := ParseDuration(in); err == nil {
			t.Errorf("ParseDuration(%q) = %v, want an error", in, got)
		}
	}
}

func TestParseCycle(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in     string
		repeat int
		every  time.Duration
	}{
		{"R3/PT10M", 3, 10 * time.Minute},
		{"R/P1D", -1, 24 * time.Hour},
		{"R1/PT1H30M", 1, 90 * time.Minute},
	}
	for _, c := range cases {
		r, e, err := ParseCycle(c.in)
		if err != nil || r != c.repeat || e != c.every {
			t.Errorf("ParseCycle(%q) = %d, %v, %v; want %d, %v", c.in, r, e, err, c.repeat, c.every)
		}
	}
	for _, in := range []string{"", "R3", "3/PT10M", "R3/", "Rx/PT1M", "R-1/PT1M", "R3/PT0S", "R3/2025-01-01T00:00:00Z/PT1H", "0 0 9 * * ?"} {
		if _, _, err := ParseCycle(in); err == nil {
			t.Errorf("ParseCycle(%q) succeeded, want an error", in)
		}
	}
}
