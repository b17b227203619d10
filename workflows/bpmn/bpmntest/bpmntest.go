// Package bpmntest writes the BPMN documents that the engine's and the
// process module's tests run.
package bpmntest

import "fmt"

// Doc wraps process content in a BPMN document with the venue namespace and
// two messages, cancel (msg_cancel) and paid (msg_pay).
func Doc(content string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="defs" targetNamespace="http://venueplatform.io/test">
  <bpmn:message id="msg_cancel" name="cancel"/><bpmn:message id="msg_pay" name="paid"/>
  <bpmn:process id="p" isExecutable="true">` + content + `</bpmn:process>
</bpmn:definitions>`
}

// Seq is a sequence flow, conditional when a condition is given.
func Seq(id, from, to string, cond ...string) string {
	if len(cond) > 0 {
		return fmt.Sprintf(`<bpmn:sequenceFlow id="%s" sourceRef="%s" targetRef="%s"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression"><![CDATA[%s]]></bpmn:conditionExpression></bpmn:sequenceFlow>`, id, from, to, cond[0])
	}
	return fmt.Sprintf(`<bpmn:sequenceFlow id="%s" sourceRef="%s" targetRef="%s"/>`, id, from, to)
}

// Expense is the expense approval: submit (the starter) → manager (merchant
// admins claim) → on the amount, finance (the user named finance) → end.
// reject holds the manager task's reject handling ("": the instance ends
// rejected).
func Expense(finance, reject string) string {
	return Doc(`
  <bpmn:startEvent id="start"/>
  <bpmn:userTask id="submit" name="Submit" venue:assigneeStrategy="initiator"/>
  <bpmn:userTask id="manager" name="Manager approval" venue:candidateRoles="merchant_admin" venue:actions="approve,reject,return,transfer,delegate,comment,claim,addSigner" ` + reject + `/>
  <bpmn:exclusiveGateway id="big" default="small"/>
  <bpmn:userTask id="finance" name="Finance approval" venue:assignee="` + finance + `"/>
  <bpmn:endEvent id="end"/>
  ` + Seq("f1", "start", "submit") + Seq("f2", "submit", "manager") + Seq("f3", "manager", "big") +
		Seq("large", "big", "finance", "${amount > 1000}") + Seq("small", "big", "end") + Seq("f5", "finance", "end"))
}
