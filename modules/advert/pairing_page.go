package advert

import (
	"bytes"
	"html/template"
	"net/http"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// pairPage is what a phone or browser that opens a pairing QR code sees:
// the code and how to enter it in the tablet app. It never redeems the
// code, so a staff phone scanning it (or a link preview) cannot spend it.
var pairPage = template.Must(template.New("pair").Parse(`<!doctype html>
<html lang="{{.Lang}}" dir="{{.Dir}}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32em;margin:3em auto;padding:0 1em;text-align:center;color:#222}
.code{font:600 2.4em ui-monospace,monospace;letter-spacing:.15em;margin:.6em 0;padding:.3em;border:2px dashed #999;border-radius:8px}
p{line-height:1.5}</style></head>
<body><h1>{{.Title}}</h1>
{{if .Code}}<p>{{.CodeLabel}}</p><div class="code" data-testid="pair-page-code">{{.Code}}</div>{{end}}
<p>{{.Hint}}</p></body></html>`))

// ServePage serves the pairing page at PairPagePath.
func (m *Module) ServePage(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path != PairPagePath || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	lang := i18n.Normalize(strings.SplitN(r.Header.Get("Accept-Language"), ",", 2)[0])
	code := normalizePairCode(r.URL.Query().Get("code"))
	if code != "" {
		code = code[:4] + "-" + code[4:]
	}
	hint := "advert.pair_page.hint"
	if code == "" {
		hint = "advert.pair_page.no_code"
	}
	dir := "ltr"
	if lang == "ar" || lang == "he" {
		dir = "rtl"
	}
	var buf bytes.Buffer
	_ = pairPage.Execute(&buf, map[string]string{"Lang": lang, "Dir": dir, "Title": i18n.T(lang, "advert.pair_page.title", nil),
		"CodeLabel": i18n.T(lang, "advert.pair_page.code", nil), "Code": code, "Hint": i18n.T(lang, hint, nil)})
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Accept-Language")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", api.PageCSP())
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(buf.Bytes())
	}
	return true
}
