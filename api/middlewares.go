package api

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/venueplatform/venue/internal/i18n"
)

const requestIDKey = "venue.request_id"

// requestID takes a sane X-Request-Id from the caller or makes one.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" || len(id) > 64 || strings.ContainsAny(id, " \t\r\n\"") {
			var b [12]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		c.Set(requestIDKey, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

// recovery turns a panic into a 500 envelope and one log line.
func recovery(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if r := recover(); r != nil {
				if r == http.ErrAbortHandler {
					panic(r)
				}
				log.Error("panic", "path", c.Request.URL.Path, "method", c.Request.Method,
					"request_id", c.GetString(requestIDKey), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				if !c.Writer.Written() {
					writeError(c, Internal(fmt.Errorf("panic: %v", r)))
				} else {
					c.Abort()
				}
			}
		}()
		c.Next()
	}
}

// accessLog writes one structured line per request: every failure and write
// at info, successful reads at debug.
func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		status := c.Writer.Status()
		level := slog.LevelDebug
		if status >= 400 || c.Request.Method != http.MethodGet {
			level = slog.LevelInfo
		}
		if status >= 500 {
			level = slog.LevelError
		}
		if !log.Enabled(c.Request.Context(), level) {
			return
		}
		attrs := []slog.Attr{
			slog.String("method", c.Request.Method),
			slog.String("path", c.Request.URL.Path),
			slog.Int("status", status),
			slog.Int64("latency_us", time.Since(start).Microseconds()),
			slog.String("ip", c.ClientIP()),
			slog.String("request_id", c.GetString(requestIDKey)),
		}
		if code, ok := c.Get(codeKey); ok {
			attrs = append(attrs, slog.Any("code", code))
		}
		log.LogAttrs(c.Request.Context(), level, "http", attrs...)
	}
}

// locale picks the request language from the currentLocale header, then
// the language cookie, then Accept-Language.
func locale() gin.HandlerFunc {
	return func(c *gin.Context) {
		l := c.GetHeader("currentLocale")
		if l == "" {
			if ck, err := c.Cookie("language"); err == nil {
				l = ck
			}
		}
		if l == "" {
			l = strings.SplitN(c.GetHeader("Accept-Language"), ",", 2)[0]
		}
		c.Set(langKey, i18n.Normalize(l))
		c.Next()
	}
}

// bodyLimit caps the request body.
func bodyLimit(n int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength > n {
			writeError(c, &Error{Status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge, Key: "error.body_too_large"})
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		c.Next()
	}
}

// authenticate resolves the token of the Authorization header ("<token>" or
// "Bearer <token>") into the request's principal.
func authenticate(auth Authenticator) gin.HandlerFunc {
	return func(c *gin.Context) {
		token := strings.TrimSpace(c.GetHeader("Authorization"))
		if len(token) > 7 && strings.EqualFold(token[:7], "bearer ") {
			token = strings.TrimSpace(token[7:])
		}
		if token == "" {
			writeError(c, Unauthorized("error.no_token"))
			return
		}
		p, err := auth.Authenticate(c.Request.Context(), token)
		if err != nil {
			writeError(c, err)
			return
		}
		c.Set(principalCtx, p)
		c.Request = c.Request.WithContext(WithPrincipal(c.Request.Context(), p))
		c.Next()
	}
}

// authorize refuses a principal without the route's operation code.
func authorize(authz Authorizer, rt Route) gin.HandlerFunc {
	return func(c *gin.Context) {
		v, _ := c.Get(principalCtx)
		p := v.(*Principal)
		if p.MustChangePassword {
			writeError(c, Business(CodeMustChangePassword, "error.must_change_password", nil))
			return
		}
		if !p.Admin && !authz.Allowed(p, rt.Perm, rt.Action) {
			writeError(c, Forbidden())
			return
		}
		c.Next()
	}
}

// CodeMustChangePassword answers operation routes while the user still has
// to replace a password an administrator set.
const CodeMustChangePassword = 10107

// adapt runs a HandlerFunc and writes its envelope.
func adapt(h HandlerFunc, raw bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		res, err := h(&Ctx{Context: c})
		if err != nil {
			writeError(c, err)
			return
		}
		if raw || c.Writer.Written() {
			return
		}
		writeOK(c, res)
	}
}
