package order

import (
	"context"
	_ "embed"
	"encoding/json"

	"github.com/venueplatform/venue/modules/process"
)

// PurchaseProcess is the key of the everyday process the demo deploys.
const PurchaseProcess = "purchase_request"

// purchaseBPMN is a request for supplies: the venue manager approves; above
// 2,000 (in the currency's major unit) the merchant administrator too. A
// rejection at either step ends the request.
//
// It lives in purchase_request.bpmn so that a BPMN modeler opens it as it is.
//
//go:embed purchase_request.bpmn
var purchaseBPMN string

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
