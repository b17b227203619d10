package configure

import (
	"slices"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/shop"
)

// Limits of the button form.
const (
	maxButtonName = 32
	maxCallIcons  = 8
)

// ButtonInput is the form of one tablet button; its function is fixed.
type ButtonInput struct {
	Names     map[string]string `json:"names"` // locale code → name
	Image     string            `json:"image"`
	Link      string            `json:"link"`
	CallIcons []CallIcon        `json:"callIcons"`
	Sort      int               `json:"sort"`
	Status    *int8             `json:"status"`
}

// validateButton checks a button of function fn: a name in at least one
// language, an http(s) link on an enabled hyperlink, call icons on the
// call service button.
func validateButton(fn string, in *ButtonInput) error {
	var c api.Check
	in.Names = checkNames(&c, "names", in.Names)
	in.Image, in.Link = strings.TrimSpace(in.Image), strings.TrimSpace(in.Link)
	if in.Image != "" && !shop.ValidImageURL(in.Image) {
		c.Add("image", "configure.image_not_uploaded", nil)
	}
	enabled := in.Status == nil || *in.Status == StatusEnabled
	if in.Status != nil && *in.Status != StatusEnabled && *in.Status != StatusDisabled {
		c.Add("status", "validation.bad_value", nil)
	}
	switch {
	case fn != FuncLink1 && fn != FuncLink2:
		in.Link = ""
	case in.Link == "" && enabled:
		c.Add("link", "validation.required", nil)
	case in.Link != "":
		if c.MaxLen("link", in.Link, 500) {
			c.HTTPURL("link", in.Link)
		}
	}
	if fn != FuncCallService {
		in.CallIcons = []CallIcon{}
	} else {
		checkCallIcons(&c, in)
	}
	if in.Sort < 0 || in.Sort > maxSort {
		c.Add("sort", "configure.range", map[string]any{"Min": 0, "Max": maxSort})
	}
	return c.Err()
}

func checkCallIcons(c *api.Check, in *ButtonInput) {
	if len(in.CallIcons) == 0 {
		c.Add("callIcons", "validation.must_select", nil)
		return
	}
	if len(in.CallIcons) > maxCallIcons {
		c.Add("callIcons", "configure.too_many", map[string]any{"Max": maxCallIcons})
		return
	}
	for i := range in.CallIcons {
		ic := &in.CallIcons[i]
		ic.Key, ic.Icon = strings.TrimSpace(ic.Key), strings.TrimSpace(ic.Icon)
		if !slices.Contains(callKeys, ic.Key) {
			c.Add("callIcons", "validation.bad_value", nil)
			return
		}
		if ic.Icon != "" && !shop.ValidImageURL(ic.Icon) {
			c.Add("callIcons", "configure.image_not_uploaded", nil)
			return
		}
		var sub api.Check
		ic.Names = checkNames(&sub, "callIcons", ic.Names)
		if sub.Err() != nil {
			c.Add("callIcons", "configure.call_icon_name", map[string]any{"Row": i + 1})
			return
		}
	}
}

// checkNames keeps the non-empty names of known languages; at least one.
func checkNames(c *api.Check, field string, names map[string]string) map[string]string {
	known := map[string]bool{}
	for _, l := range i18n.Languages {
		known[l.Code] = true
	}
	out := map[string]string{}
	for code, name := range names {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !known[code] {
			c.Add(field, "validation.bad_value", nil)
			return out
		}
		if !c.MaxLen(field, name, maxButtonName) {
			return out
		}
		out[code] = name
	}
	if len(out) == 0 {
		c.Add(field, "validation.required", nil)
	}
	return out
}
