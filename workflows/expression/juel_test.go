package expression

import (
	"testing"

	"github.com/expr-lang/expr"
)

const emptyComment = `(comment == nil || (type(comment) in ["string", "array", "map"] && len(comment) == 0))`

func TestTranslate(t *testing.T) {
	t.Parallel()
	cases := []struct{ in, want string }{
		// Plain expr-lang passes through untouched.
		{`amount > 1000`, `amount > 1000`},
		{``, ``},
		{`${amount > 1000 && approved}`, `amount > 1000 && approved`},
		{`${amount gt 1000 and not rejected}`, `amount > 1000 && !rejected`},
		{`${status == 'ok'}`, `status == "ok"`},
		{`${empty comment}`, emptyComment},
		{`${not empty comment}`, `!` + emptyComment},
		{`${!empty comment && x}`, `!` + emptyComment + ` && x`},
		{`${a eq b || c ne d}`, `a == b || c != d`},
		{`#{days > 3}`, `days > 3`},
		{` ${days > 3} `, `days > 3`},
		{`${!approved}`, `!approved`},
		{`${approved}`, `approved`},
		{`${a lt b or a le b or a ge b or a gt b}`, `a < b || a <= b || a >= b || a > b`},
		{`${x div 2}`, `x / 2`},
		{`${x mod 3 * 4}`, `x % 3 * 4`},
		{`${x * 3 mod 4}`, `x * 3 % 4`},
		{`${a - b + c}`, `a - b + c`},
		{`${a - (b - c)}`, `a - (b - c)`},
		{`${(a or b) and c}`, `(a || b) && c`},
		{`${a and (b or c)}`, `a && (b || c)`},
		{`${a or b and c}`, `a || b && c`},
		{`${(a + b) * c}`, `(a + b) * c`},
		// JUEL binds < tighter than ==; expr-lang puts them on one level.
		{`${a == b < c}`, `a == (b < c)`},
		{`${a < b == c < d}`, `a < b == (c < d)`},
		{`${-x * 2}`, `-x * 2`},
		{`${- -x}`, `-(-x)`},
		// Operator words inside string literals are left alone.
		{`${note == 'and or not eq gt'}`, `note == "and or not eq gt"`},
		{`${note eq "x and y" and flag}`, `note == "x and y" && flag`},
		{`${reason == "it's fine"}`, `reason == "it's fine"`},
		{`${name == 'O\'Brien'}`, `name == "O'Brien"`},
		{`${s == 'a}b'}`, `s == "a}b"`},
		{`${path == 'C:\\tmp'}`, `path == "C:\\tmp"`},
		{`${x ? 'yes' : 'no'}`, `x ? "yes" : "no"`},
		{`${a ? b : c ? d : e}`, `a ? b : (c ? d : e)`},
		{`${order.total >= 100.5}`, `order.total >= 100.5`},
		{`${items[0].price > .5}`, `items[0].price > 0.5`},
		{`${m['key'] != null}`, `m["key"] != nil`},
		{`${x == true || y == false}`, `x == true || y == false`},
		{`${1e3 < n}`, `1e3 < n`},
		{`${execution.getVariable('amount') > 5}`, `amount > 5`},
		{`${bean.check(a, 'b')}`, `bean.check(a, "b")`},
		{`${in > 3 and contains}`, `$env["in"] > 3 && $env["contains"]`},
		{`${user.matches}`, `user["matches"]`},
		{`${roles == ['a', 'b']}`, `roles == ["a", "b"]`},
		{`${nrOfCompletedInstances / nrOfInstances >= 0.6}`, `nrOfCompletedInstances / nrOfInstances >= 0.6`},
		// Text around expressions makes a string.
		{`Order ${id} for ${customer.name}`, `"Order " + string(id) + " for " + string(customer.name)`},
		{`\${literal}`, `"${literal}"`},
		{`cost: \${x} ${y}`, `"cost: ${x} " + string(y)`},
	}
	for _, c := range cases {
		got, err := Translate(c.in)
		if err != nil {
			t.Errorf("Translate(%q): %v", c.in, err)
			continue
		}
		if got != c.want {
			t.Errorf("Translate(%q)\n got %s\nwant %s", c.in, got, c.want)
			continue
		}
		if got != "" {
			if _, err := expr.Compile(got, expr.AllowUndefinedVariables()); err != nil {
				t.Errorf("translation of %q does not compile: %s: %v", c.in, got, err)
			}
		}
	}
}

// expr-lang's "!" takes a whole product as operand; JUEL's takes a unary.
func TestNotBindsLikeJUEL(t *testing.T) {
	t.Parallel()
	got, err := Translate(`${not a * b}`)
	if err != nil || got != `(!a) * b` {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestTranslateErrors(t *testing.T) {
	t.Parallel()
	for _, in := range []string{
		`${a = 1}`,
		`${x -> x + 1}`,
		`${a += 'b'}`,
		`${a; b}`,
		`${{1, 2}}`,
		`${a instanceof b}`,
		`${a +}`,
		`${'unterminated}`,
		`${a`,
		`${a b}`,
		`${(a}`,
		`${and}`,
		`${a ? b}`,
		`${a @ b}`,
	} {
		if got, err := Translate(in); err == nil {
			t.Errorf("Translate(%q) = %q, want an error", in, got)
		}
	}
}

// The translations mean what JUEL means when run.
func TestTranslatedSemantics(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   string
		env  map[string]any
		want any
	}{
		{`${amount gt 1000 and not rejected}`, map[string]any{"amount": 1500, "rejected": false}, true},
		{`${amount gt 1000 and not rejected}`, map[string]any{"amount": 1500, "rejected": true}, false},
		{`${empty comment}`, map[string]any{"comment": ""}, true},
		{`${empty comment}`, map[string]any{"comment": nil}, true},
		{`${empty comment}`, map[string]any{}, true},
		{`${empty comment}`, map[string]any{"comment": []any{}}, true},
		{`${empty comment}`, map[string]any{"comment": map[string]any{}}, true},
		{`${empty comment}`, map[string]any{"comment": "x"}, false},
		{`${empty comment}`, map[string]any{"comment": 0}, false},
		{`${not empty list}`, map[string]any{"list": []any{1}}, true},
		{`${a == b < c}`, map[string]any{"a": true, "b": 1, "c": 2}, true},
		{`${x div 4}`, map[string]any{"x": 2}, 0.5},
		{`${x mod 4}`, map[string]any{"x": 6}, 2},
		{`${status == 'ok'}`, map[string]any{"status": "ok"}, true},
		{`Order ${id}`, map[string]any{"id": 7}, "Order 7"},
	}
	for _, c := range cases {
		src, err := Translate(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		got, err := expr.Eval(src, c.env)
		if err != nil {
			t.Errorf("%q → %s: %v", c.in, src, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q → %s with %v = %v, want %v", c.in, src, c.env, got, c.want)
		}
	}
}

func TestPlainVariable(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"${initiator}": "initiator", " #{ applicant } ": "applicant", "${a.b}": "", "x": "", "${not}": ""} {
		got, ok := PlainVariable(in)
		if got != want || ok != (want != "") {
			t.Errorf("PlainVariable(%q) = %q, %v", in, got, ok)
		}
	}
}
