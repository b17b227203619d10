package order

import (
	"context"
	"encoding/json"

	"github.com/venueplatform/venue/modules/process"
)

// PurchaseProcess is the key of the everyday process the demo deploys.
const PurchaseProcess = "purchase_request"

// purchaseBPMN is a request for supplies: the venue manager approves; above
// 2,000 (in the currency's major unit) the merchant administrator too. A
// rejection at either step ends the request.
const purchaseBPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:venue="http://venueplatform.io/schema/bpmn/1.0"
  id="purchase_request_definitions" targetNamespace="http://venueplatform.io/process/order">
  <bpmn:process id="purchase_request" name="Purchase request" isExecutable="true">
    <bpmn:documentation>A request to buy supplies for a venue: the venue manager approves; above 2,000 the merchant administrator approves too.</bpmn:documentation>
    <bpmn:startEvent id="start" name="Request" venue:formKey="purchase_request"/>
    <bpmn:userTask id="manager" name="Venue manager approval" venue:candidateRoles="venue_manager" venue:actions="approve,reject,transfer,comment,claim"/>
    <bpmn:exclusiveGateway id="large" name="Above 2,000?" default="f_small"/>
    <bpmn:userTask id="admin" name="Merchant administrator approval" venue:candidateRoles="merchant_admin" venue:actions="approve,reject,transfer,comment,claim"/>
    <bpmn:endEvent id="end" name="Approved"/>
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="manager"/>
    <bpmn:sequenceFlow id="f_manager" sourceRef="manager" targetRef="large"/>
    <bpmn:sequenceFlow id="f_large" name="above 2,000" sourceRef="large" targetRef="admin"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${amount > 2000}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="f_small" sourceRef="large" targetRef="end"/>
    <bpmn:sequenceFlow id="f_admin" sourceRef="admin" targetRef="end"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="purchase_request_diagram">
    <bpmndi:BPMNPlane id="purchase_request_plane" bpmnElement="purchase_request">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="112" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="manager_di" bpmnElement="manager"><dc:Bounds x="200" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="large_di" bpmnElement="large" isMarkerVisible="true"><dc:Bounds x="355" y="175" width="50" height="50"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="admin_di" bpmnElement="admin"><dc:Bounds x="460" y="60" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="622" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f_start_di" bpmnElement="f_start"><di:waypoint x="148" y="200"/><di:waypoint x="200" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_manager_di" bpmnElement="f_manager"><di:waypoint x="300" y="200"/><di:waypoint x="355" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_large_di" bpmnElement="f_large"><di:waypoint x="380" y="175"/><di:waypoint x="380" y="100"/><di:waypoint x="460" y="100"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_small_di" bpmnElement="f_small"><di:waypoint x="405" y="200"/><di:waypoint x="622" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f_admin_di" bpmnElement="f_admin"><di:waypoint x="560" y="100"/><di:waypoint x="640" y="100"/><di:waypoint x="640" y="182"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`

// purchaseForm is the request's start form.
const purchaseForm = `{"type":"object","required":["item","amount"],"properties":{
  "item":{"type":"string","title":"What to buy","maxLength":100,"x-decorator":"FormItem","x-component":"Input"},
  "supplier":{"type":"string","title":"Supplier","maxLength":100,"x-decorator":"FormItem","x-component":"Input"},
  "quantity":{"type":"number","title":"Quantity","minimum":1,"x-decorator":"FormItem","x-component":"NumberPicker"},
  "amount":{"type":"number","title":"Amount","minimum":0,"x-decorator":"FormItem","x-component":"NumberPicker"},
  "reason":{"type":"string","title":"Why","maxLength":500,"x-decorator":"FormItem","x-component":"Input.TextArea"}}}`

// seedPurchaseProcess deploys the purchase request once, for every merchant to start.
func (m *Module) seedPurchaseProcess(ctx context.Context) error {
	if m.procs == nil {
		return nil
	}
	_, err := m.procs.SeedModel(ctx,
		process.ModelInput{Name: "Purchase request", Key: PurchaseProcess, Category: "venue",
			Description: "Buy supplies for a venue: the venue manager approves, above 2,000 the merchant administrator too", BpmnXML: purchaseBPMN},
		process.FormInput{Key: PurchaseProcess, Name: "Purchase request", Description: "What to buy, from whom, for how much and why",
			Schema: json.RawMessage(purchaseForm)})
	return err
}
