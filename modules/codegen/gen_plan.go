package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/scaled"
)

// plan is a validated definition worked out into everything the templates
// print: names, types, tags, rule bounds and messages. Building it is the
// only place decisions are made; the templates only print.
type plan struct {
	Spec      *Spec
	Pkg       string // Go package and module name: inventory
	Entity    string // supplier
	Type      string // Supplier
	Table     string
	Perm      string // inventory:supplier
	APIBase   string // /merchant/inventory/supplier (below /api)
	MenuGroup string // /inventory
	MenuURL   string // /inventory/supplier
	Key       string // message key prefix: inventory.supplier
	PageDir   string // console/src/pages/<PageDir>

	Fields   []*fieldPlan
	Form     []*fieldPlan
	Searched []*fieldPlan
	Refs     []*fieldPlan // reference fields
	Label    *fieldPlan   // shown when other entities refer to a row (nil = id)

	DefaultOrder string // ORDER BY of the list, from a fixed column list
	Sorts        []*fieldPlan

	HasMoney, HasDecimal, HasEnum, HasUpload, HasRef, HasUnique bool
	HasDate, HasTime, HasPrefix                                 bool

	Messages []message // server and console messages, every language
	UI       []message // console-only texts
	Test     testPlan
}

// fieldPlan is one field worked out.
type fieldPlan struct {
	*Field
	N        int
	Go       string // UnitPrice
	Col      string // unit_price
	Label    string // English label (comments, test names)
	Model    string // Go type in the model
	In       string // Go type in the form
	View     string // Go type in the view
	Tag      string // gorm tag
	Opt      bool   // optional number or reference: a pointer, NULL when empty
	Size     int    // column size of a string kind
	MaxRunes int    // string, text
	Key      string // message key prefix: inventory.supplier.unitPrice
	TS       string // TypeScript type of the view property
	TSIn     string // TypeScript type of the form property
	UkName   string // unique index (merchant_id, column)
	IdxName  string // search index (merchant_id, column)

	// Numeric bounds in the field's unit (money minor units, decimal scaled).
	Lo, Hi       int64
	HasLo, HasHi bool
	RangeKey     string // the message the range check answers

	Ref *refPlan

	Good string   // the example value (Go literal for the test)
	Bad  []badVal // refused values, each with the message it gets
}

// refPlan is what a reference field needs of the entity it refers to.
type refPlan struct {
	Self      bool
	Target    *Spec
	Struct    string // the mirror type the field reads rows through: groupRef
	Table     string
	LabelCol  string // "" = the id stands for the row
	LabelGo   string
	APIBase   string // the target's list path (below /api)
	TargetPkg string
	Body      []bodyVal // a valid form of the target, for the generated test
}

// bodyVal is one property of a form the generated test sends.
type bodyVal struct {
	Name string
	Lit  string // Go literal
	Dict string // enum: read the dictionary's first entry when the test runs
}

// badVal is a value a rule refuses and the English message it answers.
type badVal struct {
	Lit  string // Go literal of the JSON value ("nil" = the property left out)
	Rule string
	Msg  string
}

// message is one key in every language, in i18n.Languages order.
type message struct {
	Key  string
	Text []string
}

// testPlan is what the generated test needs beyond the fields.
type testPlan struct {
	Body       []bodyVal // a valid form (enums and references filled in when the test runs)
	EditField  *fieldPlan
	EditLit    string
	UniqueDup  *fieldPlan // a unique field: a second identical form is refused on it
	ZhRequired *fieldPlan // a required field whose Chinese message the test checks
}

// resolved is what the definition's references and dictionaries read from
// the database before generating.
type resolved struct {
	Refs map[string]*Spec // "<module>.<entity>" → saved definition
}

// Number limits the generated checks apply when a field sets none.
const (
	defaultLo = -(maxMagnitude - 1)
	defaultHi = maxMagnitude - 1
)

