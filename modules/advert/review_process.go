package advert

import (
	"context"
	_ "embed"
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
//
// It lives in advert_review.bpmn so that a BPMN modeler opens it as it is.
//
//go:embed advert_review.bpmn
var reviewBPMN string

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
