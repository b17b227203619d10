package codegen

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

// Limits of a definition: everything a user types is bounded.
const (
	maxModuleLen  = 20
	maxEntityLen  = 30
	maxTableLen   = 48
	maxFieldLen   = 30
	maxFields     = 60
	maxLabelLen   = 64
	maxPatternLen = 200
	maxExampleLen = 500
	maxDictLen    = 64
	maxStringLen  = 500    // longest string field (a varchar column)
	maxTextLen    = 16_000 // longest text field (fits a TEXT column in utf8mb4)
	defStringLen  = 255
	defTextLen    = 4000
	maxScale      = 6
	maxRowBytes   = 48_000 // varchar bytes of one row (utf8mb4), below MySQL's 65,535
	// Numbers stay within ±10^15 so that a scaled decimal and JavaScript's
	// safe integers both hold them exactly.
	maxMagnitude = 1_000_000_000_000_000
)

var (
	moduleRe = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	entityRe = regexp.MustCompile(`^[a-z][a-zA-Z0-9]*$`)
	tableRe  = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	dictRe   = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
)

// checker collects the problems of one definition, each naming its field.
type checker struct{ api.Check }

func (c *checker) add(field, key string, data map[string]any) { c.Add(field, key, data) }

// shown renders a name typed by someone for a message: quoted, control
// characters escaped, cut short.
func shown(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40]) + "…"
	}
	q := strconv.QuoteToGraphic(s)
	return q[1 : len(q)-1]
}

// validateSpec checks everything about a definition that needs no database:
// names are identifiers (no path separators, no reserved words, no
// duplicates), types and rules fit together, labels are bounded.
func validateSpec(s *Spec) error {
	s.normalize()
	var c checker
	c.name("module", s.Module, moduleRe, maxModuleLen, "codegen.module", nil)
	if !c.Failed("module") && takenModules[s.Module] {
		c.add("module", "codegen.module.taken", map[string]any{"Name": s.Module})
	}
	c.name("entity", s.Entity, entityRe, maxEntityLen, "codegen.entity", nil)
	if !c.Failed("entity") && (s.Entity == "module" || s.Entity == "service") {
		c.add("entity", "codegen.entity.generated", map[string]any{"Name": s.Entity})
	}
	c.name("table", s.Table, tableRe, maxTableLen, "codegen.table", nil)
	if !c.Failed("table") && !c.Failed("module") && !strings.HasPrefix(s.Table, s.Module+"_") {
		c.add("table", "codegen.table.prefix", map[string]any{"Name": shown(s.Table), "Prefix": s.Module + "_"})
	}
	for _, p := range takenTablePrefixes {
		if !c.Failed("table") && strings.HasPrefix(s.Table, p) {
			c.add("table", "codegen.table.taken", map[string]any{"Name": s.Table})
		}
	}
	c.labels("labels", s.Labels, true, "codegen.label", nil)
	c.labels("moduleLabels", s.ModuleLabels, false, "codegen.label", nil)
	c.checkFields(s)
	return c.Err()
}

// name checks one identifier: shape, length, reserved words. base is data
// every message gets (a field's number).
func (c *checker) name(field, v string, re *regexp.Regexp, max int, key string, base map[string]any) {
	data := map[string]any{"Name": shown(v), "Max": max}
	for k, x := range base {
		data[k] = x
	}
	switch {
	case v == "":
		c.add(field, key+".required", data)
	case utf8.RuneCountInString(v) > max || !re.MatchString(v):
		c.add(field, key+".bad", data)
	case reservedIn(v) != "":
		data["Lang"] = reservedIn(v)
		c.add(field, key+".reserved", data)
	}
}

