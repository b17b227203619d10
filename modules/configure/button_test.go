package configure_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/platform/platformtest"
)

func (f *fixture) buttons(token string, venueID uint64) []configure.ButtonView {
	f.t.Helper()
	var out []configure.ButtonView
	f.OK("GET", fmt.Sprintf("%s/button?venueId=%d", base, venueID), token, nil).Into(f.t, &out)
	return out
}

func byFunction(bs []configure.ButtonView, fn string) configure.ButtonView {
	for _, b := range bs {
		if b.Function == fn {
			return b
		}
	}
	return configure.ButtonView{}
}

// A venue's buttons start as the defaults (names in the 16 languages);
// edits are validated; "restore default" brings the default set back.
func TestButtonsAndRestoreDefault(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	bs := f.buttons(f.manager, 0)
	if len(bs) != len(configure.Functions) || bs[0].Function != configure.FuncOrderPay {
		t.Fatalf("defaults: %+v", bs)
	}
	order := byFunction(bs, configure.FuncOrderPay)
	if order.Names["en_US"] != "Order & pay" || order.Names["zh_CN"] != "点餐买单" || len(order.Names) != 16 || order.Status != configure.StatusEnabled {
		t.Fatalf("order button: %+v", order)
	}
	call := byFunction(bs, configure.FuncCallService)
	if len(call.CallIcons) != 3 || call.CallIcons[0].Key != "waiter" {
		t.Fatalf("call icons: %+v", call.CallIcons)
	}
	link := byFunction(bs, configure.FuncLink1)
	if link.Status != configure.StatusDisabled {
		t.Fatalf("hyperlink starts enabled: %+v", link)
	}
	put := func(b configure.ButtonView, body map[string]any) platformtest.Envelope {
		return f.Do("PUT", fmt.Sprintf("%s/button/%d", base, b.ID), f.manager, body)
	}
	enabled := int8(1)
	platformtest.ExpectField(t, put(link, map[string]any{"names": map[string]string{"en_US": "Menu PDF"}, "status": enabled}), "link", "Link cannot be empty")
	platformtest.ExpectField(t, put(link, map[string]any{"names": map[string]string{"en_US": "Menu PDF"}, "link": "javascript:alert(1)", "status": enabled}), "link", "Link must start with http or https")
	platformtest.ExpectField(t, put(link, map[string]any{"names": map[string]string{"en_US": " "}, "link": "https://example.com"}), "names", "")
	platformtest.ExpectField(t, put(link, map[string]any{"names": map[string]string{"xx_XX": "Bad"}, "link": "https://example.com"}), "names", "")
	platformtest.ExpectField(t, put(call, map[string]any{"names": map[string]string{"en_US": "Call"}, "callIcons": []any{}}), "callIcons", "Call icons must be selected")
	platformtest.ExpectField(t, put(order, map[string]any{"names": map[string]string{"en_US": "Order"}, "image": "/etc/passwd"}), "image", "")
	if res := f.Do("POST", fmt.Sprintf("%s/button/%d/enable", base, link.ID), f.manager, nil); res.Code != 10001 {
		t.Fatalf("enable a hyperlink without a link: %d", res.Code)
	}
	var edited configure.ButtonView
	platformtest.OK(t, put(link, map[string]any{"names": map[string]string{"en_US": "Our story", "zh_CN": "品牌故事"}, "link": "https://example.com/story",
		"status": enabled, "sort": 200})).Into(t, &edited)
	if edited.Link != "https://example.com/story" || edited.Status != configure.StatusEnabled || edited.Names["zh_CN"] != "品牌故事" {
		t.Fatalf("edited: %+v", edited)
	}
	f.OK("POST", fmt.Sprintf("%s/button/%d/disable", base, order.ID), f.manager, nil)
	if bs := f.buttons(f.manager, 0); bs[0].Function != configure.FuncLink1 || byFunction(bs, configure.FuncOrderPay).Status != configure.StatusDisabled {
		t.Fatalf("after edits: %+v", bs)
	}

	var restored []configure.ButtonView
	f.OK("POST", base+"/button/restore", f.manager, nil).Into(t, &restored)
	if len(restored) != len(configure.Functions) || restored[0].Function != configure.FuncOrderPay {
		t.Fatalf("restored: %+v", restored)
	}
	if l := byFunction(restored, configure.FuncLink1); l.Link != "" || l.Status != configure.StatusDisabled || l.Names["en_US"] != "Hyperlink 1" {
		t.Fatalf("restored hyperlink: %+v", l)
	}
	if o := byFunction(restored, configure.FuncOrderPay); o.Status != configure.StatusEnabled {
		t.Fatalf("restored order button: %+v", o)
	}
	// Restoring is per venue: the second venue's buttons are untouched.
	f.secondVenue()
	theirs := f.buttons(f.manager2, 0)
	l2 := byFunction(theirs, configure.FuncLink2)
	platformtest.OK(t, f.Do("PUT", fmt.Sprintf("%s/button/%d", base, l2.ID), f.manager2, map[string]any{"names": map[string]string{"en_US": "Harbour"}, "link": "http://harbour.example", "status": enabled}))
	f.OK("POST", base+"/button/restore", f.manager, nil)
	if l := byFunction(f.buttons(f.manager2, 0), configure.FuncLink2); l.Link != "http://harbour.example" {
		t.Fatalf("restore reached another venue: %+v", l)
	}
}

