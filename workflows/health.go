package workflows

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/google/uuid"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
)

// Names the health check is registered under; they are part of the wire contract
// between API nodes and workers, so they do not follow Go identifiers.
const (
	HealthWorkflowName = "venue.Health"
	HealthPingName     = "venue.HealthPing"
)

// HealthCheckTimeout bounds CheckHealth when the caller's context allows longer.
const HealthCheckTimeout = 5 * time.Second

// Health registers the health workflow and its activity.
type Health struct{}

// Register implements Registrar.
func (Health) Register(r worker.Registry) {
	r.RegisterWorkflowWithOptions(HealthWorkflow, workflow.RegisterOptions{Name: HealthWorkflowName})
	r.RegisterActivityWithOptions(HealthPing, activity.RegisterOptions{Name: HealthPingName})
}

// HealthResult is what one health round trip returns.
type HealthResult struct {
	Worker string    `json:"worker"` // identity of the worker that ran the activity (pid@host)
	Time   time.Time `json:"time"`   // the worker's clock when it ran the activity
}

// HealthWorkflow runs HealthPing once and returns its result: proof that the
// server, the task queue and a worker are all alive.
func HealthWorkflow(ctx workflow.Context) (HealthResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: HealthCheckTimeout,
		// No retries: a health check that needs a retry is a failed check.
		RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 1},
	})
	var res HealthResult
	err := workflow.ExecuteActivity(ctx, HealthPingName).Get(ctx, &res)
	return res, err
}

// HealthPing reports which worker ran it and when.
func HealthPing(ctx context.Context) (HealthResult, error) {
	host, _ := os.Hostname()
	return HealthResult{Worker: fmt.Sprintf("%d@%s", os.Getpid(), host), Time: time.Now()}, nil
}

// CheckHealth runs HealthWorkflow end to end on taskQueue and waits for its
// result, for at most HealthCheckTimeout. Every call starts a new workflow with a
// unique id; the namespace retention removes them.
func CheckHealth(ctx context.Context, c client.Client, taskQueue string) error {
	_, err := RunHealth(ctx, c, taskQueue)
	return err
}

// RunHealth is CheckHealth returning the result.
func RunHealth(ctx context.Context, c client.Client, taskQueue string) (HealthResult, error) {
	ctx, cancel := context.WithTimeout(ctx, HealthCheckTimeout)
	defer cancel()
	var res HealthResult
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:        "venue-health-" + uuid.NewString(),
		TaskQueue: taskQueue,
		// When no worker polls, the workflow would otherwise wait forever; let the
		// server close it soon after the caller gave up.
		WorkflowExecutionTimeout: 2 * HealthCheckTimeout,
	}, HealthWorkflowName)
	if err != nil {
		return res, fmt.Errorf("health workflow: start: %w", err)
	}
	if err := run.Get(ctx, &res); err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return res, fmt.Errorf("health workflow %s: no answer within %s (is a worker polling task queue %q?): %w",
				run.GetID(), HealthCheckTimeout, taskQueue, err)
		}
		return res, fmt.Errorf("health workflow %s: %w", run.GetID(), err)
	}
	return res, nil
}