// labels checks texts per language: known languages, bounded, printable, no
// braces (they would read as placeholders in both message catalogues). key
// is the message family (the entity's or a field's), base the data every
// message gets.
func (c *checker) labels(field string, l Labels, needEnglish bool, key string, base map[string]any) {
	with := func(extra map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range base {
			out[k] = v
		}
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	if needEnglish && l["en"] == "" {
		c.add(field+".en", key+".required", with(nil))
	}
	for _, tag := range sortedKeys(l) {
		v := l[tag]
		switch {
		case !knownLanguage(tag):
			c.add(field, key+".language", with(map[string]any{"Lang": shown(tag)}))
		case utf8.RuneCountInString(v) > maxLabelLen:
			c.add(field+"."+tag, key+".long", with(map[string]any{"Max": maxLabelLen}))
		case !printable(v) || strings.ContainsAny(v, "{}"):
			c.add(field+"."+tag, key+".chars", with(map[string]any{"Label": shown(v)}))
		}
	}
}

func knownLanguage(tag string) bool {
	for _, l := range i18n.Languages {
		if l.Tag == tag {
			return true
		}
	}
	return false
}

func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// fields checks the field list and each field.
func (c *checker) checkFields(s *Spec) {
	switch {
	case len(s.Fields) == 0:
		c.add("fields", "codegen.fields.none", nil)
		return
	case len(s.Fields) > maxFields:
		c.add("fields", "codegen.fields.many", map[string]any{"Max": maxFields})
		return
	}
	seen := map[string]int{}   // lower-case name → field number
	params := map[string]int{} // every generated property and query parameter → field number
	for _, g := range sortedKeys(generatedNames) {
		params[strings.ToLower(g)] = 0
	}
	rowBytes := 0
	for i := range s.Fields {
		f := &s.Fields[i]
		n := i + 1
		path := fmt.Sprintf("fields[%d]", i)
		data := map[string]any{"N": n, "Name": shown(f.Name)}
		c.fieldName(path+".name", f, n, seen, params)
		if c.Failed(path + ".name") {
			continue // the rest of its messages would repeat the bad name
		}
		c.labels(path+".labels", f.Labels, true, "codegen.field.label", data)
		if !validType(f.Type) {
			c.add(path+".type", "codegen.field.type", data)
			continue
		}
		c.fieldRules(path, f, data)
		c.fieldSearch(path, f, data)
		c.example(path+".example", f, data)
		rowBytes += columnBytes(f)
	}
	if rowBytes > maxRowBytes {
		c.add("fields", "codegen.fields.wide", nil)
	}
	onForm := false
	for _, f := range s.Fields {
		onForm = onForm || f.Form
	}
	if !onForm {
		c.add("fields", "codegen.fields.no_form", nil)
	}
	c.specChoice("labelField", s.LabelField, s, func(f *Field) bool { return f.Type == TypeString })
	c.specChoice("sortField", s.SortField, s, sortable)
}

// fieldName checks a field's name and the names the generated code derives
// from it against every other field's.
func (c *checker) fieldName(path string, f *Field, n int, seen, params map[string]int) {
	c.name(path, f.Name, entityRe, maxFieldLen, "codegen.field.name", map[string]any{"N": n})
	if c.Failed(path) {
		return
	}
	data := map[string]any{"N": n, "Name": f.Name}
	lower := strings.ToLower(f.Name)
	if other, dup := seen[lower]; dup {
		data["Other"] = other
		c.add(path, "codegen.field.duplicate", data)
		return
	}
	if _, taken := params[lower]; taken {
		c.add(path, "codegen.field.generated", data)
		return
	}
	col := columnName(f.Name)
	if reservedIn(col) != "" {
		data["Column"], data["Lang"] = col, reservedIn(col)
		c.add(path, "codegen.field.column_reserved", data)
		return
	}
	for _, d := range derivedNames(f) {
		if other, taken := params[strings.ToLower(d)]; taken {
			data["Derived"], data["Other"] = d, other
			if other == 0 {
				c.add(path, "codegen.field.generated", data)
			} else {
				c.add(path, "codegen.field.clash", data)
			}
			return
		}
	}
	seen[lower] = n
	params[lower] = n
	params[strings.ToLower(columnName(f.Name))] = n
	for _, d := range derivedNames(f) {
		params[strings.ToLower(d)] = n
	}
}

// derivedNames are the other properties and query parameters a field brings.
func derivedNames(f *Field) []string {
	var out []string
	if f.Type == TypeReference {
		out = append(out, f.Name+"Label")
	}
	if f.Search && f.SearchMode == SearchRange {
		out = append(out, f.Name+"From", f.Name+"To")
	}
	return out
}

func validType(t string) bool {
	for _, v := range Types {
		if v == t {
			return true
		}
	}
	return false
}

// fieldRules checks the validation rules against the field's type.
func (c *checker) fieldRules(path string, f *Field, data map[string]any) {
	lengthy := f.Type == TypeString || f.Type == TypeText
	numeric := f.Type == TypeInteger || f.Type == TypeMoney || f.Type == TypeDecimal
	if f.Required && f.Type == TypeBoolean {
		c.add(path+".required", "codegen.field.required_boolean", data)
	}
	if f.Required && !f.Form {
		c.add(path+".form", "codegen.field.required_form", data)
	}
	if f.Unique {
		switch {
		case f.Type == TypeText || f.Type == TypeBoolean || f.Type == TypeImage || f.Type == TypeFile:
			c.add(path+".unique", "codegen.field.unique_type", data)
		case !f.Required:
			c.add(path+".unique", "codegen.field.unique_required", data)
		}
	}
	if !lengthy && (f.MinLength != 0 || f.MaxLength != 0) {
		c.add(path+".maxLength", "codegen.field.no_length", data)
	}
	if lengthy {
		limit := maxStringLen
		if f.Type == TypeText {
			limit = maxTextLen
		}
		if f.MaxLength < 0 || f.MaxLength > limit || f.MinLength < 0 || (f.MaxLength > 0 && f.MinLength > f.MaxLength) ||
			f.MinLength > limit {
			c.add(path+".maxLength", "codegen.field.length", map[string]any{"N": data["N"], "Name": data["Name"], "Max": limit})
		}
	}
	if !numeric && (f.Min != "" || f.Max != "") {
		c.add(path+".min", "codegen.field.no_range", data)
	}
	if f.Type == TypeDecimal && (f.Scale < 0 || f.Scale > maxScale) {
		c.add(path+".scale", "codegen.field.scale", map[string]any{"N": data["N"], "Name": data["Name"], "Max": maxScale})
	} else if f.Type != TypeDecimal && f.Scale != 0 {
		c.add(path+".scale", "codegen.field.no_scale", data)
	}
	if numeric && !c.Failed(path+".scale") {
		lo, okLo := parseBound(f, f.Min)
		hi, okHi := parseBound(f, f.Max)
		switch {
		case !okLo:
			c.add(path+".min", "codegen.field.bound", data)
		case !okHi:
			c.add(path+".max", "codegen.field.bound", data)
		case f.Min != "" && f.Max != "" && lo > hi:
			c.add(path+".max", "codegen.field.bound_order", data)
		}
	}
	c.pattern(path+".pattern", f, data)
	switch {
	case f.Type == TypeEnum && f.Dict == "":
		c.add(path+".dict", "codegen.field.dict_required", data)
	case f.Type == TypeEnum && (len(f.Dict) > maxDictLen || !dictRe.MatchString(f.Dict)):
		c.add(path+".dict", "codegen.field.dict_bad", data)
	case f.Type != TypeEnum && f.Dict != "":
		c.add(path+".dict", "codegen.field.no_dict", data)
	}
	switch {
	case f.Type == TypeReference && f.Ref == "":
		c.add(path+".ref", "codegen.field.ref_required", data)
	case f.Type == TypeReference && f.Ref == RefSelf && f.Required:
		c.add(path+".ref", "codegen.field.ref_self_required", data)
	case f.Type == TypeReference && f.Ref != RefSelf && !validRefKey(f.Ref):
		c.add(path+".ref", "codegen.field.ref_bad", data)
	case f.Type != TypeReference && f.Ref != "":
		c.add(path+".ref", "codegen.field.no_ref", data)
	}
}

func validRefKey(ref string) bool {
	mod, ent, ok := strings.Cut(ref, ".")
	return ok && len(mod) <= maxModuleLen && moduleRe.MatchString(mod) && len(ent) <= maxEntityLen && entityRe.MatchString(ent)
}

// pattern checks a string field's regular expression: bounded, valid in Go,
// and limited to what JavaScript reads the same way (the console checks it too).
func (c *checker) pattern(path string, f *Field, data map[string]any) {
	if f.Pattern == "" {
		return
	}
	if f.Type != TypeString {
		c.add(path, "codegen.field.no_pattern", data)
		return
	}
	if utf8.RuneCountInString(f.Pattern) > maxPatternLen || !printable(f.Pattern) {
		c.add(path, "codegen.field.pattern", data)
		return
	}
	re, err := syntax.Parse(f.Pattern, syntax.Perl)
	if err != nil || !portable(re) || strings.Contains(f.Pattern, "(?") || strings.Contains(f.Pattern, `\Q`) ||
		strings.Contains(f.Pattern, `\z`) || strings.Contains(f.Pattern, `\A`) || strings.Contains(f.Pattern, `\C`) ||
		strings.Contains(f.Pattern, `\p`) || strings.Contains(f.Pattern, `\P`) || strings.Contains(f.Pattern, "[[:") {
		c.add(path, "codegen.field.pattern", data)
	}
}

// portable refuses the parts of Go's syntax JavaScript reads differently.
func portable(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpBeginText, syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return false
	case syntax.OpRepeat:
		if re.Max > 1000 || re.Min > 1000 {
			return false
		}
	}
	for _, sub := range re.Sub {
		if !portable(sub) {
			return false
		}
	}
	return true
}