// buildPlan works out a definition that validateSpec accepted.
func buildPlan(s *Spec, res resolved) (*plan, error) {
	p := &plan{
		Spec: s, Pkg: s.Module, Entity: s.Entity, Type: exported(s.Entity), Table: s.Table,
		Perm: s.Module + ":" + s.Entity, APIBase: "/merchant/" + s.Module + "/" + s.Entity,
		MenuGroup: "/" + s.Module, MenuURL: "/" + s.Module + "/" + s.Entity, Key: s.Module + "." + s.Entity,
		PageDir: exported(s.Module) + "/" + exported(s.Entity),
	}
	for i := range s.Fields {
		fp, err := p.field(&s.Fields[i], i+1, res)
		if err != nil {
			return nil, err
		}
		p.Fields = append(p.Fields, fp)
	}
	p.Label = p.labelField(s)
	p.DefaultOrder = "id DESC"
	if f := p.byName(s.SortField); f != nil {
		p.DefaultOrder = f.Col + map[bool]string{true: " DESC", false: " ASC"}[s.SortDesc] + ", id DESC"
	}
	for _, f := range p.Fields {
		if f.Form {
			p.Form = append(p.Form, f)
		}
		if f.List {
			if sortable(f.Field) {
				p.Sorts = append(p.Sorts, f)
			}
		}
		if f.Search {
			p.Searched = append(p.Searched, f)
		}
		p.HasMoney = p.HasMoney || f.Type == TypeMoney
		p.HasDecimal = p.HasDecimal || f.Type == TypeDecimal
		p.HasEnum = p.HasEnum || f.Type == TypeEnum
		p.HasUpload = p.HasUpload || f.Type == TypeImage || f.Type == TypeFile
		p.HasUnique = p.HasUnique || f.Unique
		p.HasDate = p.HasDate || f.Type == TypeDate
		p.HasTime = p.HasTime || f.Type == TypeTime
		p.HasPrefix = p.HasPrefix || f.SearchMode == SearchPrefix
		if f.Type == TypeReference {
			p.HasRef = true
			p.Refs = append(p.Refs, f)
		}
	}
	p.messages()
	p.testPlan()
	return p, nil
}

func (p *plan) byName(name string) *fieldPlan {
	for _, f := range p.Fields {
		if f.Name == name && name != "" {
			return f
		}
	}
	return nil
}

// labelField is the field that names a row for other entities: the chosen
// one, else the first required string.
func (p *plan) labelField(s *Spec) *fieldPlan {
	if f := p.byName(s.LabelField); f != nil {
		return f
	}
	for _, f := range p.Fields {
		if f.Type == TypeString && f.Required {
			return f
		}
	}
	return nil
}

// field works out one field.
func (p *plan) field(f *Field, n int, res resolved) (*fieldPlan, error) {
	fp := &fieldPlan{Field: f, N: n, Go: exported(f.Name), Col: columnName(f.Name), Label: f.Labels.In("en"),
		Key: p.Key + "." + f.Name}
	col := "column:" + fp.Col
	notNull := col + ";not null"
	switch f.Type {
	case TypeString:
		fp.MaxRunes = maxLen(f)
		fp.Size = fp.MaxRunes
		fp.Model, fp.In, fp.View, fp.TS = "string", "string", "string", "string"
		fp.Tag = fmt.Sprintf("%s;size:%d;not null", col, fp.Size)
	case TypeText:
		fp.MaxRunes = maxLen(f)
		fp.Model, fp.In, fp.View, fp.TS = "string", "string", "string", "string"
		fp.Tag = col + ";type:text;not null"
	case TypeInteger, TypeMoney, TypeDecimal:
		fp.Opt = !f.Required
		fp.Model, fp.In, fp.View, fp.TS = "int64", "*int64", "int64", "number"
		if f.Type == TypeDecimal {
			fp.In, fp.View, fp.TS = "string", "string", "string"
		}
		fp.Tag = notNull
		if fp.Opt {
			fp.Model, fp.Tag = "*int64", col
			if f.Type != TypeDecimal {
				fp.View, fp.TS = "*int64", "number | null"
			}
		}
		fp.bounds()
	case TypeBoolean:
		fp.Model, fp.In, fp.View, fp.TS = "bool", "bool", "bool", "boolean"
		fp.Tag = notNull
	case TypeDate, TypeTime:
		fp.Size = 10
		fp.Model, fp.In, fp.View, fp.TS = "string", "string", "string", "string"
		fp.Tag = fmt.Sprintf("%s;size:%d;not null", col, fp.Size)
	case TypeEnum:
		fp.Size = 128
		fp.Model, fp.In, fp.View, fp.TS = "string", "string", "string", "string"
		fp.Tag = fmt.Sprintf("%s;size:%d;not null", col, fp.Size)
	case TypeImage, TypeFile:
		fp.Size = 512
		fp.Model, fp.In, fp.View, fp.TS = "string", "string", "string", "string"
		fp.Tag = fmt.Sprintf("%s;size:%d;not null", col, fp.Size)
	case TypeReference:
		fp.Opt = !f.Required
		fp.Model, fp.In, fp.View, fp.TS = "uint64", "*uint64", "uint64", "number"
		fp.Tag = notNull + ";index"
		if fp.Opt {
			fp.Model, fp.View, fp.TS, fp.Tag = "*uint64", "*uint64", "number | null", col+";index"
		}
		ref, err := p.ref(fp, res)
		if err != nil {
			return nil, err
		}
		fp.Ref = ref
	}
	fp.TSIn = fp.TS
	if fp.TS == "number" {
		fp.TSIn = "number | null" // an empty input; the rules name it
	}
	fp.UkName, fp.IdxName = indexName("uk", p.Table, fp), indexName("idx", p.Table, fp)
	if f.Unique {
		fp.Tag = strings.Replace(fp.Tag, ";not null", fmt.Sprintf(";not null;uniqueIndex:%s,priority:2", fp.UkName), 1)
	}
	if fp.Indexed() {
		fp.Tag += fmt.Sprintf(";index:%s,priority:2", fp.IdxName)
	}
	return fp, nil
}

