package api

import "strings"

// MaxPageSize caps every list.
const MaxPageSize = 500

// PageQuery is the paging part of every list request.
type PageQuery struct {
	PageNo   int    `form:"pageNo" json:"pageNo"`
	PageSize int    `form:"pageSize" json:"pageSize"`
	Sort     string `form:"sort" json:"sort"` // "field,desc" or "field,asc"
}

// Normalize applies the defaults and the cap.
func (q *PageQuery) Normalize() {
	if q.PageNo < 1 {
		q.PageNo = 1
	}
	if q.PageSize < 1 {
		q.PageSize = 20
	}
	if q.PageSize > MaxPageSize {
		q.PageSize = MaxPageSize
	}
}

// Offset is the number of rows before the page.
func (q PageQuery) Offset() int { return (q.PageNo - 1) * q.PageSize }

// OrderBy turns Sort into an ORDER BY clause over the allowed columns
// (json name → column); anything else falls back to def. Never interpolates
// a caller's string.
func (q PageQuery) OrderBy(allowed map[string]string, def string) string {
	field, dir, _ := strings.Cut(q.Sort, ",")
	col, ok := allowed[strings.TrimSpace(field)]
	if !ok {
		return def
	}
	if strings.EqualFold(strings.TrimSpace(dir), "asc") {
		return col + " ASC"
	}
	return col + " DESC"
}

// Page is the result of every list.
type Page[T any] struct {
	Records  []T   `json:"records"`
	Total    int64 `json:"total"`
	PageNo   int   `json:"pageNo"`
	PageSize int   `json:"pageSize"`
}

// NewPage wraps records for the envelope, never answering a null list.
func NewPage[T any](q PageQuery, records []T, total int64) Page[T] {
	if records == nil {
		records = []T{}
	}
	return Page[T]{Records: records, Total: total, PageNo: q.PageNo, PageSize: q.PageSize}
}
