package api

import (
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// metricsRoute serves /metrics on the API listener only to a caller with
// the bearer token; without a token configured it is not served there (see
// Options.OnMetrics for a separate listener).
func metricsRoute(token string, h gin.HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		if token == "" {
			writeError(c, &Error{Status: http.StatusNotFound, Code: CodeNoRoute, Key: "error.no_route"})
			return
		}
		got := strings.TrimSpace(c.GetHeader("Authorization"))
		if len(got) > 7 && strings.EqualFold(got[:7], "bearer ") {
			got = strings.TrimSpace(got[7:])
		} else {
			got = ""
		}
		if subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			c.Header("WWW-Authenticate", `Bearer realm="metrics"`)
			writeError(c, Unauthorized("error.no_token"))
			return
		}
		h(c)
	}
}
