package engine

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/bpmn"
)

// The replay markers (workflow.GetVersion, docs/adr/0006): instances started
// before a marker replay the old branch.
const (
	// interpreterVersion marks changes of the interpreter for replay; raise it
	// and branch on it when behaviour changes.
	interpreterVersion = 1
	// versionHardened marks instances started since a failing node waits for
	// an administrator (an incident) instead of ending the instance,
	// activities carry boundary events, updates answer once their effects are
	// applied and a flow cannot loop or fork without bound.
	versionHardened = "hardened-1"
	// versionTaskRecordBatch: instances started before it wrote the pending
	// history and variables in a separate activity after creating a task.
	versionTaskRecordBatch = "task-record-batch"
	// versionSequentialReject marks instances in which a rejection that does
	// not decide a sequential multi-instance task opens the next signer's task.
	versionSequentialReject = "sequential-reject-advances"
)

// ProcessWorkflow runs one process instance to its end.
func ProcessWorkflow(ctx workflow.Context, in Input) (Result, error) {
	workflow.GetVersion(ctx, "interpreter", workflow.DefaultVersion, interpreterVersion)
	def, err := bpmn.Parse([]byte(in.XML))
	if err != nil {
		return Result{State: StateFailed}, temporal.NewNonRetryableApplicationError("definition does not parse", "BadDefinition", err)
	}
	proc, err := pickProcess(def, in.ProcessID)
	if err != nil {
		return Result{State: StateFailed}, temporal.NewNonRetryableApplicationError(err.Error(), "BadDefinition", nil)
	}
	r := newRunner(ctx, in, def, proc)
	r.hardened = workflow.GetVersion(ctx, versionHardened, workflow.DefaultVersion, 1) == 1
	if err := r.registerHandlers(ctx); err != nil {
		return Result{State: StateFailed}, err
	}
	return r.run(ctx)
}

func pickProcess(def *bpmn.Definitions, id string) (*bpmn.Process, error) {
	for _, p := range def.Processes {
		if (id != "" && p.ID == id) || (id == "" && p.IsExecutable) {
			return p, nil
		}
	}
	if id == "" && len(def.Processes) == 1 {
		return def.Processes[0], nil
	}
	return nil, fmt.Errorf("no executable process %q in the definition", id)
}

// run starts the top scope and waits for it, a termination, a rejection,
// a withdrawal or a cancellation.
func (r *runner) run(ctx workflow.Context) (Result, error) {
	r.record(Event{Kind: EvStarted, Data: map[string]any{"businessKey": r.in.BusinessKey}}, nil)
	root := r.newScope(ctx, r.proc, nil)
	start := startEvent(r.proc)
	if start == nil {
		return Result{State: StateFailed}, temporal.NewNonRetryableApplicationError("process has no start event", "BadDefinition", nil)
	}
	r.spawn(root, "t", start.ID, "")
	err := workflow.Await(ctx, func() bool { return root.done() || r.final != "" })
	state := r.final
	switch {
	case errors.Is(err, workflow.ErrCanceled) || ctx.Err() != nil:
		state = StateCancelled
	case state == "" && r.failure != nil:
		state = StateFailed
	case state == "":
		state = StateCompleted
	}
	// Tokens still running (termination, rejection, withdrawal, cancellation) are stopped.
	root.cancelAll()
	dctx, cancel := workflow.NewDisconnectedContext(ctx)
	defer cancel()
	_ = workflow.Await(dctx, func() bool { return root.live == 0 })
	_ = r.closeRows(dctx, sortedIDs(r.tasks.open), "cancelled") // the tasks still open
	r.record(Event{Kind: EvInstanceEnded, Data: map[string]any{"state": state}}, nil)
	r.flushState(dctx, state)
	r.closed = true
	// Let update handlers finish before the run closes.
	_ = workflow.Await(dctx, func() bool { return workflow.AllHandlersFinished(dctx) })
	if state == StateFailed && r.failure != nil {
		return Result{State: state, Variables: r.vars}, temporal.NewNonRetryableApplicationError(r.failure.Error(), "ProcessFailed", nil)
	}
	return Result{State: state, Variables: r.vars}, nil
}

func startEvent(p *bpmn.Process) *bpmn.Element {
	for _, id := range p.Order {
		el := p.Elements[id]
		if el.Kind == bpmn.StartEvent && el.Event == bpmn.EventNone {
			return el
		}
	}
	for _, id := range p.Order {
		if el := p.Elements[id]; el.Kind == bpmn.StartEvent {
			return el
		}
	}
	return nil
}

// sortedKeys iterates a map deterministically.
func sortedKeys[V any](m map[string]V) []string { return slices.Sorted(maps.Keys(m)) }

func sortedIDs[V any](m map[uint64]V) []uint64 { return slices.Sorted(maps.Keys(m)) }

// bookkeeping runs one of the process module's bookkeeping activities (local,
// with localOptions) and waits for its answer (out, when not nil).
func bookkeeping(ctx workflow.Context, activity string, in, out any) error {
	return workflow.ExecuteLocalActivity(localOptions(ctx), activity, in).Get(ctx, out)
}

// localOptions are those of the process module's bookkeeping activities:
// short database writes, retried until they succeed.
func localOptions(ctx workflow.Context) workflow.Context {
	return workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{
		StartToCloseTimeout: 30 * time.Second,
		RetryPolicy:         &temporal.RetryPolicy{InitialInterval: 200 * time.Millisecond, BackoffCoefficient: 2, MaximumInterval: 30 * time.Second},
	})
}
