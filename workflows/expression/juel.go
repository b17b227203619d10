package expression

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Translate turns a JUEL expression as Camunda 7, Flowable and
// Activiti write them ("${amount gt 1000 and not rejected}", "#{...}") into
// expr-lang source ("amount > 1000 && !rejected"). A string without "${" or
// "#{" is taken to be expr-lang already and returned unchanged. Text mixed
// with expressions ("Order ${id}") becomes a string concatenation.
//
// Supported: literals, variables, property and index access, calls, the
// arithmetic, relational, equality and logical operators in symbol and word
// form (eq ne lt gt le ge and or not div mod), empty, and ?:. EL 3.0
// additions (lambdas, assignment, ";", set and map literals) and instanceof
// are refused with an error.
func Translate(s string) (string, error) {
	if !strings.Contains(s, "${") && !strings.Contains(s, "#{") {
		return s, nil
	}
	if len(s) > MaxSource {
		return "", &PolicyError{Reason: fmt.Sprintf("expression is %d bytes; the limit is %d", len(s), MaxSource)}
	}
	segs, err := splitTemplate(s)
	if err != nil {
		return "", err
	}
	var exprs, lits int
	for _, sg := range segs {
		if sg.expr {
			exprs++
		} else if strings.TrimSpace(sg.text) != "" {
			lits++
		}
	}
	if exprs == 1 && lits == 0 {
		for _, sg := range segs {
			if sg.expr {
				return translateInner(sg.text)
			}
		}
	}
	parts := make([]string, 0, len(segs))
	for _, sg := range segs {
		if !sg.expr {
			if sg.text != "" {
				parts = append(parts, strconv.Quote(sg.text))
			}
			continue
		}
		src, err := translateInner(sg.text)
		if err != nil {
			return "", err
		}
		parts = append(parts, "string("+src+")")
	}
	return strings.Join(parts, " + "), nil
}

// PlainVariable reports whether s is "${name}" (or "#{name}") and returns the name.
func PlainVariable(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if len(s) < 4 || (s[0] != '$' && s[0] != '#') || s[1] != '{' || s[len(s)-1] != '}' {
		return "", false
	}
	name := strings.TrimSpace(s[2 : len(s)-1])
	if !isIdent(name) || juelKeywords[name] {
		return "", false
	}
	return name, true
}

// IsTemplate reports whether s contains a "${...}" or "#{...}" expression.
func IsTemplate(s string) bool {
	return strings.Contains(s, "${") || strings.Contains(s, "#{")
}

type segment struct {
	text string
	expr bool
}

// splitTemplate cuts s into literal text and the insides of ${...}/#{...}.
func splitTemplate(s string) ([]segment, error) {
	var segs []segment
	var lit strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\\' && i+2 < len(s) && (s[i+1] == '$' || s[i+1] == '#') && s[i+2] == '{' {
			lit.WriteString(s[i+1 : i+3])
			i += 3
			continue
		}
		if (c == '$' || c == '#') && i+1 < len(s) && s[i+1] == '{' {
			end, err := exprEnd(s, i+2)
			if err != nil {
				return nil, err
			}
			if lit.Len() > 0 {
				segs = append(segs, segment{text: lit.String()})
				lit.Reset()
			}
			segs = append(segs, segment{text: s[i+2 : end], expr: true})
			i = end + 1
			continue
		}
		lit.WriteByte(c)
		i++
	}
	if lit.Len() > 0 {
		segs = append(segs, segment{text: lit.String()})
	}
	return segs, nil
}

// exprEnd finds the "}" closing an expression whose body starts at i,
// skipping string literals (a "}" inside quotes does not close it).
func exprEnd(s string, i int) (int, error) {
	depth := 0
	for ; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'', '"':
			j := i + 1
			for ; j < len(s) && s[j] != c; j++ {
				if s[j] == '\\' {
					j++
				}
			}
			if j >= len(s) {
				return 0, fmt.Errorf("unterminated string literal in %q", s)
			}
			i = j
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return i, nil
			}
			depth--
		}
	}
	return 0, fmt.Errorf("unterminated expression in %q (missing \"}\")", s)
}

// ---- tokens

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tStr
	tIdent
	tOp
)

type token struct {
	kind tokKind
	val  string // number source, decoded string, identifier, operator
	pos  int
}

