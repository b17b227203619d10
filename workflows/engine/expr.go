package engine

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
)

// evaluator compiles each expression once per run; the cache only grows
// with the definition's distinct expressions.
type evaluator struct {
	programs map[string]*vm.Program
}

func newEvaluator() *evaluator { return &evaluator{programs: map[string]*vm.Program{}} }

func (e *evaluator) eval(src string, vars map[string]any) (any, error) {
	src = strings.TrimSpace(src)
	if strings.HasPrefix(src, "${") && strings.HasSuffix(src, "}") {
		src = strings.TrimSpace(src[2 : len(src)-1])
	}
	p, ok := e.programs[src]
	if !ok {
		var err error
		p, err = expr.Compile(src, expr.AllowUndefinedVariables())
		if err != nil {
			return nil, fmt.Errorf("expression %q: %w", src, err)
		}
		e.programs[src] = p
	}
	env := make(map[string]any, len(vars))
	for k, v := range vars {
		env[k] = v
	}
	return expr.Run(p, env)
}

// condition evaluates a sequence-flow condition; an empty one is true.
func (e *evaluator) condition(src string, vars map[string]any) (bool, error) {
	if strings.TrimSpace(src) == "" {
		return true, nil
	}
	v, err := e.eval(src, vars)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("condition %q is %T, not a boolean", src, v)
	}
	return b, nil
}

// text evaluates "${...}" to a string and leaves other text as it is.
func (e *evaluator) text(src string, vars map[string]any) (string, error) {
	s := strings.TrimSpace(src)
	if !strings.HasPrefix(s, "${") && !strings.HasPrefix(s, "#{") {
		return s, nil
	}
	if strings.HasPrefix(s, "#{") {
		s = "${" + s[2:]
	}
	v, err := e.eval(s, vars)
	if err != nil {
		return "", err
	}
	return fmt.Sprint(v), nil
}
