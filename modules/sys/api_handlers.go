package sys

import (
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
)

func (m *Module) apiRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/api", Perm: "sys:api", Action: "query",
		Summary: "The declared interfaces (derived from the code), with their operation logging", Query: APIQuery{}, Result: []APIView{}}, m.apiList)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/api/log", Perm: "sys:api", Action: "edit",
		Summary: "Switch operation logging of one interface (on, off, or auto: writes only)", Body: APILogInput{}}, m.apiSetLog)
}

// APIQuery filters the interface list.
type APIQuery struct {
	Module  string `form:"module" json:"module"`
	Keyword string `form:"keyword" json:"keyword"`
	Method  string `form:"method" json:"method"`
	Access  string `form:"access" json:"access" enum:"operation,self,public"`
}

// APIView is one declared interface.
type APIView struct {
	Module    string `json:"module"`
	Method    string `json:"method"`
	Path      string `json:"path"`
	Operation string `json:"operation"`
	Access    string `json:"access" enum:"operation,self,public"`
	Summary   string `json:"summary"`
	LogMode   string `json:"logMode" enum:"auto,on,off"` // auto, on or off
	Logged    bool   `json:"logged"`                     // what auto or the override amounts to
}

func (m *Module) apiList(c *api.Ctx) (any, error) {
	var q APIQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	m.Oplog.mu.RLock()
	overrides := m.Oplog.overrides
	m.Oplog.mu.RUnlock()
	kw := strings.ToLower(strings.TrimSpace(q.Keyword))
	out := []APIView{}
	for _, rt := range m.registry.Routes() {
		if (q.Module != "" && rt.Module != q.Module) || (q.Method != "" && !strings.EqualFold(q.Method, rt.Method)) ||
			(q.Access != "" && q.Access != rt.Access.String()) {
			continue
		}
		if kw != "" && !strings.Contains(strings.ToLower(rt.Path+" "+rt.Summary+" "+rt.Operation()), kw) {
			continue
		}
		mode, ok := overrides[rt.Method+" "+rt.Path]
		if !ok {
			mode = "auto"
		}
		out = append(out, APIView{Module: rt.Module, Method: rt.Method, Path: "/api" + rt.Path, Operation: rt.Operation(),
			Access: rt.Access.String(), Summary: rt.Summary, LogMode: mode, Logged: m.Oplog.Enabled(rt)})
	}
	return out, nil
}

// APILogInput switches one interface's operation logging.
type APILogInput struct {
	Method  string `json:"method"`
	Path    string `json:"path"`
	LogMode string `json:"logMode" enum:"auto,on,off"`
}

func (m *Module) apiSetLog(c *api.Ctx) (any, error) {
	var in APILogInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	var chk api.Check
	chk.OneOf("logMode", in.LogMode, "auto", "on", "off")
	path := strings.TrimPrefix(in.Path, "/api")
	found := false
	for _, rt := range m.registry.Routes() {
		found = found || (rt.Method == strings.ToUpper(in.Method) && rt.Path == path)
	}
	if !found {
		chk.Add("path", "error.not_found", nil)
	}
	if err := chk.Err(); err != nil {
		return nil, err
	}
	db := m.deps.DB.WithContext(c.Ctx())
	var err error
	if in.LogMode == "auto" {
		err = db.Where("method = ? AND path = ?", strings.ToUpper(in.Method), path).Delete(&APISetting{}).Error
	} else {
		err = db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&APISetting{Method: strings.ToUpper(in.Method), Path: path,
			LogMode: in.LogMode, UpdatedAt: time.Now().UTC()}).Error
	}
	if err != nil {
		return nil, err
	}
	return nil, m.deps.Feed.Publish(c.Ctx(), topicAPISettings, "")
}
