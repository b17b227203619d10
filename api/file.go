package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Attachment answers a file download named filename (routes declared Raw).
func Attachment(c *Ctx, filename, contentType string, data []byte) {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, filename)
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, ascii, url.PathEscape(filename)))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Set(codeKey, CodeOK)
	c.Data(http.StatusOK, contentType, data)
}

// ImportError names one bad cell of an import file (row counts from 2, the first data row).
type ImportError struct {
	Row     int    `json:"row"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// ImportReport answers an import: nothing is written unless every row is valid.
type ImportReport struct {
	Total    int           `json:"total"`
	Imported int           `json:"imported"`
	Errors   []ImportError `json:"errors"`
}

// RowError localizes a validation error of one import row into report entries.
func RowError(lang string, row int, err error) []ImportError {
	e := asError(err)
	if len(e.Fields) == 0 {
		return []ImportError{{Row: row, Message: Localize(lang, e)}}
	}
	out := make([]ImportError, 0, len(e.Fields))
	for _, f := range e.Fields {
		out = append(out, ImportError{Row: row, Field: f.Field, Message: localizeField(lang, f)})
	}
	return out
}
