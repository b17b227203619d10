package codegen

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) generateRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/createFile/meta", Perm: permDefinition, Action: "query",
		Summary: "What the definition form offers: types, search modes, languages, dictionary types, saved entities",
		Result:  FormMeta{}}, m.formMeta)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/createFile/preview", Perm: permDefinition, Action: "query",
		Summary: "Every file a definition generates (nothing is written anywhere)", Body: Spec{}, Result: Generated{}}, m.preview)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/createFile/download", Perm: permDefinition, Action: "export", Raw: true,
		Summary: "The files a definition generates as a zip, built in memory", Body: Spec{}}, m.download)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/createFile/definition/:id/preview", Perm: permDefinition, Action: "get",
		Summary: "Every file a saved definition generates", Result: Generated{}}, m.previewSaved)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/createFile/definition/:id/download", Perm: permDefinition, Action: "export", Raw: true,
		Summary: "The files a saved definition generates as a zip"}, m.downloadSaved)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/createFile/tables", Perm: permDefinition, Action: "import",
		Summary: "Tables of the database a definition can start from", Result: []string{}}, m.tables)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/createFile/tables/:table/draft", Perm: permDefinition, Action: "import",
		Summary: "A definition drafted from a table's columns (information schema on MySQL, pragma on SQLite)",
		Query:   DraftQuery{}, Result: Spec{}}, m.draft)
}

func (m *Module) formMeta(c *api.Ctx) (any, error) {
	return m.Defs.Meta(c.Ctx())
}

func (m *Module) preview(c *api.Ctx) (any, error) {
	var s Spec
	if err := c.Bind(&s); err != nil {
		return nil, err
	}
	return m.Defs.Generate(c.Ctx(), s, 0)
}

func (m *Module) download(c *api.Ctx) (any, error) {
	var s Spec
	if err := c.Bind(&s); err != nil {
		return nil, err
	}
	g, err := m.Defs.Generate(c.Ctx(), s, 0)
	if err != nil {
		return nil, err
	}
	return nil, sendZip(c, s.Module+"-"+s.Entity+".zip", g)
}

func (m *Module) previewSaved(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	g, _, err := m.Defs.GenerateSaved(c.Ctx(), id)
	return g, err
}

func (m *Module) downloadSaved(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	g, s, err := m.Defs.GenerateSaved(c.Ctx(), id)
	if err != nil {
		return nil, err
	}
	return nil, sendZip(c, s.Module+"-"+s.Entity+".zip", g)
}

func (m *Module) tables(c *api.Ctx) (any, error) {
	return m.Defs.Tables(c.Ctx())
}

func (m *Module) draft(c *api.Ctx) (any, error) {
	var q DraftQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Defs.Draft(c.Ctx(), c.Param("table"), q)
}
