package onboarding

// reviewBPMN is the seeded merchant_signup model:
//
//	start → Review sign-up (platform administrators; reject continues)
//	  → approved? ─yes→ sys.DecideSignup(approved) → merchant created
//	  └no→ sys.DecideSignup(rejected) → sign-up rejected
const reviewBPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0"
  id="merchant_signup_definitions" targetNamespace="http://venueplatform.io/process/sys">
  <bpmn:process id="merchant_signup" name="Merchant sign-up review" isExecutable="true">
    <bpmn:documentation>A merchant signed up at /user/register. A platform administrator checks the business and approves (the merchant, its first venue and its administrator are created, the administrator logs in with the mobile number and the password chosen at sign-up) or rejects with a reason.</bpmn:documentation>
    <bpmn:startEvent id="start" name="Signed up"/>
    <bpmn:userTask id="review" name="Review sign-up" venue:candidateRoles="platform_admin" venue:actions="approve,reject,transfer,comment,claim" venue:rejectMode="continue" venue:dueDate="P2D">
      <bpmn:documentation>Approve or reject; a rejection's comment is the reason the applicant sees.</bpmn:documentation>
    </bpmn:userTask>
    <bpmn:exclusiveGateway id="decided" name="Approved?" default="f_rejected"/>
    <bpmn:serviceTask id="createMerchant" name="Create merchant" venue:activity="sys.DecideSignup">
      <bpmn:extensionElements><venue:input name="decision" value="'approved'"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:endEvent id="endApproved" name="Merchant created"/>
    <bpmn:serviceTask id="recordRejection" name="Record rejection" venue:activity="sys.DecideSignup">
      <bpmn:extensionElements><venue:input name="decision" value="'rejected'"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:endEvent id="endRejected" name="Sign-up rejected"/>
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="review"/>
    <bpmn:sequenceFlow id="f_review" sourceRef="review" targetRef="decided"/>
    <bpmn:sequenceFlow id="f_approved" name="approved" sourceRef="decided" targetRef="createMerchant"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${outcome == 'approved'}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_created" sourceRef="createMerchant" targetRef="endApproved"/>
    <bpmn:sequenceFlow id="f_rejected" name="rejected" sourceRef="decided" targetRef="recordRejection"/>
    <bpmn:sequenceFlow id="f_recorded" sourceRef="recordRejection" targetRef="endRejected"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="merchant_signup_diagram">
    <bpmndi:BPMNPlane id="merchant_signup_plane" bpmnElement="merchant_signup">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="112" y="102" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="review_di" bpmnElement="review"><dc:Bounds x="200" y="80" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="decided_di" bpmnElement="decided" isMarkerVisible="true"><dc:Bounds x="355" y="95" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="createMerchant_di" bpmnElement="createMerchant"><dc:Bounds x="460" y="80" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="endApproved_di" bpmnElement="endApproved"><dc:Bounds x="612" y="102" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="recordRejection_di" bpmnElement="recordRejection"><dc:Bounds x="460" y="210" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="endRejected_di" bpmnElement="endRejected"><dc:Bounds x="612" y="232" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f_start_di" bpmnElement="f_start"><di:waypoint x="148" y="120"/><di:waypoint x="200" y="120"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_review_di" bpmnElement="f_review"><di:waypoint x="300" y="120"/><di:waypoint x="355" y="120"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_approved_di" bpmnElement="f_approved"><di:waypoint x="405" y="120"/><di:waypoint x="460" y="120"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_created_di" bpmnElement="f_created"><di:waypoint x="560" y="120"/><di:waypoint x="612" y="120"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_rejected_di" bpmnElement="f_rejected"><di:waypoint x="380" y="145"/><di:waypoint x="380" y="250"/><di:waypoint x="460" y="250"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_recorded_di" bpmnElement="f_recorded"><di:waypoint x="560" y="250"/><di:waypoint x="612" y="250"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`
