package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// OplogEntry is one recorded operation.
type OplogEntry struct {
	Time       time.Time
	UserID     uint64
	UserName   string
	MerchantID uint64
	Module     string
	Operation  string // operation code, or the route path for self-service routes
	Summary    string
	Method     string
	Path       string
	Route      string
	Status     int
	Code       int
	LatencyMs  int64
	IP         string
	UserAgent  string
	RequestID  string
	Body       string // secrets masked, truncated
}

// OplogSink receives operation-log entries. Enabled lets an administrator
// switch logging per interface at run time.
type OplogSink interface {
	Enabled(rt Route) bool
	Record(e OplogEntry)
}

const maxLoggedBody = 8 << 10

// maxParsedBody is the most of a body the log reads to mask its secrets; a
// larger body is logged by its size only.
const maxParsedBody = 64 << 10

// oplog records the route's calls when the sink says so.
func oplog(sink OplogSink, rt Route) gin.HandlerFunc {
	return func(c *gin.Context) {
		if !sink.Enabled(rt) {
			c.Next()
			return
		}
		start := time.Now()
		body := captureBody(c)
		c.Next()
		e := OplogEntry{
			Time: start.UTC(), Module: rt.Module, Operation: rt.Operation(), Summary: rt.Summary,
			Method: rt.Method, Path: c.Request.URL.Path, Route: rt.Path, Status: c.Writer.Status(),
			LatencyMs: time.Since(start).Milliseconds(), IP: c.ClientIP(), UserAgent: truncate(c.Request.UserAgent(), 255),
			RequestID: c.GetString(requestIDKey), Body: body,
		}
		if e.Operation == "" {
			e.Operation = rt.Path
		}
		if code, ok := c.Get(codeKey); ok {
			e.Code, _ = code.(int)
		}
		if v, ok := c.Get(principalCtx); ok {
			p := v.(*Principal)
			e.UserID, e.UserName, e.MerchantID = p.UserID, p.UserName, p.MerchantID
		}
		sink.Record(e)
	}
}

// captureBody answers what the log keeps of the request body: JSON or a form
// with its secrets masked, or a note. A body the log cannot parse (trailing
// data, another format, too large) is never stored: it could hold a secret in
// a shape the masking does not see.
func captureBody(c *gin.Context) string {
	ct := c.ContentType()
	if strings.HasPrefix(ct, "multipart/") {
		return "(multipart upload)"
	}
	if c.Request.Body == nil {
		return ""
	}
	raw, err := io.ReadAll(io.LimitReader(c.Request.Body, maxParsedBody+1))
	rest := c.Request.Body
	c.Request.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(raw), rest), rest}
	if err != nil {
		return "(unreadable body)"
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return ""
	}
	if len(raw) > maxParsedBody {
		return fmt.Sprintf("(body of more than %d KB, not logged)", maxParsedBody>>10)
	}
	if strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		vals, err := url.ParseQuery(string(raw))
		if err != nil {
			return unparseable(raw)
		}
		for k := range vals {
			if isSecret(k) {
				vals.Set(k, "***")
			}
		}
		return truncate(vals.Encode(), maxLoggedBody)
	}
	v, ok := decodeOne(raw)
	if !ok {
		return unparseable(raw)
	}
	masked, _ := json.Marshal(MaskSecrets(v))
	return truncate(string(masked), maxLoggedBody)
}

// decodeOne decodes exactly one JSON value, as the binder does.
func decodeOne(raw []byte) (any, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, false
	}
	return v, true
}

func unparseable(raw []byte) string {
	return fmt.Sprintf("(unparseable body, %d bytes, not logged)", len(raw))
}

// MaskSecrets replaces the values of secret-looking keys in a decoded JSON value.
func MaskSecrets(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, val := range t {
			if isSecret(k) {
				t[k] = "***"
			} else {
				t[k] = MaskSecrets(val)
			}
		}
	case []any:
		for i := range t {
			t[i] = MaskSecrets(t[i])
		}
	}
	return v
}

func isSecret(key string) bool {
	k := strings.ToLower(key)
	for _, s := range []string{"password", "passwd", "pwd", "secret", "token", "credential", "accesskey", "apikey", "api_key", "privatekey", "private_key", "captcha"} {
		if strings.Contains(k, s) {
			return true
		}
	}
	switch k {
	case "code", "smscode", "verifycode", "validationcode", "otp":
		return true
	}
	return false
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
