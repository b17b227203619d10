package expression

import (
	"strings"
	"testing"
	"time"
)

// BenchmarkHostile measures what the worst expressions cost before the
// budget stops them: each is refused within a bounded time and memory.
//
//	go test -run '^$' -bench Hostile -benchmem ./workflows/expression/
func BenchmarkHostile(b *testing.B) {
	vars := map[string]any{"s": strings.Repeat("x", 1<<20), "list": make([]any, 50000), "n": 1000000}
	for name, src := range map[string]string{
		"huge-repeat":     `len(repeat(repeat("a", 999999), n))`,
		"doubling":        `let a = s + s; let b = a + a; let c = b + b; c + c`,
		"quadratic-in":    `all(list, {# in list})`,
		"scan-equal":      `all(1..50000, {s == s})`,
		"nested-ranges":   `all(1..90000, {all(1..90000, {true})})`,
		"json-dag":        `let a = [list, list]; let b = [a, a, a, a]; let c = [b, b, b, b]; toJSON(c)`,
		"loop-of-replace": `map(1..1000, {replace(s, "x", "yy")})`,
	} {
		b.Run(name, func(b *testing.B) {
			e := NewEvaluator(func() time.Time { return time.Time{} })
			for i := 0; i < b.N; i++ {
				if _, err := e.Eval(src, vars); err == nil {
					b.Fatalf("%s ran", src)
				}
			}
		})
	}
}

// BenchmarkCondition is an everyday condition, compiled once and run.
func BenchmarkCondition(b *testing.B) {
	e := NewEvaluator(nil)
	vars := map[string]any{"amount": 1500.0, "urgent": false, "items": []any{map[string]any{"price": 3.0, "qty": 2.0}}}
	for i := 0; i < b.N; i++ {
		if ok, err := e.Condition(`amount > 1000 && !urgent && sum(items, .price * .qty) > 5`, vars); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
