package advert

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/venueplatform/venue/api"
)

// AdvertInput is what the console sends to create or edit an ad.
type AdvertInput struct {
	Title        string          `json:"title" api:"required" example:"Summer menu"`
	Type         string          `json:"type" enum:",merchant,platform" doc:"merchant or platform; empty = the caller's kind"`
	Request      bool            `json:"request" doc:"\"I want to advertise\" (merchants only)"`
	MaterialType string          `json:"materialType" enum:"image,video"`
	Materials    []MaterialInput `json:"materials" api:"required"`
	StartDate    string          `json:"startDate" api:"required" format:"date" example:"2026-06-01"`
	EndDate      string          `json:"endDate" api:"required" format:"date" doc:"inclusive" example:"2026-06-30"`
	DailyStart   string          `json:"dailyStart" doc:"HH:MM; both empty = all day" example:"10:00"`
	DailyEnd     string          `json:"dailyEnd" doc:"HH:MM, 24:00 = midnight; before dailyStart = overnight" example:"22:00"`
	TargetType   string          `json:"targetType" enum:"venue,tablet,area"`
	TargetIDs    []uint64        `json:"targetIds" doc:"venue or tablet ids"`
	AreaCodes    []string        `json:"areaCodes" doc:"area codes (platform placements)"`
	LinkType     string          `json:"linkType" enum:"none,dish,url"`
	LinkValue    string          `json:"linkValue" doc:"dish id or http(s) URL"`
}

// MaterialInput is one uploaded file and its duration; a missing duration
// is told apart from a zero one.
type MaterialInput struct {
	URL      string `json:"url" api:"required" example:"/uploads/ads/summer.jpg"`
	Duration *int   `json:"duration" doc:"seconds" example:"10"`
}

// checkAdvert applies spec section 5 to the ad's own fields, filling c, and
// answers the materials and their total duration. today is the owner's date.
func checkAdvert(c *api.Check, in *AdvertInput, today string) ([]Material, int) {
	in.Title = strings.TrimSpace(in.Title)
	in.LinkValue = strings.TrimSpace(in.LinkValue)
	if c.Required("title", in.Title) {
		c.MaxLen("title", in.Title, maxTitle)
	}
	materials, total := checkMaterials(c, in)
	checkPeriod(c, in, today)
	if in.LinkType == "" {
		in.LinkType = LinkNone
	}
	if c.OneOf("linkType", in.LinkType, LinkNone, LinkDish, LinkURL) {
		switch in.LinkType {
		case LinkNone:
			in.LinkValue = ""
		case LinkURL:
			if c.Required("linkValue", in.LinkValue) && c.MaxLen("linkValue", in.LinkValue, maxLink) {
				c.HTTPURL("linkValue", in.LinkValue)
			}
		case LinkDish:
			if id, err := strconv.ParseUint(in.LinkValue, 10, 64); err != nil || id == 0 {
				c.Add("linkValue", "validation.must_select", nil)
			}
		}
	}
	return materials, total
}

// checkMaterials: the material type and at least one material are required,
// every material needs its duration, and an ad is either one video or up to
// nine images, never a mix.
func checkMaterials(c *api.Check, in *AdvertInput) ([]Material, int) {
	if in.MaterialType == "" {
		c.Add("materialType", "validation.must_select", nil)
	} else {
		c.OneOf("materialType", in.MaterialType, MaterialImage, MaterialVideo)
	}
	if len(in.Materials) == 0 {
		c.Add("materials", "validation.required", nil)
		return nil, 0
	}
	out := make([]Material, 0, len(in.Materials))
	total, images, videos := 0, 0, 0
	for i, mi := range in.Materials {
		field := fmt.Sprintf("materials[%d]", i)
		kind := materialKind(strings.TrimSpace(mi.URL))
		switch kind {
		case MaterialImage:
			images++
		case MaterialVideo:
			videos++
		default:
			c.Add(field+".url", "advert.material_not_uploaded", map[string]any{"Index": i + 1})
		}
		switch {
		case mi.Duration == nil:
			c.Add(field+".duration", "advert.duration_required", map[string]any{"Index": i + 1})
		case *mi.Duration < 1 || *mi.Duration > maxDuration:
			c.Add(field+".duration", "advert.duration_range", map[string]any{"Index": i + 1, "Max": maxDuration})
		default:
			total += *mi.Duration
		}
		d := 0
		if mi.Duration != nil {
			d = *mi.Duration
		}
		out = append(out, Material{URL: strings.TrimSpace(mi.URL), Type: kind, Duration: d})
	}
	switch {
	case videos > 0 && images > 0:
		c.Add("materials", "advert.video_with_images", nil)
	case videos > MaxVideos:
		c.Add("materials", "advert.too_many_videos", map[string]any{"Max": MaxVideos})
	case images > MaxImages:
		c.Add("materials", "advert.too_many_images", map[string]any{"Max": MaxImages})
	case in.MaterialType == MaterialImage && videos > 0, in.MaterialType == MaterialVideo && images > 0:
		c.Add("materials", "advert.material_type_mismatch", nil)
	}
	return out, total
}

