package codegen

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/venueplatform/venue/internal/i18n"
)

//go:embed templates/*.tmpl
var templateFiles embed.FS

// File is one generated file: where it goes in the project and its text.
type File struct {
	Path     string `json:"path"`
	Language string `json:"language" enum:"go,ts,tsx,json,markdown"` // go, ts, tsx, json, markdown
	Content  string `json:"content"`
}

// Edit is one change to an existing file of the project that wires the
// generated module in: Insert goes right after (or, with Before, right
// before) the first occurrence of Anchor.
type Edit struct {
	File   string `json:"file"`
	Anchor string `json:"anchor"`
	Insert string `json:"insert"`
	Before bool   `json:"before"`
	Say    string `json:"say"`  // what to do, in words (README)
	Show   string `json:"show"` // the line to add, as shown (README)
	Lang   string `json:"lang"`
}

// Generated is everything a definition produces.
type Generated struct {
	Files  []File `json:"files"`
	Wiring []Edit `json:"wiring"`
}

var templates = template.Must(template.New("codegen").Funcs(template.FuncMap{
	"q":   strconv.Quote,
	"js":  jsString,
	"inc": func(i int) int { return i + 1 },
	"repeat": func(s string, n int) string {
		return strings.Repeat(s, n)
	},
	"queryType":     queryType,
	"exactMiss":     exactMiss,
	"rangeMiss":     rangeMiss,
	"columnRender":  columnRender,
	"sortableField": func(f *fieldPlan) bool { return sortable(f.Field) },
	"uniqueField":   uniqueField,
	"refBodyDict":   refBodyDict,
	"mdCell":        mdCell,
	"typeNote":      typeNote,
	"ruleNote":      ruleNote,
	"yes": func(b bool) string {
		if b {
			return "yes"
		}
		return "–"
	},
}).ParseFS(templateFiles, "templates/*.tmpl"))

// genView is what the templates read: the plan plus what only files need.
type genView struct {
	*plan
	Wiring       []Edit
	ExternalRefs []string
	Dicts        []string
	Columns      []*fieldPlan // listed or searched
	HasSelfRef   bool
}

// Msg is a field's English message (templates).
func (v *genView) Msg(f *fieldPlan, rule string) string { return v.plan.msg(f, rule) }

// MsgIn is a field's message in a language (templates).
func (v *genView) MsgIn(f *fieldPlan, rule, lang string) string {
	for _, m := range v.Messages {
		if m.Key == f.Key+"."+rule {
			for i, l := range i18n.Languages {
				if l.Tag == lang {
					return m.Text[i]
				}
			}
		}
	}
	return ""
}

