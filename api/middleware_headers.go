package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// contentSecurityPolicy allows scripts only from this origin, never inline.
// Styles may be inline (antd writes its CSS-in-JS as <style> elements);
// 'unsafe-eval' is for Formily, which compiles the form designer's field
// visibility rules ({{...}}) with new Function. Images and videos may come
// from OSS or a CDN (https) and from blob: previews of files being uploaded.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'unsafe-eval'; " + cspRest

const cspRest = "style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https:; media-src 'self' blob: https:; font-src 'self' data:; connect-src 'self'; " +
	"worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'"

// PageCSP is the policy of a page that carries its own inline scripts (a
// one-file page such as the guests' ordering page): those scripts, named by
// their SHA-256, run; no other inline script and no eval.
func PageCSP(inlineScripts ...[]byte) string {
	src := "script-src 'self'"
	for _, s := range inlineScripts {
		sum := sha256.Sum256(s)
		src += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'self'; " + src + "; " + cspRest
}

// InlineScripts answers the contents of a page's inline <script> elements.
func InlineScripts(html []byte) [][]byte {
	var out [][]byte
	rest := html
	for {
		i := bytes.Index(rest, []byte("<script>"))
		if i < 0 {
			return out
		}
		rest = rest[i+len("<script>"):]
		j := bytes.Index(rest, []byte("</script>"))
		if j < 0 {
			return out
		}
		out = append(out, rest[:j])
		rest = rest[j:]
	}
}

const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), " +
	"magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()"

// securityHeaders sets the browser protections on every answer, and HSTS
// when the request came over TLS (directly, or through a trusted proxy that
// says so in X-Forwarded-Proto).
func securityHeaders(trusted []*net.IPNet) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", permissionsPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		if OverTLS(c.Request, trusted) {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		c.Next()
	}
}

// OverTLS tells whether the browser reached us over https.
func OverTLS(r *http.Request, trusted []*net.IPNet) bool {
	if r.TLS != nil {
		return true
	}
	if !strings.EqualFold(strings.TrimSpace(strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")[0]), "https") {
		return false
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip := net.ParseIP(host)
	for _, n := range trusted {
		if ip != nil && n.Contains(ip) {
			return true
		}
	}
	return false
}

// parseCIDRs reads proxy addresses as gin does: a CIDR or a single address.
func parseCIDRs(list []string) []*net.IPNet {
	var out []*net.IPNet
	for _, s := range list {
		if !strings.Contains(s, "/") {
			if ip := net.ParseIP(s); ip != nil {
				if ip.To4() != nil {
					s += "/32"
				} else {
					s += "/128"
				}
			}
		}
		if _, n, err := net.ParseCIDR(s); err == nil {
			out = append(out, n)
		}
	}
	return out
}
