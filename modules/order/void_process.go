package order

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/cuisine"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// The cancellation approval process and what its model names.
const (
	VoidProcess    = "order_void"
	ActivityDecide = "order.DecideCancellation"
)

// voidBPMN is the seeded order_void model. A cancellation above the
// venue's approval amount starts it; the venue manager (or the merchant
// administrator) approves or rejects it from the inbox, and only the
// order.DecideCancellation service tasks change the order and the request,
// so the order and the process history agree:
//
//	start → Approve cancellation (venue managers, merchant administrators; reject continues)
//	  → approved? ─yes→ DecideCancellation(approve) → end
//	  └no→ DecideCancellation(reject) → end (the requester is told)
//
// It lives in order_void.bpmn so that a BPMN modeler opens it as it is.
//
//go:embed order_void.bpmn
var voidBPMN string

// VoidBusinessKey ties an order_void instance to its cancellation request.
func VoidBusinessKey(cancellationID uint64) string {
	return "order_void:" + strconv.FormatUint(cancellationID, 10)
}

func cancellationIDOf(key string) (uint64, error) {
	s, ok := strings.CutPrefix(key, "order_void:")
	if !ok {
		return 0, fmt.Errorf("business key %q names no cancellation", key)
	}
	return strconv.ParseUint(s, 10, 64)
}

// voidSettleWait bounds how long a decision waits for the process's
// service task, so that its answer shows the order after it.
const voidSettleWait = 10 * time.Second

// UseProcesses lets the module own the order_void process (its service
// task and task guard) and deploy the demo's everyday purchase request.
// Call it while the modules are built, before the worker registers.
func (m *Module) UseProcesses(p *process.Module) *Module {
	m.procs = p
	p.OfferService(ActivityDecide, m.DecideCancellation)
	p.GuardTasks(VoidProcess, m.guardVoidTask)
	p.GuardInstances(VoidProcess, m.guardVoidInstance)
	return m
}

// seedVoidProcess deploys order_void as the platform's model, once, and
// marks it the module's own: the generic start refuses it.
func (m *Module) seedVoidProcess(ctx context.Context) error {
	if m.procs == nil {
		return nil
	}
	_, err := m.procs.SeedModel(ctx, process.ModelInput{Name: "Order cancellation approval", Key: VoidProcess, Category: "venue",
		Description: "A cancellation above the venue's approval amount: the venue manager approves or rejects it", BpmnXML: voidBPMN, System: true})
	return err
}

// temporalUp refuses a request for approval while the process engine is
// not connected, before anything is written.
func (m *Module) temporalUp() error {
	if m.procs == nil || m.deps.Temporal == nil || m.deps.Temporal() == nil {
		return &api.Error{Status: 503, Code: api.CodeUnavailable, Key: "error.unavailable"}
	}
	return nil
}

// voidVariables are what the manager sees in the approval task.
func (m *Module) voidVariables(ctx context.Context, o *Order, c *Cancellation, dish string, venueLang string) map[string]any {
	reason := m.reasonLabels(ctx, venueLang)[c.Reason]
	if reason == "" {
		reason = c.Reason
	}
	digits := cuisine.Digits(o.Currency)
	return map[string]any{"cancellationId": c.ID, "orderId": o.ID, "orderNo": o.OrderNo, "tableNo": o.TableNo, "venueId": o.VenueID,
		"dish": dish, "quantity": c.Quantity, "amount": cuisine.FormatMajor(c.Amount, digits), "currency": o.Currency,
		"orderTotal": cuisine.FormatMajor(o.Total, digits), "reason": reason, "remark": c.Remark, "requestedBy": c.RequestedName}
}

// launchVoid starts the interpreter of a request's instance after its
// transaction committed; a start that fails drops the request and the row.
func (m *Module) launchVoid(ctx context.Context, c *Cancellation, in engine.Input) error {
	if err := m.procs.Launch(ctx, in); err != nil {
		sctx := tenancy.SystemContext(ctx)
		if derr := m.db.WithContext(sctx).Delete(&Cancellation{}, c.ID).Error; derr != nil {
			m.log.Error("order: drop a cancellation whose approval did not start", "cancellation", c.ID, "error", derr)
		}
		if derr := m.procs.DiscardInstance(sctx, c.InstanceID); derr != nil {
			m.log.Error("order: drop an instance that did not start", "instance", c.InstanceID, "error", derr)
		}
		return err
	}
	// The requester gets the request with its approval task in the inbox.
	if _, err := m.procs.AwaitOpenTask(ctx, c.InstanceID, voidSettleWait); err != nil {
		m.log.Warn("order: the approval did not settle", "instance", c.InstanceID, "error", err)
	}
	return nil
}

