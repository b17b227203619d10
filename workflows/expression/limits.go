package expression

import "fmt"

// MaxSource is the longest expression or template source accepted (bytes).
const MaxSource = 16 << 10

// Limits bound one evaluation. The defaults leave room for what process
// designers write (conditions, small scripts over a few hundred items) and
// keep the worst case near a tenth of a second of CPU and a few MB of memory.
type Limits struct {
	Nodes    int   // AST nodes of one expression
	Memory   int64 // bytes the budgeted builtins and operators may build, summed over the evaluation
	Steps    int64 // work units: one per predicate iteration, per KB scanned, per 64 elements walked
	Elements int   // expr-lang's own budget: elements of ranges and literals
	Output   int64 // bytes of the value an evaluation answers (its JSON size, estimated)
}

// DefaultLimits are the limits of the interpreter and the validator.
var DefaultLimits = Limits{Nodes: 1000, Memory: 4 << 20, Steps: 100_000, Elements: 100_000, Output: 64 << 10}

// BudgetError reports an evaluation that would go over one of its limits.
// Nothing over the limit was allocated: the check comes first.
type BudgetError struct {
	Limit string // "memory", "steps", "elements" or "output"
	Op    string // what asked for it: a builtin or operator name
	Need  int64  // what it asked for (0 when unknown)
	Max   int64
}

func (e *BudgetError) Error() string {
	switch {
	case e.Need > 0 && e.Op != "":
		return fmt.Sprintf("expression budget exceeded: %s needs %d %s; the limit is %d per evaluation", e.Op, e.Need, e.unit(), e.Max)
	case e.Op != "":
		return fmt.Sprintf("expression budget exceeded: %s goes over the %s limit of %d per evaluation", e.Op, e.Limit, e.Max)
	}
	return fmt.Sprintf("expression budget exceeded: over the %s limit of %d per evaluation", e.Limit, e.Max)
}

func (e *BudgetError) unit() string {
	switch e.Limit {
	case "memory", "output":
		return "bytes"
	case "steps":
		return "work steps"
	}
	return "elements"
}

// PolicyError reports an expression the policy refuses when it compiles.
type PolicyError struct {
	Reason string
}

func (e *PolicyError) Error() string { return e.Reason }