// Generate renders every file of a definition. The output depends on the
// definition (and the referenced definitions) only: fixed orders, no times,
// so the same definition always gives the same bytes.
func Generate(s *Spec, res resolved) (*Generated, error) {
	p, err := buildPlan(s, res)
	if err != nil {
		return nil, err
	}
	v := &genView{plan: p, Wiring: wiring(p)}
	dicts := map[string]bool{}
	for _, f := range p.Fields {
		if f.List || f.Search {
			v.Columns = append(v.Columns, f)
		}
		if f.Type == TypeEnum {
			dicts[f.Dict] = true
		}
		if f.Type == TypeReference {
			if f.Ref.Self {
				v.HasSelfRef = true
			} else if !contains(v.ExternalRefs, f.Ref.Target.Key()) {
				v.ExternalRefs = append(v.ExternalRefs, f.Ref.Target.Key())
			}
		}
	}
	v.Dicts = sortedKeys(dicts)
	sort.Strings(v.ExternalRefs)

	mod := "modules/" + p.Pkg + "/"
	stem := columnName(p.Entity)
	var files []File
	for _, g := range []struct{ tmpl, path string }{
		{"module.go.tmpl", mod + "module.go"},
		{"models.go.tmpl", mod + "models.go"},
		{"service.go.tmpl", mod + stem + ".go"},
		{"rules.go.tmpl", mod + stem + "_rules.go"},
		{"handlers.go.tmpl", mod + stem + "_handlers.go"},
		{"seed.go.tmpl", mod + "seed.go"},
		{"test.go.tmpl", mod + stem + "_test.go"},
		{"main_test.go.tmpl", mod + "main_test.go"},
	} {
		f, err := render(g.tmpl, g.path, "go", v)
		if err != nil {
			return nil, err
		}
		if f.Content, err = goSource(g.path, f.Content); err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	for _, g := range []struct{ tmpl, path, lang string }{
		{"readme.md.tmpl", mod + "README.md", "markdown"},
		{"service.ts.tmpl", "console/src/services/" + p.Pkg + ".ts", "ts"},
		{"page.tsx.tmpl", "console/src/pages/" + p.PageDir + "/index.tsx", "tsx"},
		{"routes.ts.tmpl", "console/config/routes." + p.Pkg + ".ts", "ts"},
	} {
		f, err := render(g.tmpl, g.path, g.lang, v)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	files = append(files, serverLocales(p)...)
	files = append(files, consoleLocales(p)...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	for _, f := range files {
		if !safePath(f.Path, p.Pkg) {
			return nil, fmt.Errorf("codegen: refusing generated path %q", f.Path)
		}
	}
	return &Generated{Files: files, Wiring: v.Wiring}, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func render(tmpl, path, lang string, v *genView) (File, error) {
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, tmpl, v); err != nil {
		return File{}, fmt.Errorf("codegen: %s: %w", tmpl, err)
	}
	return File{Path: path, Language: lang, Content: b.String()}, nil
}

// goSource drops the imports a file does not use (templates import what any
// definition might need) and formats it as gofmt does.
func goSource(name, src string) (string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly)
	if err != nil {
		return "", fmt.Errorf("codegen: generated %s does not parse: %w\n%s", name, err, src)
	}
	full, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
	if err != nil {
		return "", fmt.Errorf("codegen: generated %s does not parse: %w\n%s", name, err, src)
	}
	used := map[string]bool{}
	ast.Inspect(full, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	lines := strings.Split(src, "\n")
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if !used[name] && name != "_" {
			lines[fset.Position(imp.Pos()).Line-1] = "\x00" // dropped below
		}
	}
	kept := lines[:0]
	for _, l := range lines {
		if l != "\x00" {
			kept = append(kept, l)
		}
	}
	out, err := format.Source([]byte(strings.Join(kept, "\n")))
	if err != nil {
		return "", fmt.Errorf("codegen: generated %s: %w", name, err)
	}
	return tidyImports(string(out)), nil
}

var blankRuns = regexp.MustCompile(`\n{3,}`)

// tidyImports removes the blank lines a group that lost all its imports
// leaves at the start or end of the import block (gofmt keeps them).
func tidyImports(src string) string {
	start := strings.Index(src, "import (\n")
	if start < 0 {
		return src
	}
	end := strings.Index(src[start:], "\n)\n")
	if end < 0 {
		return src
	}
	block := src[start+len("import (\n") : start+end]
	block = strings.Trim(blankRuns.ReplaceAllString(block, "\n\n"), "\n")
	return src[:start] + "import (\n" + block + src[start+end:]
}

// safePath keeps every generated path inside the module's own places: a
// second guard behind the name rules, whatever a definition says.
func safePath(p, pkg string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\\") || strings.Contains(p, "..") ||
		path.Clean(p) != p || strings.ContainsRune(p, 0) {
		return false
	}
	for _, prefix := range []string{"modules/" + pkg + "/", "internal/i18n/locales/" + pkg + "/", "console/src/services/" + pkg + ".ts",
		"console/src/pages/" + exported(pkg) + "/", "console/src/locales/areas/" + pkg + "/", "console/config/routes." + pkg + ".ts"} {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// jsString is a TypeScript string literal of s (JSON's escaping, which
// TypeScript reads the same, without HTML escapes).
func jsString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// serverLocales writes internal/i18n/locales/<module>/<lang>.json.
func serverLocales(p *plan) []File {
	var out []File
	for i, l := range i18n.Languages {
		var b strings.Builder
		b.WriteString("{\n")
		for j, m := range p.Messages {
			fmt.Fprintf(&b, "  %s: %s", jsString(m.Key), jsString(m.Text[i]))
			if j < len(p.Messages)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("}\n")
		out = append(out, File{Path: "internal/i18n/locales/" + p.Pkg + "/" + l.Tag + ".json", Language: "json", Content: b.String()})
	}
	return out
}

// consoleLocales writes console/src/locales/areas/<module>/<code>.ts.
func consoleLocales(p *plan) []File {
	var out []File
	for i, l := range i18n.Languages {
		code := strings.Replace(l.Code, "_", "-", 1)
		var b strings.Builder
		fmt.Fprintf(&b, "/** %s pages, %s (generated from %s). Same keys in all 16 files of this folder. */\n", p.Pkg, code, p.Spec.Key())
		b.WriteString("const messages: Record<string, string> = {\n")
		for _, list := range [][]message{p.Messages, p.UI} {
			for _, m := range list {
				fmt.Fprintf(&b, "  %s: %s,\n", jsString(m.Key), jsString(m.Text[i]))
			}
		}
		b.WriteString("};\n\nexport default messages;\n")
		out = append(out, File{Path: "console/src/locales/areas/" + p.Pkg + "/" + code + ".ts", Language: "ts", Content: b.String()})
	}
	return out
}

// wiring lists the edits that put the generated module into the product.
func wiring(p *plan) []Edit {
	imp := fmt.Sprintf("\t%q\n", "github.com/venueplatform/venue/modules/"+p.Pkg)
	return []Edit{
		{File: "platform/modules.go", Anchor: "\t\"github.com/venueplatform/venue/platform/module\"\n", Before: true, Insert: imp, Lang: "go",
			Say: "import the module", Show: strings.TrimSpace(imp)},
		{File: "platform/modules.go", Anchor: "return []module.Module{", Insert: p.Pkg + ".New(deps, core), ", Lang: "go",
			Say: "build it in `domainModules`, first in the list it returns", Show: "return []module.Module{" + p.Pkg + ".New(deps, core), …}, nil"},
		{File: "console/config/routes.ts", Anchor: "export default [", Before: true, Lang: "ts",
			Insert: fmt.Sprintf("import %sRoutes from './routes.%s';\n", p.Pkg, p.Pkg),
			Say:    "import the area's routes", Show: fmt.Sprintf("import %sRoutes from './routes.%s';", p.Pkg, p.Pkg)},
		{File: "console/config/routes.ts", Anchor: "// Each business area declares its pages in its own file (config/routes.<area>.ts).\n", Lang: "ts",
			Insert: fmt.Sprintf("      ...%sRoutes,\n", p.Pkg),
			Say:    "spread them inside the BasicLayout route, beside the other areas", Show: fmt.Sprintf("...%sRoutes,", p.Pkg)},
		{File: "console/src/locales/index.ts", Anchor: "export const AREAS = [", Insert: fmt.Sprintf("'%s', ", p.Pkg), Lang: "ts",
			Say: "add the area to `AREAS`", Show: fmt.Sprintf("export const AREAS = ['%s', …] as const;", p.Pkg)},
	}
}

// Apply makes the wiring edits to the text of one file; an anchor that is
// not there is an error naming it.
func (e Edit) Apply(text string) (string, error) {
	i := strings.Index(text, e.Anchor)
	if i < 0 {
		return "", fmt.Errorf("%s: anchor %q not found", e.File, e.Anchor)
	}
	if e.Before {
		return text[:i] + e.Insert + text[i:], nil
	}
	at := i + len(e.Anchor)
	return text[:at] + e.Insert + text[at:], nil
}
