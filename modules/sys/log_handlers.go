package sys

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/textsearch"
)

func (m *Module) logRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/log", Perm: "sys:log", Action: "query",
		Summary: "Search the operation log", Query: LogQuery{}, Result: api.Page[Oplog]{}}, m.logList)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/log/:id", Perm: "sys:log", Action: "get",
		Summary: "One operation with its masked request body", Result: Oplog{}}, m.logGet)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/log/export", Perm: "sys:log", Action: "export", Raw: true,
		Summary: "Export the operations of the filter as Excel", Query: LogQuery{}}, m.logExport)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/log/retention", Perm: "sys:log", Action: "query",
		Summary: "Days the operation log is kept", Result: Retention{}}, m.logRetention)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/log/retention", Perm: "sys:log", Action: "edit",
		Summary: "Set the days the operation log is kept (platform only)", Body: Retention{}, Result: Retention{}}, m.logSetRetention)
}

// LogQuery filters the operation log.
type LogQuery struct {
	api.PageQuery
	Username  string `form:"username" json:"username"`
	Module    string `form:"module" json:"module"`
	Operation string `form:"operation" json:"operation"`
	Result    string `form:"result" json:"result" enum:"ok,fail"` // ok or fail
	IP        string `form:"ip" json:"ip"`
	From      string `form:"from" json:"from"` // YYYY-MM-DD HH:mm:ss or YYYY-MM-DD
	To        string `form:"to" json:"to"`
}

func parseTime(s string, endOfDay bool) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.DateTime, s); err == nil {
		return t.UTC(), true
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		if endOfDay {
			t = t.Add(24*time.Hour - time.Millisecond)
		}
		return t.UTC(), true
	}
	return time.Time{}, false
}

func (m *Module) logFilter(ctx context.Context, q LogQuery) (*gorm.DB, error) {
	db := m.deps.DB.WithContext(ctx).Model(&Oplog{})
	var c api.Check
	// The user name and the operation match anywhere, like every other list,
	// with a plain LIKE '%text%': the log is read newest first a page at a
	// time within its time range and the caller's merchant (both indexed), so
	// a filter narrows rows the index already bounds.
	if v := strings.TrimSpace(q.Username); v != "" {
		db = db.Where("username LIKE ? ESCAPE '!'", textsearch.Contains(v))
	}
	if q.Module != "" {
		db = db.Where("module = ?", q.Module)
	}
	if v := strings.TrimSpace(q.Operation); v != "" {
		db = db.Where("operation LIKE ? ESCAPE '!'", textsearch.Contains(v))
	}
	switch q.Result {
	case "":
	case "ok":
		db = db.Where("code = ?", api.CodeOK)
	case "fail":
		db = db.Where("code <> ?", api.CodeOK)
	default:
		c.Add("result", "validation.one_of", map[string]any{"Allowed": "ok, fail"})
	}
	if q.IP != "" {
		db = db.Where("ip = ?", strings.TrimSpace(q.IP))
	}
	if q.From != "" {
		if t, ok := parseTime(q.From, false); ok {
			db = db.Where("created_at >= ?", t)
		} else {
			c.Add("from", "validation.bad_value", nil)
		}
	}
	if q.To != "" {
		if t, ok := parseTime(q.To, true); ok {
			db = db.Where("created_at <= ?", t)
		} else {
			c.Add("to", "validation.bad_value", nil)
		}
	}
	return db, c.Err()
}

// logColumns leaves the request body out of lists; the detail has it.
var logColumns = []string{"id", "created_at", "user_id", "username", "merchant_id", "module", "operation", "summary",
	"method", "path", "route", "status", "code", "latency_ms", "ip", "user_agent", "request_id"}

// logOrder is newest first. Rows are appended, so id order is time order; within
// a time range the rows are read off the time indexes rather than by walking
// the primary key back from the newest row to the range.
func logOrder(q LogQuery) string {
	if q.From != "" || q.To != "" {
		return "created_at DESC, id DESC"
	}
	return "id DESC"
}

