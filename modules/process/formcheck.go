package process

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/venueplatform/venue/api"
)

// field is one data field of a Formily JSON Schema (void containers such
// as grids and cards hold fields but no data of their own).
type field struct {
	Name      string
	Type      string
	Title     string
	Required  bool
	Enum      []any
	Pattern   string
	MinLength *int
	MaxLength *int
	Minimum   *float64
	Maximum   *float64
	MaxItems  *int
	Upload    bool // an upload widget: every value is a stored file's address
}

type schemaNode struct {
	Type       string                 `json:"type"`
	Title      string                 `json:"title"`
	Required   json.RawMessage        `json:"required"`
	Enum       []json.RawMessage      `json:"enum"`
	Pattern    string                 `json:"pattern"`
	MinLength  *int                   `json:"minLength"`
	MaxLength  *int                   `json:"maxLength"`
	Minimum    *float64               `json:"minimum"`
	Maximum    *float64               `json:"maximum"`
	MaxItems   *int                   `json:"maxItems"`
	Validator  json.RawMessage        `json:"x-validator"`
	Component  string                 `json:"x-component"`
	Properties map[string]*schemaNode `json:"properties"`
}

// ParseSchema reads the data fields of a form schema.
func ParseSchema(raw string) ([]field, error) {
	var root schemaNode
	if err := json.Unmarshal([]byte(raw), &root); err != nil {
		return nil, fmt.Errorf("schema is not JSON: %w", err)
	}
	var out []field
	collect(&root, requiredList(root.Required), &out)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func requiredList(raw json.RawMessage) map[string]bool {
	var names []string
	set := map[string]bool{}
	if json.Unmarshal(raw, &names) == nil {
		for _, n := range names {
			set[n] = true
		}
	}
	return set
}

func collect(n *schemaNode, required map[string]bool, out *[]field) {
	for _, name := range sortedNames(n.Properties) {
		p := n.Properties[name]
		if p == nil {
			continue
		}
		if p.Type == "void" || p.Type == "" && len(p.Properties) > 0 {
			collect(p, mergeRequired(required, requiredList(p.Required)), out)
			continue
		}
		f := field{Name: name, Type: p.Type, Title: p.Title, Pattern: p.Pattern, MinLength: p.MinLength, MaxLength: p.MaxLength,
			Minimum: p.Minimum, Maximum: p.Maximum, MaxItems: p.MaxItems, Upload: uploadComponents[p.Component]}
		var b bool
		f.Required = required[name] || (json.Unmarshal(p.Required, &b) == nil && b)
		for _, e := range p.Enum {
			var opt struct {
				Value any `json:"value"`
			}
			var plain any
			if json.Unmarshal(e, &opt) == nil && opt.Value != nil {
				f.Enum = append(f.Enum, opt.Value)
			} else if json.Unmarshal(e, &plain) == nil {
				f.Enum = append(f.Enum, plain)
			}
		}
		if f.Pattern == "" {
			f.Pattern = validatorPattern(p.Validator)
		}
		*out = append(*out, f)
	}
}

// uploadComponents are the form widgets whose values are uploaded files'
// addresses: ours (ImageUpload, FileUpload) and Formily antd's Upload.
var uploadComponents = map[string]bool{"ImageUpload": true, "FileUpload": true, "Upload": true, "Upload.Dragger": true}

// uploadValueOK: an upload widget's item is the file's address (a /uploads/
// path or an https URL, api.FileURL), or antd's file object whose url and
// thumbUrl are such addresses.
func uploadValueOK(v any) bool {
	switch it := v.(type) {
	case string:
		return api.FileURL(it)
	case map[string]any:
		u, ok := it["url"].(string)
		if !ok || !api.FileURL(u) {
			return false
		}
		if th, present := it["thumbUrl"]; present && th != nil && th != "" {
			ts, ok := th.(string)
			return ok && api.FileURL(ts)
		}
		return true
	}
	return false
}

func mergeRequired(a, b map[string]bool) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// validatorPattern takes a pattern from Formily's x-validator ({pattern} or [{pattern}]).
func validatorPattern(raw json.RawMessage) string {
	var one struct{ Pattern string }
	if json.Unmarshal(raw, &one) == nil && one.Pattern != "" {
		return one.Pattern
	}
	var many []struct{ Pattern string }
	if json.Unmarshal(raw, &many) == nil {
		for _, v := range many {
			if v.Pattern != "" {
				return v.Pattern
			}
		}
	}
	return ""
}

func sortedNames(m map[string]*schemaNode) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// CheckData validates submitted data against a form's fields: required,
// type, enum, pattern, lengths and bounds. writable limits which fields the
// caller may set (nil = all); others are dropped, as are unknown fields.
// Each bad field is named in the error ("form.<field>").
func CheckData(fields []field, data map[string]any, writable func(string) bool) (map[string]any, error) {
	var c api.Check
	out := map[string]any{}
	for _, f := range fields {
		if writable != nil && !writable(f.Name) {
			continue
		}
		v, present := data[f.Name]
		name := "form." + f.Name
		if !present || v == nil || v == "" {
			if f.Required {
				c.Add(name, "process.form_required", map[string]any{"Label": label(f)})
			}
			continue
		}
		if msg, ok := checkValue(f, v); !ok {
			c.Add(name, msg.key, mergeData(map[string]any{"Label": label(f)}, msg.data))
			continue
		}
		out[f.Name] = v
	}
	return out, c.Err()
}

func label(f field) string {
	if f.Title != "" {
		return f.Title
	}
	return f.Name
}

func mergeData(a, b map[string]any) map[string]any {
	for k, v := range b {
		a[k] = v
	}
	return a
}

type problem struct {
	key  string
	data map[string]any
}

func checkValue(f field, v any) (problem, bool) {
	switch f.Type {
	case "number", "integer":
		n, ok := number(v)
		if !ok || (f.Type == "integer" && n != math.Trunc(n)) {
			return problem{key: "process.form_type", data: map[string]any{"Type": f.Type}}, false
		}
		if f.Minimum != nil && n < *f.Minimum {
			return problem{key: "process.form_min", data: map[string]any{"Min": *f.Minimum}}, false
		}
		if f.Maximum != nil && n > *f.Maximum {
			return problem{key: "process.form_max", data: map[string]any{"Max": *f.Maximum}}, false
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			return problem{key: "process.form_type", data: map[string]any{"Type": f.Type}}, false
		}
	case "array":
		arr, ok := v.([]any)
		if !ok {
			return problem{key: "process.form_type", data: map[string]any{"Type": f.Type}}, false
		}
		if f.MaxItems != nil && len(arr) > *f.MaxItems {
			return problem{key: "process.form_max_items", data: map[string]any{"Max": *f.MaxItems}}, false
		}
		if f.Upload {
			for _, it := range arr {
				if !uploadValueOK(it) {
					return problem{key: "validation.file_url", data: map[string]any{"Field": label(f)}}, false
				}
			}
		}
		if len(f.Enum) > 0 {
			for _, it := range arr {
				if !inEnum(f.Enum, it) {
					return problem{key: "process.form_enum"}, false
				}
			}
		}
		return problem{}, true
	case "object":
		if _, ok := v.(map[string]any); !ok {
			return problem{key: "process.form_type", data: map[string]any{"Type": f.Type}}, false
		}
		return problem{}, true
	default: // string and the date/time pickers' strings
		if f.Upload && !uploadValueOK(v) {
			return problem{key: "validation.file_url", data: map[string]any{"Field": label(f)}}, false
		}
		s, ok := v.(string)
		if !ok {
			if _, isNum := number(v); isNum && len(f.Enum) > 0 {
				break
			}
			return problem{key: "process.form_type", data: map[string]any{"Type": "string"}}, false
		}
		n := utf8.RuneCountInString(s)
		if f.MinLength != nil && n < *f.MinLength {
			return problem{key: "validation.min_len", data: map[string]any{"Min": *f.MinLength, "Field": f.Name}}, false
		}
		if f.MaxLength != nil && n > *f.MaxLength {
			return problem{key: "validation.max_len", data: map[string]any{"Max": *f.MaxLength, "Field": f.Name}}, false
		}
		if f.Pattern != "" {
			re, err := regexp.Compile(f.Pattern)
			if err == nil && !re.MatchString(s) {
				return problem{key: "process.form_pattern"}, false
			}
		}
	}
	if len(f.Enum) > 0 && !inEnum(f.Enum, v) {
		return problem{key: "process.form_enum"}, false
	}
	return problem{}, true
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

func inEnum(enum []any, v any) bool {
	for _, e := range enum {
		if fmt.Sprint(e) == fmt.Sprint(v) {
			return true
		}
	}
	return false
}

// normalize turns json.Number values into float64, so variables compare
// the same way in expressions whatever decoder produced them.
func normalize(data map[string]any) map[string]any {
	for k, v := range data {
		data[k] = normalizeValue(v)
	}
	return data
}

func normalizeValue(v any) any {
	switch t := v.(type) {
	case json.Number:
		if f, err := t.Float64(); err == nil {
			return f
		}
		return strings.TrimSpace(t.String())
	case map[string]any:
		return normalize(t)
	case []any:
		for i := range t {
			t[i] = normalizeValue(t[i])
		}
	}
	return v
}
