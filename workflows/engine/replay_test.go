package engine_test

import (
	"path/filepath"
	"testing"

	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/workflows/engine"
)

// Histories recorded from real runs replay against the current
// interpreter: a change that would break running instances fails here
// (guard interpreter changes with workflow.GetVersion). The process module's
// e2e scenarios record them (RECORD_HISTORIES=1 go test -run 'TestEngineScenarios|TestRecordHistories|TestRecordIncidentHistory' ./modules/process/e2e/).
func TestReplayRecordedHistories(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "histories", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no recorded histories in testdata/histories")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r := worker.NewWorkflowReplayer()
			r.RegisterWorkflowWithOptions(engine.ProcessWorkflow, workflow.RegisterOptions{Name: engine.WorkflowName})
			if err := r.ReplayWorkflowHistoryFromJSONFile(nil, f); err != nil {
				t.Fatalf("replay %s: %v", f, err)
			}
		})
	}
}