func (m *Module) logList(c *api.Ctx) (any, error) {
	var q LogQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.Normalize()
	if _, err := m.logFilter(c.Ctx(), q); err != nil {
		return nil, err
	}
	scope, _ := tenancy.From(c.Ctx())
	key := fmt.Sprintf("%v|%+v", scope, LogQuery{Username: q.Username, Module: q.Module, Operation: q.Operation, Result: q.Result, IP: q.IP, From: q.From, To: q.To})
	total, err := m.logCounts.Get(c.Ctx(), key, func(cctx context.Context) (int64, error) {
		db, _ := m.logFilter(cctx, q)
		var n int64
		return n, db.Count(&n).Error
	})
	if err != nil {
		return nil, err
	}
	var rows []Oplog
	if total > 0 {
		db, _ := m.logFilter(c.Ctx(), q)
		if q.Offset() == 0 {
			if err := db.Select(logColumns).Order(logOrder(q)).Limit(q.PageSize).Find(&rows).Error; err != nil {
				return nil, err
			}
		} else {
			// Deep pages: skip over index entries only, then read the page's rows.
			var ids []uint64
			if err := db.Order(logOrder(q)).Limit(q.PageSize).Offset(q.Offset()).Pluck("id", &ids).Error; err != nil {
				return nil, err
			}
			if len(ids) > 0 {
				page, _ := m.logFilter(c.Ctx(), q)
				if err := page.Select(logColumns).Where("id IN ?", ids).Order(logOrder(q)).Find(&rows).Error; err != nil {
					return nil, err
				}
			}
		}
	}
	return api.NewPage(q.PageQuery, rows, total), nil
}

func (m *Module) logGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var row Oplog
	return row, m.deps.DB.WithContext(c.Ctx()).Take(&row, id).Error
}

func (m *Module) logExport(c *api.Ctx) (any, error) {
	var q LogQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	db, err := m.logFilter(c.Ctx(), q)
	if err != nil {
		return nil, err
	}
	var rows []Oplog
	if err := db.Order(logOrder(q)).Limit(maxExportRows).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, api.Business(api.CodeConflict, "export.empty", nil)
	}
	cols := []string{"createdAt", "username", "module", "operation", "method", "path", "status", "code", "latencyMs", "ip", "body"}
	header := make([]string, len(cols))
	for i, col := range cols {
		header[i] = api.FieldLabel(c.Lang(), col)
	}
	out := make([][]any, len(rows))
	for i, r := range rows {
		out[i] = []any{r.CreatedAt.Format(time.DateTime), r.Username, r.Module, r.Operation, r.Method, r.Path, r.Status, r.Code, r.LatencyMs, r.IP, r.Body}
	}
	return api.SendSheet(c, "operation-log-"+time.Now().Format("20060102-150405")+".xlsx", "operations", header, out)
}

// Retention is how many days operation-log rows are kept.
type Retention struct {
	Days int `json:"days"`
}

const retentionKey = "oplog_retention_days"

// retentionDays is the administrator's setting, else the configured default.
func (m *Module) retentionDays(ctx context.Context) int {
	var s Setting
	if err := m.deps.DB.WithContext(tenancy.SystemContext(ctx)).Where(&Setting{Key: retentionKey}).Limit(1).Find(&s).Error; err == nil && s.Key != "" {
		if n, err := strconv.Atoi(s.Value); err == nil && n > 0 {
			return n
		}
	}
	return m.deps.Config.OplogRetentionDays
}

func (m *Module) logRetention(c *api.Ctx) (any, error) {
	return Retention{Days: m.retentionDays(c.Ctx())}, nil
}

func (m *Module) logSetRetention(c *api.Ctx) (any, error) {
	if !c.Principal().IsPlatform() {
		return nil, api.Forbidden()
	}
	var in Retention
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if in.Days < 7 || in.Days > 3650 {
		return nil, api.Invalid("days", "log.retention_range", map[string]any{"Min": 7, "Max": 3650})
	}
	err := m.deps.DB.WithContext(tenancy.SystemContext(c.Ctx())).Clauses(clause.OnConflict{UpdateAll: true}).
		Create(&Setting{Key: retentionKey, Value: strconv.Itoa(in.Days), UpdatedAt: time.Now().UTC()}).Error
	return in, err
}
