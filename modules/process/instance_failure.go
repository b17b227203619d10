package process

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/engine"
)

// A node that fails (an expression over its budget or in error, a service
// call that keeps failing, a loop without a wait) parks its token: the
// instance shows "failed at <node>: <reason>" and waits for an administrator
// to retry it, after fixing variables, or to cancel it.

func init() {
	timelineKinds[engine.EvNodeFailed] = true
	timelineKinds[engine.EvRetried] = true
}

// RetryInput sets variables and runs the failed nodes again (nodeId: only that one).
type RetryInput struct {
	NodeID    string         `json:"nodeId"`
	Variables map[string]any `json:"variables"`
	Comment   string         `json:"comment"`
}

// maxRetryVariables bounds the variables one retry sets (bytes of JSON).
const maxRetryVariables = 64 << 10

// Retry runs the failed nodes of an instance again and answers the instance
// once they ran to their next wait (or failed again).
func (m *Module) Retry(ctx context.Context, p *api.Principal, id uint64, in RetryInput) (*InstanceView, error) {
	in.NodeID, in.Comment = strings.TrimSpace(in.NodeID), strings.TrimSpace(in.Comment)
	var chk api.Check
	chk.MaxLen("nodeId", in.NodeID, 128)
	chk.MaxLen("comment", in.Comment, 500)
	vars := normalize(copyMap(in.Variables))
	if raw, err := json.Marshal(vars); err != nil || len(raw) > maxRetryVariables {
		chk.Add("variables", "process.variables_too_large", map[string]any{"Max": maxRetryVariables >> 10})
	}
	if err := chk.Err(); err != nil {
		return nil, err
	}
	inst, err := m.instance(ctx, id)
	if err != nil {
		return nil, err
	}
	if inst.State != engine.StateFailed {
		return nil, api.Conflict("process.nothing_failed", nil)
	}
	err = m.update(ctx, inst, engine.UpdateRetry, engine.RetryUpdate{Actor: m.actor(ctx, p), NodeID: in.NodeID, Variables: vars, Comment: in.Comment}, nil)
	if err != nil {
		return nil, err
	}
	return m.Detail(ctx, id)
}

// failuresOf reads the nodes waiting for a retry from an instance's history.
func failuresOf(hist []History) []engine.Failure {
	out := []engine.Failure{}
	for _, h := range hist {
		switch h.Kind {
		case engine.EvNodeFailed:
			var data struct {
				Error string `json:"error"`
			}
			_ = json.Unmarshal([]byte(h.Data), &data)
			out = append(out, engine.Failure{NodeID: h.NodeID, NodeName: h.NodeName, Reason: data.Error})
		case engine.EvRetried:
			var data struct {
				Nodes []string `json:"nodes"`
			}
			_ = json.Unmarshal([]byte(h.Data), &data)
			kept := out[:0]
			for _, f := range out {
				if !containsString(data.Nodes, f.NodeID) {
					kept = append(kept, f)
				}
			}
			out = kept
		case engine.EvNodeCancelled: // a failed node cancelled by a boundary event or an end
			kept := out[:0]
			for _, f := range out {
				if f.NodeID != h.NodeID {
					kept = append(kept, f)
				}
			}
			out = kept
		case engine.EvInstanceEnded:
			out = out[:0]
		}
	}
	return out
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
