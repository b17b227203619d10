package report

import (
	"strings"
	"time"

	"github.com/venueplatform/venue/api"
)

// Periods a report groups by.
const (
	PeriodDay  = "day"
	PeriodWeek = "week"
)

// Rankings of the top dishes.
const (
	ByQuantity = "quantity"
	ByAmount   = "amount"
)

const (
	// maxRangeDays bounds one report's range (a year and a day for leap years).
	maxRangeDays = 366
	// maxTop bounds the top dishes list.
	maxTop = 50
)

// RangeQuery is the range and venue every report takes. Dates are the
// venues' local dates, YYYY-MM-DD, both included.
type RangeQuery struct {
	From    string `form:"from" json:"from" api:"required" format:"date"`
	To      string `form:"to" json:"to" api:"required" format:"date"`
	VenueID uint64 `form:"venueId" json:"venueId" doc:"0 = every venue of the merchant"`
}

// SalesQuery selects the per-dish sales table and its series.
type SalesQuery struct {
	RangeQuery
	api.PageQuery
	Period     string `form:"period" json:"period" enum:"day,week"` // day (default) or week
	CategoryID uint64 `form:"categoryId" json:"categoryId"`
	DishID     uint64 `form:"dishId" json:"dishId"`
}

// TopQuery selects the best-selling dishes.
type TopQuery struct {
	RangeQuery
	CategoryID uint64 `form:"categoryId" json:"categoryId"`        // 0 = every category
	By         string `form:"by" json:"by" enum:"quantity,amount"` // quantity (default) or amount
	Limit      int    `form:"limit" json:"limit"`                  // 10 by default, at most 50
}

// span is a validated range: from and to as dates, and their text.
type span struct {
	from, to       time.Time
	fromDay, toDay string
	venueID        uint64
}

// parseRange checks the range: both dates present and well formed, to not
// before from, at most maxRangeDays days. In week mode the range widens to
// whole ISO weeks (Monday of from's week to Sunday of to's).
func parseRange(q RangeQuery, period string) (span, error) {
	from, err := parseDate("from", q.From)
	if err != nil {
		return span{}, err
	}
	to, err := parseDate("to", q.To)
	if err != nil {
		return span{}, err
	}
	if to.Before(from) {
		return span{}, api.Invalid("to", "report.range_order", nil)
	}
	if period == PeriodWeek {
		from = from.AddDate(0, 0, -((int(from.Weekday()) + 6) % 7))
		to = to.AddDate(0, 0, 6-(int(to.Weekday())+6)%7)
	}
	if days := int(to.Sub(from).Hours()/24) + 1; days > maxRangeDays+6 || (period != PeriodWeek && days > maxRangeDays) {
		return span{}, api.Invalid("to", "report.range_too_long", map[string]any{"Max": maxRangeDays})
	}
	return span{from: from, to: to, fromDay: from.Format(time.DateOnly), toDay: to.Format(time.DateOnly), venueID: q.VenueID}, nil
}

func parseDate(field, s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, api.Invalid(field, "validation.required", nil)
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return time.Time{}, api.Invalid(field, "report.bad_date", nil)
	}
	return t, nil
}

func checkPeriod(p string) (string, error) {
	switch p {
	case "", PeriodDay:
		return PeriodDay, nil
	case PeriodWeek:
		return PeriodWeek, nil
	}
	return "", api.Invalid("period", "validation.one_of", map[string]any{"Allowed": "day, week"})
}

func checkTop(q *TopQuery) error {
	switch q.By {
	case "":
		q.By = ByQuantity
	case ByQuantity, ByAmount:
	default:
		return api.Invalid("by", "validation.one_of", map[string]any{"Allowed": "quantity, amount"})
	}
	switch {
	case q.Limit == 0:
		q.Limit = 10
	case q.Limit < 1 || q.Limit > maxTop:
		return api.Invalid("limit", "report.limit_range", map[string]any{"Max": maxTop})
	}
	return nil
}

// periods lists every day or ISO week of the span, oldest first, so that a
// chart shows the quiet days too.
func (s span) periods(period string) []string {
	var out []string
	for d := s.from; !d.After(s.to); d = d.AddDate(0, 0, 1) {
		if period == PeriodWeek {
			if d.Weekday() == time.Monday {
				out = append(out, weekOf(d.Format(time.DateOnly)))
			}
			continue
		}
		out = append(out, d.Format(time.DateOnly))
	}
	return out
}
