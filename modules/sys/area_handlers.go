package sys

import (
	"errors"
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) areaRoutes(g *api.Group) {
	h := labelAreaCode
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/area/children", Perm: "sys:area", Action: "query",
		Summary: "The direct children of an area (countries without parentCode)", Query: AreaChildrenQuery{}, Result: []AreaView{}}, h(m.areaChildren))
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/area/search", Perm: "sys:area", Action: "query",
		Summary: "Up to 50 areas whose name or code starts with the keyword, with their path", Query: AreaSearchQuery{}, Result: []AreaMatch{}}, h(m.areaSearch))
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/area/import/template", Perm: "sys:area", Action: "import", Raw: true,
		Summary: "The Excel template of an area import"}, h(m.areaImportTemplate))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/area/import", Perm: "sys:area", Action: "import", MaxBody: 8 << 20,
		Summary: "Import areas from CSV or Excel (existing codes are updated); nothing is written unless every row is valid", Result: api.ImportReport{}}, h(m.areaImport))
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/area/:code", Perm: "sys:area", Action: "get",
		Summary: "One area", Result: AreaView{}}, h(m.areaGet))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/area", Perm: "sys:area", Action: "add",
		Summary: "Add an area one level below its parent", Body: AreaInput{}, Result: AreaView{}}, h(m.areaCreate))
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/area/:code", Perm: "sys:area", Action: "edit",
		Summary: "Edit an area's name, sort and translated names", Body: AreaInput{}, Result: AreaView{}}, h(m.areaUpdate))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/area/:code", Perm: "sys:area", Action: "delete",
		Summary: "Delete an area without children that no organisation uses"}, h(m.areaDelete))
}

// labelAreaCode names an area's "code" field "Area code" in messages: the
// shared "field.code" label is the SMS verification code's.
func labelAreaCode(next api.HandlerFunc) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		res, err := next(c)
		return res, relabelAreaCode(c.Lang(), err)
	}
}

func relabelAreaCode(lang string, err error) error {
	var e *api.Error
	if !errors.As(err, &e) {
		return err
	}
	for i, f := range e.Fields {
		if f.Field != "code" {
			continue
		}
		data := map[string]any{"Field": api.FieldLabel(lang, "areaCode")}
		for k, v := range f.Data {
			data[k] = v
		}
		e.Fields[i].Data = data
	}
	return err
}

// AreaChildrenQuery names the parent whose children are listed.
type AreaChildrenQuery struct {
	ParentCode string `form:"parentCode" json:"parentCode"`
}

// AreaSearchQuery is the search text.
type AreaSearchQuery struct {
	Keyword string `form:"keyword" json:"keyword"`
}

func (m *Module) areaChildren(c *api.Ctx) (any, error) {
	var q AreaChildrenQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.AreaChildren(c.Ctx(), q.ParentCode, c.Lang())
}

func (m *Module) areaSearch(c *api.Ctx) (any, error) {
	var q AreaSearchQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.SearchAreas(c.Ctx(), q.Keyword, c.Lang())
}

func (m *Module) areaGet(c *api.Ctx) (any, error) {
	return m.Area(c.Ctx(), c.Param("code"), c.Lang())
}

func (m *Module) areaCreate(c *api.Ctx) (any, error) {
	var in AreaInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.CreateArea(c.Ctx(), in, c.Lang())
}

func (m *Module) areaUpdate(c *api.Ctx) (any, error) {
	var in AreaInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.UpdateArea(c.Ctx(), c.Param("code"), in, c.Lang())
}

func (m *Module) areaDelete(c *api.Ctx) (any, error) {
	return nil, m.DeleteArea(c.Ctx(), c.Param("code"))
}

// areaColumns are the columns of an import file, seed files included.
var areaColumns = []string{"code", "parentCode", "name", "level", "sort", "names"}

func (m *Module) areaImportTemplate(c *api.Ctx) (any, error) {
	header := make([]string, len(areaColumns))
	for i, col := range areaColumns {
		if col == "code" {
			col = "areaCode"
		}
		header[i] = api.FieldLabel(c.Lang(), col)
		if col == "areaCode" || col == "name" || col == "level" {
			header[i] += " *"
		}
	}
	examples := [][]any{
		{"330000", "CN", "浙江省", 2, 0, `{"en":"Zhejiang"}`},
		{"330100", "330000", "杭州市", 3, 0, `{"en":"Hangzhou"}`},
		{"330106", "330100", "西湖区", 4, 0, `{"en":"Xihu District"}`},
	}
	return api.SendSheet(c, "area-import-template.xlsx", "areas", header, examples)
}

func (m *Module) areaImport(c *api.Ctx) (any, error) {
	raw, err := api.ImportUpload(c, "upload.failed")
	if err != nil {
		return nil, err
	}
	lines, err := readAreaUpload(raw, c.Lang())
	if err != nil {
		return nil, err
	}
	return m.ImportAreas(c.Ctx(), c.Lang(), lines)
}
