package api

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"github.com/venueplatform/venue/internal/i18n"
)

// ETagMatches reports whether an If-None-Match header names one of the
// entity tags (weak comparison, as for GET; "*" matches any).
func ETagMatches(header string, etags ...string) bool {
	if header == "" {
		return false
	}
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimPrefix(strings.TrimSpace(part), "W/")
		if part == "*" {
			return true
		}
		for _, etag := range etags {
			if part == etag {
				return true
			}
		}
	}
	return false
}

// WriteRawOK answers a success envelope around a result that is already
// JSON (a cached answer), without decoding and encoding it again.
func WriteRawOK(c *gin.Context, lang string, result []byte) {
	msg, _ := json.Marshal(i18n.T(lang, "ok", nil))
	body := make([]byte, 0, len(result)+len(msg)+40)
	body = append(body, `{"code":10000,"msg":`...)
	body = append(body, msg...)
	body = append(body, `,"result":`...)
	body = append(body, result...)
	body = append(body, '}')
	c.Set(codeKey, CodeOK)
	c.Data(http.StatusOK, "application/json; charset=utf-8", body)
}
