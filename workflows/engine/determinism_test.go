package engine_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// workflowPackages are the packages whose code runs inside the workflow.
var workflowPackages = []string{".", "../bpmn", "../expression"}

// The interpreter, the BPMN model and the expression policy run inside the
// workflow, so they must answer the same at every replay (docs/adr/0006):
// time comes from workflow.Now, coroutines from workflow.Go, waiting from
// workflow selectors. This test refuses the builtins that break that.
func TestWorkflowCodeReadsNoClockAndStartsNoGoroutine(t *testing.T) {
	t.Parallel()
	forbiddenImports := map[string]string{
		"math/rand": "randomness", "math/rand/v2": "randomness", "crypto/rand": "randomness",
		"sync": "locks (coroutines are cooperative)", "os": "the environment", "net/http": "the network",
	}
	forbiddenCalls := map[string]string{
		"time.Now": "workflow.Now", "time.Since": "workflow.Now", "time.Until": "workflow.Now",
		"time.Sleep": "workflow.Sleep", "time.After": "workflow.NewTimer", "time.NewTimer": "workflow.NewTimer",
		"time.Tick": "workflow.NewTimer", "time.NewTicker": "workflow.NewTimer", "time.Local": "UTC",
	}
	fset := token.NewFileSet()
	checked := 0
	for _, dir := range workflowPackages {
		files, err := parseDir(fset, dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			checked++
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if why, bad := forbiddenImports[p]; bad {
					t.Errorf("%s imports %s: %s breaks replay", fset.Position(imp.Pos()), p, why)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.GoStmt:
					t.Errorf("%s: a go statement; use workflow.Go", fset.Position(n.Pos()))
				case *ast.SelectStmt:
					t.Errorf("%s: a select statement; use workflow.NewSelector", fset.Position(n.Pos()))
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok {
						if use, bad := forbiddenCalls[x.Name+"."+n.Sel.Name]; bad {
							t.Errorf("%s: %s.%s; use %s", fset.Position(n.Pos()), x.Name, n.Sel.Name, use)
						}
					}
				}
				return true
			})
		}
	}
	if checked < 10 {
		t.Fatalf("checked %d files: the workflow code moved", checked)
	}
}

// Go iterates a map in a random order, so a range over one in workflow code
// may issue commands or build recorded values in another order at replay:
// iterate sortedKeys/sortedIDs instead (docs/adr/0006). The check needs the
// types, so it type-checks the packages against the build's export data.
func TestWorkflowCodeRangesOverNoMap(t *testing.T) {
	t.Parallel()
	imp := exportImporter(t, workflowPackages...)
	checked := 0
	for _, dir := range workflowPackages {
		fset := token.NewFileSet()
		files, err := parseDir(fset, dir)
		if err != nil {
			t.Fatal(err)
		}
		info, err := typeCheck(fset, files, imp)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		checked += len(files)
		for _, hit := range mapRanges(fset, files, info) {
			t.Errorf("%s; iterate sorted keys (sortedKeys, sortedIDs)", hit)
		}
	}
	if checked < 10 {
		t.Fatalf("checked %d files: the workflow code moved", checked)
	}
}