// indexName names an index of the field within MySQL's 64 characters.
func indexName(kind, table string, fp *fieldPlan) string {
	if name := kind + "_" + table + "_" + fp.Col; len(name) <= 64 {
		return name
	}
	return fmt.Sprintf("%s_%s_f%d", kind, table, fp.N)
}

// Indexed reports a searched field with an index led by merchant_id (a
// reference has its own index; text is not indexed).
func (fp *fieldPlan) Indexed() bool {
	return fp.Search && fp.Type != TypeReference && fp.Type != TypeText
}

// bounds works out a number's limits in its unit and the message that states them.
func (fp *fieldPlan) bounds() {
	fp.Lo, _ = parseBound(fp.Field, fp.Min)
	fp.Hi, _ = parseBound(fp.Field, fp.Max)
	fp.HasLo, fp.HasHi = fp.Min != "", fp.Max != ""
	if !fp.HasLo {
		fp.Lo = defaultLo
	}
	if !fp.HasHi {
		fp.Hi = defaultHi
	}
	switch {
	case fp.Type == TypeMoney || !fp.HasLo && !fp.HasHi:
		fp.RangeKey = "codegen.msg.out_of_range"
	case fp.HasLo && fp.HasHi:
		fp.RangeKey = "codegen.msg.between"
	case fp.HasLo:
		fp.RangeKey = "codegen.msg.at_least"
	default:
		fp.RangeKey = "codegen.msg.at_most"
	}
}

// number prints a bound in the field's unit as people read it.
func (fp *fieldPlan) number(n int64) string {
	if fp.Type == TypeDecimal {
		return scaled.Format(n, fp.Scale)
	}
	return strconv.FormatInt(n, 10)
}

// ref works out a reference field's target.
func (p *plan) ref(fp *fieldPlan, res resolved) (*refPlan, error) {
	if fp.Field.Ref == RefSelf {
		r := &refPlan{Self: true, Target: p.Spec, Struct: p.Type, Table: p.Table, APIBase: p.APIBase, TargetPkg: p.Pkg}
		if lf := p.labelField(p.Spec); lf != nil {
			r.LabelCol, r.LabelGo = lf.Col, lf.Go
		}
		return r, nil
	}
	t := res.Refs[fp.Field.Ref]
	if t == nil {
		return nil, fmt.Errorf("codegen: reference %s not resolved", fp.Field.Ref)
	}
	r := &refPlan{Target: t, Struct: fp.Name + "Ref", Table: t.Table, APIBase: "/merchant/" + t.Module + "/" + t.Entity, TargetPkg: t.Module}
	for i := range t.Fields {
		tf := &t.Fields[i]
		if tf.Name == t.LabelField || (t.LabelField == "" && r.LabelCol == "" && tf.Type == TypeString && tf.Required) {
			r.LabelCol, r.LabelGo = columnName(tf.Name), exported(tf.Name)
		}
		if !tf.Form {
			continue
		}
		switch tf.Type {
		case TypeEnum:
			r.Body = append(r.Body, bodyVal{Name: tf.Name, Dict: tf.Dict})
		case TypeReference:
			// optional (resolveRefs refuses targets with required references): left out
		default:
			v, _ := derivedExample(tf)
			r.Body = append(r.Body, bodyVal{Name: tf.Name, Lit: jsonLit(tf, v)})
		}
	}
	return r, nil
}

