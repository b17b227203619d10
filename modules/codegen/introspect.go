package codegen

import (
	"context"
	"database/sql"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/sys"
)

// FormMeta is what the definition form offers.
type FormMeta struct {
	Types       []string           `json:"types" enum:"string,text,integer,money,decimal,boolean,date,time,enum,image,file,reference"`
	SearchModes []string           `json:"searchModes" enum:"exact,prefix,range"`
	Languages   []Language         `json:"languages"`
	Dicts       []sys.DictTypeInfo `json:"dicts"`
	Entities    []string           `json:"entities"` // saved definitions a reference can name ("<module>.<entity>")
	Limits      map[string]int     `json:"limits"`
}

// Language is one language a label can be given in.
type Language struct {
	Tag  string `json:"tag"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// Meta answers the form's choices.
func (d *Definitions) Meta(ctx context.Context) (*FormMeta, error) {
	dicts, err := d.dicts.Types(ctx)
	if err != nil {
		return nil, err
	}
	var keys []string
	var rows []Definition
	if err := d.db.WithContext(ctx).Select("module", "entity").Order("module, entity").Limit(1000).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, r := range rows {
		keys = append(keys, r.Module+"."+r.Entity)
	}
	m := &FormMeta{Types: Types, SearchModes: []string{SearchExact, SearchPrefix, SearchRange}, Dicts: dicts, Entities: keys,
		Limits: map[string]int{"fields": maxFields, "label": maxLabelLen, "string": maxStringLen, "text": maxTextLen,
			"scale": maxScale, "module": maxModuleLen, "entity": maxEntityLen, "table": maxTableLen, "field": maxFieldLen}}
	if m.Entities == nil {
		m.Entities = []string{}
	}
	for _, l := range i18n.Languages {
		m.Languages = append(m.Languages, Language{Tag: l.Tag, Code: l.Code, Name: l.Name})
	}
	return m, nil
}

// Tables lists the tables of the database, by name.
func (d *Definitions) Tables(ctx context.Context) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' ESCAPE '!' ORDER BY name`
	if dbx.DialectOf(d.db) == dbx.MySQL {
		q = `SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME`
	}
	var names []string
	if err := d.db.WithContext(ctx).Raw(q).Scan(&names).Error; err != nil {
		return nil, err
	}
	if names == nil {
		names = []string{}
	}
	return names, nil
}

// DraftQuery names the module and entity a drafted definition gets.
type DraftQuery struct {
	Module string `form:"module" json:"module"`
	Entity string `form:"entity" json:"entity"`
}

// column is one column of a table as the database describes it.
type column struct {
	Name     string
	Type     string // lower case, e.g. varchar(64), decimal(10,2), bigint
	Size     int64  // character length of a string column (0 when unknown)
	Scale    int64
	Nullable bool
	Unique   bool
}

// columns the generated code adds to every table itself.
var ownColumns = map[string]bool{"id": true, "merchant_id": true, "venue_id": true, "created_at": true, "updated_at": true, "deleted_at": true}

// Draft reads a table's columns and answers a definition to start from: a
// field per column with the closest type, English labels from the names.
// The names are kept as they are; the rules refuse the ones that are
// reserved words when the draft is previewed or saved.
func (d *Definitions) Draft(ctx context.Context, table string, q DraftQuery) (*Spec, error) {
	names, err := d.Tables(ctx)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(names, table) {
		return nil, api.NotFound()
	}
	cols, err := d.columns(ctx, table)
	if err != nil {
		return nil, err
	}
	s := &Spec{Module: strings.TrimSpace(q.Module), Entity: strings.TrimSpace(q.Entity), Labels: Labels{}}
	if s.Module == "" {
		s.Module = moduleFrom(table)
	}
	if s.Entity == "" {
		s.Entity = camel(strings.TrimPrefix(strings.TrimPrefix(table, s.Module), "_"))
	}
	s.Table = s.Module + "_" + columnName(s.Entity) + "s"
	s.Labels["en"] = humanize(columnName(s.Entity))
	for _, c := range cols {
		if ownColumns[c.Name] || len(s.Fields) == maxFields {
			continue
		}
		f := fieldFrom(c)
		if len(s.Fields) < 8 {
			f.List = true
		}
		s.Fields = append(s.Fields, f)
	}
	return s, nil
}

