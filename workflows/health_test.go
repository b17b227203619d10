package workflows

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/testsuite"
	"go.temporal.io/sdk/worker"
)

func TestHealthWorkflow(t *testing.T) {
	t.Parallel()
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetWorkerOptions(worker.Options{DeadlockDetectionTimeout: time.Minute}) // a starved CPU is no deadlock
	Health{}.Register(env)

	env.ExecuteWorkflow(HealthWorkflowName)

	if !env.IsWorkflowCompleted() {
		t.Fatal("workflow did not complete")
	}
	if err := env.GetWorkflowError(); err != nil {
		t.Fatalf("workflow error: %v", err)
	}
	var res HealthResult
	if err := env.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Worker, "@") || time.Since(res.Time) > time.Minute {
		t.Fatalf("unexpected result %+v", res)
	}
}

func TestHealthWorkflowActivityFails(t *testing.T) {
	t.Parallel()
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.SetWorkerOptions(worker.Options{DeadlockDetectionTimeout: time.Minute}) // a starved CPU is no deadlock
	Health{}.Register(env)
	calls := 0
	env.OnActivity(HealthPingName, mock.Anything).Return(func(context.Context) (HealthResult, error) {
		calls++
		return HealthResult{}, errors.New("boom")
	})

	env.ExecuteWorkflow(HealthWorkflowName)

	if err := env.GetWorkflowError(); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("want activity error, got %v", err)
	}
	if calls != 1 {
		t.Fatalf("health ping must not be retried, ran %d times", calls)
	}
}
