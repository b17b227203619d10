package codegen

import (
	"strings"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/scaled"
)

// problems localizes a validation error into field → English message.
func problems(t *testing.T, err error) map[string]string {
	t.Helper()
	if err == nil {
		return nil
	}
	out := map[string]string{}
	for _, e := range api.RowError("en", 0, err) {
		if e.Field == "" {
			t.Fatalf("a problem without a field: %q", e.Message)
		}
		if _, dup := out[e.Field]; !dup {
			out[e.Field] = e.Message
		}
	}
	return out
}

// simpleSpec is a small valid definition to break in one place.
func simpleSpec() Spec {
	return Spec{Module: "genbook", Entity: "book", Table: "genbook_books", Labels: Labels{"en": "Book", "zh": "书"},
		Fields: []Field{
			{Name: "title", Type: TypeString, Required: true, Form: true, List: true, Labels: Labels{"en": "Title"}},
			{Name: "price", Type: TypeMoney, Form: true, List: true, Search: true, SearchMode: SearchRange, Labels: Labels{"en": "Price"}},
		}}
}

func TestValidSpecsPass(t *testing.T) {
	t.Parallel()
	for _, s := range []Spec{simpleSpec(), targetSpec(), everyTypeSpec()} {
		if p := problems(t, validateSpec(&s)); p != nil {
			t.Fatalf("%s: %v", s.Key(), p)
		}
	}
}

// Path-like names, NUL bytes, reserved words of Go, TypeScript and SQL and
// repeated fields are refused, each with a message that names the field.
func TestHostileNamesAreRefusedNamingTheField(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		edit  func(s *Spec)
		field string // the key of the refusal
		says  string // a part of the English message
	}{
		{"module climbing out", func(s *Spec) { s.Module = "../x" }, "module", `"../x"`},
		{"module with a slash", func(s *Spec) { s.Module = "a/b" }, "module", `"a/b"`},
		{"module as a drive", func(s *Spec) { s.Module = `C:\` }, "module", `C:\\`},
		{"module with NUL", func(s *Spec) { s.Module = "gen\x00book" }, "module", `gen\x00book`},
		{"module absolute", func(s *Spec) { s.Module = "/etc" }, "module", `"/etc"`},
		{"module empty", func(s *Spec) { s.Module = "" }, "module", "module name"},
		{"module Go keyword", func(s *Spec) { s.Module = "func" }, "module", "reserved word of Go"},
		{"module SQL keyword", func(s *Spec) { s.Module = "where" }, "module", "reserved word of SQL"},
		{"module of the product", func(s *Spec) { s.Module = "cuisine" }, "module", "used by the product"},
		{"entity climbing out", func(s *Spec) { s.Entity = "../../etc/passwd" }, "entity", `"../../etc/passwd"`},
		{"entity with a backslash", func(s *Spec) { s.Entity = `a\b` }, "entity", `a\\b`},
		{"entity device name", func(s *Spec) { s.Entity = "NUL" }, "entity", `"NUL"`},
		{"entity TypeScript word", func(s *Spec) { s.Entity = "class" }, "entity", "reserved word of"},
		{"entity generated name", func(s *Spec) { s.Entity = "module" }, "entity", "generated code uses"},
		{"table climbing out", func(s *Spec) { s.Table = "genbook_../x" }, "table", `"genbook_../x"`},
		{"table of another module", func(s *Spec) { s.Table = "sys_users" }, "table", "must start with genbook_"},
		{"table double underscore", func(s *Spec) { s.Table = "genbook__x" }, "table", `"genbook__x"`},
		{"field climbing out", func(s *Spec) { s.Fields[0].Name = "../x" }, "fields[0].name", `Field 1: name "../x"`},
		{"field with a slash", func(s *Spec) { s.Fields[1].Name = "a/b" }, "fields[1].name", `Field 2: name "a/b"`},
		{"field as a drive", func(s *Spec) { s.Fields[0].Name = `C:\\` }, "fields[0].name", `C:\\\\`},
		{"field with NUL", func(s *Spec) { s.Fields[0].Name = "ti\x00tle" }, "fields[0].name", `ti\x00tle`},
		{"field Go keyword", func(s *Spec) { s.Fields[0].Name = "type" }, "fields[0].name", `"type" is a reserved word of Go`},
		{"field TypeScript word", func(s *Spec) { s.Fields[0].Name = "instanceof" }, "fields[0].name", "reserved word of TypeScript"},
		{"field SQL word", func(s *Spec) { s.Fields[0].Name = "group" }, "fields[0].name", `"group" is a reserved word of SQL`},
		{"field column SQL word", func(s *Spec) { s.Fields[0].Name = "currentDate" }, "fields[0].name", "column current_date"},
		{"field the code uses", func(s *Spec) { s.Fields[0].Name = "merchantId" }, "fields[0].name", "generated code uses"},
		{"field repeated", func(s *Spec) { s.Fields[1].Name = "title" }, "fields[1].name", `Field 2: "title" repeats the name of field 1`},
		{"field repeated in another case", func(s *Spec) { s.Fields[1].Name = "tiTle" }, "fields[1].name", "repeats the name of field 1"},
		{"field clashing with a range parameter", func(s *Spec) { s.Fields[0].Name = "priceFrom"; s.Fields[0], s.Fields[1] = s.Fields[1], s.Fields[0] },
			"fields[1].name", "priceFrom"},
		{"field label with braces", func(s *Spec) { s.Fields[0].Labels["fr"] = "Titre {x}" }, "fields[0].labels.fr", "Field 1 (title)"},
		{"field label unknown language", func(s *Spec) { s.Fields[0].Labels["../xx"] = "x" }, "fields[0].labels", `unknown language "../xx"`},
		{"field label missing English", func(s *Spec) { s.Fields[0].Labels = Labels{"zh": "标题"} }, "fields[0].labels.en", "Field 1 (title)"},
		{"entity label control character", func(s *Spec) { s.Labels["en"] = "Bo\x07ok" }, "labels.en", `Bo\aok`},
		{"no fields", func(s *Spec) { s.Fields = nil }, "fields", "at least one field"},
		{"unknown type", func(s *Spec) { s.Fields[1].Type = "blob" }, "fields[1].type", "Field 2 (price)"},
		{"unique but optional", func(s *Spec) { s.Fields[1].Unique = true }, "fields[1].unique", "must be required"},
		{"range on a string", func(s *Spec) { s.Fields[0].Max = "9" }, "fields[0].min", "only numbers have a range"},
		{"prefix search on money", func(s *Spec) { s.Fields[1].SearchMode = SearchPrefix }, "fields[1].searchMode", "Field 2 (price)"},
		{"pattern Go and JavaScript read apart", func(s *Spec) { s.Fields[0].Pattern = `(?i)abc` }, "fields[0].pattern", "Field 1 (title)"},
		{"pattern that is no expression", func(s *Spec) { s.Fields[0].Pattern = `(` }, "fields[0].pattern", "Field 1 (title)"},
		{"example breaking the rules", func(s *Spec) { s.Fields[1].Example = "-5"; s.Fields[1].Min = "0" }, "fields[1].example", "Field 2 (price)"},
		{"reference with a path", func(s *Spec) {
			s.Fields[1] = Field{Name: "shelf", Type: TypeReference, Ref: "../x.y", Form: true, Labels: Labels{"en": "Shelf"}}
		},
			"fields[1].ref", "Field 2 (shelf)"},
		{"enum with a bad dictionary", func(s *Spec) {
			s.Fields[1] = Field{Name: "kind", Type: TypeEnum, Dict: "../etc", Form: true, Labels: Labels{"en": "Kind"}}
		},
			"fields[1].dict", "Field 2 (kind)"},
		{"sort field unknown", func(s *Spec) { s.SortField = "../x" }, "sortField", `"../x"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := simpleSpec()
			tc.edit(&s)
			p := problems(t, validateSpec(&s))
			msg, ok := p[tc.field]
			if !ok {
				t.Fatalf("no refusal on %s: %v", tc.field, p)
			}
			if !strings.Contains(msg, tc.says) {
				t.Fatalf("%s: %q does not say %q", tc.field, msg, tc.says)
			}
		})
	}
}

