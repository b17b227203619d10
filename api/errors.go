package api

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
)

// Business codes of the envelope (docs/api-core.md).
const (
	CodeOK           = 10000
	CodeInvalid      = 10001
	CodeNotFound     = 10002
	CodeConflict     = 10003
	CodeUnauthorized = 40100
	CodeForbidden    = 40300
	CodeNoRoute      = 40400
	CodeTooLarge     = 41300
	CodeInternal     = 50000
	CodeUnavailable  = 50300
)

// Error is what handlers return for anything but success. Key is a message
// key localized once, when the envelope is written.
type Error struct {
	Status int // HTTP status; 200 for business errors
	Code   int
	Key    string
	Data   map[string]any
	Fields []FieldError
	Detail any   // written as the envelope's result (e.g. a model's issues)
	Cause  error // logged, never shown
}

// FieldError names one bad field of a request.
type FieldError struct {
	Field string
	Key   string
	Data  map[string]any
}

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s (%d): %v", e.Key, e.Code, e.Cause)
	}
	return fmt.Sprintf("%s (%d)", e.Key, e.Code)
}

func (e *Error) Unwrap() error { return e.Cause }

// Business is an HTTP 200 error with its own code.
func Business(code int, key string, data map[string]any) *Error {
	return &Error{Status: http.StatusOK, Code: code, Key: key, Data: data}
}

// Invalid reports one bad field; key is a message key that may use {{.Field}}.
func Invalid(field, key string, data map[string]any) *Error {
	return &Error{Status: http.StatusOK, Code: CodeInvalid, Key: key, Fields: []FieldError{{Field: field, Key: key, Data: data}}}
}

// NotFound is the answer for a row that does not exist or is outside the caller's tenant.
func NotFound() *Error { return Business(CodeNotFound, "error.not_found", nil) }

// Conflict reports a state or uniqueness conflict.
func Conflict(key string, data map[string]any) *Error { return Business(CodeConflict, key, data) }

// Unauthorized answers HTTP 401.
func Unauthorized(key string) *Error {
	return &Error{Status: http.StatusUnauthorized, Code: CodeUnauthorized, Key: key}
}

// Forbidden answers HTTP 403.
func Forbidden() *Error {
	return &Error{Status: http.StatusForbidden, Code: CodeForbidden, Key: "error.forbidden"}
}

// Internal wraps an unexpected failure; the cause is logged, not shown.
func Internal(cause error) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Key: "error.internal", Cause: cause}
}

// asError turns any error into an *Error: known storage errors become their
// business meaning, anything else an internal error.
func asError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	switch {
	case dbx.IsNotFound(err), errors.Is(err, tenancy.ErrOutOfScope):
		return NotFound()
	case dbx.IsDuplicate(err):
		return &Error{Status: http.StatusOK, Code: CodeConflict, Key: "error.duplicate", Cause: err}
	}
	return Internal(err)
}
