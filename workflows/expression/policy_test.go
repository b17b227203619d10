package expression

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

var clock = func() time.Time { return time.Date(2025, 3, 1, 9, 30, 0, 0, time.UTC) }

func budgetErr(t *testing.T, err error, limit string) {
	t.Helper()
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("want a %s BudgetError, got %v (%T)", limit, err, err)
	}
	if be.Limit != limit {
		t.Fatalf("want the %s limit, got %v", limit, be)
	}
}

// The attack of issue 11: a script that would build a terabyte string is
// refused before anything is allocated, and the process keeps its memory.
func TestHugeRepeatIsRefusedBeforeAllocating(t *testing.T) {
	t.Parallel()
	e := NewEvaluator(clock)
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := e.Script(`len(repeat(repeat("a", 999999), 1000000))`, nil)
	budgetErr(t, err, "memory")
	if !strings.Contains(err.Error(), "repeat needs 999999000016 bytes") {
		t.Fatalf("reason: %v", err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if grown := int64(after.TotalAlloc) - int64(before.TotalAlloc); grown > 64<<20 {
		t.Fatalf("the refused script allocated %d bytes", grown)
	}
	// The same as a condition, in JUEL.
	_, err = e.Condition(`len(repeat(repeat("a", n), n)) > 0`, map[string]any{"n": 1000000})
	budgetErr(t, err, "memory")
	// A small repeat is fine.
	v, err := e.Script(`${len(repeat("ab", n))}`, map[string]any{"n": 3})
	if err != nil || v != 6 {
		t.Fatalf("got %v, %v", v, err)
	}
}

func TestBudgetsCoverEveryBuilder(t *testing.T) {
	t.Parallel()
	big := map[string]any{"s": strings.Repeat("x", 1<<20), "n": 5000, "list": make([]any, 50000)}
	cases := []struct{ src, limit string }{
		{`let a = s + s; let b = a + a; let c = b + b; c + c`, "memory"},                          // doubling by +
		{`join(map(1..5000, s), ",")`, "memory"},                                                  // join
		{`replace(s, "x", "yyyyyyyy")`, "memory"},                                                 // replace grows the text
		{`upper(s + s + s)`, "memory"},                                                            // case mapping
		{`len(split(s, ""))`, "memory"},                                                           // a string per rune
		{`let a = [list, list]; let b = [a, a, a, a]; let c = [b, b, b, b]; toJSON(c)`, "memory"}, // JSON of a shared DAG
		{`let a = [list, list]; let b = [a, a, a, a]; string([b, b, b, b])`, "memory"},
		{`let a = [list, list]; let b = [a, a, a, a]; let c = [b, b, b, b]; len(flatten(c))`, "memory"},
		{`len(1..1000000)`, "elements"}, // expr-lang's own range budget
		{`all(1..90000, {all(1..90000, {true})})`, "elements"},
		{`count(list, {any(list, {# == nil})})`, "steps"}, // quadratic work
		{`all(list, {# in list})`, "steps"},
		{`all(1..50000, {s == s})`, "steps"}, // scanning a MB each time
		{`sum(1..20000, {len(1..20000)})`, "elements"},
		{`[s, s, s, s, s, s, s, s, s, s]`, "output"},
	}
	for _, c := range cases {
		e := NewEvaluator(clock)
		_, err := e.Eval(c.src, big)
		if err == nil {
			t.Errorf("%s: no error", c.src)
			continue
		}
		var be *BudgetError
		if !errors.As(err, &be) || be.Limit != c.limit {
			t.Errorf("%s: got %v, want the %s limit", c.src, err, c.limit)
		}
	}
}

func TestEverydayExpressionsRun(t *testing.T) {
	t.Parallel()
	vars := map[string]any{"amount": 1500.0, "items": []any{map[string]any{"price": 3.0, "qty": 2.0}, map[string]any{"price": 1.5, "qty": 4.0}},
		"name": "Oven", "tags": []any{"b", "a"}, "m": map[string]any{"z": 1, "a": 2, "k": 3}, "due": "2025-03-02T10:00:00Z"}
	cases := []struct {
		src  string
		want any
	}{
		{`amount > 1000 && name == "Oven"`, true},
		{`sum(items, .price * .qty)`, 12.0},
		{`sum([1, 2, 3])`, 6},
		{`count([true, false, true])`, 2},
		{`join(sort(tags), "+")`, "a+b"},
		{`keys(m)`, []any{"a", "k", "z"}},
		{`values(m)`, []any{2, 3, 1}},
		{`upper(name) + "!"`, "OVEN!"},
		{`"x" in tags || "a" in tags`, true},
		{`name contains "ve" and name startsWith "O"`, true},
		{`name matches "^O[a-z]+$"`, true},
		{`now().Year()`, 2025},
		{`date(due) > now()`, true},
		{`now().Format("2006-01-02")`, "2025-03-01"},
		{`len(filter(items, .qty > 3))`, 1},
		{`reduce(1..4, #acc + #, 0)`, 10},
		{`toJSON({"a": 1})`, "{\n  \"a\": 1\n}"},
		{`string(42) + "x"`, "42x"},
		{`[1, 2] + [3]`, []any{1, 2, 3}},
		{`trim("  a ")`, "a"},
	}
	e := NewEvaluator(clock)
	for _, c := range cases {
		got, err := e.Eval(c.src, vars)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if !equal(got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.src, got, c.want)
		}
	}
}

func equal(a, b any) bool {
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok && bok {
		if len(as) != len(bs) {
			return false
		}
		for i := range as {
			if !equal(as[i], bs[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

// Clock and order: an expression answers the same at every replay.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	at := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	e := NewEvaluator(func() time.Time { return at })
	v, err := e.Eval(`now()`, nil)
	if err != nil || !v.(time.Time).Equal(at) {
		t.Fatalf("now() = %v, %v; want the workflow clock", v, err)
	}
	m := map[string]any{}
	for _, k := range strings.Split("q w e r t y u i o p a s d f g h j k l", " ") {
		m[k] = k
	}
	first, _ := e.Eval(`toPairs(m)`, map[string]any{"m": m})
	for i := 0; i < 20; i++ {
		again, _ := e.Eval(`toPairs(m)`, map[string]any{"m": m})
		if toJSONString(again) != toJSONString(first) {
			t.Fatal("toPairs answers in map order")
		}
	}
	// Without a clock (validation), now() compiles and cannot run.
	c := NewChecker()
	if err := c.Check(`now() > date("2020-01-01")`, KindBool); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Eval(`now()`, nil); err == nil {
		t.Fatal("now() ran without a clock")
	}
}

func toJSONString(v any) string {
	e := NewEvaluator(nil)
	s, _ := e.Eval(`toJSON(v)`, map[string]any{"v": v})
	return s.(string)
}

func TestPolicyRefusals(t *testing.T) {
	t.Parallel()
	c := NewChecker()
	for _, src := range []string{
		`now().Local()`, // the worker's zone
		`now().In(timezone("Asia/Tokyo")).Zone()`,
		`d.Format(layout)`,     // a layout that could be anything
		`name matches pattern`, // a pattern built at run time
		`name matches "` + strings.Repeat("a", 300) + `"`,
		`name matches "(["`,
		`foo(1)`, // no such function
		`f()()`,
		strings.Repeat("a + ", 2000) + "a", // too many nodes
		strings.Repeat(" ", MaxSource+1),
	} {
		err := c.Check(src, KindValue)
		var pe *PolicyError
		if !errors.As(err, &pe) {
			t.Errorf("%.60s: got %v, want a PolicyError", src, err)
		}
	}
	if err := c.Check(`amount`, KindBool); err != nil {
		t.Errorf("a variable is a fine condition: %v", err)
	}
	if err := c.Check(`"x" + 1 == 2`, KindBool); err != nil {
		t.Errorf("types are checked when it runs: %v", err)
	}
}

func TestRunErrorsAreEvalErrors(t *testing.T) {
	t.Parallel()
	e := NewEvaluator(clock)
	for _, src := range []string{`items[5]`, `1 / name`, `int("abc")`, `upper(5)`, `repeat("a", -1)`} {
		_, err := e.Eval(src, map[string]any{"items": []any{1}, "name": "x"})
		var ee *EvalError
		var be *BudgetError
		if err == nil || !(errors.As(err, &ee) || errors.As(err, &be)) {
			t.Errorf("%s: got %v (%T)", src, err, err)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: the reason is more than one line: %q", src, err.Error())
		}
	}
	if _, err := e.Condition(`1 + 1`, nil); err == nil {
		t.Error("a number is not a condition")
	}
}

func TestText(t *testing.T) {
	t.Parallel()
	e := NewEvaluator(clock)
	for raw, want := range map[string]string{`PT15M`: "PT15M", `${delay}`: "PT1H", `PT${n}M`: "PT5M", ` #{n gt 3 ? 'P1D' : 'P2D'} `: "P1D"} {
		got, err := e.Text(raw, map[string]any{"delay": "PT1H", "n": 5})
		if err != nil || got != want {
			t.Errorf("Text(%q) = %q, %v; want %q", raw, got, err, want)
		}
	}
}
