package order_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/order"
)

// The order records find a text anywhere in the order number, in any case,
// take '%' and '_' literally, and never show another merchant's orders
// (issue 17: the number filter matched prefixes only).
func TestOrderNumberSearchMatchesInside(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	f.otherMerchant()
	mine := f.placeKungPao(3, 1)
	no := mine.OrderNo
	if len(no) < 6 {
		t.Fatalf("order number %q", no)
	}
	list := func(token, text string) []string {
		var page api.Page[order.OrderView]
		f.ok("GET", "/api/merchant/order?pageSize=500&orderNo="+url.QueryEscape(text), token, nil).Into(t, &page)
		var out []string
		for _, r := range page.Records {
			out = append(out, r.OrderNo)
			if !strings.Contains(strings.ToLower(r.OrderNo), strings.ToLower(text)) {
				t.Errorf("%q found %s", text, r.OrderNo)
			}
		}
		return out
	}
	has := func(nos []string) bool {
		for _, n := range nos {
			if n == no {
				return true
			}
		}
		return false
	}
	for _, text := range []string{no[2:], no[len(no)-4:], strings.ToLower(no), no[1 : len(no)-1]} {
		if got := list(f.admin, text); !has(got) {
			t.Errorf("%q inside %s: not found (%v)", text, no, got)
		}
	}
	if got := list(f.admin, strings.ToLower(no)); len(got) != 1 {
		t.Errorf("whole number in lower case: %v", got)
	}
	for _, text := range []string{no[:2] + "%", no[:2] + "_" + no[3:], "zz" + no} {
		if got := list(f.admin, text); len(got) != 0 {
			t.Errorf("%q: %v", text, got)
		}
	}
	if got := list(f.otherAdmin, no[2:]); len(got) != 0 {
		t.Errorf("another merchant finds %v", got)
	}
}