func TestReservedWordsOfEachLanguage(t *testing.T) {
	t.Parallel()
	for w, lang := range map[string]string{"chan": "Go", "fallthrough": "Go", "nil": "Go", "debugger": "TypeScript",
		"typeof": "TypeScript", "constructor": "TypeScript", "where": "SQL", "key": "SQL", "index": "SQL"} {
		if got := reservedIn(w); got != lang {
			t.Errorf("%s: reserved in %q, want %s", w, got, lang)
		}
	}
	for _, w := range []string{"title", "price", "name", "status", "number", "sort", "date", "amount"} {
		if got := reservedIn(w); got != "" {
			t.Errorf("%s is an ordinary name, not reserved in %s", w, got)
		}
	}
}

func TestColumnNames(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"unitPrice": "unit_price", "userID": "user_id", "address2": "address2",
		"a1B": "a1_b", "httpURLValue": "http_url_value", "x": "x"} {
		if got := columnName(in); got != want {
			t.Errorf("columnName(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestDecimalsAreExact(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in    string
		scale int
		n     int64
		ok    bool
		out   string
	}{
		{"12.5", 2, 1250, true, "12.50"}, {"-0.05", 2, -5, true, "-0.05"}, {"7", 0, 7, true, "7"},
		{"1.234", 2, 0, false, ""}, {"1.", 2, 0, false, ""}, {".5", 2, 0, false, ""}, {"1e3", 2, 0, false, ""},
		{"1000000000000000", 0, 0, false, ""}, {"0.1", 6, 100000, true, "0.100000"},
	} {
		n, ok := parseDecimal(tc.in, tc.scale)
		if ok != tc.ok || n != tc.n {
			t.Errorf("parseDecimal(%q, %d) = %d %v", tc.in, tc.scale, n, ok)
		}
		if ok && scaled.Format(n, tc.scale) != tc.out {
			t.Errorf("scaled.Format(%d, %d) = %s", n, tc.scale, scaled.Format(n, tc.scale))
		}
	}
}

func TestPatternExamplesAreDerived(t *testing.T) {
	t.Parallel()
	f := Field{Name: "code", Type: TypeString, Pattern: `[A-Z]{2}-[0-9]+`, MaxLength: 12}
	v, ok := derivedExample(&f)
	if !ok || v != "AA-0" {
		t.Fatalf("derived %q %v", v, ok)
	}
	if miss := patternMiss(&f); miss == "" || valueFits(&f, miss) {
		t.Fatalf("pattern miss %q", miss)
	}
}