// jsonLit is the Go literal of a field's value in a map[string]any body.
func jsonLit(f *Field, v string) string {
	switch f.Type {
	case TypeInteger, TypeMoney:
		n, _ := strconv.ParseInt(v, 10, 64)
		return "int64(" + strconv.FormatInt(n, 10) + ")"
	case TypeDecimal:
		n, _ := parseDecimal(v, f.Scale)
		return strconv.Quote(scaled.Format(n, f.Scale))
	case TypeBoolean:
		return v
	}
	return strconv.Quote(v)
}

// messages renders every message of the generated code in every language:
// the product's own validation templates filled with the field's label in
// that language, under keys that only this module uses.
func (p *plan) messages() {
	entity := p.Spec.Labels
	group := p.Spec.ModuleLabels
	if len(group) == 0 {
		group = entity
	}
	add := func(list *[]message, key, tmpl string, data func(lang string) map[string]any) {
		m := message{Key: key}
		for _, l := range i18n.Languages {
			m.Text = append(m.Text, i18n.T(l.Tag, tmpl, data(l.Tag)))
		}
		*list = append(*list, m)
	}
	text := func(l Labels) func(string) map[string]any {
		return func(lang string) map[string]any { return map[string]any{"Text": l.In(lang)} }
	}
	add(&p.Messages, "menu."+p.Pkg, "codegen.msg.text", text(group))
	add(&p.Messages, "menu."+p.Pkg+"."+p.Entity, "codegen.msg.text", text(entity))
	add(&p.Messages, p.Key+".merchant_only", "codegen.msg.merchant_only", func(lang string) map[string]any {
		return map[string]any{"Entity": entity.In(lang)}
	})
	for _, f := range p.Fields {
		f := f
		field := func(extra map[string]any) func(string) map[string]any {
			return func(lang string) map[string]any {
				d := map[string]any{"Field": f.Labels.In(lang)}
				for k, v := range extra {
					d[k] = v
				}
				return d
			}
		}
		add(&p.Messages, f.Key+".label", "codegen.msg.text", text(f.Labels))
		for _, r := range f.rules() {
			add(&p.Messages, f.Key+"."+r.name, r.tmpl, field(r.data))
		}
	}
	for _, w := range []string{"add", "edit", "delete", "delete_confirm", "actions", "yes", "no", "upload", "updated_at"} {
		add(&p.UI, p.Key+".ui."+w, "codegen.ui."+w, func(string) map[string]any { return nil })
	}
}

// rule is one check of a field with the template of its message.
type rule struct {
	name, tmpl string
	data       map[string]any
}

