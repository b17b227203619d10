package shop

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/currency"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// Limits of the settings form.
const (
	maxPeriodsPerDay = 6
	maxClosedDates   = 366
	maxRate          = 10_000 // basis points: 100 %
	maxReceiptText   = 500
	// maxApprovalAmount bounds the cancellation threshold (10^11 minor units, as dish prices).
	maxApprovalAmount int64 = 100_000_000_000
)

// SettingsInput is the venue settings form: the venue's profile and its
// settings, saved together.
type SettingsInput struct {
	Name                string      `json:"name"`
	Logo                string      `json:"logo"`
	Contact             string      `json:"contact"`
	Mobile              string      `json:"mobile"`
	Address             string      `json:"address"`
	AreaCode            string      `json:"areaCode"`
	Timezone            string      `json:"timezone"`
	Currency            string      `json:"currency"`
	OpeningHours        WeeklyHours `json:"openingHours"`
	ClosedDates         []string    `json:"closedDates"`
	TaxRate             *int        `json:"taxRate"`
	PricesIncludeTax    bool        `json:"pricesIncludeTax"`
	ServiceCharge       *int        `json:"serviceCharge"`
	OrderingMode        string      `json:"orderingMode" enum:"pay_after_meal,pay_per_order"`
	GuestLanguages      []string    `json:"guestLanguages"`
	DefaultLanguage     string      `json:"defaultLanguage"`
	OrderPrefix         string      `json:"orderPrefix"`
	ReceiptHeader       string      `json:"receiptHeader"`
	ReceiptFooter       string      `json:"receiptFooter"`
	CancelApprovalAbove *int64      `json:"cancelApprovalAbove"`
}

var prefixRe = regexp.MustCompile(`^[A-Z0-9-]{0,8}$`)

// validateSettings normalizes the form and names every bad field.
func validateSettings(in *SettingsInput) error {
	trim := func(s *string) { *s = strings.TrimSpace(*s) }
	for _, s := range []*string{&in.Name, &in.Logo, &in.Contact, &in.Mobile, &in.Address, &in.AreaCode, &in.Timezone,
		&in.Currency, &in.OrderingMode, &in.DefaultLanguage, &in.OrderPrefix} {
		trim(s)
	}
	in.Currency, in.OrderPrefix = strings.ToUpper(in.Currency), strings.ToUpper(in.OrderPrefix)
	in.ReceiptHeader, in.ReceiptFooter = strings.TrimSpace(in.ReceiptHeader), strings.TrimSpace(in.ReceiptFooter)
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	if in.Logo != "" && !ValidImageURL(in.Logo) {
		c.Add("logo", "shop.image_not_uploaded", nil)
	}
	c.MaxLen("contact", in.Contact, 64)
	if in.Mobile != "" {
		c.Mobile("mobile", in.Mobile)
	}
	c.MaxLen("address", in.Address, 255)
	c.MaxLen("areaCode", in.AreaCode, 32)
	if in.Timezone == "" {
		c.Add("timezone", "validation.must_select", nil)
	} else if _, err := time.LoadLocation(in.Timezone); err != nil || len(in.Timezone) > 64 || !strings.Contains(in.Timezone, "/") && in.Timezone != "UTC" {
		c.Add("timezone", "validation.bad_value", nil)
	}
	if in.Currency == "" {
		c.Add("currency", "validation.must_select", nil)
	} else if _, err := currency.ParseISO(in.Currency); err != nil || len(in.Currency) != 3 {
		c.Add("currency", "validation.bad_value", nil)
	}
	checkHours(&c, in.OpeningHours)
	in.ClosedDates = checkClosedDates(&c, in.ClosedDates)
	checkRate(&c, "taxRate", in.TaxRate)
	checkRate(&c, "serviceCharge", in.ServiceCharge)
	if in.OrderingMode == "" {
		c.Add("orderingMode", "validation.must_select", nil)
	} else {
		c.OneOf("orderingMode", in.OrderingMode, PayAfterMeal, PayPerOrder)
	}
	in.GuestLanguages = checkLanguages(&c, in.GuestLanguages, in.DefaultLanguage)
	if !prefixRe.MatchString(in.OrderPrefix) {
		c.Add("orderPrefix", "shop.prefix_format", nil)
	}
	c.MaxLen("receiptHeader", in.ReceiptHeader, maxReceiptText)
	c.MaxLen("receiptFooter", in.ReceiptFooter, maxReceiptText)
	switch {
	case in.CancelApprovalAbove == nil:
		c.Add("cancelApprovalAbove", "validation.required", nil)
	case *in.CancelApprovalAbove < 0 || *in.CancelApprovalAbove > maxApprovalAmount:
		c.Add("cancelApprovalAbove", "shop.amount_range", nil)
	}
	return c.Err()
}

