package process

import (
	"context"
	"encoding/json"

	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/engine"
)

// InstanceView is an instance with everything its detail page shows.
type InstanceView struct {
	Instance
	BpmnXML        string                `json:"bpmnXml"`
	Variables      map[string]any        `json:"variables"`
	Timeline       []TimelineItem        `json:"timeline"`
	Done           []string              `json:"doneNodes"`
	Active         []string              `json:"activeNodes"`
	Rejected       []string              `json:"rejectedNodes"`
	Flows          []string              `json:"takenFlows"`
	Tasks          []TaskView            `json:"tasks"`
	Forms          map[string]FrozenForm `json:"forms"`    // the frozen forms, to label submitted data
	Failures       []engine.Failure      `json:"failures"` // nodes waiting for a retry: "failed at <node>: <reason>"
	forms          map[string]FrozenForm
	completedTasks []NodeRef
}

// TimelineItem is one user-visible line of the history.
type TimelineItem struct {
	History
	Data map[string]any `json:"data,omitempty"`
}

// Detail answers an instance within the caller's scope.
func (m *Module) Detail(ctx context.Context, id uint64) (*InstanceView, error) {
	inst, err := m.instance(ctx, id)
	if err != nil {
		return nil, err
	}
	var d Definition
	if err := m.db.WithContext(systemCtx(ctx)).Take(&d, inst.DefinitionID).Error; err != nil {
		return nil, err
	}
	var hist []History
	if err := m.db.WithContext(systemCtx(ctx)).Where("instance_id = ?", id).Order("seq").Find(&hist).Error; err != nil {
		return nil, err
	}
	var tasks []Task
	if err := m.db.WithContext(systemCtx(ctx)).Where("instance_id = ?", id).Order("id").Find(&tasks).Error; err != nil {
		return nil, err
	}
	views, err := m.views(ctx, tasks)
	if err != nil {
		return nil, err
	}
	frozen := d.forms()
	v := &InstanceView{Instance: *inst, BpmnXML: d.XML, Variables: map[string]any{}, Tasks: views, forms: frozen, Forms: frozen,
		Timeline: []TimelineItem{}, Done: []string{}, Active: []string{}, Rejected: []string{}, Flows: []string{}}
	_ = json.Unmarshal([]byte(inst.Variables), &v.Variables)
	open := map[string]int{}
	last := map[string]string{} // a node's latest outcome: done or rejected
	var order []string
	seen := map[string]bool{}
	flowSet := map[string]bool{}
	for _, h := range hist {
		switch h.Kind {
		case engine.EvNodeEntered:
			open[h.NodeID]++
			if !seen[h.NodeID] {
				seen[h.NodeID] = true
				order = append(order, h.NodeID)
			}
		case engine.EvNodeCompleted:
			open[h.NodeID]--
			if h.NodeKind == string(bpmn.ParallelGateway) || h.NodeKind == string(bpmn.InclusiveGateway) {
				open[h.NodeID] = 0 // a join completes once for every token that arrived
			}
			last[h.NodeID] = "done"
			if h.NodeKind == string(bpmn.UserTask) {
				v.completedTasks = appendNode(v.completedTasks, NodeRef{ID: h.NodeID, Name: h.NodeName})
			}
		case engine.EvNodeCancelled:
			open[h.NodeID]--
		case engine.EvNodeRejected:
			open[h.NodeID]--
			last[h.NodeID] = "rejected"
		case engine.EvFlowTaken:
			flowSet[h.FlowID] = true
		}
		if timelineKinds[h.Kind] {
			item := TimelineItem{History: h}
			if h.Data != "" {
				_ = json.Unmarshal([]byte(h.Data), &item.Data)
			}
			v.Timeline = append(v.Timeline, item)
		}
	}
	for _, n := range order {
		switch {
		case open[n] > 0 && (inst.State == engine.StateRunning || inst.State == engine.StateFailed):
			v.Active = append(v.Active, n)
		case last[n] == "rejected":
			v.Rejected = append(v.Rejected, n)
		case last[n] == "done":
			v.Done = append(v.Done, n)
		}
	}
	v.Flows = sortedStrings(flowSet)
	v.Failures = failuresOf(hist)
	return v, nil
}

func appendNode(list []NodeRef, n NodeRef) []NodeRef {
	for _, x := range list {
		if x.ID == n.ID {
			return list
		}
	}
	return append(list, n)
}

var timelineKinds = map[string]bool{
	engine.EvStarted: true, engine.EvTaskCreated: true, "task": true, engine.EvTimerFired: true, engine.EvMessage: true,
	engine.EvServiceFailed: true, engine.EvInstanceEnded: true, engine.EvCancelled: true, engine.EvWithdrawn: true, engine.EvNodeRejected: true,
}
