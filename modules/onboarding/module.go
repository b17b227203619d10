// Package onboarding holds merchant sign-ups and runs the platform's review
// of them on the process engine. A sign-up starts the seeded merchant_signup process;
// platform administrators approve or reject it from their task inbox (or
// from the organisation page, which acts on the same task); the process's
// service task sys.DecideSignup then has sys create the merchant, its first
// venue and its administrator, or records the rejection. The model is editable at
// /process/model like any other: a second approval step, a notification,
// a timer that reminds the reviewers.
package onboarding

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/module"
	"github.com/venueplatform/venue/workflows/engine"
)

// ReviewProcess is the key of the seeded review definition; ActivityDecide
// is the service its service tasks call.
const (
	ReviewProcess  = "merchant_signup"
	ActivityDecide = "sys.DecideSignup"
	businessPrefix = "signup:"
)

// Module is the onboarding module: the sign-ups (a table sys created, see
// MerchantApplication) and their routes; the menus are sys's organisation page.
type Module struct {
	deps module.Deps
	core *sys.Module
	proc *process.Module
	log  *slog.Logger
}

// New wires sign-ups to the review process.
func New(deps module.Deps, core *sys.Module, proc *process.Module) *Module {
	m := &Module{deps: deps, core: core, proc: proc, log: deps.Log}
	if m.log == nil {
		m.log = slog.Default()
	}
	proc.OfferService(ActivityDecide, m.Decided)
	proc.GuardInstances(ReviewProcess, m.guardReview)
	return m
}

func (m *Module) Name() string                { return "onboarding" }
func (m *Module) Migrations() []dbx.Migration { return nil }
func (m *Module) Menus() []module.MenuSeed    { return nil }
func (m *Module) Routes(g *api.Group)         { m.applicationRoutes(g) }
func (m *Module) Seed(ctx context.Context, _ bool) error {
	_, err := m.proc.SeedModel(ctx, process.ModelInput{Name: "Merchant sign-up review", Key: ReviewProcess, Category: "sys",
		Description: "The platform approves or rejects a merchant's sign-up; approval creates the merchant", BpmnXML: reviewBPMN, System: true})
	return err
}

// guardReview refuses the generic cancel and withdrawal of a sign-up's
// review: it is decided in its task. An instance no sign-up is bound to
// (planted through the generic start before it refused module processes)
// is no review, and an administrator may cancel it.
func (m *Module) guardReview(ctx context.Context, _ *api.Principal, inst *process.Instance, _ string) error {
	id, err := applicationOf(inst.BusinessKey)
	if err != nil {
		return nil
	}
	a, err := m.Application(ctx, id)
	if err != nil {
		if dbx.IsNotFound(err) {
			return nil
		}
		return err
	}
	if a.InstanceID == inst.ID {
		return api.Conflict("signup.decide_in_task", nil)
	}
	return nil
}

// BusinessKey of a sign-up's review instance.
func BusinessKey(applicationID uint64) string {
	return businessPrefix + strconv.FormatUint(applicationID, 10)
}

func applicationOf(key string) (uint64, error) {
	id, err := strconv.ParseUint(strings.TrimPrefix(key, businessPrefix), 10, 64)
	if err != nil || !strings.HasPrefix(key, businessPrefix) {
		return 0, fmt.Errorf("business key %q names no sign-up", key)
	}
	return id, nil
}