// The check itself: it flags every way of walking a map in its random order
// and accepts walking sorted keys, slices and channels.
func TestMapRangeCheckFlagsMapOrderAndAcceptsSortedKeys(t *testing.T) {
	t.Parallel()
	const flagged = `package p

import "maps"

type book struct{ open map[uint64]int }

func walk(b *book, vars map[string]any, ids map[uint64]bool) (n int) {
	for id := range b.open { // a field
		n += int(id)
	}
	for k, v := range vars { // a parameter
		_, _ = k, v
	}
	for range ids { // even without variables
		n++
	}
	for k := range maps.Keys(vars) { // an iterator in map order
		_ = k
	}
	type named map[string]int
	for k := range (named{}) { // a named map type
		_ = k
	}
	return n
}

func generic[V any](m map[string]V) {
	for k := range m { // a generic map
		_ = k
	}
}

func constrained[M ~map[string]int](m M) {
	for k := range m { // a type parameter that is a map
		_ = k
	}
}
`
	const accepted = `package p

import (
	"maps"
	"slices"
	"sort"
)

func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func walk(vars map[string]any, list []string, ch chan int, s string) {
	for _, k := range sortedKeys(vars) {
		_ = vars[k]
	}
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		_ = k
	}
	for i, x := range list {
		_, _ = i, x
	}
	for x := range ch {
		_ = x
	}
	for i := range 3 {
		_ = i
	}
	for _, r := range s {
		_ = r
	}
	keys := []string{"b", "a"}
	sort.Strings(keys)
}
`
	imp := importer.Default() // the fragments import the standard library only
	check := func(src string) []string {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "fragment.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		info, err := typeCheck(fset, []*ast.File{f}, imp)
		if err != nil {
			t.Fatal(err)
		}
		return mapRanges(fset, []*ast.File{f}, info)
	}
	hits := check(flagged)
	for _, line := range []int{8, 11, 14, 17, 21, 28, 34} {
		want := fmt.Sprintf("fragment.go:%d:", line)
		if !containsPrefix(hits, want) {
			t.Errorf("the check missed the map order at line %d; it found %q", line, hits)
		}
	}
	if len(hits) != 7 {
		t.Errorf("the check found %d map ranges in the flagged fragment, want 7: %q", len(hits), hits)
	}
	if hits := check(accepted); len(hits) != 0 {
		t.Errorf("the check flagged sorted or ordered iteration: %q", hits)
	}
}

func containsPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// mapRanges finds the ranges whose order is Go's random map order: over a
// value of map type, or over maps.Keys, maps.Values or maps.All.
func mapRanges(fset *token.FileSet, files []*ast.File, info *types.Info) []string {
	var hits []string
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			rs, ok := n.(*ast.RangeStmt)
			if !ok {
				return true
			}
			if tv, ok := info.Types[rs.X]; ok && tv.Type != nil {
				if isMap(tv.Type) {
					hits = append(hits, fmt.Sprintf("%s: range over the map %s", fset.Position(rs.Pos()), types.ExprString(rs.X)))
					return true
				}
			}
			if call, ok := ast.Unparen(rs.X).(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
					if fn, ok := info.Uses[sel.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "maps" &&
						(fn.Name() == "Keys" || fn.Name() == "Values" || fn.Name() == "All") {
						hits = append(hits, fmt.Sprintf("%s: range over maps.%s, in map order", fset.Position(rs.Pos()), fn.Name()))
					}
				}
			}
			return true
		})
	}
	return hits
}

// isMap reports whether a type is a map, or a type parameter whose
// constraint allows only maps.
func isMap(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Map:
		return true
	case *types.Interface:
		if _, param := t.(*types.TypeParam); !param || u.NumEmbeddeds() == 0 {
			return false
		}
		for i := 0; i < u.NumEmbeddeds(); i++ {
			terms := []*types.Term{}
			switch e := u.EmbeddedType(i).(type) {
			case *types.Union:
				for j := 0; j < e.Len(); j++ {
					terms = append(terms, e.Term(j))
				}
			default:
				terms = append(terms, types.NewTerm(false, e))
			}
			for _, term := range terms {
				if _, ok := term.Type().Underlying().(*types.Map); !ok {
					return false
				}
			}
		}
		return true
	}
	return false
}

// parseDir parses a package's non-test files.
func parseDir(fset *token.FileSet, dir string) ([]*ast.File, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

func typeCheck(fset *token.FileSet, files []*ast.File, imp types.Importer) (*types.Info, error) {
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(files[0].Name.Name, fset, files, info); err != nil {
		return nil, err
	}
	return info, nil
}

// exportImporter imports packages from the export data the go command has
// built for the packages' dependencies (the build cache answers at once).
func exportImporter(t *testing.T, pkgs ...string) types.Importer {
	t.Helper()
	args := append(append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, raceFlag...), pkgs...)
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -export: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "\t"); ok && file != "" {
			exports[path] = file
		}
	}
	return importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
}
