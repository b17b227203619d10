package order

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// guestHTML is the guests' ordering page: one small file (markup, style
// and script) that a phone loads in one round trip, apart from the console.
//
//go:embed guest/index.html
var guestHTML []byte

// guestPage is the page ready to serve: gzipped once, with its entity tag.
var guestPage = func() struct {
	plain, gz []byte
	etag      string
} {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(guestHTML)
	_ = w.Close()
	sum := sha256.Sum256(guestHTML)
	return struct {
		plain, gz []byte
		etag      string
	}{guestHTML, buf.Bytes(), `"` + hex.EncodeToString(sum[:10]) + `"`}
}()

// guestCSP allows the page's inline script (by its hash) and no other.
var guestCSP = api.PageCSP(api.InlineScripts(guestHTML)...)

// ServePage serves the ordering page at /t/{token}, the URL every table
// code carries (the token itself is checked by the page's first call).
func (m *Module) ServePage(w http.ResponseWriter, r *http.Request) bool {
	token, ok := strings.CutPrefix(r.URL.Path, "/t/")
	if !ok || token == "" || strings.Contains(token, "/") || len(token) > 64 {
		return false
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", guestCSP) // its own inline script, by hash; nothing else inline
	h.Set("ETag", guestPage.etag)
	if api.ETagMatches(r.Header.Get("If-None-Match"), guestPage.etag) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(guestPage.gz)
		return true
	}
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(guestPage.plain)
	return true
}

// GuestLabels are the ordering page's texts in one language.
type GuestLabels map[string]string

// guestKeys are the page's texts (message keys "guest.<key>").
var guestKeys = []string{"table", "open", "closed", "closedHint", "add", "soldOut", "required", "choose", "quantity", "remark",
	"addToCart", "cart", "cartEmpty", "orderRemark", "submit", "placed", "bill", "billEmpty", "menu", "subtotal", "discount",
	"service", "tax", "taxIncluded", "total", "round", "cancelled", "call", "called", "call.waiter", "call.water", "call.bill",
	"offline", "retry", "close"}

// LabelsQuery is the language of the texts.
type LabelsQuery struct {
	Lang string `form:"lang" json:"lang"`
}

func (m *Module) guestLabels(c *api.Ctx) (any, error) {
	lang := c.Lang()
	if l := c.Query("lang"); l != "" {
		lang = i18n.Normalize(l)
	}
	out := make(GuestLabels, len(guestKeys))
	for _, k := range guestKeys {
		out[k] = i18n.T(lang, "guest."+k, nil)
	}
	c.Header("Cache-Control", "public, max-age=300")
	return out, nil
}
