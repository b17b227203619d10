package bpmn

import (
	"fmt"
	"strings"
	"testing"
)

// An inclusive gateway's flow without a condition is always taken in
// Camunda 7 and Flowable; their exported models deploy unchanged.
func TestInclusiveFlowWithoutConditionDeploys(t *testing.T) {
	t.Parallel()
	camunda := doc(`
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="gw"/>
    <bpmn:inclusiveGateway id="gw"/>
    <bpmn:sequenceFlow id="f_always" sourceRef="gw" targetRef="end"/>
    <bpmn:sequenceFlow id="f_big" sourceRef="gw" targetRef="end"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${amount gt 100}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:endEvent id="end"/>`)
	flowable := `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" targetNamespace="http://www.flowable.org/processdef">
  <process id="p" isExecutable="true">
    <startEvent id="start"/>
    <sequenceFlow id="f1" sourceRef="start" targetRef="gw"/>
    <inclusiveGateway id="gw"/>
    <sequenceFlow id="f_always" sourceRef="gw" targetRef="end"/>
    <sequenceFlow id="f_big" sourceRef="gw" targetRef="end"><conditionExpression xsi:type="tFormalExpression"><![CDATA[${amount > 100}]]></conditionExpression></sequenceFlow>
    <endEvent id="end"/>
  </process>
</definitions>`
	for name, xml := range map[string]string{"camunda": camunda, "flowable": flowable} {
		if issues := validateXML(t, xml); len(issues) != 0 {
			t.Errorf("%s: %v", name, issues)
		}
	}
	// An exclusive gateway still needs conditions on all but the default.
	excl := strings.Replace(camunda, "inclusiveGateway", "exclusiveGateway", 1)
	if findIssue(validateXML(t, excl), "f_always") == nil {
		t.Error("exclusive flow without condition accepted")
	}
}

// What the interpreter refuses to run is refused at deploy, naming the element.
func TestExpressionPolicyIssuesNameTheElement(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"script": with("script", `<bpmn:scriptTask id="script" scriptFormat="expr"><bpmn:script>now().Local()</bpmn:script></bpmn:scriptTask>`),
		"f_end":  strings.Replace(line, `<bpmn:sequenceFlow id="f_end" sourceRef="work" targetRef="end"/>`, `<bpmn:sequenceFlow id="f_end" sourceRef="work" targetRef="end"><bpmn:conditionExpression>${name matches pattern}</bpmn:conditionExpression></bpmn:sequenceFlow>`, 1),
		"wait":   timerLine(`<bpmn:timeDuration>${foo(1)}</bpmn:timeDuration>`),
		"u":      userLine(`venue:assignee="demo" venue:dueDate="${d.In(tz)}"`, ``),
		"sign":   miLine(`venue:collection="${people.of(dept)}"`),
		"svc":    with("svc", `<bpmn:serviceTask id="svc" venue:activity="x"><bpmn:extensionElements><venue:input name="a" value="${a.Zone()}"/></bpmn:extensionElements></bpmn:serviceTask>`),
	}
	for id, body := range cases {
		if is := findIssue(validateXML(t, doc(body)), id); is == nil {
			t.Errorf("%s: no issue", id)
		}
	}
	// now() is bound to workflow time, so it deploys.
	ok := strings.Replace(line, `<bpmn:sequenceFlow id="f_end" sourceRef="work" targetRef="end"/>`, `<bpmn:sequenceFlow id="f_end" sourceRef="work" targetRef="end"><bpmn:conditionExpression>${now() > date(deadline)}</bpmn:conditionExpression></bpmn:sequenceFlow>`, 1)
	if issues := validateXML(t, doc(ok)); len(issues) != 0 {
		t.Errorf("now(): %v", issues)
	}
}

// A document of more elements than any process needs is refused when read:
// the validator's and interpreter's walks stay small.
func TestTooManyElementsAreRefused(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`<bpmn:startEvent id="start"/><bpmn:sequenceFlow id="f0" sourceRef="start" targetRef="t0"/>`)
	for i := 0; i < MaxElements; i++ {
		fmt.Fprintf(&b, `<bpmn:task id="t%d"/><bpmn:sequenceFlow id="f%d" sourceRef="t%d" targetRef="t%d"/>`, i, i+1, i, i+1)
	}
	_, err := Parse([]byte(doc(b.String())))
	if err == nil || !strings.Contains(err.Error(), "more than 5000 elements") {
		t.Fatalf("got %v", err)
	}
}
