package expression

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/vm"
)

// Builtins an expression may call as expr-lang defines them: the predicate
// builtins (their bodies are charged a step per iteration) and those that
// take constant time.
var plainBuiltins = []string{
	"all", "none", "any", "one", "filter", "map", "find", "findIndex", "findLast", "findLastIndex",
	"count", "sum", "groupBy", "sortBy", "reduce",
	"len", "type", "abs", "ceil", "floor", "round", "first", "last", "get",
	"bitand", "bitor", "bitxor", "bitnand", "bitnot", "bitshl", "bitshr", "bitushr",
}

// Builtins that walk their arguments: charged steps for what they scan.
var scanningBuiltins = []string{
	"trim", "trimPrefix", "trimSuffix", "indexOf", "lastIndexOf", "hasPrefix", "hasSuffix",
	"max", "min", "mean", "int", "float", "duration", "date", "timezone",
}

// Builtins replaced by budgeted versions (builtins.go): they allocate in
// proportion to an argument, read the clock, or answer in map order.
var budgetedBuiltins = []string{
	"now", "string", "upper", "lower", "split", "splitAfter", "replace", "repeat", "join",
	"toJSON", "fromJSON", "toBase64", "fromBase64", "keys", "values", "toPairs", "fromPairs",
	"reverse", "uniq", "concat", "flatten", "sort", "median", "take",
}

// Operators replaced by budgeted functions: they build or scan in
// proportion to their operands.
var budgetedOperators = map[string]string{
	"+": "__add", "==": "__eq", "!=": "__ne", "<": "__lt", ">": "__gt", "<=": "__le", ">=": "__ge",
	"in": "__in", "contains": "__contains", "startsWith": "__startsWith", "endsWith": "__endsWith",
	"matches": "__matches",
}

// Methods of the time values now(), date() and duration() answer. The
// zone-reading ones (Local, In, Zone) are left out: they differ between
// workers. Format takes a short constant layout only.
var timeMethods = map[string]bool{
	"Year": true, "Month": true, "Day": true, "Hour": true, "Minute": true, "Second": true, "Weekday": true,
	"YearDay": true, "Unix": true, "UnixMilli": true, "Add": true, "AddDate": true, "Sub": true, "Before": true,
	"After": true, "Equal": true, "Compare": true, "IsZero": true, "UTC": true, "Truncate": true, "Round": true,
	"Hours": true, "Minutes": true, "Seconds": true, "Milliseconds": true, "Format": true,
}

// Longest constant regular expression (matches) and time layout (Format).
const (
	maxPattern = 256
	maxLayout  = 64
)

// Kind is what an expression must answer.
type Kind int

// Expression kinds.
const (
	KindValue Kind = iota // any value
	KindBool              // a condition
)

type progKey struct {
	src  string
	kind Kind
}

// compile compiles expr-lang source under the policy for this evaluator.
// The interpreter and the validator both come here.
func (e *Evaluator) compile(src string, kind Kind) (*vm.Program, error) {
	if p, ok := e.programs[progKey{src, kind}]; ok {
		return p, nil
	}
	if len(src) > MaxSource {
		return nil, &PolicyError{Reason: fmt.Sprintf("expression is %d bytes; the limit is %d", len(src), MaxSource)}
	}
	pv := &policyVisitor{}
	opts := []expr.Option{expr.AllowUndefinedVariables(), expr.MaxNodes(uint(e.Limits.Nodes)), expr.DisableAllBuiltins()}
	for _, name := range plainBuiltins {
		opts = append(opts, expr.EnableBuiltin(name))
	}
	opts = append(opts, e.functions()...)
	opts = append(opts, expr.Patch(pv))
	if kind == KindBool {
		opts = append(opts, expr.AsBool())
	}
	p, err := expr.Compile(src, opts...)
	if pv.err != nil {
		return nil, pv.err
	}
	if err != nil {
		// expr-lang appends a multi-line source excerpt; keep the first line.
		msg, _, _ := strings.Cut(err.Error(), "\n")
		return nil, &PolicyError{Reason: msg}
	}
	if e.programs == nil {
		e.programs = map[progKey]*vm.Program{}
	}
	e.programs[progKey{src, kind}] = p
	return p, nil
}

