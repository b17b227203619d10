package api

import (
	"net/url"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Check collects field errors of one request; handlers call their own named
// validation function that fills a Check and return c.Err().
type Check struct{ fields []FieldError }

// Add records a bad field.
func (c *Check) Add(field, key string, data map[string]any) {
	c.fields = append(c.fields, FieldError{Field: field, Key: key, Data: data})
}

// Failed reports whether a field error was recorded for field.
func (c *Check) Failed(field string) bool {
	for _, f := range c.fields {
		if f.Field == field {
			return true
		}
	}
	return false
}

// Required fails an empty (whitespace-only) string.
func (c *Check) Required(field, value string) bool {
	if strings.TrimSpace(value) == "" {
		c.Add(field, "validation.required", nil)
		return false
	}
	return true
}

// MaxLen fails a string longer than n characters.
func (c *Check) MaxLen(field, value string, n int) bool {
	if utf8.RuneCountInString(value) > n {
		c.Add(field, "validation.max_len", map[string]any{"Max": n})
		return false
	}
	return true
}

// MinLen fails a string shorter than n characters.
func (c *Check) MinLen(field, value string, n int) bool {
	if utf8.RuneCountInString(value) < n {
		c.Add(field, "validation.min_len", map[string]any{"Min": n})
		return false
	}
	return true
}

var mobileRe = regexp.MustCompile(`^\+?[0-9]{6,15}$`)

// Mobile fails a value that is not a phone number (digits, optional +country).
func (c *Check) Mobile(field, value string) bool {
	if !mobileRe.MatchString(value) {
		c.Add(field, "validation.mobile", nil)
		return false
	}
	return true
}

// HTTPURL fails a value that is not an absolute http or https URL (see LinkURL).
func (c *Check) HTTPURL(field, value string) bool {
	if !LinkURL(value) {
		c.Add(field, "validation.http_url", nil)
		return false
	}
	return true
}

// FileURL fails a value that is neither a file uploaded to this product (a
// /uploads/ path) nor an https URL of the object store (see FileURL). Empty values pass:
// callers decide whether the field is required.
func (c *Check) FileURL(field, value string) bool {
	if value != "" && !FileURL(value) {
		c.Add(field, "validation.file_url", nil)
		return false
	}
	return true
}

// maxURL bounds every stored link and file address.
const maxURL = 512

// LinkURL reports whether s is an absolute http or https URL with a host and
// nothing a browser could read another way: "http://" or "https://" at the
// very start (no "JaVaScRiPt:", no "//evil", no leading blanks), no user
// info, no whitespace, control characters, backslashes, quotes or angle
// brackets anywhere. The scheme's letter case is free ("HTTPS://" is still
// https); what matters is that it is http or https.
func LinkURL(s string) bool {
	if s == "" || len(s) > maxURL || !cleanURLChars(s) {
		return false
	}
	if lower := strings.ToLower(s[:min(len(s), 8)]); !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil || u.Opaque != "" {
		return false
	}
	return true
}

// UploadPath reports whether s is a path this product's upload endpoints
// answer: "/uploads/" and then letters, digits, '.', '-', '_' and single
// '/' separators, never ".." (no climbing out), "//", or percent-escapes.
func UploadPath(s string) bool {
	rest, ok := strings.CutPrefix(s, "/uploads/")
	if !ok || rest == "" || len(s) > maxURL || strings.Contains(rest, "..") || strings.Contains(rest, "//") || strings.HasPrefix(rest, "/") {
		return false
	}
	for _, r := range rest {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' || r == '_' || r == '/') {
			return false
		}
	}
	return true
}

// FileURL reports whether s may be stored in a file or image field: what the
// upload endpoints answer, an uploaded file's /uploads/ path (local storage)
// or an https URL (object storage, CDN). Everything else — javascript:,
// data:, protocol-relative //host, /uploads/../, whitespace tricks, mixed-case
// schemes, plain http — is refused. Link fields use LinkURL (http or https).
func FileURL(s string) bool {
	return UploadPath(s) || LinkURL(s) && strings.EqualFold(s[:6], "https:")
}

// FileURLPath is the path part of a value FileURL accepts ("" otherwise),
// for callers that tell files apart by their extension.
func FileURLPath(s string) string {
	if UploadPath(s) {
		return s
	}
	if FileURL(s) {
		if u, err := url.Parse(s); err == nil {
			return u.Path
		}
	}
	return ""
}

// AppPath reports whether s is a path inside this application ("/x/y"):
// one leading slash, never "//host" or "/\\host", which browsers read as
// another site, and no characters FileURL refuses.
func AppPath(s string) bool {
	return strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && len(s) <= maxURL && cleanURLChars(s)
}

func cleanURLChars(s string) bool {
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r == '\\' || r == '"' || r == '\'' || r == '<' || r == '>' || r == '`' || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return false
		}
	}
	return utf8.ValidString(s)
}

// OneOf fails a value outside the allowed set.
func (c *Check) OneOf(field, value string, allowed ...string) bool {
	for _, a := range allowed {
		if value == a {
			return true
		}
	}
	c.Add(field, "validation.one_of", map[string]any{"Allowed": strings.Join(allowed, ", ")})
	return false
}

// Err is nil when every check passed.
func (c *Check) Err() error {
	if len(c.fields) == 0 {
		return nil
	}
	return &Error{Status: 200, Code: CodeInvalid, Key: c.fields[0].Key, Data: c.fields[0].Data, Fields: c.fields}
}
