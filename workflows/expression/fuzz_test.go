package expression

import (
	"errors"
	"testing"
	"time"
)

// FuzzTranslate: any text either translates to source the policy compiles
// or refuses, or is refused with an error; it never panics or hangs.
func FuzzTranslate(f *testing.F) {
	for _, s := range []string{`${a gt 1 and not empty b}`, `#{x ? 'a' : "b"}`, `pre ${a[0].b(c)} post`, `${'}'}`,
		`${execution.getVariable('amount') > 5}`, `${((((a))))}`, `\${literal} ${x}`} {
		f.Add(s)
	}
	c := NewChecker()
	f.Fuzz(func(t *testing.T, s string) {
		src, err := Translate(s)
		if err != nil {
			return
		}
		if err := c.Check(src, KindValue); err != nil {
			var pe *PolicyError
			if !errors.As(err, &pe) {
				t.Fatalf("Check(%q) failed with %T: %v", src, err, err)
			}
		}
	})
}

// FuzzEvaluate: any source runs under the budget. It compiles or is refused
// by the policy; when it runs, it answers within the output cap or fails
// with a BudgetError or an EvalError, and never charges more than its limits.
func FuzzEvaluate(f *testing.F) {
	for _, s := range []string{
		`len(repeat(repeat("a", 999999), 1000000))`,
		`let a = s + s; let b = a + a; b + b`,
		`join(map(1..n, s), ",")`,
		`all(list, {# in list})`,
		`toJSON([list, list, list])`,
		`sum(items, .price * .qty) > 10 ? "big" : "small"`,
		`now().Add(duration("1h")).Format("15:04")`,
		`keys({"b": 1, "a": 2})`,
		`replace(s, "x", repeat("y", n))`,
		`flatten([[list], [list]])`,
		`${amount gt 1000 and not empty name}`,
	} {
		f.Add(s, int64(7))
	}
	vars := func(n int64) map[string]any {
		return map[string]any{"s": "xyz", "n": n % 2000, "list": []any{1, "two", 3.0, nil}, "name": "Oven", "amount": 1500,
			"items": []any{map[string]any{"price": 2.5, "qty": 4}}}
	}
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, src string, n int64) {
		e := NewEvaluator(func() time.Time { return at })
		e.Limits.Memory = 1 << 20
		e.Limits.Steps = 20_000
		e.Limits.Elements = 20_000
		out, err := e.Script(src, vars(n))
		if e.mem > e.Limits.Memory {
			t.Fatalf("%q charged %d bytes over the limit %d", src, e.mem, e.Limits.Memory)
		}
		if err != nil {
			var be *BudgetError
			var pe *PolicyError
			var ee *EvalError
			if !errors.As(err, &be) && !errors.As(err, &pe) && !errors.As(err, &ee) {
				t.Fatalf("%q failed with %T: %v", src, err, err)
			}
			return
		}
		if sizeOf(out, e.Limits.Output, 1) > e.Limits.Output {
			t.Fatalf("%q answered more than the output cap", src)
		}
	})
}