var juelKeywords = map[string]bool{
	"and": true, "or": true, "not": true, "eq": true, "ne": true, "lt": true,
	"gt": true, "le": true, "ge": true, "div": true, "mod": true, "empty": true,
	"instanceof": true, "true": true, "false": true, "null": true,
}

// Words expr-lang reserves that are ordinary names in JUEL; such variables
// are read through $env so the translation still parses.
var exprReserved = map[string]bool{
	"in": true, "matches": true, "contains": true, "startsWith": true, "endsWith": true,
	"let": true, "if": true, "else": true, "nil": true, "not": true, "and": true, "or": true,
	"true": true, "false": true,
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func isIdent(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentPart(s[i]) {
			return false
		}
	}
	return true
}

func tokenize(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j < len(s) && s[j] == '.' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9' {
				j++
				for j < len(s) && s[j] >= '0' && s[j] <= '9' {
					j++
				}
			}
			if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
				k := j + 1
				if k < len(s) && (s[k] == '+' || s[k] == '-') {
					k++
				}
				if k < len(s) && s[k] >= '0' && s[k] <= '9' {
					for k < len(s) && s[k] >= '0' && s[k] <= '9' {
						k++
					}
					j = k
				}
			}
			num := s[i:j]
			if num[0] == '.' {
				num = "0" + num
			}
			toks = append(toks, token{tNum, num, i})
			i = j
		case c == '\'' || c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(s) && s[j] != c; j++ {
				if s[j] == '\\' && j+1 < len(s) && (s[j+1] == '\\' || s[j+1] == '\'' || s[j+1] == '"') {
					j++
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return nil, fmt.Errorf("unterminated string literal at %d", i)
			}
			toks = append(toks, token{tStr, b.String(), i})
			i = j + 1
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			toks = append(toks, token{tIdent, s[i:j], i})
			i = j
		default:
			two := ""
			if i+1 < len(s) {
				two = s[i : i+2]
			}
			switch two {
			case "==", "!=", "<=", ">=", "&&", "||":
				toks = append(toks, token{tOp, two, i})
				i += 2
				continue
			case "->", "+=":
				return nil, fmt.Errorf("EL 3.0 operator %q is not supported", two)
			}
			switch c {
			case '<', '>', '!', '+', '-', '*', '/', '%', '?', ':', '.', '[', ']', '(', ')', ',':
				toks = append(toks, token{tOp, string(c), i})
				i++
			case '=':
				return nil, errors.New(`assignment "=" is not supported (did you mean "=="?)`)
			case ';', '{', '}':
				return nil, fmt.Errorf("EL 3.0 construct %q is not supported", string(c))
			default:
				return nil, fmt.Errorf("unexpected character %q at %d", string(c), i)
			}
		}
	}
	return append(toks, token{kind: tEOF, pos: len(s)}), nil
}

// ---- syntax tree

type jnode interface{}

type (
	jLit    struct{ src string } // expr-lang literal source
	jIdent  struct{ name string }
	jMember struct {
		x    jnode
		name string
	}
	jIndex struct{ x, idx jnode }
	jCall  struct {
		fn   jnode
		args []jnode
	}
	jUnary struct {
		op string // "!", "-", "empty"
		x  jnode
	}
	jBinary struct {
		op   string // expr-lang operator
		x, y jnode
	}
	jCond struct{ c, a, b jnode }
	jList struct{ items []jnode }
)

type juelParser struct {
	toks  []token
	p     int
	depth int // nesting of parentheses, calls and unary operators
}

// maxDepth bounds the parser's recursion: hostile input cannot grow the stack.
const maxDepth = 64

func (p *juelParser) enter() error {
	p.depth++
	if p.depth > maxDepth {
		return fmt.Errorf("expression nests deeper than %d levels", maxDepth)
	}
	return nil
}

func (p *juelParser) peek() token { return p.toks[p.p] }
func (p *juelParser) next() token { t := p.toks[p.p]; p.p++; return t }

// is reports whether the next token is one of the operators or keywords.
func (p *juelParser) is(vals ...string) (string, bool) {
	t := p.peek()
	if t.kind != tOp && t.kind != tIdent {
		return "", false
	}
	for _, v := range vals {
		if t.val == v && (t.kind == tOp) == !isIdentStart(v[0]) {
			return v, true
		}
	}
	return "", false
}

func (p *juelParser) expect(op string) error {
	t := p.next()
	if t.kind != tOp || t.val != op {
		return fmt.Errorf("expected %q at %d, found %s", op, t.pos, describe(t))
	}
	return nil
}

