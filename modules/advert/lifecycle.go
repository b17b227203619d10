package advert

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/process"
	"github.com/venueplatform/venue/workflows/engine"
)

// The review process and what its model names.
const (
	ReviewProcess     = "advert_review"
	ReviewForm        = "advert_review_opinion"
	ActivitySetStatus = "advert.SetStatus"
	MessageTakedown   = "takedown"
	MessageWithdraw   = "withdraw"
)

// BusinessKey ties a review instance to its ad.
func BusinessKey(advertID uint64) string { return "advert:" + strconv.FormatUint(advertID, 10) }

func advertIDOf(key string) (uint64, error) {
	s, ok := strings.CutPrefix(key, "advert:")
	if !ok {
		return 0, fmt.Errorf("business key %q names no ad", key)
	}
	return strconv.ParseUint(s, 10, 64)
}

// settleWait bounds how long a lifecycle call waits for the review process
// to come to rest, so that its answer shows the new status.
const settleWait = 5 * time.Second

// launcher starts the interpreter for a written instance row.
type launcher func(ctx context.Context, in engine.Input) error

// Publish sends a draft to review (a new instance of advert_review), or
// resubmits a rejected ad after its revision (the same instance goes on).
func (m *Module) Publish(ctx context.Context, p *api.Principal, id uint64) (*AdvertDetail, error) {
	a, err := m.load(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := editable(p, a, StatusDraft, StatusRejected); err != nil {
		return nil, err
	}
	if a.Status == StatusRejected {
		err = m.resubmit(ctx, p, a)
	} else {
		err = m.startReview(ctx, p, a)
	}
	if err != nil {
		return nil, err
	}
	m.settle(ctx, id)
	return m.Detail(ctx, id)
}

// startReview writes the instance row and binds the ad to it in one
// transaction, then starts the interpreter; a start that fails unbinds the
// ad and drops the row again.
func (m *Module) startReview(ctx context.Context, p *api.Principal, a *Advert) error {
	launch := m.launch
	if launch == nil {
		if err := m.temporalUp(); err != nil {
			return err
		}
		launch = m.proc.Launch
	}
	def, err := m.proc.PlatformDefinition(ctx, ReviewProcess)
	if err != nil {
		return err
	}
	var inst *process.Instance
	var in engine.Input
	title := fmt.Sprintf("%s (%s)", a.Title, a.ReleaseNo)
	vars := map[string]any{"advertId": a.ID, "request": a.Request}
	actor := m.proc.Actor(ctx, p)
	err = m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		if inst, in, err = m.proc.NewInstance(tx, actor, p, def, BusinessKey(a.ID), title, vars); err != nil {
			return err
		}
		res := tx.Model(&Advert{}).Where("id = ? AND status = ? AND instance_id = 0", a.ID, StatusDraft).
			Updates(map[string]any{"instance_id": inst.ID, "published_by": p.UserID})
		if res.Error == nil && res.RowsAffected == 0 {
			return api.Conflict("advert.submitting", nil)
		}
		return res.Error
	})
	if err != nil {
		return err
	}
	// No transaction is held across the call to Temporal.
	if err := launch(ctx, in); err != nil {
		sctx := tenancy.SystemContext(ctx)
		if uerr := m.db.WithContext(sctx).Model(&Advert{}).Where("id = ? AND instance_id = ?", a.ID, inst.ID).
			Update("instance_id", 0).Error; uerr != nil {
			m.log.Error("advert: unbind an ad from an instance that did not start", "advert", a.ID, "error", uerr)
		}
		if derr := m.proc.DiscardInstance(sctx, inst.ID); derr != nil {
			m.log.Error("advert: drop an instance that did not start", "instance", inst.ID, "error", derr)
		}
		return err
	}
	return nil
}

// temporalUp refuses a publication while the process engine is not
// connected, before anything is written.
func (m *Module) temporalUp() error {
	if m.deps.Temporal == nil || m.deps.Temporal() == nil {
		return &api.Error{Status: 503, Code: api.CodeUnavailable, Key: "error.unavailable"}
	}
	return nil
}

// resubmit completes the revision task of a rejected ad's instance, which
// takes the same instance back to review. Whoever may edit the ad may
// resubmit it; the task moves to them first when someone else holds it.
func (m *Module) resubmit(ctx context.Context, p *api.Principal, a *Advert) error {
	task, err := m.revisionTask(ctx, a)
	if err != nil {
		return err
	}
	if task.AssigneeID != p.UserID {
		if _, err := m.proc.Act(ctx, p, task.ID, engine.ActionTransfer, process.ActInput{UserIDs: []uint64{p.UserID}}, true); err != nil {
			return err
		}
	}
	_, err = m.proc.Act(ctx, p, task.ID, engine.ActionComplete, process.ActInput{}, false)
	return err
}

