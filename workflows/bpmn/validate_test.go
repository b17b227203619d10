package bpmn

import (
	"strings"
	"testing"
)

// line is the happy path most cases splice their element into.
const line = `
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="work"/>
    <bpmn:task id="work"/>
    <bpmn:sequenceFlow id="f_end" sourceRef="work" targetRef="end"/>
    <bpmn:endEvent id="end"/>`

func validateXML(t *testing.T, xml string) []Issue {
	t.Helper()
	return Validate(mustParse(t, xml))
}

func TestValidateAcceptsGoodModels(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{
		"line": line,
		"gateways": `
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="split"/>
    <bpmn:inclusiveGateway id="split" default="f_c"/>
    <bpmn:sequenceFlow id="f_a" sourceRef="split" targetRef="join"><bpmn:conditionExpression>${a}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_b" sourceRef="split" targetRef="join"><bpmn:conditionExpression>b</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_c" sourceRef="split" targetRef="join"/>
    <bpmn:inclusiveGateway id="join"/>
    <bpmn:sequenceFlow id="f2" sourceRef="join" targetRef="end"/>
    <bpmn:endEvent id="end"/>`,
		"reject and continue to a gateway": `
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <bpmn:userTask id="review" venue:candidateRoles="boss" venue:actions="approve,reject" venue:rejectMode="continue"/>
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="gw"/>
    <bpmn:exclusiveGateway id="gw" default="f_no"/>
    <bpmn:sequenceFlow id="f_yes" sourceRef="gw" targetRef="end"><bpmn:conditionExpression>${outcome == 'approved'}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_no" sourceRef="gw" targetRef="review"/>
    <bpmn:endEvent id="end"/>`,
		"return from a subprocess to an outer task": `
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <bpmn:userTask id="apply" venue:assigneeStrategy="initiator"/>
    <bpmn:sequenceFlow id="f2" sourceRef="apply" targetRef="sub"/>
    <bpmn:subProcess id="sub">
      <bpmn:startEvent id="s_start"/>
      <bpmn:sequenceFlow id="s1" sourceRef="s_start" targetRef="approve"/>
      <bpmn:userTask id="approve" venue:candidateRoles="boss" venue:rejectMode="return" venue:rejectTarget="apply"/>
      <bpmn:sequenceFlow id="s2" sourceRef="approve" targetRef="s_end"/>
      <bpmn:endEvent id="s_end"/>
    </bpmn:subProcess>
    <bpmn:sequenceFlow id="f3" sourceRef="sub" targetRef="end"/>
    <bpmn:endEvent id="end"/>`,
		"timer expressions": `
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="wait"/>
    <bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeDate>${deadline}</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f2" sourceRef="wait" targetRef="wait2"/>
    <bpmn:intermediateCatchEvent id="wait2"><bpmn:timerEventDefinition><bpmn:timeDate>2025-03-01T09:00:00+08:00</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="wait2" targetRef="end"/>
    <bpmn:endEvent id="end"/>`,
	} {
		if issues := validateXML(t, doc(body)); len(issues) != 0 {
			t.Errorf("%s: %v", name, issues)
		}
	}
}