func checkRate(c *api.Check, field string, v *int) {
	switch {
	case v == nil:
		c.Add(field, "validation.required", nil)
	case *v < 0 || *v > maxRate:
		c.Add(field, "shop.rate_range", nil)
	}
}

// checkHours wants the seven weekdays once each; an open day holds 1 to
// maxPeriodsPerDay periods that do not overlap, and a period past midnight
// must end before the next day opens.
func checkHours(c *api.Check, w WeeklyHours) {
	const field = "openingHours"
	if len(w) != 7 {
		c.Add(field, "shop.hours_days", nil)
		return
	}
	seen := map[int]bool{}
	for _, d := range w {
		if d.Day < 1 || d.Day > 7 || seen[d.Day] {
			c.Add(field, "shop.hours_days", nil)
			return
		}
		seen[d.Day] = true
	}
	for i := range w {
		d := &w[i]
		if d.Closed {
			d.Periods = []Period{}
			continue
		}
		day := map[string]any{"Day": d.Day}
		if len(d.Periods) == 0 {
			c.Add(field, "shop.hours_day_empty", day)
			return
		}
		if len(d.Periods) > maxPeriodsPerDay {
			c.Add(field, "shop.hours_too_many", map[string]any{"Day": d.Day, "Max": maxPeriodsPerDay})
			return
		}
		for _, p := range d.Periods {
			o, ok1 := clock(p.Open)
			e, ok2 := clock(p.Close)
			if !ok1 || !ok2 || o == 1440 || o == e {
				c.Add(field, "shop.hours_period", map[string]any{"Day": d.Day, "Open": p.Open, "Close": p.Close})
				return
			}
		}
		slices.SortFunc(d.Periods, func(a, b Period) int { return strings.Compare(a.Open, b.Open) })
		for j := 1; j < len(d.Periods); j++ {
			if _, prevEnd := d.Periods[j-1].span(); prevEnd > mustClock(d.Periods[j].Open) {
				c.Add(field, "shop.hours_overlap", day)
				return
			}
		}
		if _, end := d.Periods[len(d.Periods)-1].span(); end > 1440 {
			if end > 2*1440 {
				c.Add(field, "shop.hours_overlap", day)
				return
			}
			next := w.day(d.Day%7 + 1)
			if !next.Closed && len(next.Periods) > 0 && end-1440 > firstOpen(next.Periods) {
				c.Add(field, "shop.hours_overlap", day)
				return
			}
		}
	}
	slices.SortFunc(w, func(a, b DayHours) int { return a.Day - b.Day })
}

func mustClock(s string) int {
	m, _ := clock(s)
	return m
}

func firstOpen(ps []Period) int {
	first := 1440
	for _, p := range ps {
		first = min(first, mustClock(p.Open))
	}
	return first
}

// checkClosedDates answers the dates sorted, once each.
func checkClosedDates(c *api.Check, dates []string) []string {
	if len(dates) > maxClosedDates {
		c.Add("closedDates", "shop.too_many", map[string]any{"Max": maxClosedDates})
		return dates
	}
	out := make([]string, 0, len(dates))
	for _, d := range dates {
		d = strings.TrimSpace(d)
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			c.Add("closedDates", "shop.date_format", map[string]any{"Value": clip(d)})
			return dates
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	slices.Sort(out)
	return out
}

// checkLanguages wants locale codes of the 16 languages, the default among them.
func checkLanguages(c *api.Check, langs []string, def string) []string {
	known := map[string]bool{}
	for _, l := range i18n.Languages {
		known[l.Code] = true
	}
	out := make([]string, 0, len(langs))
	if len(langs) == 0 {
		c.Add("guestLanguages", "validation.must_select", nil)
	}
	for _, l := range langs {
		if !known[l] {
			c.Add("guestLanguages", "validation.bad_value", nil)
			return langs
		}
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	switch {
	case def == "":
		c.Add("defaultLanguage", "validation.must_select", nil)
	case !slices.Contains(out, def):
		c.Add("defaultLanguage", "shop.default_language", nil)
	}
	// Keep the console's language order.
	order := map[string]int{}
	for i, l := range i18n.Languages {
		order[l.Code] = i
	}
	slices.SortFunc(out, func(a, b string) int { return order[a] - order[b] })
	return out
}

func clip(s string) string {
	if r := []rune(s); len(r) > 20 {
		return fmt.Sprintf("%s…", string(r[:20]))
	}
	return s
}
