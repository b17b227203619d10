package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/venueplatform/venue/internal/i18n"
)

// Envelope is the shape of every API answer.
type Envelope struct {
	Code   int               `json:"code"`
	Msg    string            `json:"msg"`
	Result any               `json:"result"`
	Fields map[string]string `json:"fields,omitempty"`
}

const codeKey = "venue.code"

// writeOK answers a success envelope.
func writeOK(c *gin.Context, result any) {
	c.Set(codeKey, CodeOK)
	c.JSON(http.StatusOK, Envelope{Code: CodeOK, Msg: i18n.T(c.GetString(langKey), "ok", nil), Result: result})
}

// writeError answers err localized in the request's language.
func writeError(c *gin.Context, err error) {
	e := asError(err)
	lang := c.GetString(langKey)
	if e.Status >= 500 {
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.Request.URL.Path, "method", c.Request.Method,
			"request_id", c.GetString(requestIDKey), "error", e.Error())
	}
	env := Envelope{Code: e.Code, Msg: Localize(lang, e), Result: e.Detail}
	if len(e.Fields) > 0 {
		env.Fields = make(map[string]string, len(e.Fields))
		for _, f := range e.Fields {
			if _, dup := env.Fields[f.Field]; !dup {
				env.Fields[f.Field] = localizeField(lang, f)
			}
		}
	}
	c.Set(codeKey, e.Code)
	c.AbortWithStatusJSON(e.Status, env)
}

// Localize renders an error's message in lang; a field error's message names
// the field by its localized label.
func Localize(lang string, e *Error) string {
	if len(e.Fields) > 0 {
		return localizeField(lang, e.Fields[0])
	}
	return i18n.T(lang, e.Key, e.Data)
}

func localizeField(lang string, f FieldError) string {
	data := map[string]any{"Field": FieldLabel(lang, f.Field)}
	for k, v := range f.Data {
		data[k] = v
	}
	return i18n.T(lang, f.Key, data)
}

// FieldLabel is a field's localized label ("field.<name>"), or the name itself.
func FieldLabel(lang, field string) string {
	key := "field." + field
	if label := i18n.T(lang, key, nil); label != key {
		return label
	}
	return field
}
