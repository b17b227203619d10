package codegen

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func generated(t *testing.T, s Spec) *Generated {
	t.Helper()
	if err := validateSpec(&s); err != nil {
		t.Fatal(err)
	}
	g, err := Generate(&s, everyTypeResolved())
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// The same definition always gives the same bytes: files, their order and the zip.
func TestGenerateIsDeterministic(t *testing.T) {
	t.Parallel()
	first := generated(t, everyTypeSpec())
	firstZip, err := Zip(first)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		again := generated(t, everyTypeSpec())
		if !reflect.DeepEqual(first, again) {
			t.Fatal("a second generation differs")
		}
		zip, err := Zip(again)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(zip, firstZip) {
			t.Fatal("a second zip differs")
		}
	}
	today := time.Now().UTC().Format("2006-01-02")
	for _, f := range first.Files {
		if strings.Contains(f.Content, today) {
			t.Fatalf("%s holds today's date", f.Path)
		}
	}
}

// Every file lands inside the module's own places; there are 16 server and
// 16 console locale files; labels never reach the code (only locale files,
// the README and, as quoted expected messages, the generated test, which
// parses), so no label can break out of a string or a comment.
func TestGeneratedFilesStayInTheirPlaces(t *testing.T) {
	t.Parallel()
	g := generated(t, everyTypeSpec())
	var serverLocales, consoleLocales int
	want := map[string]bool{"modules/genstock/module.go": false, "modules/genstock/models.go": false,
		"modules/genstock/stock_item.go": false, "modules/genstock/stock_item_rules.go": false,
		"modules/genstock/stock_item_handlers.go": false, "modules/genstock/stock_item_test.go": false,
		"modules/genstock/seed.go": false, "modules/genstock/README.md": false, "console/src/services/genstock.ts": false,
		"console/src/pages/Genstock/StockItem/index.tsx": false, "console/config/routes.genstock.ts": false}
	for _, f := range g.Files {
		if !safePath(f.Path, "genstock") {
			t.Errorf("%s is outside the module's places", f.Path)
		}
		if _, ok := want[f.Path]; ok {
			want[f.Path] = true
		}
		switch {
		case strings.HasPrefix(f.Path, "internal/i18n/locales/genstock/"):
			serverLocales++
			var m map[string]string
			if err := json.Unmarshal([]byte(f.Content), &m); err != nil {
				t.Fatalf("%s: %v", f.Path, err)
			}
		case strings.HasPrefix(f.Path, "console/src/locales/areas/genstock/"):
			consoleLocales++
		case strings.HasSuffix(f.Path, "_test.go"):
		case strings.HasSuffix(f.Path, ".go") || strings.HasSuffix(f.Path, ".tsx") || strings.HasSuffix(f.Path, "services/genstock.ts"):
			for _, label := range []string{`Stock "item"`, "Title */ end", "Notes $x", `Code "quoted"`} {
				if strings.Contains(f.Content, label) {
					t.Errorf("%s contains the label %q", f.Path, label)
				}
			}
		}
	}
	for p, seen := range want {
		if !seen {
			t.Errorf("%s not generated", p)
		}
	}
	if serverLocales != 16 || consoleLocales != 16 {
		t.Fatalf("%d server and %d console locale files", serverLocales, consoleLocales)
	}
}

// safePath refuses whatever is not one of the module's own places.
func TestSafePath(t *testing.T) {
	t.Parallel()
	for _, p := range []string{"modules/genstock/../sys/x.go", "/etc/passwd", "modules/sys/x.go", `modules\genstock\x.go`,
		"modules/genstock//x.go", "internal/i18n/locales/en.json", "console/src/locales/en-US.ts", "modules/genstock/x\x00.go",
		"console/config/routes.ts", "platform/modules.go", ""} {
		if safePath(p, "genstock") {
			t.Errorf("%q accepted", p)
		}
	}
}

// The wiring edits find their anchors in this project's files.
func TestWiringAnchorsExist(t *testing.T) {
	t.Parallel()
	root := projectRoot(t)
	for _, e := range generated(t, everyTypeSpec()).Wiring {
		raw, err := os.ReadFile(filepath.Join(root, e.File))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Apply(string(raw)); err != nil {
			t.Fatal(err)
		}
	}
}

// TestDumpEveryType writes the every-type files under $CODEGEN_DUMP when set
// (a developer's look at the output; nothing is written otherwise).
func TestDumpEveryType(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("CODEGEN_DUMP")
	if dir == "" {
		t.Skip("CODEGEN_DUMP not set")
	}
	for _, s := range []Spec{targetSpec(), everyTypeSpec()} {
		if err := validateSpec(&s); err != nil {
			t.Fatal(err)
		}
		g, err := Generate(&s, everyTypeResolved())
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range g.Files {
			p := filepath.Join(dir, f.Path)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(f.Content), 0o644)
		}
	}
}

// BenchmarkGenerateEveryType measures a preview of the every-type definition
// (validation, plan, templates, gofmt of seven Go files, 32 locale files).
func BenchmarkGenerateEveryType(b *testing.B) {
	res := everyTypeResolved()
	for b.Loop() {
		s := everyTypeSpec()
		if err := validateSpec(&s); err != nil {
			b.Fatal(err)
		}
		if _, err := Generate(&s, res); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkZipEveryType measures packing its files into the downloaded zip.
func BenchmarkZipEveryType(b *testing.B) {
	s := everyTypeSpec()
	_ = validateSpec(&s)
	g, err := Generate(&s, everyTypeResolved())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Zip(g); err != nil {
			b.Fatal(err)
		}
	}
}
