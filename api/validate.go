package api

import (
	"net/url"
	"regexp"
	"strings"
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

// HTTPURL fails a value that is not an absolute http or https URL.
func (c *Check) HTTPURL(field, value string) bool {
	u, err := url.Parse(value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		c.Add(field, "validation.http_url", nil)
		return false
	}
	return true
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
