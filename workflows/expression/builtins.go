package expression

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/vm/runtime"
)

// original answers expr-lang's implementation of a builtin.
func original(name string) func(args ...any) (any, error) {
	for _, b := range builtin.Builtins {
		if b.Name != name {
			continue
		}
		switch {
		case b.Func != nil:
			return b.Func
		case b.Fast != nil:
			return func(args ...any) (any, error) {
				if len(args) != 1 {
					return nil, fmt.Errorf("%s takes one argument, got %d", name, len(args))
				}
				return b.Fast(args[0]), nil
			}
		case b.Safe != nil:
			return func(args ...any) (any, error) {
				out, _, err := b.Safe(args...)
				return out, err
			}
		}
	}
	panic("expression: no builtin " + name)
}

// charge takes bytes from the memory budget before they are allocated.
func (e *Evaluator) charge(op string, n int64) {
	if n < 0 || n > e.Limits.Memory-e.mem {
		panic(&BudgetError{Limit: "memory", Op: op, Need: n, Max: e.Limits.Memory})
	}
	e.mem += n
}

// work takes steps from the work budget.
func (e *Evaluator) work(op string, n int64) {
	e.steps += n
	if e.steps > e.Limits.Steps {
		panic(&BudgetError{Limit: "steps", Op: op, Max: e.Limits.Steps})
	}
}

// scanCost is what walking a value costs: a step per KB of text and per 64 elements.
func scanCost(v any) int64 {
	switch x := v.(type) {
	case string:
		return int64(len(x)) >> 10
	case nil, bool, int, float64:
		return 0
	}
	return lenOf(v) >> 6
}

func (e *Evaluator) scan(op string, args ...any) {
	n := int64(1)
	for _, a := range args {
		n += scanCost(a)
	}
	e.work(op, n)
}

// mul multiplies sizes, saturating instead of overflowing.
func mul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > (1<<62)/b {
		return 1 << 62
	}
	return a * b
}

func str(op string, v any, i int) string {
	s, ok := v.(string)
	if !ok {
		panic(fmt.Errorf("%s: argument %d is %T, not a string", op, i+1, v))
	}
	return s
}

// functions are the budgeted builtins and operators, bound to this evaluator.
func (e *Evaluator) functions() []expr.Option {
	var opts []expr.Option
	def := func(name string, fn func(args ...any) (any, error)) {
		opts = append(opts, expr.Function(name, fn))
	}
	def("__step", func(args ...any) (any, error) {
		e.work("loop", 1)
		return args[0], nil
	})
	for _, name := range scanningBuiltins {
		name, orig := name, original(name)
		def(name, func(args ...any) (any, error) {
			e.scan(name, args...)
			return orig(args...)
		})
	}
	def("now", func(args ...any) (any, error) {
		if e.Now == nil {
			return nil, errors.New("now() has no clock here")
		}
		t := e.Now().UTC()
		if len(args) == 1 {
			if tz, ok := args[0].(*time.Location); ok {
				return t.In(tz), nil
			}
		}
		if len(args) != 0 {
			return nil, fmt.Errorf("now takes no argument or a timezone, got %d arguments", len(args))
		}
		return t, nil
	})
	e.stringBuiltins(def)
	e.collectionBuiltins(def)
	e.operators(def)
	return opts
}

func (e *Evaluator) stringBuiltins(def func(string, func(...any) (any, error))) {
	sized := func(name string, size func(args []any) int64) {
		orig := original(name)
		def(name, func(args ...any) (any, error) {
			e.scan(name, args...)
			e.charge(name, size(args))
			return orig(args...)
		})
	}
	sized("string", func(a []any) int64 {
		if len(a) != 1 {
			return 0
		}
		return sizeOf(a[0], e.Limits.Memory-e.mem, 1) + 16
	})
	sized("upper", func(a []any) int64 { return 2*lenOf(a[0]) + 16 })
	sized("lower", func(a []any) int64 { return 2*lenOf(a[0]) + 16 })
	split := func(a []any) int64 {
		if len(a) < 2 {
			return 0
		}
		s, sep := str("split", a[0], 0), str("split", a[1], 1)
		parts := int64(strings.Count(s, sep) + 1)
		if sep == "" {
			parts = int64(utf8.RuneCountInString(s))
		}
		if len(a) == 3 {
			if n := int64(runtime.ToInt(a[2])); n >= 0 && n < parts {
				parts = n
			}
		}
		return mul(parts, 16) + 24
	}
	sized("split", split)
	sized("splitAfter", split)
	sized("replace", func(a []any) int64 {
		if len(a) < 3 {
			return 0
		}
		s, old, repl := str("replace", a[0], 0), str("replace", a[1], 1), str("replace", a[2], 2)
		n := int64(strings.Count(s, old))
		if len(a) == 4 {
			if lim := int64(runtime.ToInt(a[3])); lim >= 0 && lim < n {
				n = lim
			}
		}
		return int64(len(s)) + mul(n, max(0, int64(len(repl)-len(old)))) + 16
	})
	sized("repeat", func(a []any) int64 {
		if len(a) != 2 {
			return 0
		}
		n := int64(runtime.ToInt(a[1]))
		if n < 0 {
			panic(fmt.Errorf("repeat: negative count %d", n))
		}
		return mul(lenOf(a[0]), n) + 16
	})
	sized("join", func(a []any) int64 {
		if len(a) == 0 {
			return 0
		}
		var total int64
		rv := reflect.ValueOf(a[0])
		if rv.Kind() != reflect.Slice {
			return 0
		}
		for i := 0; i < rv.Len(); i++ {
			if s, ok := rv.Index(i).Interface().(string); ok {
				total += int64(len(s))
			}
		}
		if len(a) == 2 && rv.Len() > 1 {
			total += mul(lenOf(a[1]), int64(rv.Len()-1))
		}
		return total + 16
	})
	// JSON escapes a byte into as many as six ("\u003c").
	sized("toJSON", func(a []any) int64 {
		if len(a) != 1 {
			return 0
		}
		return sizeOf(a[0], e.Limits.Memory-e.mem, 6) + 16
	})
	sized("fromJSON", func(a []any) int64 { return 32*lenOf(a[0]) + 64 })
	sized("toBase64", func(a []any) int64 { return lenOf(a[0])*4/3 + 16 })
	sized("fromBase64", func(a []any) int64 { return lenOf(a[0]) + 16 })
}