func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of expression"
	case tStr:
		return strconv.Quote(t.val)
	}
	return fmt.Sprintf("%q", t.val)
}

func translateInner(s string) (string, error) {
	toks, err := tokenize(s)
	if err != nil {
		return "", fmt.Errorf("expression %q: %w", s, err)
	}
	p := &juelParser{toks: toks}
	n, err := p.ternary()
	if err == nil && p.peek().kind != tEOF {
		err = fmt.Errorf("unexpected %s at %d", describe(p.peek()), p.peek().pos)
	}
	if err != nil {
		return "", fmt.Errorf("expression %q: %w", s, err)
	}
	return emit(n), nil
}

func (p *juelParser) ternary() (jnode, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	c, err := p.binary(0)
	if err != nil {
		return nil, err
	}
	if _, ok := p.is("?"); !ok {
		return c, nil
	}
	p.next()
	a, err := p.ternary()
	if err != nil {
		return nil, err
	}
	if err := p.expect(":"); err != nil {
		return nil, err
	}
	b, err := p.ternary()
	if err != nil {
		return nil, err
	}
	return &jCond{c, a, b}, nil
}

// JUEL binary operator levels, loosest first, each mapping its spellings to
// the expr-lang operator.
var juelLevels = []map[string]string{
	{"||": "||", "or": "||"},
	{"&&": "&&", "and": "&&"},
	{"==": "==", "eq": "==", "!=": "!=", "ne": "!="},
	{"<": "<", "lt": "<", ">": ">", "gt": ">", "<=": "<=", "le": "<=", ">=": ">=", "ge": ">="},
	{"+": "+", "-": "-"},
	{"*": "*", "/": "/", "div": "/", "%": "%", "mod": "%"},
}

func (p *juelParser) binary(level int) (jnode, error) {
	if level == len(juelLevels) {
		return p.unary()
	}
	x, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.kind == tIdent && t.val == "instanceof" {
			return nil, errors.New("instanceof is not supported")
		}
		op, ok := juelLevels[level][t.val]
		if !ok || (t.kind != tOp && t.kind != tIdent) || (t.kind == tIdent) != isIdentStart(t.val[0]) {
			return x, nil
		}
		p.next()
		y, err := p.binary(level + 1)
		if err != nil {
			return nil, err
		}
		x = &jBinary{op, x, y}
	}
}

func (p *juelParser) unary() (jnode, error) {
	if op, ok := p.is("-", "!", "not", "empty"); ok {
		p.next()
		if err := p.enter(); err != nil {
			return nil, err
		}
		x, err := p.unary()
		p.depth--
		if err != nil {
			return nil, err
		}
		if op == "not" {
			op = "!"
		}
		return &jUnary{op, x}, nil
	}
	return p.postfix()
}

func (p *juelParser) postfix() (jnode, error) {
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		op, ok := p.is(".", "[", "(")
		if !ok {
			return x, nil
		}
		p.next()
		switch op {
		case ".":
			t := p.next()
			if t.kind != tIdent {
				return nil, fmt.Errorf("expected a property name after \".\" at %d", t.pos)
			}
			x = &jMember{x, t.val}
		case "[":
			idx, err := p.ternary()
			if err != nil {
				return nil, err
			}
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			x = &jIndex{x, idx}
		case "(":
			args, err := p.list(")")
			if err != nil {
				return nil, err
			}
			x = &jCall{x, args}
		}
	}
}

// list parses comma-separated expressions up to the closing operator.
func (p *juelParser) list(closer string) ([]jnode, error) {
	var items []jnode
	if _, ok := p.is(closer); ok {
		p.next()
		return items, nil
	}
	for {
		it, err := p.ternary()
		if err != nil {
			return nil, err
		}
		items = append(items, it)
		if _, ok := p.is(","); ok {
			p.next()
			continue
		}
		return items, p.expect(closer)
	}
}