// fieldSearch checks that a searchable field's mode suits its type.
func (c *checker) fieldSearch(path string, f *Field, data map[string]any) {
	if !f.Search {
		return
	}
	ok := false
	switch f.SearchMode {
	case SearchExact:
		ok = f.Type != TypeText && f.Type != TypeImage && f.Type != TypeFile
	case SearchPrefix:
		ok = f.Type == TypeString || f.Type == TypeText
	case SearchRange:
		ok = f.Type == TypeInteger || f.Type == TypeMoney || f.Type == TypeDecimal || f.Type == TypeDate || f.Type == TypeTime
	}
	if !ok {
		c.add(path+".searchMode", "codegen.field.search_mode", data)
	}
	if f.Name == "sort" {
		c.add(path+".search", "codegen.field.search_sort", data)
	}
	if !f.Form {
		c.add(path+".search", "codegen.field.search_form", data)
	}
}

// example checks a given example value against the field's own rules, the
// same ones the generated code applies; a pattern without an example needs one.
func (c *checker) example(path string, f *Field, data map[string]any) {
	if utf8.RuneCountInString(f.Example) > maxExampleLen || !printable(f.Example) {
		c.add(path, "codegen.field.example", data)
		return
	}
	if c.Failed(path[:len(path)-len(".example")] + ".pattern") {
		return
	}
	if f.Example == "" {
		if f.Pattern != "" {
			if _, ok := derivedExample(f); !ok {
				c.add(path, "codegen.field.example_needed", data)
			}
		}
		return
	}
	switch f.Type {
	case TypeEnum, TypeReference, TypeBoolean:
		c.add(path, "codegen.field.no_example", data)
	default:
		if !valueFits(f, f.Example) {
			c.add(path, "codegen.field.example", data)
		}
	}
}