// columns describes a table through the information schema (MySQL) or its
// pragma (SQLite); the table name is always a bound parameter.
func (d *Definitions) columns(ctx context.Context, table string) ([]column, error) {
	db := d.db.WithContext(ctx)
	var out []column
	if dbx.DialectOf(d.db) == dbx.MySQL {
		var rows []struct {
			ColumnName             string
			ColumnType             string
			CharacterMaximumLength sql.NullInt64
			NumericScale           sql.NullInt64
			IsNullable             string
		}
		err := db.Raw(`SELECT COLUMN_NAME AS column_name, COLUMN_TYPE AS column_type, CHARACTER_MAXIMUM_LENGTH AS character_maximum_length,
			NUMERIC_SCALE AS numeric_scale, IS_NULLABLE AS is_nullable
			FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`, table).Scan(&rows).Error
		if err != nil {
			return nil, err
		}
		var idx []struct {
			IndexName  string
			ColumnName string
			NonUnique  int
		}
		err = db.Raw(`SELECT INDEX_NAME AS index_name, COLUMN_NAME AS column_name, NON_UNIQUE AS non_unique
			FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY INDEX_NAME, SEQ_IN_INDEX`, table).Scan(&idx).Error
		if err != nil {
			return nil, err
		}
		unique := map[string][]string{}
		for _, i := range idx {
			if i.NonUnique == 0 && i.IndexName != "PRIMARY" {
				unique[i.IndexName] = append(unique[i.IndexName], i.ColumnName)
			}
		}
		for _, r := range rows {
			out = append(out, column{Name: r.ColumnName, Type: strings.ToLower(r.ColumnType), Size: r.CharacterMaximumLength.Int64,
				Scale: r.NumericScale.Int64, Nullable: r.IsNullable == "YES", Unique: uniqueCol(unique, r.ColumnName)})
		}
		return out, nil
	}
	var rows []struct {
		Name    string
		Type    string
		NotNull int
	}
	if err := db.Raw(`SELECT name, type, "notnull" AS not_null FROM pragma_table_info(?) ORDER BY cid`, table).Scan(&rows).Error; err != nil {
		return nil, err
	}
	var indexes []struct{ Name string }
	if err := db.Raw(`SELECT name FROM pragma_index_list(?) WHERE "unique" = 1 AND origin <> 'pk'`, table).Scan(&indexes).Error; err != nil {
		return nil, err
	}
	unique := map[string][]string{}
	for _, ix := range indexes {
		var cols []string
		if err := db.Raw(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`, ix.Name).Scan(&cols).Error; err != nil {
			return nil, err
		}
		unique[ix.Name] = cols
	}
	for _, r := range rows {
		t := strings.ToLower(r.Type)
		c := column{Name: r.Name, Type: t, Nullable: r.NotNull == 0, Unique: uniqueCol(unique, r.Name)}
		if m := sizeRe.FindStringSubmatch(t); m != nil {
			c.Size, _ = strconv.ParseInt(m[1], 10, 64)
			if m[2] != "" {
				c.Scale, _ = strconv.ParseInt(m[2], 10, 64)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

var sizeRe = regexp.MustCompile(`\((\d+)(?:\s*,\s*(\d+))?\)`)

// uniqueCol reports a column unique on its own or within a merchant.
func uniqueCol(indexes map[string][]string, col string) bool {
	for _, cols := range indexes {
		if (len(cols) == 1 && cols[0] == col) || (len(cols) == 2 && cols[0] == "merchant_id" && cols[1] == col) {
			return true
		}
	}
	return false
}

// fieldFrom maps a column to the closest field type.
func fieldFrom(c column) Field {
	f := Field{Name: camel(c.Name), Labels: Labels{"en": humanize(c.Name)}, Form: true, Required: !c.Nullable}
	t := c.Type
	base := t
	if i := strings.IndexAny(base, "( "); i >= 0 {
		base = base[:i]
	}
	switch {
	// SQLite keeps booleans as NUMERIC (no precision) and strings as TEXT of no
	// length: such a TEXT reads as a string, the usual case; the user switches
	// long ones to text.
	case t == "tinyint(1)" || base == "bool" || base == "boolean" || base == "bit" || t == "numeric":
		f.Type = TypeBoolean
	case base == "text" && c.Size == 0:
		f.Type = TypeString
	case base == "date":
		f.Type = TypeDate
	case base == "time":
		f.Type = TypeTime
	case base == "datetime" || base == "timestamp":
		f.Type = TypeDate // the closest type a definition has; the time of day is not kept
	case strings.Contains(base, "int"):
		f.Type = TypeInteger
	case base == "decimal" || base == "numeric" || base == "float" || base == "double" || base == "real":
		f.Type = TypeDecimal
		f.Scale = int(min(max(c.Scale, 0), maxScale))
		if base != "decimal" && base != "numeric" {
			f.Scale = 4
		}
	case (base == "varchar" || base == "char" || base == "nvarchar" || base == "character") && c.Size > 0 && c.Size <= maxStringLen:
		f.Type = TypeString
		f.MaxLength = int(c.Size)
	default:
		f.Type = TypeText
		if c.Size > 0 && c.Size <= maxTextLen {
			f.MaxLength = int(c.Size)
		}
	}
	if f.Type == TypeBoolean {
		f.Required = false
	}
	f.Unique = c.Unique && f.Required && f.Type != TypeText && f.Type != TypeBoolean
	return f
}

// moduleFrom guesses a module from a table name: its first segment.
func moduleFrom(table string) string {
	first, _, _ := strings.Cut(table, "_")
	var b strings.Builder
	for _, r := range strings.ToLower(first) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// camel turns a snake_case name into lowerCamel: unit_price → unitPrice.
func camel(s string) string {
	var b strings.Builder
	up := false
	for i, r := range s {
		switch {
		case r == '_' || r == '-' || r == ' ':
			up = b.Len() > 0
		case up:
			b.WriteRune(unicode.ToUpper(r))
			up = false
		case i == 0:
			b.WriteRune(unicode.ToLower(r))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// humanize turns a snake_case name into an English label: unit_price → Unit price.
func humanize(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "_", " "))
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