// knownFunctions are the names a call may name: budgeted builtins and the
// functions budgeted operators become.
var knownFunctions = func() map[string]bool {
	m := map[string]bool{"__step": true}
	for _, n := range budgetedBuiltins {
		m[n] = true
	}
	for _, n := range scanningBuiltins {
		m[n] = true
	}
	for _, op := range slices.Sorted(maps.Keys(budgetedOperators)) {
		m[budgetedOperators[op]] = true
	}
	return m
}()

var allowedBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range plainBuiltins {
		m[n] = true
	}
	return m
}()

// policyVisitor refuses what the policy does not allow and rewrites what it
// budgets: operators become calls of budgeted functions, predicate bodies
// are charged a step per iteration. ast.Walk visits children first, so a
// rewritten node's operands are already rewritten.
type policyVisitor struct {
	err error
}

func (v *policyVisitor) refuse(format string, args ...any) {
	if v.err == nil {
		v.err = &PolicyError{Reason: fmt.Sprintf(format, args...)}
	}
}

func call(name string, args ...ast.Node) *ast.CallNode {
	return &ast.CallNode{Callee: &ast.IdentifierNode{Value: name}, Arguments: args}
}

func (v *policyVisitor) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.BuiltinNode:
		if !allowedBuiltins[n.Name] {
			v.refuse("function %s is not allowed in process expressions", n.Name)
			return
		}
		// count(xs) and sum(xs) loop without a predicate body: give them one, so they are charged too.
		if (n.Name == "count" || n.Name == "sum") && len(n.Arguments) == 1 {
			n.Arguments = append(n.Arguments, &ast.PredicateNode{Node: call("__step", &ast.PointerNode{})})
		}
	case *ast.PredicateNode:
		n.Node = call("__step", n.Node)
	case *ast.CallNode:
		switch callee := n.Callee.(type) {
		case *ast.IdentifierNode:
			if !knownFunctions[callee.Value] {
				v.refuse("function %s is not allowed in process expressions", callee.Value)
			}
		case *ast.MemberNode:
			name, _ := callee.Property.(*ast.StringNode)
			if name == nil || !timeMethods[name.Value] {
				method := "?"
				if name != nil {
					method = name.Value
				}
				v.refuse("method %s is not allowed in process expressions", method)
				return
			}
			if name.Value == "Format" {
				if len(n.Arguments) != 1 {
					v.refuse("Format takes one constant layout")
					return
				}
				if lay, ok := n.Arguments[0].(*ast.StringNode); !ok || len(lay.Value) > maxLayout {
					v.refuse("Format takes a constant layout of at most %d characters", maxLayout)
				}
			}
		default:
			v.refuse("only named functions and time methods can be called")
		}
	case *ast.BinaryNode:
		fn, ok := budgetedOperators[n.Operator]
		if !ok {
			return
		}
		if n.Operator == "matches" {
			pat, ok := n.Right.(*ast.StringNode)
			if !ok || len(pat.Value) > maxPattern {
				v.refuse("matches takes a constant pattern of at most %d characters", maxPattern)
				return
			}
			if _, err := regexp.Compile(pat.Value); err != nil {
				v.refuse("matches: %v", err)
				return
			}
		}
		ast.Patch(node, call(fn, n.Left, n.Right))
	}
}

// Builtins lists what expressions may call, for documentation and the
// console's hints: expr-lang builtins (some of them budgeted) and the time
// methods.
func Builtins() []string {
	var out []string
	out = append(out, plainBuiltins...)
	out = append(out, scanningBuiltins...)
	out = append(out, budgetedBuiltins...)
	sort.Strings(out)
	return out
}