// A tablet reads its configuration with an ETag: an unchanged one is a 304;
// a change of its buttons, its table or its venue's settings is seen at once.
func TestTabletConfig(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var tablet struct {
		Key string `json:"key"`
	}
	var page struct {
		Records []struct {
			ID     uint64 `json:"id"`
			Number string `json:"number"`
		} `json:"records"`
	}
	f.OK("GET", "/api/merchant/tablet?pageSize=10", f.manager, nil).Into(t, &page)
	f.OK("GET", fmt.Sprintf("/api/merchant/tablet/%d", page.Records[0].ID), f.manager, nil).Into(t, &tablet)
	path := "/api/public/tablet/" + tablet.Key + "/config"
	get := func(etag string) (configure.TabletConfig, platformtest.Envelope) {
		res := f.env.Do(platformtest.Req{Method: http.MethodGet, Path: path, Header: map[string]string{"If-None-Match": etag}})
		var cfg configure.TabletConfig
		if res.Status == http.StatusOK && res.Code == 10000 {
			res.Into(t, &cfg)
		}
		return cfg, res
	}
	cfg, res := get("")
	etag := res.Header.Get("ETag")
	if etag == "" || cfg.Venue.Name != "Demo Bistro Riverside" || cfg.Table == nil || cfg.Table.Name != "A01" || cfg.Tablet.Number != "T01" ||
		len(cfg.Buttons) != 3 || cfg.Buttons[0].Function != configure.FuncOrderPay || cfg.Venue.DefaultLanguage != "zh_CN" {
		t.Fatalf("config: %s %+v", etag, cfg)
	}
	if _, res := get(etag); res.Status != http.StatusNotModified || len(res.Body) != 0 {
		t.Fatalf("unchanged: HTTP %d", res.Status)
	}
	// A button change.
	bs := f.buttons(f.manager, 0)
	f.OK("POST", fmt.Sprintf("%s/button/%d/disable", base, byFunction(bs, configure.FuncCallService).ID), f.manager, nil)
	cfg, res = get(etag)
	if res.Status != http.StatusOK || len(cfg.Buttons) != 2 || res.Header.Get("ETag") == etag {
		t.Fatalf("after a button change: HTTP %d %+v", res.Status, cfg.Buttons)
	}
	etag = res.Header.Get("ETag")
	// Unbinding the table.
	var tables []configure.TableView
	for _, tb := range f.tables(f.manager, 0) {
		if tb.TabletNumber == "T01" {
			tables = append(tables, tb)
		}
	}
	f.OK("PUT", fmt.Sprintf("%s/table/%d", base, tables[0].ID), f.manager, map[string]any{"name": tables[0].Name, "orderingMethod": "qr_order"})
	cfg, res = get(etag)
	if res.Status != http.StatusOK || cfg.Table != nil {
		t.Fatalf("after unbinding: HTTP %d %+v", res.Status, cfg.Table)
	}
	etag = res.Header.Get("ETag")
	// The venue's settings (through the shop module).
	var settings map[string]any
	f.OK("GET", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.manager, nil).Into(t, &settings)
	settings["name"] = "Riverside Bistro"
	f.OK("PUT", fmt.Sprintf("/api/merchant/shop/setting/%d", f.venueID), f.manager, settings)
	cfg, res = get(etag)
	if res.Status != http.StatusOK || cfg.Venue.Name != "Riverside Bistro" {
		t.Fatalf("after a settings change: HTTP %d %+v", res.Status, cfg.Venue)
	}
	// A new key (advert) makes the old one unknown.
	f.OK("POST", fmt.Sprintf("/api/merchant/tablet/%d/key", page.Records[0].ID), f.manager, nil)
	if _, res := get(""); res.Status != http.StatusOK || res.Code != 10002 {
		t.Fatalf("old key: HTTP %d code %d", res.Status, res.Code)
	}
}
