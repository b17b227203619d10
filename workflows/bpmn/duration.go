package bpmn

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Calendar units have no fixed length; timers need one, so a year counts as
// 365 days and a month as 30 days (what Camunda and Flowable do for
// durations too). Days are 24 hours: timers run on UTC instants.
const (
	day   = 24 * time.Hour
	week  = 7 * day
	month = 30 * day
	year  = 365 * day
)

// ParseDuration parses an ISO 8601 duration: PnYnMnWnDTnHnMnS, e.g. "PT15M",
// "P1DT2H", "P2W", "PT0.5S". A decimal fraction (with "." or ",") is allowed
// on any component. Years are 365 days and months 30 days.
func ParseDuration(s string) (time.Duration, error) {
	orig := s
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("empty duration")
	}
	bad := func(why string) (time.Duration, error) {
		return 0, fmt.Errorf("invalid ISO 8601 duration %q: %s", orig, why)
	}
	if s[0] == '-' || s[0] == '+' {
		return bad("signed durations are not allowed")
	}
	if s[0] != 'P' && s[0] != 'p' {
		return bad(`must start with "P"`)
	}
	s = s[1:]
	var total float64
	inTime := false
	seen := false
	lastDate, lastTime := -1, -1 // index of the last unit seen, to enforce order
	dateUnits := "YMWD"
	timeUnits := "HMS"
	for len(s) > 0 {
		if s[0] == 'T' || s[0] == 't' {
			if inTime {
				return bad(`"T" appears twice`)
			}
			inTime = true
			s = s[1:]
			if s == "" {
				return bad(`no time components after "T"`)
			}
			continue
		}
		i := 0
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == ',') {
			i++
		}
		if i == 0 || i == len(s) {
			return bad("expected a number followed by a unit")
		}
		num, err := strconv.ParseFloat(strings.Replace(s[:i], ",", ".", 1), 64)
		if err != nil || num < 0 {
			return bad("bad number " + s[:i])
		}
		unit := strings.ToUpper(s[i : i+1])
		s = s[i+1:]
		var per time.Duration
		if inTime {
			k := strings.Index(timeUnits, unit)
			if k < 0 {
				return bad("unknown time unit " + unit)
			}
			if k <= lastTime {
				return bad("units out of order or repeated")
			}
			lastTime = k
			per = [...]time.Duration{time.Hour, time.Minute, time.Second}[k]
		} else {
			k := strings.Index(dateUnits, unit)
			if k < 0 {
				return bad("unknown date unit " + unit + ` (hours, minutes and seconds follow "T")`)
			}
			if k <= lastDate {
				return bad("units out of order or repeated")
			}
			lastDate = k
			per = [...]time.Duration{year, month, week, day}[k]
		}
		total += num * float64(per)
		seen = true
	}
	if !seen {
		return bad("no components")
	}
	if total > math.MaxInt64 {
		return bad("too long")
	}
	return time.Duration(total), nil
}

// ParseCycle parses an ISO 8601 repeating interval "Rn/duration", e.g.
// "R3/PT10M". "R/PT10M" (no count) repeats without end and returns
// repeat = -1. Forms with a start or end date-time are not supported.
func ParseCycle(s string) (repeat int, every time.Duration, err error) {
	orig := s
	s = strings.TrimSpace(s)
	if len(s) < 2 || (s[0] != 'R' && s[0] != 'r') {
		return 0, 0, fmt.Errorf(`invalid ISO 8601 cycle %q: must look like "R3/PT10M"`, orig)
	}
	parts := strings.Split(s[1:], "/")
	if len(parts) != 2 {
		return 0, 0, fmt.Errorf(`invalid ISO 8601 cycle %q: only "Rn/duration" is supported (no start or end date)`, orig)
	}
	if parts[0] == "" {
		repeat = -1
	} else {
		repeat, err = strconv.Atoi(parts[0])
		if err != nil || repeat < 0 {
			return 0, 0, fmt.Errorf("invalid ISO 8601 cycle %q: bad repetition count %q", orig, parts[0])
		}
	}
	every, err = ParseDuration(parts[1])
	if err != nil {
		return 0, 0, fmt.Errorf("invalid ISO 8601 cycle %q: %w", orig, err)
	}
	if every <= 0 {
		return 0, 0, fmt.Errorf("invalid ISO 8601 cycle %q: interval must be positive", orig)
	}
	return repeat, every, nil
}

// ParseDue reads a user task's due date (its dueDate once evaluated): an ISO
// 8601 duration from now, or an RFC 3339 date-time with its zone. A date
// without a time or a zone does not parse.
func ParseDue(s string, now time.Time) (time.Time, error) {
	if d, err := ParseDuration(s); err == nil {
		return now.Add(d), nil
	}
	if at, err := time.Parse(time.RFC3339, s); err == nil {
		return at, nil
	}
	return time.Time{}, fmt.Errorf("due date %q is neither a duration nor a date-time", s)
}

// parseDateTime accepts an RFC 3339 date-time (what bpmn timeDate holds).
func parseDateTime(s string) (time.Time, error) {
	return time.Parse(time.RFC3339, strings.TrimSpace(s))
}
