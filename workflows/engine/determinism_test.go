package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

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
	for _, dir := range []string{".", "../bpmn", "../expression"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
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