// rules lists the checks the generated code applies to a field, in order.
func (fp *fieldPlan) rules() []rule {
	var out []rule
	if fp.Required {
		tmpl := "validation.required"
		if fp.Type == TypeEnum || fp.Type == TypeReference {
			tmpl = "validation.must_select"
		}
		out = append(out, rule{"required", tmpl, nil})
	}
	switch fp.Type {
	case TypeString, TypeText:
		if fp.MinLength > 1 {
			out = append(out, rule{"min_len", "validation.min_len", map[string]any{"Min": fp.MinLength}})
		}
		out = append(out, rule{"max_len", "validation.max_len", map[string]any{"Max": fp.MaxRunes}})
		if fp.Pattern != "" {
			out = append(out, rule{"pattern", "validation.bad_value", nil})
		}
	case TypeInteger, TypeMoney, TypeDecimal:
		if fp.Type == TypeDecimal {
			out = append(out, rule{"decimal", "codegen.msg.decimal", map[string]any{"Scale": fp.Scale}})
		}
		if fp.Type != TypeDecimal || fp.HasLo || fp.HasHi {
			out = append(out, rule{"range", fp.RangeKey, map[string]any{"Min": fp.number(fp.Lo), "Max": fp.number(fp.Hi)}})
		}
	case TypeDate:
		out = append(out, rule{"date", "codegen.msg.date", nil})
	case TypeTime:
		out = append(out, rule{"time", "codegen.msg.time", nil})
	case TypeEnum:
		out = append(out, rule{"not_listed", "codegen.msg.not_listed", nil})
	case TypeImage, TypeFile:
		out = append(out, rule{"upload", "codegen.msg.upload", nil})
	case TypeReference:
		out = append(out, rule{"missing", "codegen.msg.ref_missing", nil})
	}
	if fp.Unique {
		out = append(out, rule{"taken", "validation.taken", nil})
	}
	return out
}

// msg answers the English text of one of the field's messages.
func (p *plan) msg(f *fieldPlan, name string) string {
	for _, m := range p.Messages {
		if m.Key == f.Key+"."+name {
			return m.Text[0]
		}
	}
	return ""
}

// testPlan works out the values of the generated test.
func (p *plan) testPlan() {
	t := &p.Test
	for _, f := range p.Form {
		switch f.Type {
		case TypeEnum:
			t.Body = append(t.Body, bodyVal{Name: f.Name, Dict: f.Dict})
		case TypeReference:
			// filled in when the test runs, from a row it creates first
		default:
			v, _ := derivedExample(f.Field)
			f.Good = jsonLit(f.Field, v)
			t.Body = append(t.Body, bodyVal{Name: f.Name, Lit: f.Good})
			if alt := alternate(f.Field, v); alt != "" && t.EditField == nil {
				t.EditField, t.EditLit = f, jsonLit(f.Field, alt)
			}
		}
		if f.Unique && t.UniqueDup == nil {
			t.UniqueDup = f
		}
		if f.Required && t.ZhRequired == nil {
			t.ZhRequired = f
		}
		f.Bad = p.badValues(f)
	}
}

// badValues lists, for each rule of a form field, a value it refuses.
func (p *plan) badValues(f *fieldPlan) []badVal {
	var out []badVal
	add := func(lit, rule string) {
		out = append(out, badVal{Lit: lit, Rule: rule, Msg: p.msg(f, rule)})
	}
	if f.Required {
		add("nil", "required")
	}
	switch f.Type {
	case TypeString, TypeText:
		if f.MinLength > 1 {
			add(strconv.Quote(strings.Repeat("x", f.MinLength-1)), "min_len")
		}
		add(strconv.Quote(strings.Repeat("x", f.MaxRunes+1)), "max_len")
		if f.Pattern != "" {
			if miss := patternMiss(f.Field); miss != "" {
				add(strconv.Quote(miss), "pattern")
			}
		}
	case TypeInteger, TypeMoney:
		if f.HasLo {
			add("int64("+strconv.FormatInt(f.Lo-1, 10)+")", "range")
		}
		add("int64("+strconv.FormatInt(f.Hi+1, 10)+")", "range")
	case TypeDecimal:
		add(strconv.Quote("1."+strings.Repeat("5", f.Scale+1)), "decimal")
		add(strconv.Quote("ten"), "decimal")
		if f.HasLo {
			add(strconv.Quote(scaled.Format(f.Lo-1, f.Scale)), "range")
		}
		if f.HasHi {
			add(strconv.Quote(scaled.Format(f.Hi+1, f.Scale)), "range")
		}
	case TypeDate:
		add(strconv.Quote("2026-02-30"), "date")
		add(strconv.Quote("15/01/2026"), "date")
	case TypeTime:
		add(strconv.Quote("25:00:00"), "time")
	case TypeEnum:
		add(strconv.Quote("no-such-entry"), "not_listed")
	case TypeImage, TypeFile:
		add(strconv.Quote("javascript:alert(1)"), "upload")
		add(strconv.Quote("/uploads/../../etc/passwd"), "upload")
	case TypeReference:
		add("uint64(987654321)", "missing")
	}
	return out
}