// revisionTask is the open task of a rejected ad's instance. The process
// sets the status just before it creates the task, so a resubmission right
// after the rejection waits a moment for it.
func (m *Module) revisionTask(ctx context.Context, a *Advert) (*process.TaskView, error) {
	task, err := m.proc.AwaitOpenTask(ctx, a.InstanceID, 3*time.Second)
	if err == nil && task == nil {
		err = api.Conflict("advert.status_forbids", map[string]any{"Status": a.Status})
	}
	return task, err
}

// Withdraw takes an ad out of review (pending, or rejected and not yet
// resubmitted); it becomes a draft again.
func (m *Module) Withdraw(ctx context.Context, p *api.Principal, id uint64) (*AdvertDetail, error) {
	a, err := m.load(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := editable(p, a, StatusPending, StatusRejected); err != nil {
		return nil, err
	}
	if err := m.message(ctx, p, process.MessageInput{BusinessKey: BusinessKey(a.ID), MessageName: MessageWithdraw}); err != nil {
		return nil, err
	}
	m.settle(ctx, id)
	return m.Detail(ctx, id)
}

// TakedownInput is the confirmation of a forced takedown.
type TakedownInput struct {
	Reason string `json:"reason"`
}

// Takedown ends an approved ad's broadcast by force: the platform any ad,
// a merchant its own merchant ads. The reason goes into the timeline.
func (m *Module) Takedown(ctx context.Context, p *api.Principal, id uint64, in TakedownInput) (*AdvertDetail, error) {
	in.Reason = strings.TrimSpace(in.Reason)
	var chk api.Check
	if chk.Required("reason", in.Reason) {
		chk.MaxLen("reason", in.Reason, maxReason)
	}
	if err := chk.Err(); err != nil {
		return nil, err
	}
	a, err := m.load(ctx, id)
	if err != nil {
		return nil, err
	}
	if !p.IsPlatform() && a.Type != TypeMerchant {
		return nil, api.Conflict("advert.takedown_platform_only", nil)
	}
	if a.Status != StatusApproved {
		return nil, api.Conflict("advert.status_forbids", map[string]any{"Status": a.Status})
	}
	err = m.message(ctx, p, process.MessageInput{BusinessKey: BusinessKey(a.ID), MessageName: MessageTakedown,
		Variables: map[string]any{"takedownReason": in.Reason}, Comment: in.Reason})
	if err != nil {
		return nil, err
	}
	m.settle(ctx, id)
	return m.Detail(ctx, id)
}

// message delivers a message to the ad's review instance. The process
// answers once the message is applied (a busy instance settles first).
func (m *Module) message(ctx context.Context, p *api.Principal, in process.MessageInput) error {
	_, err := m.proc.Message(ctx, p, in)
	return err
}

// settle returns once the ad's review instance is at rest, so that the
// status its service tasks set is applied (the process answers; no polling).
// It gives up after settleWait.
func (m *Module) settle(ctx context.Context, id uint64) {
	var a Advert
	if err := m.sys(ctx).Select("id", "instance_id").Take(&a, id).Error; err != nil || a.InstanceID == 0 || m.settleWait <= 0 {
		return
	}
	sctx, cancel := context.WithTimeout(ctx, m.settleWait)
	defer cancel()
	if err := m.proc.Settle(sctx, a.InstanceID); err != nil && sctx.Err() == nil {
		m.log.Warn("advert: the review did not settle", "advert", id, "error", err)
	}
}

// errNotBound is retried: the ad's row names the instance only once the
// publishing transaction has committed.
var errNotBound = errors.New("the ad is not bound to this review instance")

// SetStatus is the review process's service task: it moves the ad to the
// status the model names (draft, pending, approved, rejected, ended) and
// answers variables for the instance: the ad as the reviewer sees it when
// it enters review, the end of its broadcast when it is approved. Running
// it again writes the same row.
func (m *Module) SetStatus(ctx context.Context, in engine.ServiceInput) (map[string]any, error) {
	id, err := advertIDOf(in.BusinessKey)
	if err != nil {
		return nil, temporal.NewNonRetryableApplicationError(err.Error(), "BadBusinessKey", nil)
	}
	status := str(in.Input["status"])
	switch status {
	case StatusDraft, StatusPending, StatusApproved, StatusRejected, StatusEnded:
	default:
		return nil, temporal.NewNonRetryableApplicationError(fmt.Sprintf("unknown ad status %q", status), "BadStatus", nil)
	}
	db := m.sys(ctx)
	var a Advert
	if err := db.Take(&a, id).Error; err != nil {
		return nil, err
	}
	if a.InstanceID != in.InstanceID {
		if status == StatusDraft && a.Status == StatusDraft && a.InstanceID == 0 {
			return map[string]any{}, nil // withdrawn already
		}
		return nil, fmt.Errorf("ad %d, instance %d: %w", a.ID, in.InstanceID, errNotBound)
	}
	now := time.Now().UTC()
	upd := map[string]any{"status": status, "updated_at": now}
	out := map[string]any{}
	switch status {
	case StatusPending:
		a.TabletCount = m.tabletCountOf(ctx, &a)
		upd["opinion"], upd["ended_by"], upd["end_reason"], upd["tablet_count"] = "", "", "", a.TabletCount
		out = m.reviewVariables(ctx, &a)
	case StatusApproved:
		upd["opinion"] = m.opinion(ctx, in)
		if a.ApprovedAt == nil || a.Status != StatusApproved {
			upd["approved_at"] = now
		}
		out["endsAt"] = m.endsAt(ctx, &a).UTC().Format(time.RFC3339)
	case StatusRejected:
		upd["opinion"] = m.opinion(ctx, in)
	case StatusEnded:
		by := str(in.Input["endedBy"])
		if by == "" {
			by = EndedByPeriod
		}
		upd["ended_by"], upd["end_reason"] = by, truncate(str(in.Input["reason"]), maxReason)
		if a.EndedAt == nil {
			upd["ended_at"] = now
		}
	case StatusDraft:
		upd["instance_id"] = 0 // withdrawn: a fresh draft that may be edited, deleted or published again
	}
	if err := db.Model(&Advert{}).Where("id = ? AND instance_id = ?", a.ID, in.InstanceID).Updates(upd).Error; err != nil {
		return nil, err
	}
	if a.Status == StatusApproved || status == StatusApproved {
		m.playlistsChanged(ctx)
	}
	return out, nil
}

func str(v any) string {
	if v == nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(fmt.Sprint(v))
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// opinion is the reviewer's audit opinion: the review form's opinion
// field, else the comment of the latest decision on the review task.
func (m *Module) opinion(ctx context.Context, in engine.ServiceInput) string {
	if s := str(in.Input["opinion"]); s != "" {
		return truncate(s, maxReason)
	}
	inst, err := m.proc.Detail(tenancy.SystemContext(ctx), in.InstanceID)
	if err != nil {
		return ""
	}
	for i := len(inst.Timeline) - 1; i >= 0; i-- {
		it := inst.Timeline[i]
		if it.Kind == "task" && (it.Action == engine.ActionApprove || it.Action == engine.ActionReject || it.Action == engine.ActionComplete) {
			return truncate(strings.TrimSpace(it.Comment), maxReason)
		}
	}
	return ""
}

// reviewVariables is the ad as its reviewer sees it in the review task.
func (m *Module) reviewVariables(ctx context.Context, a *Advert) map[string]any {
	materials := make([]any, len(a.Materials))
	for i, mt := range a.Materials {
		materials[i] = map[string]any{"url": mt.URL, "type": mt.Type, "duration": mt.Duration}
	}
	merchant := "Venue Platform"
	if a.MerchantID != 0 {
		merchant = m.orgs.name(ctx, a.MerchantID)
	} else if name := m.orgs.name(ctx, 0); name != "" {
		merchant = name
	}
	var targets []any
	if views, err := m.targetViews(ctx, a); err == nil {
		for i, t := range views {
			if i == 20 {
				targets = append(targets, fmt.Sprintf("… +%d", len(views)-20))
				break
			}
			targets = append(targets, t.Name)
		}
	}
	link, linkName := "", ""
	if a.LinkType != LinkNone {
		link = a.LinkType + ": " + a.LinkValue
	}
	// the reviewer (a platform user) cannot read the merchant's menu: the dish's name
	// travels with the ad, so the preview shows the name, not "Dish #21"
	if a.LinkType == LinkDish && m.dishes != nil {
		if id, err := strconv.ParseUint(a.LinkValue, 10, 64); err == nil {
			// read as the system (the review runs outside a request), the merchant checked here
			if d, err := m.dishes.Dish(tenancy.SystemContext(ctx), id); err == nil && d != nil && d.MerchantID == a.MerchantID {
				linkName = d.Name
				link = a.LinkType + ": " + d.Name
			}
		}
	}
	return map[string]any{
		"advertId": a.ID, "releaseNo": a.ReleaseNo, "title": a.Title, "adType": a.Type, "request": a.Request,
		"merchantId": a.MerchantID, "merchantName": merchant, "materialType": a.MaterialType, "materials": materials,
		"totalDuration": a.TotalDuration, "startDate": a.StartDate, "endDate": a.EndDate, "dailyStart": a.DailyStart,
		"dailyEnd": a.DailyEnd, "period": fmt.Sprintf("%s – %s, %s–%s", a.StartDate, a.EndDate, a.DailyStart, a.DailyEnd),
		"targetType": a.TargetType, "targets": targets, "tabletCount": a.TabletCount, "linkType": a.LinkType,
		"linkValue": a.LinkValue, "link": link, "linkName": linkName, "opinion": "",
	}
}

// endsAt is when the broadcast period is over everywhere the ad plays: the
// end of its last daily window, in the latest time zone among its venues.
func (m *Module) endsAt(ctx context.Context, a *Advert) time.Time {
	zones := map[string]*time.Location{}
	owner := m.orgs.owner(ctx, a.MerchantID)
	zones[owner.Loc.String()] = owner.Loc
	var ts []AdvertTarget
	_ = m.sys(ctx).Where("advert_id = ?", a.ID).Find(&ts).Error
	var tabletIDs []uint64
	venues := map[uint64]bool{}
	for _, t := range ts {
		switch t.Kind {
		case TargetVenue:
			venues[t.RefID] = true
		case TargetTablet:
			tabletIDs = append(tabletIDs, t.RefID)
		}
	}
	if len(tabletIDs) > 0 {
		var vs []uint64
		_ = m.sys(ctx).Model(&Tablet{}).Where("id IN ?", tabletIDs).Distinct().Pluck("venue_id", &vs).Error
		for _, v := range vs {
			venues[v] = true
		}
	}
	for v := range venues {
		if f, err := m.orgs.get(ctx, v); err == nil {
			zones[f.Loc.String()] = f.Loc
		}
	}
	var latest time.Time
	for _, loc := range zones {
		if t := windowEnd(a, loc); t.After(latest) {
			latest = t
		}
	}
	return latest
}

// windowEnd is the end of the ad's last daily window in loc.
func windowEnd(a *Advert, loc *time.Location) time.Time {
	day, err := time.ParseInLocation(time.DateOnly, a.EndDate, loc)
	if err != nil {
		return time.Now()
	}
	start, end := minutes(a.DailyStart), minutes(a.DailyEnd)
	if end <= start { // overnight: the last window ends the next morning
		day = day.AddDate(0, 0, 1)
	}
	return time.Date(day.Year(), day.Month(), day.Day(), 0, end, 0, 0, loc)
}

// guardReview refuses the review of an ad to a person of the ad's own
// merchant, and to the person who created or published it: nobody approves
// their own merchant's ads. The revision task (which offers no approval)
// is the merchant's and stays open to it.
func (m *Module) guardReview(ctx context.Context, p *api.Principal, t *process.Task, action string) error {
	switch action {
	case engine.ActionApprove, engine.ActionReject, engine.ActionComplete, engine.ActionClaim, engine.ActionResolve:
	default:
		return nil
	}
	if !offersApproval(t.Actions) {
		return nil
	}
	var a Advert
	if err := m.sys(ctx).Where("instance_id = ?", t.InstanceID).Limit(1).Find(&a).Error; err != nil {
		return err
	}
	if a.ID == 0 {
		return nil
	}
	if p.MerchantID != 0 && p.MerchantID == a.MerchantID {
		return api.Conflict("advert.review_own_merchant", nil)
	}
	if p.UserID == a.CreatedBy || p.UserID == a.PublishedBy {
		return api.Conflict("advert.review_own_ad", nil)
	}
	return nil
}

// guardInstance refuses the generic cancel and withdrawal of an ad's
// review: it ends through the ad's own calls, which keep its status in
// step. An instance no ad is bound to (planted through the generic start
// before it refused module processes) is no review, and may be cancelled.
func (m *Module) guardInstance(ctx context.Context, _ *api.Principal, inst *process.Instance, _ string) error {
	var n int64
	if err := m.sys(ctx).Model(&Advert{}).Where("instance_id = ?", inst.ID).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return api.Conflict("advert.end_through_ad", nil)
	}
	return nil
}

// offersApproval tells a review task from others: it offers approve (a
// task naming no actions offers the default ones, approve among them).
func offersApproval(actions string) bool {
	if actions == "" {
		return true
	}
	for _, a := range strings.Split(actions, ",") {
		if strings.TrimSpace(a) == engine.ActionApprove {
			return true
		}
	}
	return false
}