// Start writes the review instance and binds the sign-up to it in one
// transaction, then starts the interpreter; a start that fails unbinds the
// sign-up (the organisation page decides it then) and drops the instance.
func (m *Module) Start(ctx context.Context, a *MerchantApplication) error {
	if m.deps.Temporal == nil || m.deps.Temporal() == nil {
		return errors.New("process engine not connected")
	}
	ctx = tenancy.SystemContext(ctx)
	def, err := m.proc.PlatformDefinition(ctx, ReviewProcess)
	if err != nil {
		return err
	}
	// The applicant has no account yet: the instance is started in their name.
	starter := &api.Principal{UserName: a.Contact}
	actor := engine.Actor{Name: a.Contact}
	vars := map[string]any{"applicationId": a.ID, "merchantName": a.BusinessName, "contactName": a.Contact,
		"mobile": a.Mobile, "address": a.Address, "licenceNo": a.LicenceNo, "submittedAt": a.CreatedAt.UTC().Format(time.RFC3339)}
	title := fmt.Sprintf("%s (%s)", a.BusinessName, a.Mobile)
	var inst *process.Instance
	var in engine.Input
	err = m.deps.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if inst, in, err = m.proc.NewInstance(tx, actor, starter, def, BusinessKey(a.ID), title, vars); err != nil {
			return err
		}
		return bindApplication(tx, a.ID, inst.ID)
	})
	if err != nil {
		return err
	}
	if err := m.proc.Launch(ctx, in); err != nil {
		if uerr := m.unbindApplication(ctx, a.ID, inst.ID); uerr != nil {
			m.log.Error("onboarding: unbind a sign-up from an instance that did not start", "application", a.ID, "error", uerr)
		}
		if derr := m.proc.DiscardInstance(ctx, inst.ID); derr != nil {
			m.log.Error("onboarding: drop an instance that did not start", "instance", inst.ID, "error", derr)
		}
		return err
	}
	a.InstanceID = inst.ID
	return nil
}

// Decide acts as p on the open review task of a sign-up (the organisation
// page's approve and reject). The task moves to p first when it is
// unclaimed or someone else holds it. A review that ended without a
// decision (its service task failed) answers false.
func (m *Module) Decide(ctx context.Context, p *api.Principal, a *MerchantApplication, approve bool, reason string) (bool, error) {
	task, err := m.proc.AwaitOpenTask(ctx, a.InstanceID, 3*time.Second)
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return false, err
	}
	if task == nil {
		if inst, err := m.proc.Detail(tenancy.SystemContext(ctx), a.InstanceID); err == nil && inst.State == engine.StateRunning {
			return false, api.Conflict("signup.deciding", nil) // between the decision and its record
		}
		return false, nil
	}
	if task.AssigneeID != p.UserID {
		if _, err := m.proc.Act(ctx, p, task.ID, engine.ActionTransfer, process.ActInput{UserIDs: []uint64{p.UserID}}, true); err != nil {
			return false, err
		}
	}
	action := engine.ActionApprove
	if !approve {
		action = engine.ActionReject
	}
	if _, err := m.proc.Act(ctx, p, task.ID, action, process.ActInput{Comment: reason}, false); err != nil {
		return false, err
	}
	return true, nil
}

// Decided is the service task sys.DecideSignup: input decision 'approved'
// or 'rejected'. The reviewer and the reason come from the review task's
// decision in the instance's history. Approval answers the new merchant's
// ids and its administrator's user name as process variables.
func (m *Module) Decided(ctx context.Context, in engine.ServiceInput) (map[string]any, error) {
	id, err := applicationOf(in.BusinessKey)
	if err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), "BadBusinessKey", nil)
	}
	decision, _ := in.Input["decision"].(string)
	if decision != ApplicationApproved && decision != ApplicationRejected {
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("decision %q is neither approved nor rejected", decision), "BadDecision", nil)
	}
	reviewer, reason := m.decision(ctx, in.InstanceID)
	if r, _ := in.Input["reason"].(string); strings.TrimSpace(r) != "" {
		reason = r
	}
	created, err := m.DecideApplication(ctx, id, in.InstanceID, decision == ApplicationApproved, reviewer, reason)
	if err != nil {
		var apiErr *api.Error
		if errors.As(err, &apiErr) || errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, temporal.NewNonRetryableApplicationError(err.Error(), "SignupNotDecidable", nil)
		}
		return nil, err
	}
	out := map[string]any{}
	if created != nil {
		out["merchantId"], out["venueId"], out["adminUsername"] = created.MerchantID, created.VenueID, created.AdminUsername
	}
	return out, nil
}

// decision is who decided the review task last, and their comment.
func (m *Module) decision(ctx context.Context, instanceID uint64) (reviewer, comment string) {
	inst, err := m.proc.Detail(tenancy.SystemContext(ctx), instanceID)
	if err != nil {
		return "", ""
	}
	for i := len(inst.Timeline) - 1; i >= 0; i-- {
		it := inst.Timeline[i]
		if it.Kind == "task" && (it.Action == engine.ActionApprove || it.Action == engine.ActionReject || it.Action == engine.ActionComplete) {
			return it.ActorName, strings.TrimSpace(it.Comment)
		}
	}
	return "", ""
}