// decideThroughProcess approves or rejects a pending request by acting on
// its approval task as the caller (claiming it first when it is still a
// candidates' task); the process's service task then applies the decision.
func (m *Module) decideThroughProcess(ctx context.Context, p *api.Principal, c *Cancellation, approve bool, note string) error {
	task, err := m.procs.AwaitOpenTask(ctx, c.InstanceID, voidSettleWait)
	if err != nil {
		return err
	}
	if task == nil {
		return api.Conflict("order.cancel_decided", nil)
	}
	if task.AssigneeID != p.UserID {
		action, in := engine.ActionClaim, process.ActInput{}
		if task.AssigneeID != 0 {
			// Someone else holds it: a manager of the venue may take it over.
			action, in = engine.ActionTransfer, process.ActInput{UserIDs: []uint64{p.UserID}}
		}
		if _, err := m.procs.Act(ctx, p, task.ID, action, in, action == engine.ActionTransfer); err != nil {
			return err
		}
	}
	action := engine.ActionApprove
	if !approve {
		action = engine.ActionReject
	}
	if _, err := m.procs.Act(ctx, p, task.ID, action, process.ActInput{Comment: note}, false); err != nil {
		return err
	}
	sctx, cancel := context.WithTimeout(ctx, voidSettleWait)
	defer cancel()
	if err := m.procs.Settle(sctx, c.InstanceID); err != nil && sctx.Err() == nil {
		m.log.Warn("order: the approval did not settle", "instance", c.InstanceID, "error", err)
	}
	return nil
}

// DecideCancellation is order_void's service task: it applies an approved
// cancellation (lines, totals and the listeners, with their kitchen CANCEL
// ticket, in one transaction) or marks a rejected one, with who decided and
// their comment from the approval task. A request the order no longer
// allows (settled, cancelled or changed meanwhile) is closed as rejected
// with the reason. Running it again changes nothing.
func (m *Module) DecideCancellation(ctx context.Context, in engine.ServiceInput) (map[string]any, error) {
	id, err := cancellationIDOf(in.BusinessKey)
	if err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), "BadBusinessKey", nil)
	}
	decision := strings.TrimSpace(fmt.Sprint(in.Input["decision"]))
	if decision != "approve" && decision != "reject" {
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("unknown decision %q", decision), "BadDecision", nil)
	}
	sctx := tenancy.SystemContext(ctx)
	byID, byName, note := m.decider(sctx, in.InstanceID)
	var c Cancellation
	if err := m.db.WithContext(sctx).Take(&c, id).Error; err != nil {
		return nil, err
	}
	if c.InstanceID != in.InstanceID {
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("cancellation %d belongs to instance %d", c.ID, c.InstanceID), "NotBound", nil)
	}
	if c.Status != CancelPending {
		return map[string]any{"cancellation": c.Status}, nil // decided already (a retry)
	}
	o, status, err := m.decideRequest(sctx, id, decision == "approve", byID, byName, note)
	if err != nil {
		return nil, err
	}
	if status == CancelRejected {
		m.tellRequester(sctx, &c, o, byID, byName, note)
	}
	m.live.publish(liveEvent{Type: liveChange, VenueID: o.VenueID, MerchantID: o.MerchantID, ID: o.ID})
	if status == CancelRejected {
		m.live.publish(liveEvent{Type: liveRejected, VenueID: o.VenueID, MerchantID: o.MerchantID, ID: o.ID})
	}
	return map[string]any{"cancellation": status}, nil
}