func (p *juelParser) primary() (jnode, error) {
	t := p.next()
	switch t.kind {
	case tNum:
		return &jLit{t.val}, nil
	case tStr:
		return &jLit{strconv.Quote(t.val)}, nil
	case tIdent:
		switch t.val {
		case "true", "false":
			return &jLit{t.val}, nil
		case "null":
			return &jLit{"nil"}, nil
		}
		if juelKeywords[t.val] {
			return nil, fmt.Errorf("unexpected %q at %d", t.val, t.pos)
		}
		return &jIdent{t.val}, nil
	case tOp:
		switch t.val {
		case "(":
			x, err := p.ternary()
			if err != nil {
				return nil, err
			}
			return x, p.expect(")")
		case "[":
			items, err := p.list("]")
			if err != nil {
				return nil, err
			}
			return &jList{items}, nil
		}
	}
	return nil, fmt.Errorf("unexpected %s at %d", describe(t), t.pos)
}

// ---- expr-lang output

func exprPrec(op string) int {
	switch op {
	case "||":
		return 10
	case "&&":
		return 15
	case "==", "!=", "<", ">", "<=", ">=":
		return 20
	case "+", "-":
		return 30
	}
	return 60 // * / %
}

// emit writes n as expr-lang. Parentheses come from the JUEL tree, not from
// expr-lang's own precedence, which differs (expr-lang puts == and < on one
// level): a child is wrapped whenever expr-lang could regroup it.
func emit(n jnode) string {
	switch n := n.(type) {
	case *jLit:
		return n.src
	case *jIdent:
		if exprReserved[n.name] {
			return "$env[" + strconv.Quote(n.name) + "]"
		}
		return n.name
	case *jMember:
		if exprReserved[n.name] || !isIdent(n.name) {
			return emitOperand(n.x) + "[" + strconv.Quote(n.name) + "]"
		}
		return emitOperand(n.x) + "." + n.name
	case *jIndex:
		return emitOperand(n.x) + "[" + emit(n.idx) + "]"
	case *jCall:
		// Camunda's execution.getVariable("x") is just the variable x here.
		if m, ok := n.fn.(*jMember); ok && m.name == "getVariable" && len(n.args) == 1 {
			if id, ok := m.x.(*jIdent); ok && id.name == "execution" {
				if lit, ok := n.args[0].(*jLit); ok {
					if name, err := strconv.Unquote(lit.src); err == nil && isIdent(name) && !exprReserved[name] {
						return name
					}
				}
			}
		}
		args := make([]string, len(n.args))
		for i, a := range n.args {
			args[i] = emit(a)
		}
		return emitOperand(n.fn) + "(" + strings.Join(args, ", ") + ")"
	case *jList:
		items := make([]string, len(n.items))
		for i, a := range n.items {
			items[i] = emit(a)
		}
		return "[" + strings.Join(items, ", ") + "]"
	case *jUnary:
		x := emitOperand(n.x)
		if n.op == "empty" {
			// JUEL: empty is true for null, "" and empty collections and maps,
			// false for anything else (len would fail on a number).
			return "(" + x + ` == nil || (type(` + x + `) in ["string", "array", "map"] && len(` + x + `) == 0))`
		}
		return n.op + x
	case *jBinary:
		return emitChild(n.x, n.op, false) + " " + n.op + " " + emitChild(n.y, n.op, true)
	case *jCond:
		c := emit(n.c)
		if _, ok := n.c.(*jCond); ok {
			c = "(" + c + ")"
		}
		return c + " ? " + wrapCond(n.a) + " : " + wrapCond(n.b)
	}
	panic(fmt.Sprintf("bpmn: unknown JUEL node %T", n))
}

func wrapCond(n jnode) string {
	if _, ok := n.(*jCond); ok {
		return "(" + emit(n) + ")"
	}
	return emit(n)
}

// emitOperand wraps anything that is not a primary.
func emitOperand(n jnode) string {
	switch n.(type) {
	case *jBinary, *jCond, *jUnary:
		if u, ok := n.(*jUnary); ok && u.op == "empty" {
			return emit(n) // already parenthesised
		}
		return "(" + emit(n) + ")"
	}
	return emit(n)
}

func emitChild(n jnode, parent string, right bool) string {
	switch c := n.(type) {
	case *jCond:
		return "(" + emit(n) + ")"
	case *jBinary:
		cp, pp := exprPrec(c.op), exprPrec(parent)
		if cp < pp || right && cp == pp {
			return "(" + emit(n) + ")"
		}
	case *jUnary:
		// expr-lang's "!" takes a whole product as its operand: !a * b is !(a * b).
		if c.op == "!" && exprPrec(parent) >= 50 {
			return "(" + emit(n) + ")"
		}
	}
	return emit(n)
}
