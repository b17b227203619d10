package e2e

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// paidModel waits for the payment message, then asks the starter to hand the order over.
var paidModel = doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:intermediateCatchEvent id="paid" name="Paid">` + messageDef("msg_paid") + `</bpmn:intermediateCatchEvent>
  <bpmn:userTask id="handover" name="Hand over" venue:assigneeStrategy="initiator"/>
  <bpmn:endEvent id="end"/>
  ` + seq("f1", "start", "paid") + seq("f2", "paid", "handover") + seq("f3", "handover", "end"))

// Suspend and activate a definition, correlate messages by business key and
// list related instances, over HTTP against the real Temporal server.
func TestDefinitionMessageAndRelatedOverHTTP(t *testing.T) {
	t.Parallel()
	s := newStage(t)
	s.deploy("http_paid", paidModel)
	var defs api.Page[process.Definition]
	s.admin.ok("GET", "/process/definition?key=http_paid", nil, &defs)
	require.Len(t, defs.Records, 1)
	def := defs.Records[0]
	startable := func() bool {
		var list []process.DefinitionDetail
		s.waiter.ok("GET", "/process/startable", nil, &list)
		return slices.ContainsFunc(list, func(d process.DefinitionDetail) bool { return d.Key == "http_paid" })
	}

	t.Run("suspend and activate", func(t *testing.T) {
		s := s.on(t)
		s.admin.ok("POST", fmt.Sprintf("/process/definition/%d/suspend", def.ID), nil, nil)
		var got process.DefinitionDetail
		s.admin.ok("GET", fmt.Sprintf("/process/definition/%d", def.ID), nil, &got)
		require.Equal(t, process.DefinitionSuspended, got.Status)
		res := s.waiter.do("POST", "/process/instance/start", map[string]any{"definitionKey": "http_paid", "businessKey": "order-suspended"})
		require.Equal(t, api.CodeConflict, res.Code, "a suspended definition refuses starts")
		require.Contains(t, res.Msg, "suspended")
		require.False(t, startable(), "nor is it offered to start")
		var none api.Page[process.Instance]
		s.admin.ok("GET", "/process/instance?definitionKey=http_paid", nil, &none)
		require.Zero(t, none.Total, "no instance was created")

		s.admin.ok("POST", fmt.Sprintf("/process/definition/%d/activate", def.ID), nil, nil)
		s.admin.ok("GET", fmt.Sprintf("/process/definition/%d", def.ID), nil, &got)
		require.Equal(t, process.DefinitionActive, got.Status)
		require.True(t, startable())
		id := s.start("http_paid", "order-activated", nil)
		require.Equal(t, engine.StateRunning, s.detail(id).State)
	})

	t.Run("message", func(t *testing.T) {
		s := s.on(t)
		id := s.start("http_paid", "order-77", nil)
		eventually(t, "the wait for the payment", func() bool { return slices.Equal([]string{"paid"}, s.detail(id).Active) })

		res := s.admin.do("POST", "/process/instance/message", map[string]any{"businessKey": "order-78", "messageName": "paid"})
		require.Equal(t, api.CodeConflict, res.Code)
		require.Contains(t, res.Fields, "businessKey", "an unknown business key is named")
		require.Contains(t, res.Fields["businessKey"], "business key")
		res = s.admin.do("POST", "/process/instance/message", map[string]any{"businessKey": "order-77", "messageName": "refunded"})
		require.Equal(t, api.CodeConflict, res.Code)
		require.Contains(t, res.Fields, "messageName", "a message nothing waits for is named")
		res = s.admin.do("POST", "/process/instance/message", map[string]any{"businessKey": "order-77"})
		require.Equal(t, api.CodeInvalid, res.Code)
		require.Contains(t, res.Fields, "messageName")
		require.Equal(t, []string{"paid"}, s.detail(id).Active, "the refused messages changed nothing")

		// The waiting catch continues once the message answers: the next task exists.
		s.admin.ok("POST", "/process/instance/message", map[string]any{"businessKey": "order-77", "messageName": "paid",
			"variables": map[string]any{"method": "card"}, "comment": "paid at the till"}, nil)
		v := s.detail(id)
		require.Contains(t, v.Done, "paid")
		require.True(t, slices.ContainsFunc(v.Timeline, func(it process.TimelineItem) bool {
			return it.Kind == engine.EvMessage && it.NodeID == "paid" && it.Comment == "paid at the till"
		}))
		handover := s.task(id, "handover", "demo_waiter")
		s.act(s.waiter, handover.ID, engine.ActionComplete, nil)
		v = s.ended(id)
		require.Equal(t, engine.StateCompleted, v.State)
		require.Equal(t, "card", v.Variables["method"], "the message's variables")
		// The instance no longer waits: the same message is refused, naming the key.
		res = s.admin.do("POST", "/process/instance/message", map[string]any{"businessKey": "order-77", "messageName": "paid"})
		require.Contains(t, res.Fields, "businessKey")
	})

	t.Run("related", func(t *testing.T) {
		s := s.on(t)
		s.deploy("http_expense", actionsModel)
		id := s.start("http_expense", "expense-related", nil)
		related := func(who apiClient) []uint64 {
			var page api.Page[process.Instance]
			who.ok("GET", "/process/instance/related?definitionKey=http_expense", nil, &page)
			var ids []uint64
			for _, in := range page.Records {
				ids = append(ids, in.ID)
			}
			return ids
		}
		require.Contains(t, related(s.waiter), id, "the starter's own instance")
		s.act(s.waiter, s.task(id, "submit").ID, engine.ActionComplete, nil)
		require.NotContains(t, related(s.boss), id, "a candidate who has not acted yet")
		// The boss claims the review: an instance the caller acted in.
		s.act(s.boss, s.task(id, "review").ID, engine.ActionClaim, nil)
		require.Equal(t, []uint64{id}, related(s.boss))
		require.NotContains(t, related(s.manager), id, "a colleague who took no part")
		other := s.start("http_expense", "expense-other", nil)
		require.ElementsMatch(t, []uint64{id, other}, related(s.waiter))
		require.Equal(t, []uint64{id}, related(s.boss), "not the instance the boss took no part in")
	})
}
