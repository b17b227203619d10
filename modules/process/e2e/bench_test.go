package e2e

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/workflow"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
	"github.com/venueplatform/venue/workflows/engine"
)

const twoTasks = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" id="d" targetNamespace="t">
 <bpmn:process id="two" isExecutable="true">
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="first" name="First" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="second" name="Second" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="first"/>
  <bpmn:sequenceFlow id="f2" sourceRef="first" targetRef="second"/>
  <bpmn:sequenceFlow id="f3" sourceRef="second" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`

// bareShape is the yardstick: the two-task instance on Temporal without the
// interpreter or a database. It does the product's work in the product's
// order: a local activity writes each task; an update records its action in
// a local activity and answers only once the next task's activity (or the
// final record) ran, as the product's updates answer once applied; the start
// waits for the first task the same way (the product's settle).
func bareShape(ctx workflow.Context) error {
	write := func(ctx workflow.Context) error {
		ctx = workflow.WithLocalActivityOptions(ctx, workflow.LocalActivityOptions{StartToCloseTimeout: 10 * time.Second})
		return workflow.ExecuteLocalActivity(ctx, bareActivity).Get(ctx, nil)
	}
	acted, recorded, ran := 0, 0, 0 // updates taken, their actions recorded, tasks and final record written
	if err := workflow.SetUpdateHandler(ctx, "settle", func(ctx workflow.Context) error {
		return workflow.Await(ctx, func() bool { return ran >= 1 })
	}); err != nil {
		return err
	}
	if err := workflow.SetUpdateHandler(ctx, "go", func(ctx workflow.Context) error {
		acted++
		step := acted
		if err := write(ctx); err != nil {
			return err
		}
		recorded++
		return workflow.Await(ctx, func() bool { return ran > step })
	}); err != nil {
		return err
	}
	for step := 0; step <= 2; step++ {
		if step > 0 {
			if err := workflow.Await(ctx, func() bool { return recorded >= step }); err != nil {
				return err
			}
		}
		if err := write(ctx); err != nil { // task 1, task 2, the final record
			return err
		}
		ran++
	}
	return workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) })
}

func bareActivity(context.Context) error { return nil }

const clients = 8

// BenchmarkTwoTaskProcess starts and completes two-task instances with 8
// concurrent clients through the process module, and reports instances per
// second and the task-completion latency; BenchmarkBareShape measures the
// bare Temporal workflow of the same shape on the same kind of server.
func BenchmarkTwoTaskProcess(b *testing.B) {
	env := platformtest.New(b, platformtest.Options{Demo: true})
	temporalkit.Start(b, env)
	var mod *process.Module
	for _, m := range env.P.Modules {
		if pm, ok := m.(*process.Module); ok {
			mod = pm
		}
	}
	admin := &api.Principal{UserID: 1, UserName: "admin", Admin: true, OrgID: 1}
	ctx := api.WithPrincipal(context.Background(), admin)
	saved, err := mod.SaveModel(ctx, admin, 0, process.ModelInput{Name: "Two", Key: "two", BpmnXML: twoTasks})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := mod.Deploy(ctx, admin, saved.ID); err != nil {
		b.Fatal(err)
	}
	c := env.P.Temporal
	var mu sync.Mutex
	var latencies []time.Duration
	run := func() error {
		st, err := mod.Start(ctx, admin, process.StartInput{DefinitionKey: "two"})
		if err != nil {
			return err
		}
		for _, node := range []string{"first", "second"} {
			id, err := waitTask(ctx, mod, st.InstanceID, node)
			if err != nil {
				return err
			}
			t0 := time.Now()
			if _, err := mod.Act(ctx, admin, id, engine.ActionComplete, process.ActInput{}, true); err != nil {
				return err
			}
			mu.Lock()
			latencies = append(latencies, time.Since(t0))
			mu.Unlock()
		}
		return c.GetWorkflow(ctx, engine.InstanceWorkflowID(st.InstanceID), "").Get(ctx, nil)
	}
	measure(b, run)
	reportLatencies(b, latencies)
}

func waitTask(ctx context.Context, mod *process.Module, instanceID uint64, node string) (uint64, error) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		id, err := mod.OpenTask(ctx, instanceID, node)
		if err != nil || id != 0 {
			return id, err
		}
		time.Sleep(2 * time.Millisecond)
	}
	return 0, fmt.Errorf("no %s task for instance %d", node, instanceID)
}

func BenchmarkBareShape(b *testing.B) {
	env := platformtest.New(b)
	c := temporalkit.Start(b, env)
	// The bare shape gets its own worker on its own queue.
	bw := newBareWorker(b, c)
	defer bw.Stop()
	ctx := context.Background()
	var n int64
	var mu sync.Mutex
	var latencies []time.Duration
	run := func() error {
		mu.Lock()
		n++
		id := fmt.Sprintf("bare-%d-%d", time.Now().UnixNano(), n)
		mu.Unlock()
		run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: "bare"}, bareShape)
		if err != nil {
			return err
		}
		for _, name := range []string{"settle", "go", "go"} {
			t0 := time.Now()
			h, err := c.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{WorkflowID: id, RunID: run.GetRunID(), UpdateName: name, WaitForStage: client.WorkflowUpdateStageCompleted})
			if err != nil {
				return err
			}
			if err := h.Get(ctx, nil); err != nil {
				return err
			}
			if name == "go" {
				mu.Lock()
				latencies = append(latencies, time.Since(t0))
				mu.Unlock()
			}
		}
		return run.Get(ctx, nil)
	}
	measure(b, run)
	reportLatencies(b, latencies)
}

// reportLatencies reports the median and p99 of the task completions.
func reportLatencies(b *testing.B, latencies []time.Duration) {
	sort.Slice(latencies, func(i, j int) bool { return latencies[i] < latencies[j] })
	if n := len(latencies); n > 0 {
		b.ReportMetric(float64(latencies[n/2].Microseconds())/1000, "complete-p50-ms")
		b.ReportMetric(float64(latencies[n*99/100].Microseconds())/1000, "complete-p99-ms")
	}
}

// measure runs b.N iterations on 8 clients and reports instances per second.
func measure(b *testing.B, run func() error) {
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	jobs := make(chan struct{})
	errs := make(chan error, b.N)
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range jobs {
				if err := run(); err != nil {
					errs <- err
				}
			}
		}()
	}
	for i := 0; i < b.N; i++ {
		jobs <- struct{}{}
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "instances/s")
}