func TestValidateRules(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, xml, id, msg string
	}{
		{"no executable process", strings.Replace(doc(line), `isExecutable="true"`, `isExecutable="false"`, 1), "defs", "no executable process"},
		{"two executable processes", strings.Replace(doc(line), `</bpmn:definitions>`, `<bpmn:process id="second" isExecutable="true"/></bpmn:definitions>`, 1), "second", "more than one executable"},
		{"no start event", doc(`<bpmn:task id="t"/><bpmn:sequenceFlow id="x" sourceRef="t" targetRef="e"/><bpmn:endEvent id="e"/>`), "p", "no none start event"},
		{"two start events", doc(line + `<bpmn:startEvent id="start2"/><bpmn:sequenceFlow id="f9" sourceRef="start2" targetRef="work"/>`), "start2", "more than one start event"},
		{"missing flow target", doc(line + `<bpmn:sequenceFlow id="dangling" sourceRef="work" targetRef="nowhere"/>`), "dangling", `target "nowhere"`},
		{"missing flow source", doc(line + `<bpmn:sequenceFlow id="orphan" sourceRef="ghost" targetRef="end"/>`), "orphan", `source "ghost"`},
		{"unreachable node", doc(line + `<bpmn:task id="island"/><bpmn:sequenceFlow id="f9" sourceRef="island" targetRef="end"/>`), "island", "not reachable"},
		{"dead end", doc(line + `<bpmn:task id="deadEnd"/><bpmn:sequenceFlow id="f9" sourceRef="work" targetRef="deadEnd"/>`), "deadEnd", "no outgoing"},
		{"exclusive branch without condition", doc(`
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="gw"/>
    <bpmn:exclusiveGateway id="gw" default="f_b"/>
    <bpmn:sequenceFlow id="f_a" sourceRef="gw" targetRef="end"><bpmn:conditionExpression>${days > 3}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_b" sourceRef="gw" targetRef="end"/>
    <bpmn:sequenceFlow id="f_c" sourceRef="gw" targetRef="end"/>
    <bpmn:endEvent id="end"/>`), "f_c", "no condition"},
		{"default flow not outgoing", doc(`
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="gw"/>
    <bpmn:exclusiveGateway id="gw" default="f1"/>
    <bpmn:sequenceFlow id="f_a" sourceRef="gw" targetRef="end"/>
    <bpmn:endEvent id="end"/>`), "gw", "default flow"},
		{"boundary host missing", doc(line + `<bpmn:boundaryEvent id="b" attachedToRef="nothing"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent><bpmn:sequenceFlow id="f9" sourceRef="b" targetRef="end"/>`), "b", "attachedToRef"},
		{"boundary host not an activity", doc(line + `<bpmn:boundaryEvent id="b" attachedToRef="end"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:boundaryEvent><bpmn:sequenceFlow id="f9" sourceRef="b" targetRef="end"/>`), "b", "attach to activities"},
		{"reject target missing", doc(approvalLine(`venue:rejectMode="return" venue:rejectTarget="nobody"`)), "approve", "not a node"},
		{"reject target later", doc(approvalLine(`venue:rejectTarget="archive"`)), "approve", "does not come before"},
		{"reject target itself", doc(approvalLine(`venue:rejectTarget="approve"`)), "approve", "itself"},
		{"reject target not a user task", doc(approvalLine(`venue:rejectTarget="end"`)), "approve", "returns go to a user task"},
		{"return without target", doc(approvalLine(`venue:rejectMode="return"`)), "approve", "needs a rejectTarget"},
		{"bad reject mode", doc(approvalLine(`venue:rejectMode="sideways"`)), "approve", "rejectMode"},
		{"timer duration", doc(timerLine(`<bpmn:timeDuration>P1H</bpmn:timeDuration>`)), "wait", "timeDuration"},
		{"timer date", doc(timerLine(`<bpmn:timeDate>next tuesday</bpmn:timeDate>`)), "wait", "timeDate"},
		{"timer cycle", doc(timerLine(`<bpmn:timeCycle>R3/every ten minutes</bpmn:timeCycle>`)), "wait", "timeCycle"},
		{"timer without value", doc(timerLine(``)), "wait", "exactly one"},
		{"timer with two values", doc(timerLine(`<bpmn:timeDuration>PT1M</bpmn:timeDuration><bpmn:timeCycle>R2/PT1M</bpmn:timeCycle>`)), "wait", "exactly one"},
		{"ratio zero", doc(miLine(`venue:mode="ratio" venue:ratio="0"`)), "sign", "ratio 0 must be in (0, 1]"},
		{"ratio above one", doc(miLine(`venue:ratio="1.5"`)), "sign", "ratio 1.5 must be in (0, 1]"},
		{"unknown mode", doc(miLine(`venue:mode="most"`)), "sign", "mode"},
		{"unsupported element", doc(strings.Replace(line, `<bpmn:task id="work"/>`, `<bpmn:sendTask id="work"/>`, 1)), "work", "not supported"},
		{"unsupported condition", doc(`
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="gw"/>
    <bpmn:exclusiveGateway id="gw" default="f_b"/>
    <bpmn:sequenceFlow id="f_a" sourceRef="gw" targetRef="end"><bpmn:conditionExpression>${a instanceof b}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_b" sourceRef="gw" targetRef="end"/>
    <bpmn:endEvent id="end"/>`), "f_a", "instanceof"},
		{"message event without message", doc(strings.Replace(line, `<bpmn:task id="work"/>`, `<bpmn:intermediateCatchEvent id="work"><bpmn:messageEventDefinition messageRef="nope"/></bpmn:intermediateCatchEvent>`, 1)), "work", "names no bpmn:message"},
		{"service task without activity", doc(strings.Replace(line, `<bpmn:task id="work"/>`, `<bpmn:serviceTask id="work"/>`, 1)), "work", "no activity"},
		{"call activity without calledElement", doc(strings.Replace(line, `<bpmn:task id="work"/>`, `<bpmn:callActivity id="work"/>`, 1)), "work", "calledElement"},
		{"subprocess without start", doc(strings.Replace(line, `<bpmn:task id="work"/>`, `<bpmn:subProcess id="work"><bpmn:endEvent id="inner"/></bpmn:subProcess>`, 1)), "work", "no none start event"},
		{"unreachable inside subprocess", doc(strings.Replace(line, `<bpmn:task id="work"/>`, `<bpmn:subProcess id="work"><bpmn:startEvent id="ss"/><bpmn:sequenceFlow id="sf" sourceRef="ss" targetRef="se"/><bpmn:endEvent id="se"/><bpmn:endEvent id="lost"/></bpmn:subProcess>`, 1)), "lost", "not reachable"},
		{"unknown strategy", doc(userLine(`venue:assigneeStrategy="random"`, "")), "u", "unknown assignee strategy"},
		{"role without roles", doc(userLine(`venue:assigneeStrategy="role"`, "")), "u", "needs candidate roles"},
		{"unknown action", doc(userLine(`venue:candidateRoles="r" venue:actions="approve,teleport"`, "")), "u", `"teleport"`},
		{"bad timeout", doc(userLine(`venue:candidateRoles="r" venue:timeoutAfter="2 days" venue:timeoutAction="autoApprove"`, "")), "u", "timeoutAfter"},
		{"bad timeout action", doc(userLine(`venue:candidateRoles="r" venue:timeoutAfter="P2D" venue:timeoutAction="explode"`, "")), "u", "timeoutAction"},
		{"bad due date", doc(userLine(`venue:candidateRoles="r" venue:dueDate="soon"`, "")), "u", "dueDate"},
		{"due date the engine cannot read", doc(userLine(`venue:candidateRoles="r" venue:dueDate="2026-12-01"`, "")), "u", "dueDate"},
		{"due date without a zone", doc(userLine(`venue:candidateRoles="r" venue:dueDate="2026-12-01T09:00:00"`, "")), "u", "dueDate"},
		{"bad field access", doc(userLine(`venue:candidateRoles="r"`, `<bpmn:extensionElements><venue:fieldPermissions><venue:field name="amount" access="edit"/></venue:fieldPermissions></bpmn:extensionElements>`)), "u", `access "edit"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			issues := validateXML(t, c.xml)
			for _, is := range issues {
				if is.ElementID != c.id {
					t.Errorf("unexpected issue %+v", is)
				}
			}
			for _, is := range issues {
				if is.ElementID == c.id && strings.Contains(is.Message, c.msg) {
					return
				}
			}
			t.Errorf("no issue on %q containing %q; got %v", c.id, c.msg, issues)
		})
	}
}

// Unsupported elements of a process that is not executable (another pool)
// do not stop the deployment.
func TestValidateIgnoresOtherPools(t *testing.T) {
	t.Parallel()
	xml := strings.Replace(doc(line), `</bpmn:definitions>`,
		`<bpmn:process id="partner" isExecutable="false"><bpmn:sendTask id="theirs"/></bpmn:process></bpmn:definitions>`, 1)
	d := mustParse(t, xml)
	if findIssue(d.Unsupported, "theirs") == nil {
		t.Fatalf("sendTask in the other pool is not reported by Parse")
	}
	if issues := Validate(d); len(issues) != 0 {
		t.Errorf("Validate = %v", issues)
	}
}

func TestValidateDoesNotRepeatParseIssues(t *testing.T) {
	t.Parallel()
	issues := validateXML(t, doc(line+`<bpmn:startEvent id="start2"/><bpmn:sequenceFlow id="f9" sourceRef="start2" targetRef="work"/>`))
	n := 0
	for _, is := range issues {
		if is.ElementID == "start2" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("start2 reported %d times: %v", n, issues)
	}
}

// with returns line with the task "work" replaced by element, whose id is id.
func with(id, element string) string {
	return strings.Replace(strings.ReplaceAll(line, `"work"`, `"`+id+`"`), `<bpmn:task id="`+id+`"/>`, element, 1)
}

// userLine: start → u (a user task with attrs and children) → end.
func userLine(attrs, children string) string {
	return with("u", `<bpmn:userTask id="u" `+attrs+`>`+children+`</bpmn:userTask>`)
}

// approvalLine: start → apply → approve(attrs) → archive → end.
func approvalLine(attrs string) string {
	return `
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <bpmn:userTask id="apply" venue:assigneeStrategy="initiator"/>
    <bpmn:sequenceFlow id="f2" sourceRef="apply" targetRef="approve"/>
    <bpmn:userTask id="approve" venue:candidateRoles="boss" ` + attrs + `/>
    <bpmn:sequenceFlow id="f3" sourceRef="approve" targetRef="archive"/>
    <bpmn:userTask id="archive" venue:candidateRoles="clerk"/>
    <bpmn:sequenceFlow id="f4" sourceRef="archive" targetRef="end"/>
    <bpmn:endEvent id="end"/>`
}

func timerLine(value string) string {
	return with("wait", `<bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition>`+value+`</bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>`)
}

func miLine(attrs string) string {
	return with("sign", `<bpmn:userTask id="sign" venue:candidateUsers="a,b,c"><bpmn:multiInstanceLoopCharacteristics `+attrs+`/></bpmn:userTask>`)
}
