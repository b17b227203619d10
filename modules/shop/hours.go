package shop

import (
	"slices"
	"strconv"
	"time"
)

// Period is one opening period of a day, in the venue's wall clock
// ("HH:MM"). A Close not after Open runs past midnight into the next day;
// "24:00" closes at midnight.
type Period struct {
	Open  string `json:"open"`
	Close string `json:"close"`
}

// DayHours are the opening periods of one weekday (ISO: Monday = 1).
type DayHours struct {
	Day     int      `json:"day"`
	Closed  bool     `json:"closed"`
	Periods []Period `json:"periods"`
}

// WeeklyHours are a venue's opening hours, one entry per weekday in order.
type WeeklyHours []DayHours

// DefaultHours are a new venue's hours: every day 10:00-22:00.
func DefaultHours() WeeklyHours {
	out := make(WeeklyHours, 7)
	for i := range out {
		out[i] = DayHours{Day: i + 1, Periods: []Period{{Open: "10:00", Close: "22:00"}}}
	}
	return out
}

// clock parses "HH:MM" into minutes after midnight; "24:00" is 1440.
// ok is false for anything else.
func clock(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[3:])
	if err1 != nil || err2 != nil || h < 0 || m < 0 || m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return h*60 + m, true
}

// span is a period as minutes after the day's midnight: end > start, and
// end > 1440 for a period that runs past midnight.
func (p Period) span() (start, end int) {
	start, _ = clock(p.Open)
	end, _ = clock(p.Close)
	if end <= start {
		end += 1440
	}
	return start, end
}

// day answers the hours of an ISO weekday (closed when it is missing).
func (w WeeklyHours) day(iso int) DayHours {
	for _, d := range w {
		if d.Day == iso {
			return d
		}
	}
	return DayHours{Day: iso, Closed: true}
}

// isoDay is Monday = 1 … Sunday = 7.
func isoDay(t time.Time) int {
	if wd := int(t.Weekday()); wd != 0 {
		return wd
	}
	return 7
}

// openAt reports whether local (a time in the venue's zone) falls in a
// period; a period belongs to the date it starts on, so a closed date
// also closes the night that follows it.
func openAt(w WeeklyHours, closedDates []string, local time.Time) bool {
	at := local.Hour()*60 + local.Minute()
	for back := 0; back <= 1; back++ {
		day := local.AddDate(0, 0, -back)
		if slices.Contains(closedDates, day.Format(time.DateOnly)) {
			continue
		}
		hours := w.day(isoDay(day))
		if hours.Closed {
			continue
		}
		minute := at + back*1440
		for _, p := range hours.Periods {
			if start, end := p.span(); minute >= start && minute < end {
				return true
			}
		}
	}
	return false
}
