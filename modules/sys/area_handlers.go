package sys

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/sheet"
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
	data, err := sheet.Write("areas", header, examples)
	if err != nil {
		return nil, err
	}
	api.Attachment(c, "area-import-template.xlsx", sheet.ContentType, data)
	return nil, nil
}

func (m *Module) areaImport(c *api.Ctx) (any, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.no_file", nil)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.failed", nil)
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, 8<<20))
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "upload.failed", nil)
	}
	lines, err := readAreaTable(raw)
	if err != nil {
		return nil, api.Business(CodeUploadRefused, "import.not_table", nil)
	}
	if len(lines) == 0 {
		return nil, api.Business(api.CodeInvalid, "import.empty", nil)
	}
	if len(lines) > sheet.MaxImportRows {
		return nil, api.Business(api.CodeInvalid, "import.too_many", map[string]any{"Max": sheet.MaxImportRows})
	}
	return m.ImportAreas(c.Ctx(), c.Lang(), lines)
}

// AreaLine is one data row of an import file with its line number.
type AreaLine struct {
	Line  int
	Cells []string
}

// readAreaTable reads an .xlsx file (by its zip signature) or a UTF-8 CSV
// file, skipping the header row and blank rows.
func readAreaTable(raw []byte) ([]AreaLine, error) {
	if bytes.HasPrefix(raw, []byte("PK\x03\x04")) {
		_, rows, err := sheet.Read(bytes.NewReader(raw))
		if err != nil {
			return nil, err
		}
		out := make([]AreaLine, len(rows))
		for i, r := range rows {
			out[i] = AreaLine{Line: i + 2, Cells: r}
		}
		return out, nil
	}
	return readAreaCSV(raw)
}

func readAreaCSV(raw []byte) ([]AreaLine, error) {
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")) // the mark Excel puts before UTF-8 CSV
	if !utf8.Valid(raw) {
		return nil, errors.New("not UTF-8")
	}
	r := csv.NewReader(bytes.NewReader(raw))
	r.FieldsPerRecord = -1
	var out []AreaLine
	for first := true; ; first = false {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		if first {
			continue
		}
		line, _ := r.FieldPos(0)
		blank := true
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
			blank = blank && rec[i] == ""
		}
		if !blank {
			out = append(out, AreaLine{Line: line, Cells: rec})
		}
	}
}

// parseAreaLine checks the cells of one row on their own; the hierarchy is
// checked once every row is read.
func parseAreaLine(cells []string) (a Area, withNames bool, err error) {
	cell := func(i int) string {
		if i < len(cells) {
			return strings.TrimSpace(cells[i])
		}
		return ""
	}
	a.Code, a.ParentCode, a.Name = normAreaCode(cell(0)), normAreaCode(cell(1)), cell(2)
	var c api.Check
	if c.Required("code", a.Code) {
		checkAreaCode(&c, "code", a.Code)
	}
	if a.ParentCode != "" {
		checkAreaCode(&c, "parentCode", a.ParentCode)
	}
	if c.Required("name", a.Name) {
		c.MaxLen("name", a.Name, 128)
	}
	if v := cell(3); c.Required("level", v) {
		n, convErr := strconv.Atoi(v)
		if convErr != nil || n < int(AreaCountry) || n > int(AreaDistrict) {
			c.Add("level", "validation.one_of", map[string]any{"Allowed": "1, 2, 3, 4"})
		}
		a.Level = int8(n)
	}
	if v := cell(4); v != "" {
		n, convErr := strconv.Atoi(v)
		if convErr != nil {
			c.Add("sort", "validation.bad_value", nil)
		}
		a.Sort = n
	}
	if v := cell(5); v != "" {
		var names map[string]string
		if json.Unmarshal([]byte(v), &names) != nil {
			c.Add("names", "validation.bad_value", nil)
		} else {
			checkAreaNames(&c, names)
			a.Names, withNames = encodeAreaNames(names), true
		}
	}
	return a, withNames, c.Err()
}

type areaImportRow struct {
	line      int
	area      Area
	withNames bool
	bad       bool
}

