package main

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

const durableModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" id="d" targetNamespace="t">
 <bpmn:process id="durable" isExecutable="true">
  <bpmn:startEvent id="start"/>
  <bpmn:parallelGateway id="fork"/>
  <bpmn:userTask id="approve" name="Approve" venue:assignee="admin"/>
  <bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDuration>PT8S</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  <bpmn:parallelGateway id="join"/>
  <bpmn:endEvent id="end"/>
  <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="fork"/>
  <bpmn:sequenceFlow id="f2" sourceRef="fork" targetRef="approve"/>
  <bpmn:sequenceFlow id="f3" sourceRef="fork" targetRef="wait"/>
  <bpmn:sequenceFlow id="f4" sourceRef="approve" targetRef="join"/>
  <bpmn:sequenceFlow id="f5" sourceRef="wait" targetRef="join"/>
  <bpmn:sequenceFlow id="f6" sourceRef="join" targetRef="end"/>
 </bpmn:process>
</bpmn:definitions>`

// 100 instances wait on user tasks and timers when the server is killed
// with SIGKILL; after a restart every one finishes exactly once and the task
// table agrees with the workflows.
func TestKilledServeFinishesEveryWaitingInstanceOnce(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	const n = 100
	bin := buildBinary(t)
	dir := t.TempDir()
	s := startServe(t, bin, dir)
	tok := s.login("admin", "Admin@12345")
	mustOK := func(code int, env map[string]any) map[string]any {
		t.Helper()
		if code != 200 || env["code"] != float64(10000) {
			t.Fatalf("HTTP %d %v", code, env)
		}
		res, _ := env["result"].(map[string]any)
		return res
	}
	saved := mustOK(s.call("POST", "/api/process/model", tok, map[string]any{"name": "Durable", "key": "durable", "bpmnXml": durableModel}))
	mustOK(s.call("POST", fmt.Sprintf("/api/process/model/%v/deploy", saved["id"]), tok, nil))
	ids := make([]float64, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			code, env := s.call("POST", "/api/process/instance/start", tok, map[string]any{"definitionKey": "durable", "businessKey": fmt.Sprint("d-", i)})
			if code != 200 || env["code"] != float64(10000) {
				errs <- fmt.Errorf("start %d: %d %v", i, code, env)
				return
			}
			ids[i] = env["result"].(map[string]any)["instanceId"].(float64)
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("%v\nserve log:\n%s", err, s.log)
	}
	todoCount := func() int {
		_, env := s.call("GET", "/api/process/task/todo/count", tok, nil)
		res, _ := env["result"].(map[string]any)
		c, _ := res["count"].(float64)
		return int(c)
	}
	waitFor(t, "100 open tasks", func() bool { return todoCount() == n })

	s.kill() // SIGKILL: no graceful shutdown of the server, the worker or the database
	s = startServe(t, bin, dir)
	tok = s.login("admin", "Admin@12345")
	if got := todoCount(); got != n {
		t.Fatalf("after restart %d open tasks, want %d", got, n)
	}
	_, env := s.call("GET", fmt.Sprintf("/api/process/task/todo?pageSize=%d", n), tok, nil)
	records := env["result"].(map[string]any)["records"].([]any)
	sem := make(chan struct{}, 8)
	errs = make(chan error, len(records))
	for _, r := range records {
		wg.Add(1)
		sem <- struct{}{}
		go func(id float64) {
			defer func() { <-sem; wg.Done() }()
			code, env := s.call("POST", fmt.Sprintf("/api/process/task/%v/approve", id), tok, map[string]any{})
			if code != 200 || env["code"] != float64(10000) {
				errs <- fmt.Errorf("approve %v: %d %v", id, code, env)
			}
		}(r.(map[string]any)["id"].(float64))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	waitFor(t, "every instance completed", func() bool {
		_, env := s.call("GET", "/api/process/instance?state=completed&pageSize=1", tok, nil)
		res, _ := env["result"].(map[string]any)
		return res["total"] == float64(n)
	})
	for _, id := range ids {
		_, env := s.call("GET", fmt.Sprintf("/api/process/instance/%v", id), tok, nil)
		inst := env["result"].(map[string]any)
		approvals, ends := 0, 0
		for _, it := range inst["timeline"].([]any) {
			item := it.(map[string]any)
			if item["action"] == "approve" {
				approvals++
			}
			if item["kind"] == "instanceEnded" {
				ends++
			}
		}
		tasks := inst["tasks"].([]any)
		if inst["state"] != "completed" || approvals != 1 || ends != 1 || len(tasks) != 1 || tasks[0].(map[string]any)["status"] != "closed" {
			t.Fatalf("instance %v: state %v, %d approvals, %d ends, tasks %v", id, inst["state"], approvals, ends, tasks)
		}
	}
	if got := todoCount(); got != 0 {
		t.Fatalf("%d tasks still open", got)
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if cond() {
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}
