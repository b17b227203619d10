package expression

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"strings"
	"time"

	"github.com/expr-lang/expr/vm"
)

// Evaluator compiles and runs expressions under the policy. It caches each
// compiled expression, so one evaluator serves one process run (or one
// validation). It is not safe for concurrent use: workflow coroutines run one
// at a time, which is what it is made for.
type Evaluator struct {
	Limits Limits
	// Now is the clock now() reads: workflow time in the interpreter. With
	// no clock (validation) now() compiles but cannot run.
	Now func() time.Time

	programs map[progKey]*vm.Program
	regexps  map[string]*regexp.Regexp
	mem      int64 // bytes charged in the running evaluation
	steps    int64 // work steps charged in the running evaluation
}

// NewEvaluator answers an evaluator with the default limits.
func NewEvaluator(now func() time.Time) *Evaluator {
	return &Evaluator{Limits: DefaultLimits, Now: now}
}

// EvalError is an expression that failed while it ran (a wrong type, a
// missing property, an index out of range, ...).
type EvalError struct {
	Err error
}

func (e *EvalError) Error() string {
	msg, _, _ := strings.Cut(e.Err.Error(), "\n")
	return msg
}

func (e *EvalError) Unwrap() error { return e.Err }

// Eval runs expr-lang source (translated already) over the variables.
func (e *Evaluator) Eval(src string, vars map[string]any) (any, error) {
	return e.run(strings.TrimSpace(src), KindValue, vars)
}

// Condition runs a condition; an empty one holds.
func (e *Evaluator) Condition(src string, vars map[string]any) (bool, error) {
	src = strings.TrimSpace(src)
	if src == "" {
		return true, nil
	}
	v, err := e.run(src, KindBool, vars)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, &EvalError{Err: fmt.Errorf("condition answers %T, not a boolean", v)}
	}
	return b, nil
}

// Script runs a script as written in the model: JUEL "${...}" is
// translated first, anything else is expr-lang.
func (e *Evaluator) Script(raw string, vars map[string]any) (any, error) {
	src, err := Translate(strings.TrimSpace(raw))
	if err != nil {
		return nil, &PolicyError{Reason: err.Error()}
	}
	return e.Eval(src, vars)
}

// Text evaluates a setting that may hold "${...}" (a timer, a due date):
// plain text is answered as it is, a template is translated and evaluated
// to a string.
func (e *Evaluator) Text(raw string, vars map[string]any) (string, error) {
	raw = strings.TrimSpace(raw)
	if !IsTemplate(raw) {
		return raw, nil
	}
	src, err := Translate(raw)
	if err != nil {
		return "", &PolicyError{Reason: err.Error()}
	}
	v, err := e.Eval(src, vars)
	if err != nil {
		return "", err
	}
	if s, ok := v.(string); ok {
		return s, nil
	}
	return fmt.Sprint(v), nil // the output cap bounds v
}

func (e *Evaluator) run(src string, kind Kind, vars map[string]any) (out any, err error) {
	p, err := e.compile(src, kind)
	if err != nil {
		return nil, err
	}
	e.mem, e.steps = 0, 0
	defer func() {
		// The VM recovers its own panics; this catches any outside it.
		if r := recover(); r != nil {
			out, err = nil, e.asError(r)
		}
	}()
	env := make(map[string]any, len(vars))
	maps.Copy(env, vars)
	machine := vm.VM{MemoryBudget: uint(e.Limits.Elements)}
	out, err = machine.Run(p, env)
	if err != nil {
		return nil, e.asError(err)
	}
	if n := sizeOf(out, e.Limits.Output, 1); n > e.Limits.Output {
		return nil, &BudgetError{Limit: "output", Op: "the result", Max: e.Limits.Output}
	}
	return out, nil
}

// asError turns what an evaluation panicked or failed with into a
// *BudgetError or an *EvalError.
func (e *Evaluator) asError(r any) error {
	err, ok := r.(error)
	if !ok {
		err = fmt.Errorf("%v", r)
	}
	var be *BudgetError
	if errors.As(err, &be) {
		return be
	}
	// expr-lang's own element budget (ranges, literals) panics with this text.
	if strings.Contains(err.Error(), "memory budget exceeded") {
		return &BudgetError{Limit: "elements", Op: "a range or literal", Max: int64(e.Limits.Elements)}
	}
	return &EvalError{Err: err}
}

// NewChecker answers an evaluator for validation: it compiles under the
// policy and has no clock.
func NewChecker() *Evaluator { return NewEvaluator(nil) }

// Check compiles expr-lang source (translated already) under the policy.
func (e *Evaluator) Check(src string, kind Kind) error {
	_, err := e.compile(strings.TrimSpace(src), kind)
	return err
}

// CheckScript compiles a script as Script will run it.
func (e *Evaluator) CheckScript(raw string) error {
	src, err := Translate(strings.TrimSpace(raw))
	if err != nil {
		return err
	}
	return e.Check(src, KindValue)
}

// CheckText compiles a setting as Text will evaluate it (plain text is fine).
func (e *Evaluator) CheckText(raw string) error {
	raw = strings.TrimSpace(raw)
	if !IsTemplate(raw) {
		return nil
	}
	return e.CheckScript(raw)
}