// ImportAreas checks every row, then inserts new codes and updates existing
// ones in one transaction only when all rows are valid; otherwise it writes
// nothing and reports each bad row.
func (m *Module) ImportAreas(ctx context.Context, lang string, lines []AreaLine) (*api.ImportReport, error) {
	report := &api.ImportReport{Total: len(lines), Errors: []api.ImportError{}}
	fail := func(r *areaImportRow, err error) {
		r.bad = true
		report.Errors = append(report.Errors, api.RowError(lang, r.line, relabelAreaCode(lang, err))...)
	}
	rows := make([]*areaImportRow, len(lines))
	inFile := map[string]*areaImportRow{}
	unreadable := map[string]bool{} // codes of rows already reported
	var lookup []string
	for i, l := range lines {
		a, withNames, err := parseAreaLine(l.Cells)
		r := &areaImportRow{line: l.Line, area: a, withNames: withNames}
		rows[i] = r
		if err != nil {
			unreadable[a.Code] = true
			fail(r, err)
			continue
		}
		if prev, dup := inFile[a.Code]; dup {
			fail(r, api.Invalid("code", "import.duplicate_in_file", map[string]any{"Row": prev.line}))
			continue
		}
		inFile[a.Code] = r
		lookup = append(lookup, a.Code)
		if a.ParentCode != "" {
			lookup = append(lookup, a.ParentCode)
		}
	}
	db := m.areaDB(ctx)
	stored := map[string]Area{}
	for chunk := range slices.Chunk(lookup, 500) {
		var found []Area
		if err := db.Select("code", "parent_code", "level").Where("code IN ?", chunk).Find(&found).Error; err != nil {
			return nil, err
		}
		for _, a := range found {
			stored[a.Code] = a
		}
	}
	var relevelled []string
	for _, r := range rows {
		if r.bad {
			continue
		}
		a := r.area
		if a.ParentCode == "" {
			if a.Level != AreaCountry {
				fail(r, api.Invalid("parentCode", "validation.required", nil))
			}
			continue
		}
		var parentLevel int8
		if p, ok := inFile[a.ParentCode]; ok {
			parentLevel = p.area.Level
		} else if unreadable[a.ParentCode] {
			continue
		} else if p, ok := stored[a.ParentCode]; ok {
			parentLevel = p.Level
		} else {
			fail(r, api.Invalid("parentCode", "area.bad_parent", map[string]any{"Code": a.ParentCode}))
			continue
		}
		switch want := parentLevel + 1; {
		case want > AreaDistrict:
			fail(r, api.Invalid("parentCode", "area.too_deep", nil))
		case a.Level != want:
			fail(r, api.Invalid("level", "area.bad_level", map[string]any{"Level": want}))
		}
		if old, ok := stored[a.Code]; ok && !r.bad && old.Level != a.Level {
			relevelled = append(relevelled, a.Code)
		}
	}
	// A stored area whose level changes would strand children the file does not move along.
	for chunk := range slices.Chunk(relevelled, 500) {
		var children []Area
		if err := db.Select("code", "parent_code").Where("parent_code IN ?", chunk).Find(&children).Error; err != nil {
			return nil, err
		}
		for _, child := range children {
			if _, moved := inFile[child.Code]; !moved && !inFile[child.ParentCode].bad {
				fail(inFile[child.ParentCode], api.Invalid("level", "area.has_children", nil))
			}
		}
	}
	if len(report.Errors) > 0 {
		slices.SortStableFunc(report.Errors, func(a, b api.ImportError) int { return a.Row - b.Row })
		return report, nil
	}
	var withNames, withoutNames []Area
	for _, r := range rows {
		if r.withNames {
			withNames = append(withNames, r.area)
		} else {
			withoutNames = append(withoutNames, r.area)
		}
	}
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := upsertAreas(tx, withNames, "names"); err != nil {
			return err
		}
		// A row without translations keeps the ones the area has.
		return upsertAreas(tx, withoutNames)
	})
	if err != nil {
		return nil, err
	}
	report.Imported = len(rows)
	return report, nil
}

func upsertAreas(tx *gorm.DB, areas []Area, extra ...string) error {
	if len(areas) == 0 {
		return nil
	}
	now := time.Now()
	for i := range areas {
		areas[i].CreatedAt, areas[i].UpdatedAt = now, now
	}
	cols := append([]string{"parent_code", "name", "level", "sort", "updated_at"}, extra...)
	return tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "code"}}, DoUpdates: clause.AssignmentColumns(cols)}).
		CreateInBatches(areas, 200).Error
}
