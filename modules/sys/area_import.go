package sys

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/sheet"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// AreaLine is one data row of an import file with its line number.
type AreaLine struct {
	Line  int
	Cells []string
}

// areaImportColumns are areaColumns as the import header check names them
// (the code column is labelled "Area code" and also accepted as "code").
var (
	areaImportColumns  = []string{"areaCode|code", "parentCode", "name", "level", "sort", "names"}
	areaImportRequired = []string{"areaCode", "name", "level"}
)

// readAreaUpload reads an uploaded .xlsx file (by its zip signature) or
// UTF-8 CSV file: the header row must name the area columns (a localized
// error names the missing ones), and rows are counted as they stream, the
// file refused at the first row past the cap. Blank rows are skipped.
func readAreaUpload(raw []byte, lang string) ([]AreaLine, error) {
	var lines []AreaLine
	if bytes.HasPrefix(raw, []byte("PK\x03\x04")) {
		rows, err := api.ReadImportSheet(raw, lang, areaImportColumns, areaImportRequired...)
		if err != nil {
			return nil, err
		}
		lines = make([]AreaLine, len(rows))
		for i, r := range rows {
			lines[i] = AreaLine{Line: i + 2, Cells: r}
		}
		return lines, nil
	}
	accept := api.ImportHeaderNames(areaImportColumns, areaImportRequired...)
	err := streamAreaCSV(raw, func(header []string) error {
		if missing := sheet.MissingColumns(header, accept); len(missing) > 0 {
			return api.ImportHeaderError(lang, areaImportColumns, missing)
		}
		return nil
	}, func(l AreaLine) error {
		if len(lines) == sheet.MaxImportRows {
			return api.Business(api.CodeInvalid, "import.too_many", map[string]any{"Max": sheet.MaxImportRows})
		}
		lines = append(lines, l)
		return nil
	})
	var ae *api.Error
	switch {
	case errors.As(err, &ae):
		return nil, err
	case err != nil:
		return nil, api.Business(CodeUploadRefused, "import.not_table", nil)
	case len(lines) == 0:
		return nil, api.Business(api.CodeInvalid, "import.empty", nil)
	}
	return lines, nil
}

// readAreaCSV reads a seed file whole.
func readAreaCSV(raw []byte) ([]AreaLine, error) {
	var out []AreaLine
	err := streamAreaCSV(raw, func([]string) error { return nil }, func(l AreaLine) error { out = append(out, l); return nil })
	return out, err
}

// streamAreaCSV hands the header row to header and then each non-blank row
// to row, stopping at the first error either returns.
func streamAreaCSV(raw []byte, header func([]string) error, row func(AreaLine) error) error {
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")) // the mark Excel puts before UTF-8 CSV
	if !utf8.Valid(raw) {
		return errors.New("not UTF-8")
	}
	r := csv.NewReader(bytes.NewReader(raw))
	r.FieldsPerRecord = -1
	r.ReuseRecord = false
	for first := true; ; first = false {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			if first {
				return header(nil)
			}
			return nil
		}
		if err != nil {
			return err
		}
		if first {
			if err := header(rec); err != nil {
				return err
			}
			continue
		}
		line, _ := r.FieldPos(0)
		blank := true
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
			blank = blank && rec[i] == ""
		}
		if !blank {
			if err := row(AreaLine{Line: line, Cells: rec}); err != nil {
				return err
			}
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
