// Package expression owns the expression policy of process models: how JUEL
// (Camunda 7, Flowable, Activiti "${...}") becomes expr-lang, which compile
// options and builtins an expression gets, and the budget it runs under. The
// model validator compiles with Check*, the interpreter evaluates with an
// Evaluator, and both go through the same compile function, so what deploys
// is exactly what runs.
//
// Designer expressions are hostile input. Every evaluation runs under Limits
// that are checked before memory is taken:
//   - source length and AST node count, at compile time;
//   - a memory budget in bytes that every builtin and operator building a
//     string or a collection (repeat, join, replace, split, string, toJSON,
//     +, concat, flatten, ...) is charged with before it allocates;
//   - a work budget (predicate iterations, bytes scanned by comparisons and
//     string searches, elements walked), so that no expression keeps a
//     workflow thread busy;
//   - expr-lang's own element budget for ranges and literals;
//   - an output cap on the value an evaluation answers.
//
// Any breach is a *BudgetError; anything the policy refuses at compile time
// (a builtin that is not allowed, a method other than the time accessors, a
// regular expression that is not a short constant) is a *PolicyError.
//
// Determinism: an interpreter replays expressions, so they must answer the
// same on every worker at every replay. now() is bound to the clock the
// Evaluator is given (workflow time in the interpreter), dates parse in UTC,
// keys(), values() and toPairs() answer in key order, and time methods that
// read the worker's zone (Local, In, Zone) are refused.
package expression
