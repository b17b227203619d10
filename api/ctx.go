package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/gin-gonic/gin/binding"

	"github.com/venueplatform/venue/internal/i18n"
)

// Ctx is what a handler receives: the Gin context plus the request's
// language, principal and tenant-scoped context.
type Ctx struct {
	*gin.Context
}

// HandlerFunc answers a request with a result (written as the envelope's
// result) or an error (written as its code and localized message).
type HandlerFunc func(c *Ctx) (any, error)

const (
	langKey      = "venue.lang"
	principalCtx = "venue.principal"
	routeKey     = "venue.route"
)

// Lang is the request's language tag (en, zh, ar, ...).
func (c *Ctx) Lang() string { return c.GetString(langKey) }

// T localizes a message key in the request's language.
func (c *Ctx) T(key string, data map[string]any) string { return i18n.T(c.Lang(), key, data) }

// Principal is the logged-in user; nil on public routes.
func (c *Ctx) Principal() *Principal {
	p, _ := c.Get(principalCtx)
	pr, _ := p.(*Principal)
	return pr
}

// Ctx is the request context carrying the principal and its tenant scope;
// pass it to every store call (db.WithContext).
func (c *Ctx) Ctx() context.Context { return c.Request.Context() }

// ID parses a numeric path parameter; a bad one is a not-found.
func (c *Ctx) ID(name string) (uint64, error) {
	id, err := strconv.ParseUint(c.Param(name), 10, 64)
	if err != nil || id == 0 {
		return 0, NotFound()
	}
	return id, nil
}

// Bind decodes the request into dst: JSON bodies, form bodies (urlencoded
// or multipart) and, for GET and DELETE, the query string. A malformed
// body is a validation error naming the field when it can.
func (c *Ctx) Bind(dst any) error {
	req := c.Request
	if req.Method == http.MethodGet || req.Method == http.MethodDelete {
		if err := c.ShouldBindQuery(dst); err != nil {
			return Invalid(queryField(err), "validation.bad_value", nil)
		}
		return nil
	}
	ct := c.ContentType()
	switch {
	case strings.HasPrefix(ct, "application/x-www-form-urlencoded"), strings.HasPrefix(ct, "multipart/form-data"):
		if err := c.ShouldBindWith(dst, binding.Form); err != nil {
			return Invalid(queryField(err), "validation.bad_value", nil)
		}
		return nil
	}
	if req.Body == nil {
		return nil
	}
	dec := json.NewDecoder(req.Body)
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil && !errors.Is(err, io.EOF) {
		var te *json.UnmarshalTypeError
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			return &Error{Status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge, Key: "error.body_too_large"}
		case errors.As(err, &te) && te.Field != "":
			return Invalid(te.Field, "validation.bad_value", nil)
		}
		return Invalid("body", "validation.bad_json", nil)
	}
	// One JSON value and nothing after it: `{"password":"x"} //` is refused,
	// so what the operation log could not parse never reaches a handler.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return &Error{Status: http.StatusRequestEntityTooLarge, Code: CodeTooLarge, Key: "error.body_too_large"}
		}
		return Invalid("body", "validation.bad_json", nil)
	}
	return nil
}

func queryField(err error) string {
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		return "query"
	}
	msg := err.Error()
	if i := strings.Index(msg, "'"); i >= 0 {
		if j := strings.Index(msg[i+1:], "'"); j > 0 {
			return msg[i+1 : i+1+j]
		}
	}
	return "query"
}