// decider is who approved or rejected the instance's task, and their comment.
func (m *Module) decider(ctx context.Context, instanceID uint64) (uint64, string, string) {
	var h process.History
	err := m.db.WithContext(ctx).Where("instance_id = ? AND action IN ?", instanceID,
		[]string{engine.ActionApprove, engine.ActionReject, engine.ActionComplete}).Order("seq DESC").Limit(1).Find(&h).Error
	if err != nil {
		return 0, "", ""
	}
	note := strings.TrimSpace(h.Comment)
	if r := []rune(note); len(r) > maxLineRemark {
		note = string(r[:maxLineRemark])
	}
	return h.ActorID, h.ActorName, note
}

// decideRequest approves (applies) or rejects the pending cancellation id in one
// transaction; an approval the order no longer allows closes it rejected
// with the reason as the note. It answers the order and the status set.
func (m *Module) decideRequest(ctx context.Context, id uint64, approve bool, byID uint64, byName, note string) (*Order, string, error) {
	var c Cancellation
	var o Order
	err := dbx.Transaction(m.db.WithContext(ctx), func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id).Take(&c).Error; err != nil {
			return err
		}
		if c.Status != CancelPending {
			return api.Conflict("order.cancel_decided", nil)
		}
		if err := lockOrder(tx, c.OrderID, &o); err != nil {
			return err
		}
		now := m.now().UTC()
		c.DecidedBy, c.DecidedName, c.DecidedAt, c.DecisionNote = byID, byName, &now, note
		reject := func(note string) error {
			c.Status = CancelRejected
			return tx.Model(&Cancellation{ID: c.ID}).Updates(map[string]any{"status": CancelRejected, "decided_by": byID,
				"decided_name": byName, "decided_at": now, "decision_note": note}).Error
		}
		if !approve {
			return reject(note)
		}
		v, err := m.venues.VenueSettingsIn(tx, o.VenueID) // through the tx: no second connection inside it
		if err != nil {
			return err
		}
		if err := cancellable(&o); err != nil {
			return reject(refusal(err, v.DefaultLanguage))
		}
		err = tx.Transaction(func(tx *gorm.DB) error {
			return m.apply(tx, &o, &c, v.DefaultLanguage, c.RequestedBy, c.RequestedName, now)
		})
		if errors.Is(err, errStale) {
			return reject(i18n.T(v.DefaultLanguage, "order.cancel_stale", nil))
		}
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return &o, c.Status, nil
}

// refusal is a business error as a note in the venue's language.
func refusal(err error, lang string) string {
	var ae *api.Error
	if errors.As(err, &ae) {
		return i18n.T(lang, ae.Key, ae.Data)
	}
	return err.Error()
}

// tellRequester leaves a notice in the requester's inbox that a manager
// rejected their cancellation (the order page tells them too, live).
func (m *Module) tellRequester(ctx context.Context, c *Cancellation, o *Order, byID uint64, byName, note string) {
	v, err := m.venues.VenueSettings(ctx, o.VenueID)
	lang := ""
	if err == nil {
		lang = v.DefaultLanguage
	}
	text := i18n.T(lang, "order.void_rejected", map[string]any{"OrderNo": o.OrderNo})
	if note != "" {
		text += ": " + note
	}
	if err := m.procs.Notice(ctx, c.InstanceID, c.RequestedBy, engine.Actor{UserID: byID, Name: byName}, text); err != nil {
		m.log.Warn("order: tell the requester of a rejection", "cancellation", c.ID, "error", err)
	}
}

// guardVoidTask lets only staff whose scope reaches the order's venue and
// who may approve cancellations decide or take an approval task.
func (m *Module) guardVoidTask(ctx context.Context, p *api.Principal, t *process.Task, action string) error {
	switch action {
	case engine.ActionComment, engine.ActionUrge, engine.ActionCC:
		return nil
	}
	if !p.Admin && !m.core.Perms.Allowed(p, PermApproval, "edit") {
		return api.Forbidden()
	}
	var c Cancellation
	if err := m.db.WithContext(ctx).Where("instance_id = ?", t.InstanceID).Take(&c).Error; err != nil {
		return api.Forbidden()
	}
	return nil
}

// guardVoidInstance refuses the generic cancel and withdrawal: a request
// ends only through its decision, so the order and the history agree.
func (m *Module) guardVoidInstance(context.Context, *api.Principal, *process.Instance, string) error {
	return api.Conflict("order.void_own_process", nil)
}
