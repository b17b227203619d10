package engine

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	enumspb "go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"

	"github.com/venueplatform/venue/workflows/bpmn"
)

// The replay corpus proves interpreter changes safe only for what its
// histories hold (docs/adr/0006). This test reads the histories and fails
// when the corpus no longer holds a kind of element, boundary, task action,
// update, replay marker or workflow event the interpreter has, so that a
// new element or action cannot go without a recorded history, and the
// corpus cannot silently lose one.
func TestReplayCorpusCoversTheInterpreter(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("testdata", "histories", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, f := range files {
		for feature := range corpusFeatures(t, f) {
			got[feature] = true
		}
	}
	var missing []string
	for _, want := range requiredFeatures() {
		if !got[want] {
			missing = append(missing, want)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the recorded histories hold no %s;\nrecord a scenario that runs it (RECORD_HISTORIES=1, docs/adr/0006)", strings.Join(missing, ", "))
	}
}

// requiredFeatures are what the interpreter can do, from its own tables
// where it has them (the executors, the task actions, the markers).
func requiredFeatures() []string {
	var want []string
	for kind := range executors {
		want = append(want, "element "+string(kind))
	}
	for action := range taskActions {
		want = append(want, "action "+action)
	}
	for _, u := range []string{UpdateTask, UpdateMessage, UpdateWithdraw, UpdateCancel, UpdateRetry, UpdateSettle} {
		want = append(want, "update "+u)
	}
	for _, marker := range []string{"interpreter", versionHardened, versionTaskRecordBatch, versionSequentialReject} {
		want = append(want, "marker "+marker)
	}
	for _, attached := range []bpmn.Kind{bpmn.UserTask, bpmn.SubProcess, bpmn.CallActivity, bpmn.ServiceTask, bpmn.ScriptTask} {
		want = append(want, "boundary on "+string(attached))
	}
	for _, ev := range []bpmn.EventKind{bpmn.EventTimer, bpmn.EventMessage} {
		for _, mode := range []string{"interrupting", "non-interrupting"} {
			want = append(want, fmt.Sprintf("%s %s boundary on a user task", mode, ev), fmt.Sprintf("%s %s boundary on another activity", mode, ev))
		}
	}
	want = append(want,
		"catch timer", "catch message", "timer duration", "timer date", "timer cycle", "end terminate", "end none",
		"multi all", "multi any", "multi ratio", "multi sequential", "multi sequential any",
		"timeout remind", "timeout autoApprove", "timeout autoReject", "reject return", "reject continue", "reject end",
		"service input", "fork exclusiveGateway", "join exclusiveGateway", "fork parallelGateway", "join parallelGateway",
		"fork inclusiveGateway", "join inclusiveGateway")
	for _, ev := range []enumspb.EventType{
		enumspb.EVENT_TYPE_TIMER_STARTED, enumspb.EVENT_TYPE_TIMER_FIRED, enumspb.EVENT_TYPE_TIMER_CANCELED,
		enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED, enumspb.EVENT_TYPE_ACTIVITY_TASK_COMPLETED, enumspb.EVENT_TYPE_ACTIVITY_TASK_FAILED,
		enumspb.EVENT_TYPE_ACTIVITY_TASK_CANCEL_REQUESTED,
		enumspb.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED, enumspb.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED,
		enumspb.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED, enumspb.EVENT_TYPE_REQUEST_CANCEL_EXTERNAL_WORKFLOW_EXECUTION_INITIATED,
		enumspb.EVENT_TYPE_EXTERNAL_WORKFLOW_EXECUTION_CANCEL_REQUESTED, enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_CANCEL_REQUESTED,
		enumspb.EVENT_TYPE_MARKER_RECORDED, enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED,
		enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED, enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
	} {
		want = append(want, "event "+ev.String())
	}
	slices.Sort(want)
	return want
}

// corpusFeatures lists what one history holds: its workflow events, the
// updates and task actions it was sent, the markers it recorded, and what
// the model it ran (and any child it started) is made of.
func corpusFeatures(t *testing.T, path string) map[string]bool {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, err := client.HistoryFromJSON(f, client.HistoryJSONOptions{})
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	dc := converter.GetDefaultDataConverter()
	out := map[string]bool{}
	model := func(xml string) {
		def, err := bpmn.Parse([]byte(xml))
		if err != nil {
			t.Fatalf("%s: the model does not parse: %v", path, err)
		}
		for _, p := range def.Processes {
			modelFeatures(p, out)
		}
	}
	for _, ev := range h.Events {
		out["event "+ev.GetEventType().String()] = true
		switch ev.GetEventType() {
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
			var in Input
			if err := dc.FromPayloads(ev.GetWorkflowExecutionStartedEventAttributes().GetInput(), &in); err != nil {
				t.Fatalf("%s: the start input: %v", path, err)
			}
			model(in.XML)
		case enumspb.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED:
			var in Input
			if err := dc.FromPayloads(ev.GetStartChildWorkflowExecutionInitiatedEventAttributes().GetInput(), &in); err != nil {
				t.Fatalf("%s: the child's input: %v", path, err)
			}
			model(in.XML)
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED:
			req := ev.GetWorkflowExecutionUpdateAcceptedEventAttributes().GetAcceptedRequest().GetInput()
			out["update "+req.GetName()] = true
			if req.GetName() == UpdateTask {
				var u TaskUpdate
				if err := dc.FromPayloads(req.GetArgs(), &u); err != nil {
					t.Fatalf("%s: a task update: %v", path, err)
				}
				out["action "+u.Action] = true
			}
		case enumspb.EVENT_TYPE_MARKER_RECORDED:
			if id := versionMarker(ev, dc); id != "" {
				out["marker "+id] = true
			}
		}
	}
	return out
}

// versionMarker is the change id of a workflow.GetVersion marker.
func versionMarker(ev *historypb.HistoryEvent, dc converter.DataConverter) string {
	attrs := ev.GetMarkerRecordedEventAttributes()
	if attrs.GetMarkerName() != "Version" {
		return ""
	}
	var id string
	if p, ok := attrs.GetDetails()["change-id"]; ok && dc.FromPayloads(p, &id) == nil {
		return id
	}
	return ""
}

// modelFeatures names what a process (and its subprocesses) is made of.
func modelFeatures(p *bpmn.Process, out map[string]bool) {
	for _, id := range p.Order {
		el := p.Elements[id]
		out["element "+string(el.Kind)] = true
		switch el.Kind {
		case bpmn.EndEvent:
			out["end "+cmp.Or(string(el.Event), "none")] = true
		case bpmn.IntermediateCatchEvent:
			out["catch "+string(el.Event)] = true
		case bpmn.BoundaryEvent:
			attached := p.Elements[el.AttachedTo]
			mode := "non-interrupting"
			if el.CancelActivity {
				mode = "interrupting"
			}
			where := "another activity"
			if attached != nil && attached.Kind == bpmn.UserTask {
				where = "a user task"
			}
			if attached != nil {
				out["boundary on "+string(attached.Kind)] = true
			}
			out[fmt.Sprintf("%s %s boundary on %s", mode, el.Event, where)] = true
		case bpmn.ExclusiveGateway, bpmn.ParallelGateway, bpmn.InclusiveGateway:
			if len(el.Outgoing) > 1 {
				out["fork "+string(el.Kind)] = true
			}
			if len(el.Incoming) > 1 {
				out["join "+string(el.Kind)] = true
			}
		case bpmn.ServiceTask:
			if el.Service != nil && len(el.Service.Input) > 0 {
				out["service input"] = true
			}
		}
		for kind, set := range map[string]string{"duration": el.TimerDuration, "date": el.TimerDate, "cycle": el.TimerCycle} {
			if set != "" {
				out["timer "+kind] = true
			}
		}
		if u := el.User; u != nil {
			if u.TimeoutAction != "" {
				out["timeout "+u.TimeoutAction] = true
			}
			out["reject "+cmp.Or(u.RejectMode, "end")] = true
		}
		if m := el.Multi; m != nil {
			out["multi "+m.Mode] = true
			if m.Sequential || m.Mode == bpmn.MultiSequential {
				out["multi sequential"] = true
				if m.Mode != bpmn.MultiSequential && m.Mode != "" {
					out["multi sequential "+m.Mode] = true
				}
			}
		}
		if el.SubProcess != nil {
			modelFeatures(el.SubProcess, out)
		}
	}
}
