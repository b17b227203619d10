// Package workflows holds the Temporal workflows and activities of Venue Platform
// and the wiring of the worker that runs them. It must not import the Temporal
// server: the embedded dev server lives in workflows/devserver.
package workflows

import (
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
)

// TaskQueue is the task queue all Venue workflows and activities run on.
const TaskQueue = "venue"

// Registrar registers a group of workflows and activities on a worker.
type Registrar interface {
	Register(r worker.Registry)
}

// NewWorker builds (but does not start) a worker for taskQueue with the given
// registrations.
//
// WorkflowPanicPolicy stays BlockWorkflow: a panic in workflow code (a bug, or a
// non-determinism error after a bad deploy) then only retries the workflow task,
// so the instance waits, with its history intact, until fixed code is deployed and
// it resumes. FailWorkflow would instead close long-running business processes
// (approvals waiting for days) for good on the first bad deploy; tests may use it
// to surface panics quickly.
func NewWorker(c client.Client, taskQueue string, regs ...Registrar) worker.Worker {
	w := worker.New(c, taskQueue, worker.Options{
		WorkflowPanicPolicy: worker.BlockWorkflow,
		// Give running activities time to finish when the process shuts down.
		WorkerStopTimeout: 10 * time.Second,
	})
	for _, r := range regs {
		r.Register(w)
	}
	return w
}
