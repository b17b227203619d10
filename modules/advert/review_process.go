package advert

import (
	"context"
	"encoding/json"

	"github.com/venueplatform/venue/modules/process"
)

// reviewBPMN is the seeded advert_review model. Every status change is a
// service task calling advert.SetStatus, so the ad and the process history
// cannot disagree:
//
//	start → SetStatus(pending) → Review ad (platform reviewers; reject continues)
//	  → approved? ─yes→ SetStatus(approved) → fork ─→ timer ${endsAt} → SetStatus(ended, period) → terminate
//	  │                                           └─→ message takedown → SetStatus(ended, takedown) → terminate
//	  └no→ SetStatus(rejected) → Revise ad (the publisher) → back to SetStatus(pending)
//	message withdraw on Review ad / Revise ad → SetStatus(draft) → end
//
// The broadcast is a race of the end-of-period timer and the takedown
// message on two parallel branches; whichever fires first reaches a
// terminate end event, which stops the other.
const reviewBPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0"
  id="advert_review_definitions" targetNamespace="http://venueplatform.io/process/advert">
  <bpmn:message id="msg_takedown" name="takedown"/>
  <bpmn:message id="msg_withdraw" name="withdraw"/>
  <bpmn:process id="advert_review" name="Ad review" isExecutable="true">
    <bpmn:documentation>Review of an in-venue ad: pending review, approved or not approved, broadcast until the end of its period or a forced takedown. The ad's status is set only by the advert.SetStatus service tasks.</bpmn:documentation>
    <bpmn:startEvent id="start" name="Ad published"/>
    <bpmn:serviceTask id="setPending" name="Pending review" venue:activity="advert.SetStatus">
      <bpmn:documentation>Sets the ad pending review and puts the ad into the variables the reviewer sees (title, merchant, materials, period, link, tablet count).</bpmn:documentation>
      <bpmn:extensionElements><venue:input name="status" value="'pending'"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:userTask id="review" name="Review ad" venue:candidateRoles="platform_reviewer" venue:actions="approve,reject,transfer,comment,claim" venue:rejectMode="continue" venue:formKey="advert_review_opinion">
      <bpmn:documentation>Approve or reject the ad; the comment (or the form's opinion) is the audit opinion. A reject continues to the gateway with outcome = rejected.</bpmn:documentation>
    </bpmn:userTask>
    <bpmn:boundaryEvent id="withdrawReview" name="Withdrawn" attachedToRef="review" cancelActivity="true"><bpmn:messageEventDefinition messageRef="msg_withdraw"/></bpmn:boundaryEvent>
    <bpmn:exclusiveGateway id="decided" name="Approved?" default="f_rejected"/>
    <bpmn:serviceTask id="setApproved" name="Approved" venue:activity="advert.SetStatus">
      <bpmn:documentation>Sets the ad approved with the audit opinion; answers endsAt, the end of the broadcast period (RFC 3339).</bpmn:documentation>
      <bpmn:extensionElements><venue:input name="status" value="'approved'"/><venue:input name="opinion" value="opinion"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:parallelGateway id="broadcast" name="Broadcast"/>
    <bpmn:intermediateCatchEvent id="periodOver" name="Broadcast period over"><bpmn:timerEventDefinition><bpmn:timeDate>${endsAt}</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:serviceTask id="setEnded" name="Broadcast ended" venue:activity="advert.SetStatus">
      <bpmn:extensionElements><venue:input name="status" value="'ended'"/><venue:input name="endedBy" value="'period'"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:endEvent id="endOver" name="Broadcast ended"><bpmn:terminateEventDefinition/></bpmn:endEvent>
    <bpmn:intermediateCatchEvent id="takedown" name="Taken down"><bpmn:messageEventDefinition messageRef="msg_takedown"/></bpmn:intermediateCatchEvent>
    <bpmn:serviceTask id="setTakenDown" name="Forced takedown" venue:activity="advert.SetStatus">
      <bpmn:extensionElements><venue:input name="status" value="'ended'"/><venue:input name="endedBy" value="'takedown'"/><venue:input name="reason" value="takedownReason"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:endEvent id="endTakedown" name="Taken down"><bpmn:terminateEventDefinition/></bpmn:endEvent>
    <bpmn:serviceTask id="setRejected" name="Not approved" venue:activity="advert.SetStatus">
      <bpmn:extensionElements><venue:input name="status" value="'rejected'"/><venue:input name="opinion" value="opinion"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:userTask id="revise" name="Revise ad" venue:assigneeStrategy="initiator" venue:actions="comment,transfer">
      <bpmn:documentation>The merchant edits the ad and publishes it again, which completes this task and returns the ad to review.</bpmn:documentation>
    </bpmn:userTask>
    <bpmn:boundaryEvent id="withdrawRevise" name="Withdrawn" attachedToRef="revise" cancelActivity="true"><bpmn:messageEventDefinition messageRef="msg_withdraw"/></bpmn:boundaryEvent>
    <bpmn:serviceTask id="setDraft" name="Back to draft" venue:activity="advert.SetStatus">
      <bpmn:extensionElements><venue:input name="status" value="'draft'"/></bpmn:extensionElements>
    </bpmn:serviceTask>
    <bpmn:endEvent id="endWithdrawn" name="Withdrawn"/>
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="setPending"/>
    <bpmn:sequenceFlow id="f_pending" sourceRef="setPending" targetRef="review"/>
    <bpmn:sequenceFlow id="f_review" sourceRef="review" targetRef="decided"/>
    <bpmn:sequenceFlow id="f_approved" name="approved" sourceRef="decided" targetRef="setApproved"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${outcome == 'approved'}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_rejected" name="not approved" sourceRef="decided" targetRef="setRejected"/>
    <bpmn:sequenceFlow id="f_broadcast" sourceRef="setApproved" targetRef="broadcast"/>
    <bpmn:sequenceFlow id="f_wait" sourceRef="broadcast" targetRef="periodOver"/>
    <bpmn:sequenceFlow id="f_listen" sourceRef="broadcast" targetRef="takedown"/>
    <bpmn:sequenceFlow id="f_over" sourceRef="periodOver" targetRef="setEnded"/>
    <bpmn:sequenceFlow id="f_ended" sourceRef="setEnded" targetRef="endOver"/>
    <bpmn:sequenceFlow id="f_taken" sourceRef="takedown" targetRef="setTakenDown"/>
    <bpmn:sequenceFlow id="f_takenEnd" sourceRef="setTakenDown" targetRef="endTakedown"/>
    <bpmn:sequenceFlow id="f_revise" sourceRef="setRejected" targetRef="revise"/>
    <bpmn:sequenceFlow id="f_resubmit" name="resubmitted" sourceRef="revise" targetRef="setPending"/>
    <bpmn:sequenceFlow id="f_withdrawReview" sourceRef="withdrawReview" targetRef="setDraft"/>
    <bpmn:sequenceFlow id="f_withdrawRevise" sourceRef="withdrawRevise" targetRef="setDraft"/>
    <bpmn:sequenceFlow id="f_withdrawn" sourceRef="setDraft" targetRef="endWithdrawn"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="advert_review_diagram">
    <bpmndi:BPMNPlane id="advert_review_plane" bpmnElement="advert_review">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="112" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="setPending_di" bpmnElement="setPending"><dc:Bounds x="190" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="review_di" bpmnElement="review"><dc:Bounds x="340" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="withdrawReview_di" bpmnElement="withdrawReview"><dc:Bounds x="372" y="222" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="decided_di" bpmnElement="decided" isMarkerVisible="true"><dc:Bounds x="495" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="setApproved_di" bpmnElement="setApproved"><dc:Bounds x="600" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="broadcast_di" bpmnElement="broadcast"><dc:Bounds x="755" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="periodOver_di" bpmnElement="periodOver"><dc:Bounds x="852" y="92" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="setEnded_di" bpmnElement="setEnded"><dc:Bounds x="940" y="70" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="endOver_di" bpmnElement="endOver"><dc:Bounds x="1092" y="92" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="takedown_di" bpmnElement="takedown"><dc:Bounds x="852" y="272" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="setTakenDown_di" bpmnElement="setTakenDown"><dc:Bounds x="940" y="250" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="endTakedown_di" bpmnElement="endTakedown"><dc:Bounds x="1092" y="272" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="setRejected_di" bpmnElement="setRejected"><dc:Bounds x="470" y="330" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="revise_di" bpmnElement="revise"><dc:Bounds x="340" y="330" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="withdrawRevise_di" bpmnElement="withdrawRevise"><dc:Bounds x="372" y="392" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="setDraft_di" bpmnElement="setDraft"><dc:Bounds x="190" y="480" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="endWithdrawn_di" bpmnElement="endWithdrawn"><dc:Bounds x="112" y="502" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f_start_di" bpmnElement="f_start"><di:waypoint x="148" y="200"/><di:waypoint x="190" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_pending_di" bpmnElement="f_pending"><di:waypoint x="290" y="200"/><di:waypoint x="340" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_review_di" bpmnElement="f_review"><di:waypoint x="440" y="200"/><di:waypoint x="495" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_approved_di" bpmnElement="f_approved"><di:waypoint x="545" y="200"/><di:waypoint x="600" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_rejected_di" bpmnElement="f_rejected"><di:waypoint x="520" y="225"/><di:waypoint x="520" y="330"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_broadcast_di" bpmnElement="f_broadcast"><di:waypoint x="700" y="200"/><di:waypoint x="755" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_wait_di" bpmnElement="f_wait"><di:waypoint x="780" y="175"/><di:waypoint x="780" y="110"/><di:waypoint x="852" y="110"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_listen_di" bpmnElement="f_listen"><di:waypoint x="780" y="225"/><di:waypoint x="780" y="290"/><di:waypoint x="852" y="290"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_over_di" bpmnElement="f_over"><di:waypoint x="888" y="110"/><di:waypoint x="940" y="110"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_ended_di" bpmnElement="f_ended"><di:waypoint x="1040" y="110"/><di:waypoint x="1092" y="110"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_taken_di" bpmnElement="f_taken"><di:waypoint x="888" y="290"/><di:waypoint x="940" y="290"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_takenEnd_di" bpmnElement="f_takenEnd"><di:waypoint x="1040" y="290"/><di:waypoint x="1092" y="290"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_revise_di" bpmnElement="f_revise"><di:waypoint x="470" y="370"/><di:waypoint x="440" y="370"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_resubmit_di" bpmnElement="f_resubmit"><di:waypoint x="340" y="370"/><di:waypoint x="265" y="370"/><di:waypoint x="265" y="240"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_withdrawReview_di" bpmnElement="f_withdrawReview"><di:waypoint x="390" y="258"/><di:waypoint x="390" y="300"/><di:waypoint x="215" y="300"/><di:waypoint x="215" y="480"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_withdrawRevise_di" bpmnElement="f_withdrawRevise"><di:waypoint x="390" y="428"/><di:waypoint x="390" y="520"/><di:waypoint x="290" y="520"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_withdrawn_di" bpmnElement="f_withdrawn"><di:waypoint x="190" y="520"/><di:waypoint x="148" y="520"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`

// reviewFormSchema is the reviewer's form: an optional audit opinion (the
// decision's comment serves when it is left empty).
const reviewFormSchema = `{"type":"object","properties":{
  "opinion":{"type":"string","title":"Audit opinion","maxLength":500,"x-decorator":"FormItem","x-component":"Input.TextArea"}}}`

// seedReviewProcess deploys advert_review as a platform model, once.
func (m *Module) seedReviewProcess(ctx context.Context) error {
	_, err := m.proc.SeedModel(ctx,
		process.ModelInput{Name: "Ad review", Key: ReviewProcess, Category: "advert",
			Description: "Review, broadcast and takedown of in-venue ads", BpmnXML: reviewBPMN, System: true},
		process.FormInput{Key: ReviewForm, Name: "Audit opinion", Description: "The reviewer's opinion of an ad", Schema: json.RawMessage(reviewFormSchema)})
	return err
}
