package configure

import (
	"strings"

	"github.com/venueplatform/venue/api"
)

// Limits of the tables form.
const (
	maxTablesPerVenue = 1000
	maxSeats          = 999
	maxSort           = 999_999
)

// TableInput is the table form.
type TableInput struct {
	Name           string  `json:"name"`
	Area           string  `json:"area"`
	Seats          int     `json:"seats"`
	Remark         string  `json:"remark"`
	OrderingMethod string  `json:"orderingMethod" enum:"qr_order,pay_bill,tablet"`
	TabletID       *uint64 `json:"tabletId"` // nil or 0: no tablet
	Sort           int     `json:"sort"`
	Status         *int8   `json:"status"`
}

func validateTable(in *TableInput) error {
	in.Name, in.Area, in.Remark = strings.TrimSpace(in.Name), strings.TrimSpace(in.Area), strings.TrimSpace(in.Remark)
	in.OrderingMethod = strings.TrimSpace(in.OrderingMethod)
	if in.TabletID != nil && *in.TabletID == 0 {
		in.TabletID = nil
	}
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 32)
	}
	c.MaxLen("area", in.Area, 32)
	if in.Seats < 0 || in.Seats > maxSeats {
		c.Add("seats", "configure.range", map[string]any{"Min": 0, "Max": maxSeats})
	}
	c.MaxLen("remark", in.Remark, 200)
	if in.OrderingMethod == "" {
		c.Add("orderingMethod", "validation.must_select", nil)
	} else {
		c.OneOf("orderingMethod", in.OrderingMethod, MethodQROrder, MethodPayBill, MethodTablet)
	}
	if in.OrderingMethod == MethodTablet && in.TabletID == nil {
		c.Add("tabletId", "validation.must_select", nil)
	}
	if in.Sort < 0 || in.Sort > maxSort {
		c.Add("sort", "configure.range", map[string]any{"Min": 0, "Max": maxSort})
	}
	if in.Status != nil && *in.Status != StatusEnabled && *in.Status != StatusDisabled {
		c.Add("status", "validation.bad_value", nil)
	}
	return c.Err()
}
