package codegen

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Field types of a definition.
const (
	TypeString    = "string"
	TypeText      = "text"
	TypeInteger   = "integer"
	TypeMoney     = "money"   // integer minor units of the merchant's currency
	TypeDecimal   = "decimal" // fixed point, Scale places, stored as a scaled integer
	TypeBoolean   = "boolean"
	TypeDate      = "date" // YYYY-MM-DD
	TypeTime      = "time" // HH:mm:ss
	TypeEnum      = "enum" // a value of a data dictionary type
	TypeImage     = "image"
	TypeFile      = "file"
	TypeReference = "reference" // id of a row of another generated entity
)

// Types lists the field types in the order the console offers them.
var Types = []string{TypeString, TypeText, TypeInteger, TypeMoney, TypeDecimal, TypeBoolean, TypeDate, TypeTime,
	TypeEnum, TypeImage, TypeFile, TypeReference}

// Search modes of a searchable field.
const (
	SearchExact  = "exact"
	SearchPrefix = "prefix"
	SearchRange  = "range"
)

// RefSelf is the Ref of a field that refers to another row of its own entity.
const RefSelf = "self"

// Spec is an entity definition: what the console's form edits and what the
// generator reads. Labels are keyed by language tag (en, zh, ...).
type Spec struct {
	Module       string  `json:"module" api:"required" example:"stock"`
	Entity       string  `json:"entity" api:"required" example:"supplier"`
	Table        string  `json:"table" api:"required" example:"stock_suppliers"`
	Labels       Labels  `json:"labels" api:"required"` // the entity's name, e.g. "Supplier"
	ModuleLabels Labels  `json:"moduleLabels"`          // the menu group; empty = the entity's labels
	LabelField   string  `json:"labelField"`            // field other entities show for a row ("" = the first required string)
	SortField    string  `json:"sortField"`             // default list order ("" = newest first)
	SortDesc     bool    `json:"sortDesc"`
	Fields       []Field `json:"fields" api:"required"`
}

// Labels are texts per language tag.
type Labels map[string]string

// Field is one attribute of the entity.
type Field struct {
	Name       string `json:"name" api:"required" example:"name"`
	Labels     Labels `json:"labels" api:"required"`
	Type       string `json:"type" api:"required" enum:"string,text,integer,money,decimal,boolean,date,time,enum,image,file,reference"`
	Required   bool   `json:"required"`
	Unique     bool   `json:"unique"`
	MinLength  int    `json:"minLength"` // string, text (0 = none)
	MaxLength  int    `json:"maxLength"` // string, text (0 = the type's default)
	Min        Bound  `json:"min"`       // integer, money (minor units), decimal
	Max        Bound  `json:"max"`
	Scale      int    `json:"scale"`   // decimal places of a decimal
	Pattern    string `json:"pattern"` // string: a regular expression the whole value matches
	Dict       string `json:"dict"`    // enum: the dictionary type
	Ref        string `json:"ref"`     // reference: "<module>.<entity>" of a saved definition, or "self"
	List       bool   `json:"list"`
	Form       bool   `json:"form"`
	Search     bool   `json:"search"`
	SearchMode string `json:"searchMode" enum:",exact,prefix,range"`
	Example    string `json:"example"` // a valid value the generated test uses ("" = derived)
}

// Bound is a numeric limit kept as its decimal text; the console may send a
// JSON number or a string.
type Bound string

// UnmarshalJSON accepts a number, a string or null.
func (b *Bound) UnmarshalJSON(raw []byte) error {
	raw = bytes.TrimSpace(raw)
	switch {
	case bytes.Equal(raw, []byte("null")):
		*b = ""
		return nil
	case len(raw) > 0 && raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		*b = Bound(strings.TrimSpace(s))
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(raw, &n); err != nil {
		return err
	}
	*b = Bound(n.String())
	return nil
}

// Key is the definition's identity, "<module>.<entity>", as references name it.
func (s *Spec) Key() string { return s.Module + "." + s.Entity }

// Field finds a field by name.
func (s *Spec) Field(name string) *Field {
	for i := range s.Fields {
		if s.Fields[i].Name == name {
			return &s.Fields[i]
		}
	}
	return nil
}

// normalize trims what people type around names and drops empty labels, so
// that the same definition always reads (and generates) the same.
func (s *Spec) normalize() {
	s.Module = strings.TrimSpace(s.Module)
	s.Entity = strings.TrimSpace(s.Entity)
	s.Table = strings.TrimSpace(s.Table)
	s.LabelField = strings.TrimSpace(s.LabelField)
	s.SortField = strings.TrimSpace(s.SortField)
	s.Labels = s.Labels.normalized()
	s.ModuleLabels = s.ModuleLabels.normalized()
	for i := range s.Fields {
		f := &s.Fields[i]
		f.Name = strings.TrimSpace(f.Name)
		f.Type = strings.TrimSpace(f.Type)
		f.Dict = strings.TrimSpace(f.Dict)
		f.Ref = strings.TrimSpace(f.Ref)
		f.SearchMode = strings.TrimSpace(f.SearchMode)
		f.Example = strings.TrimSpace(f.Example)
		f.Min, f.Max = Bound(strings.TrimSpace(string(f.Min))), Bound(strings.TrimSpace(string(f.Max)))
		f.Labels = f.Labels.normalized()
		if !f.Search {
			f.SearchMode = ""
		}
	}
}

func (l Labels) normalized() Labels {
	out := Labels{}
	for k, v := range l {
		if v = strings.TrimSpace(v); v != "" {
			out[strings.TrimSpace(k)] = v
		}
	}
	return out
}

// In answers the label in lang, falling back to English.
func (l Labels) In(lang string) string {
	if v, ok := l[lang]; ok && v != "" {
		return v
	}
	return l["en"]
}