// specChoice checks a definition-level pick of one of its fields.
func (c *checker) specChoice(field, name string, s *Spec, fits func(*Field) bool) {
	if name == "" {
		return
	}
	f := s.Field(name)
	if f == nil || !fits(f) {
		c.add(field, "codegen."+strings.ToLower(field[:1])+field[1:]+".bad", map[string]any{"Name": shown(name)})
	}
}

func sortable(f *Field) bool {
	return f.Type != TypeText && f.Type != TypeImage && f.Type != TypeFile
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// columnBytes is the most a field's column takes of a row (utf8mb4).
func columnBytes(f *Field) int {
	switch f.Type {
	case TypeString:
		return 4 * maxLen(f)
	case TypeEnum:
		return 4 * 128
	case TypeImage, TypeFile:
		return 4 * 512
	case TypeDate, TypeTime:
		return 4 * 10
	}
	return 8
}

// maxLen is a string or text field's effective maximum length.
func maxLen(f *Field) int {
	switch {
	case f.MaxLength > 0:
		return f.MaxLength
	case f.Type == TypeText:
		return defTextLen
	}
	return defStringLen
}

// parseBound reads a numeric limit in the field's unit: integer and money as
// integers, decimal scaled by 10^Scale. An empty bound is no limit.
func parseBound(f *Field, b Bound) (int64, bool) {
	if b == "" {
		return 0, true
	}
	if f.Type == TypeDecimal {
		return parseDecimal(string(b), f.Scale)
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	return n, err == nil && n > -maxMagnitude && n < maxMagnitude
}

// parseDecimal reads "-12.5" with at most scale places into an integer
// scaled by 10^scale, exactly (the generated code has the same function).
func parseDecimal(s string, scale int) (int64, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(whole) > 15 || len(frac) > scale || strings.Contains(s, ".") && frac == "" {
		return 0, false
	}
	for _, r := range whole + frac {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(whole+frac+strings.Repeat("0", scale-len(frac)), 10, 64)
	if err != nil || n >= maxMagnitude {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// valueFits applies a field's rules to a typed value, as the generated
// validation does: the example must pass them.
func valueFits(f *Field, v string) bool {
	switch f.Type {
	case TypeString, TypeText:
		n := utf8.RuneCountInString(v)
		if v == "" || n < f.MinLength || n > maxLen(f) {
			return false
		}
		if f.Pattern != "" {
			re, err := regexp.Compile("^(?:" + f.Pattern + ")$")
			return err == nil && re.MatchString(v)
		}
		return true
	case TypeInteger, TypeMoney, TypeDecimal:
		n, ok := parseBound(f, Bound(v))
		if !ok {
			return false
		}
		lo, _ := parseBound(f, f.Min)
		hi, _ := parseBound(f, f.Max)
		return (f.Min == "" || n >= lo) && (f.Max == "" || n <= hi)
	case TypeDate:
		_, err := time.Parse("2006-01-02", v)
		return err == nil
	case TypeTime:
		_, err := time.Parse("15:04:05", v)
		return err == nil
	case TypeImage, TypeFile:
		return uploadURL(v)
	}
	return false
}

// uploadURL accepts what the upload endpoints answer: a /uploads/ path or
// an https URL (api.FileURL, the rule of every file field), never another
// scheme or a climb out.
func uploadURL(s string) bool {
	return api.FileURL(s)
}
