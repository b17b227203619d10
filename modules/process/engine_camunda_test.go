package process_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/workflows/engine"
)

// A model as Camunda Modeler 5 exports it runs unchanged: camunda:
// candidateGroups (role codes), assignee ${initiator}, formKey, dueDate and
// JUEL conditions.
const camundaLeave = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_leave" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.19.0">
  <bpmn:process id="leave" name="Leave request" isExecutable="true" camunda:historyTimeToLive="180">
    <bpmn:startEvent id="start" camunda:initiator="initiator"/>
    <bpmn:userTask id="managerApproval" name="Manager approval" camunda:candidateGroups="merchant_admin" camunda:dueDate="P2D"/>
    <bpmn:exclusiveGateway id="approvedGw" default="f_rejected"/>
    <bpmn:sequenceFlow id="f_approved" sourceRef="approvedGw" targetRef="daysGw"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${approved}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_rejected" sourceRef="approvedGw" targetRef="reviseRequest"/>
    <bpmn:exclusiveGateway id="daysGw" default="f_short"/>
    <bpmn:sequenceFlow id="f_long" sourceRef="daysGw" targetRef="hrApproval"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression"><![CDATA[${days gt 3 && !urgent}]]></bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_short" sourceRef="daysGw" targetRef="end"/>
    <bpmn:userTask id="hrApproval" name="HR approval" camunda:assignee="demo_manager"/>
    <bpmn:sequenceFlow id="f_hr" sourceRef="hrApproval" targetRef="end"/>
    <bpmn:userTask id="reviseRequest" name="Revise request" camunda:assignee="${initiator}"/>
    <bpmn:sequenceFlow id="f_revised" sourceRef="reviseRequest" targetRef="managerApproval"/>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="managerApproval"/>
    <bpmn:sequenceFlow id="f_mgr" sourceRef="managerApproval" targetRef="approvedGw"/>
  </bpmn:process>
</bpmn:definitions>`

func TestCamundaModelRunsUnchanged(t *testing.T) {
	t.Parallel()
	h := newHarness(t, camundaLeave, map[string]any{"days": 5.0, "urgent": false})
	h.act("demo_admin", "managerApproval", engine.ActionClaim, engine.TaskUpdate{})
	h.act("demo_admin", "managerApproval", engine.ActionComplete, engine.TaskUpdate{FormData: map[string]any{"approved": false}})
	h.act("demo_waiter", "reviseRequest", engine.ActionComplete, engine.TaskUpdate{FormData: map[string]any{"days": 4.0}})
	h.act("demo_admin", "managerApproval", engine.ActionClaim, engine.TaskUpdate{})
	h.act("demo_admin", "managerApproval", engine.ActionComplete, engine.TaskUpdate{FormData: map[string]any{"approved": true}})
	h.act("demo_manager", "hrApproval", engine.ActionComplete, engine.TaskUpdate{})
	res := h.run()
	require.Equal(t, engine.StateCompleted, res.State)
	d := h.detail()
	require.Contains(t, d.Done, "hrApproval")
	require.Contains(t, d.Done, "reviseRequest")
	var due int64
	require.NoError(t, h.app.P.DB.WithContext(sysCtx()).Table("process_tasks").Where("instance_id = ? AND node_id = ? AND due_at IS NOT NULL", h.inst.ID, "managerApproval").Count(&due).Error)
	require.EqualValues(t, 2, due, "both manager tasks carry the P2D due date")
}