// materialKind tells an uploaded image from an uploaded video by its stored
// name (uploads are checked by content and named by their real kind); ""
// for anything that was not uploaded.
func materialKind(s string) string {
	if s == "" || len(s) > 512 {
		return ""
	}
	p := api.FileURLPath(s)
	if p == "" {
		return ""
	}
	switch strings.ToLower(path.Ext(p)) {
	case ".jpg", ".jpeg", ".png", ".gif":
		return MaterialImage
	case ".mp4", ".mov", ".webm":
		return MaterialVideo
	}
	return ""
}

// checkPeriod: the broadcast dates are required and ordered, the end not
// in the past; the daily window defaults to the whole day.
func checkPeriod(c *api.Check, in *AdvertInput, today string) {
	in.StartDate, in.EndDate = strings.TrimSpace(in.StartDate), strings.TrimSpace(in.EndDate)
	start, okStart := parseDate(c, "startDate", in.StartDate)
	end, okEnd := parseDate(c, "endDate", in.EndDate)
	if okStart && okEnd {
		in.StartDate, in.EndDate = start, end
		switch {
		case end < start:
			c.Add("endDate", "advert.period_order", nil)
		case end < today:
			c.Add("endDate", "advert.period_over", nil)
		}
	}
	in.DailyStart, in.DailyEnd = strings.TrimSpace(in.DailyStart), strings.TrimSpace(in.DailyEnd)
	if in.DailyStart == "" && in.DailyEnd == "" {
		in.DailyStart, in.DailyEnd = "00:00", "24:00"
		return
	}
	ds, okDS := parseClock(c, "dailyStart", in.DailyStart, false)
	de, okDE := parseClock(c, "dailyEnd", in.DailyEnd, true)
	if okDS && okDE {
		in.DailyStart, in.DailyEnd = ds, de
		if ds == de {
			c.Add("dailyEnd", "advert.window_empty", nil)
		}
	}
}

func parseDate(c *api.Check, field, s string) (string, bool) {
	if s == "" {
		c.Add(field, "validation.required", nil)
		return "", false
	}
	for _, layout := range []string{time.DateOnly, time.DateTime, time.RFC3339} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format(time.DateOnly), true
		}
	}
	c.Add(field, "validation.bad_value", nil)
	return "", false
}

// parseClock reads HH:MM (or HH:MM:SS); only an end may be 24:00.
func parseClock(c *api.Check, field, s string, end bool) (string, bool) {
	if s == "" {
		c.Add(field, "validation.required", nil)
		return "", false
	}
	if len(s) == 8 && s[5] == ':' {
		s = s[:5]
	}
	if end && s == "24:00" {
		return s, true
	}
	t, err := time.Parse("15:04", s)
	if err != nil {
		c.Add(field, "validation.bad_value", nil)
		return "", false
	}
	return t.Format("15:04"), true
}

// minutes is a checked HH:MM as minutes after midnight (24:00 = 1440).
func minutes(hhmm string) int {
	if len(hhmm) != 5 {
		return 0
	}
	h, _ := strconv.Atoi(hhmm[:2])
	m, _ := strconv.Atoi(hhmm[3:])
	return h*60 + m
}