func (e *Evaluator) collectionBuiltins(def func(string, func(...any) (any, error))) {
	sized := func(name string, size func(args []any) int64) {
		orig := original(name)
		def(name, func(args ...any) (any, error) {
			e.scan(name, args...)
			e.charge(name, size(args))
			return orig(args...)
		})
	}
	each := func(per int64) func([]any) int64 {
		return func(a []any) int64 {
			var n int64
			for _, x := range a {
				n += mul(lenOf(x), per)
			}
			return n + 24
		}
	}
	sized("reverse", each(16))
	sized("uniq", each(48))
	sized("sort", each(16))
	sized("median", each(16))
	sized("fromPairs", each(64))
	sized("concat", each(16))
	sized("take", func(a []any) int64 {
		if len(a) != 2 {
			return 0
		}
		return mul(min(lenOf(a[0]), int64(runtime.ToInt(a[1]))), 16) + 24
	})
	sized("flatten", func(a []any) int64 {
		if len(a) != 1 {
			return 0
		}
		return mul(leaves(a[0], e.Limits.Memory/16), 16) + 24
	})
	// Map order is random in Go: keys, values and pairs come in key order.
	mapped := func(name string, per int64, pick func(k, v any) any) {
		def(name, func(args ...any) (any, error) {
			if len(args) != 1 {
				return nil, fmt.Errorf("%s takes one map, got %d arguments", name, len(args))
			}
			rv := reflect.ValueOf(args[0])
			if rv.Kind() != reflect.Map {
				return nil, fmt.Errorf("%s takes a map, not %T", name, args[0])
			}
			e.scan(name, args[0])
			e.charge(name, mul(int64(rv.Len()), per)+24)
			keys := rv.MapKeys()
			sort.Slice(keys, func(i, j int) bool { return less(keys[i].Interface(), keys[j].Interface()) })
			out := make([]any, len(keys))
			for i, k := range keys {
				out[i] = pick(k.Interface(), rv.MapIndex(k).Interface())
			}
			return out, nil
		})
	}
	mapped("keys", 16, func(k, _ any) any { return k })
	mapped("values", 16, func(_, v any) any { return v })
	mapped("toPairs", 64, func(k, v any) any { return []any{k, v} })
}

// less orders map keys: numbers before strings, then by value.
func less(a, b any) bool {
	as, aok := a.(string)
	bs, bok := b.(string)
	switch {
	case aok && bok:
		return as < bs
	case aok != bok:
		return bok
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}

func (e *Evaluator) operators(def func(string, func(...any) (any, error))) {
	two := func(name string, fn func(a, b any) any) {
		def(name, func(args ...any) (any, error) {
			if len(args) != 2 {
				return nil, fmt.Errorf("%s takes two operands", name)
			}
			return fn(args[0], args[1]), nil
		})
	}
	two("__add", func(a, b any) any {
		switch a.(type) {
		case string, []any:
			e.scan("+", a, b)
			per := int64(1)
			if _, ok := a.([]any); ok {
				per = 16
			}
			e.charge("+", mul(lenOf(a)+lenOf(b), per)+16)
		}
		if x, ok := a.([]any); ok {
			if y, ok := b.([]any); ok {
				return append(append(make([]any, 0, len(x)+len(y)), x...), y...)
			}
		}
		return runtime.Add(a, b)
	})
	compare := func(name string, fn func(a, b any) bool) {
		two(name, func(a, b any) any {
			e.scan(name, a, b)
			return fn(a, b)
		})
	}
	compare("__eq", runtime.Equal)
	compare("__ne", func(a, b any) bool { return !runtime.Equal(a, b) })
	compare("__lt", runtime.Less)
	compare("__gt", runtime.More)
	compare("__le", runtime.LessOrEqual)
	compare("__ge", runtime.MoreOrEqual)
	two("__in", func(a, b any) any {
		// Each element is compared with the needle.
		e.work("in", 1+mul(lenOf(b)>>6, 1+scanCost(a)))
		return runtime.In(a, b)
	})
	strOp := func(name string, fn func(a, b string) bool) {
		two(name, func(a, b any) any {
			if runtime.IsNil(a) || runtime.IsNil(b) {
				return false
			}
			e.scan(name, a, b)
			return fn(str(name, a, 0), str(name, b, 1))
		})
	}
	strOp("__contains", strings.Contains)
	strOp("__startsWith", strings.HasPrefix)
	strOp("__endsWith", strings.HasSuffix)
	two("__matches", func(a, b any) any {
		if runtime.IsNil(a) || runtime.IsNil(b) {
			return false
		}
		s, pat := str("matches", a, 0), str("matches", b, 1)
		re := e.regexps[pat]
		if re == nil {
			re = regexp.MustCompile(pat) // the policy compiled it already
			if e.regexps == nil {
				e.regexps = map[string]*regexp.Regexp{}
			}
			e.regexps[pat] = re
		}
		// A regular expression costs more per byte than a plain search.
		e.work("matches", 1+int64(len(s))>>8)
		return re.MatchString(s)
	})
}
