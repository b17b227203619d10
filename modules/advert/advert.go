package advert

import (
	"context"
	"errors"
	"fmt"
	"github.com/venueplatform/venue/internal/textsearch"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
)

// AdvertView is an ad in lists: its row, its owner's name and the actions
// its status allows (the console still hides what the user may not do).
type AdvertView struct {
	Advert
	MerchantName string   `json:"merchantName"`
	Submitting   bool     `json:"submitting"` // published, the review not yet begun
	Actions      []string `json:"actions" enum:"edit,publish,withdraw,takedown,delete" doc:"what the status allows now"`
}

// AdvertDetail is an ad with its targets and the timeline of its review.
type AdvertDetail struct {
	AdvertView
	Targets  []TargetView    `json:"targets"`
	Timeline []TimelineEntry `json:"timeline"`
}

// TargetView names one target.
type TargetView struct {
	Kind     string `json:"kind" enum:"venue,tablet,area"`
	ID       uint64 `json:"id,omitempty"`
	AreaCode string `json:"areaCode,omitempty"`
	Name     string `json:"name"`
	VenueID  uint64 `json:"venueId,omitempty"`
}

// TimelineEntry is one line of the ad's review history.
type TimelineEntry struct {
	Time    time.Time      `json:"time"`
	Kind    string         `json:"kind"` // started, taskCreated, task, timerFired, messageReceived, instanceEnded, ...
	Node    string         `json:"node"`
	Action  string         `json:"action,omitempty"` // for kind task: approve, reject, complete, claim, ...
	Actor   string         `json:"actor,omitempty"`
	Comment string         `json:"comment,omitempty"` // an audit opinion, a takedown reason
	Data    map[string]any `json:"data,omitempty"`
}

// AdvertQuery filters the ad list.
type AdvertQuery struct {
	api.PageQuery
	Title      string `form:"title" json:"title"`
	ReleaseNo  string `form:"releaseNo" json:"releaseNo"`
	Status     string `form:"status" json:"status" enum:"draft,pending,approved,rejected,ended"`
	Type       string `form:"type" json:"type" enum:"merchant,platform"`
	Request    string `form:"request" json:"request" enum:"true,false" doc:"true lists the \"I want to advertise\" requests, false the rest"`
	MerchantID uint64 `form:"merchantId" json:"merchantId"`
	From       string `form:"from" json:"from" format:"date" doc:"broadcast period overlapping [from, to]"`
	To         string `form:"to" json:"to" format:"date"`
}

var advertSort = map[string]string{
	"createdAt": "created_at", "startDate": "start_date", "endDate": "end_date", "playCount": "play_count", "releaseNo": "release_no",
}

// List answers the ads in the caller's scope.
func (m *Module) List(ctx context.Context, q AdvertQuery) (api.Page[AdvertView], error) {
	q.Normalize()
	db := m.db.WithContext(ctx).Model(&Advert{})
	var chk api.Check
	if t := strings.TrimSpace(q.Title); t != "" {
		db = db.Where("title LIKE ? ESCAPE '!'", textsearch.Contains(t))
	}
	if r := strings.TrimSpace(q.ReleaseNo); r != "" {
		db = db.Where("release_no LIKE ? ESCAPE '!'", textsearch.Contains(r))
	}
	if q.Status != "" && chk.OneOf("status", q.Status, StatusDraft, StatusPending, StatusApproved, StatusRejected, StatusEnded) {
		db = db.Where("status = ?", q.Status)
	}
	if q.Type != "" && chk.OneOf("type", q.Type, TypeMerchant, TypePlatform) {
		db = db.Where("type = ?", q.Type)
	}
	if q.Request != "" && chk.OneOf("request", q.Request, "true", "false") {
		db = db.Where("request = ?", q.Request == "true")
	}
	if q.MerchantID != 0 {
		db = db.Where("merchant_id = ?", q.MerchantID)
	}
	if q.From != "" {
		if from, ok := parseDate(&chk, "from", strings.TrimSpace(q.From)); ok {
			db = db.Where("end_date >= ?", from)
		}
	}
	if q.To != "" {
		if to, ok := parseDate(&chk, "to", strings.TrimSpace(q.To)); ok {
			db = db.Where("start_date <= ?", to)
		}
	}
	if err := chk.Err(); err != nil {
		return api.Page[AdvertView]{}, err
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[AdvertView]{}, err
	}
	var rows []Advert
	err := db.Order(q.OrderBy(advertSort, "id DESC")).Order("id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	if err != nil {
		return api.Page[AdvertView]{}, err
	}
	out := make([]AdvertView, len(rows))
	for i, a := range rows {
		out[i] = m.view(ctx, a)
	}
	return api.NewPage(q.PageQuery, out, total), nil
}

func (m *Module) view(ctx context.Context, a Advert) AdvertView {
	if a.Materials == nil {
		a.Materials = []Material{}
	}
	v := AdvertView{Advert: a, Submitting: a.Status == StatusDraft && a.InstanceID != 0, Actions: []string{}}
	if a.MerchantID != 0 {
		v.MerchantName = m.orgs.name(ctx, a.MerchantID)
	}
	switch {
	case v.Submitting:
	case a.Status == StatusDraft:
		v.Actions = []string{"edit", "publish", "delete"}
	case a.Status == StatusPending:
		v.Actions = []string{"withdraw"}
	case a.Status == StatusRejected:
		v.Actions = []string{"edit", "publish", "withdraw"}
	case a.Status == StatusApproved:
		v.Actions = []string{"takedown"}
	case a.Status == StatusEnded:
		v.Actions = []string{"delete"}
	}
	return v
}

// load reads an ad within the caller's scope.
func (m *Module) load(ctx context.Context, id uint64) (*Advert, error) {
	var a Advert
	if err := m.db.WithContext(ctx).Take(&a, id).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// Detail answers an ad with its targets and review timeline.
func (m *Module) Detail(ctx context.Context, id uint64) (*AdvertDetail, error) {
	a, err := m.load(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &AdvertDetail{AdvertView: m.view(ctx, *a), Targets: []TargetView{}, Timeline: []TimelineEntry{}}
	if d.Targets, err = m.targetViews(ctx, a); err != nil {
		return nil, err
	}
	if a.InstanceID != 0 {
		if inst, err := m.proc.Detail(tenancy.SystemContext(ctx), a.InstanceID); err == nil {
			for _, it := range inst.Timeline {
				d.Timeline = append(d.Timeline, TimelineEntry{Time: it.CreatedAt, Kind: it.Kind, Node: it.NodeName, Action: it.Action,
					Actor: it.ActorName, Comment: it.Comment, Data: it.Data})
			}
		}
	}
	return d, nil
}

func (m *Module) targetViews(ctx context.Context, a *Advert) ([]TargetView, error) {
	var ts []AdvertTarget
	if err := m.sys(ctx).Where("advert_id = ?", a.ID).Order("id").Find(&ts).Error; err != nil {
		return nil, err
	}
	out := make([]TargetView, 0, len(ts))
	var tabletIDs []uint64
	for _, t := range ts {
		if t.Kind == TargetTablet {
			tabletIDs = append(tabletIDs, t.RefID)
		}
	}
	tablets := map[uint64]Tablet{}
	if len(tabletIDs) > 0 {
		var rows []Tablet
		if err := m.sys(ctx).Where("id IN ?", tabletIDs).Find(&rows).Error; err != nil {
			return nil, err
		}
		for _, t := range rows {
			tablets[t.ID] = t
		}
	}
	for _, t := range ts {
		v := TargetView{Kind: t.Kind, ID: t.RefID}
		switch t.Kind {
		case TargetVenue:
			v.Name = m.orgs.name(ctx, t.RefID)
		case TargetTablet:
			tb := tablets[t.RefID]
			v.Name, v.VenueID = strings.TrimSpace(tb.Number+" "+tb.Name), tb.VenueID
		case TargetArea:
			v.ID, v.AreaCode, v.Name = 0, t.AreaCode, t.AreaCode
			if area, err := m.core.Area(tenancy.SystemContext(ctx), t.AreaCode, langOf(ctx)); err == nil {
				v.Name = area.Label
			}
		}
		out = append(out, v)
	}
	return out, nil
}

type langKey struct{}

// withLang carries the request's language to what labels targets.
func withLang(ctx context.Context, lang string) context.Context {
	return context.WithValue(ctx, langKey{}, lang)
}

func langOf(ctx context.Context) string {
	if l, ok := ctx.Value(langKey{}).(string); ok && l != "" {
		return l
	}
	return "en"
}

// plan is a checked ad with its targets, ready to be written.
type plan struct {
	ad      Advert
	targets []AdvertTarget
}

// plan checks an input for the caller: a new ad, or a change of existing.
func (m *Module) plan(ctx context.Context, p *api.Principal, in AdvertInput, existing *Advert) (*plan, error) {
	var chk api.Check
	ad := Advert{MerchantID: p.MerchantID, Type: TypeMerchant, Request: in.Request}
	if existing != nil {
		ad.MerchantID, ad.Type, ad.Request = existing.MerchantID, existing.Type, existing.Request
	} else {
		switch {
		case p.IsPlatform():
			ad.Type, ad.Request = TypePlatform, false
			if in.Type != "" && in.Type != TypePlatform || in.Request {
				chk.Add("type", "advert.platform_type_only", nil)
			}
		case in.Request:
			ad.Type = TypePlatform
		case in.Type != "" && in.Type != TypeMerchant:
			chk.Add("type", "advert.merchant_type_only", nil)
		}
	}
	owner := m.orgs.owner(ctx, ad.MerchantID)
	today := time.Now().In(owner.Loc).Format(time.DateOnly)
	materials, total := checkAdvert(&chk, &in, today)
	targets, tablets := m.checkTargets(ctx, p, &chk, &in, ad)
	if in.LinkType == LinkDish && !chk.Failed("linkValue") {
		id, _ := strconv.ParseUint(in.LinkValue, 10, 64)
		switch {
		case ad.MerchantID == 0:
			chk.Add("linkValue", "advert.dish_needs_merchant", nil)
		case m.dishes != nil:
			if _, err := m.dishes.Dish(ctx, id); err != nil {
				if !dbx.IsNotFound(err) && !isNotFound(err) {
					return nil, err
				}
				chk.Add("linkValue", "advert.dish_unknown", nil)
			}
		}
	}
	if err := chk.Err(); err != nil {
		return nil, err
	}
	ad.Title, ad.MaterialType, ad.Materials, ad.TotalDuration = in.Title, in.MaterialType, materials, total
	ad.StartDate, ad.EndDate, ad.DailyStart, ad.DailyEnd = in.StartDate, in.EndDate, in.DailyStart, in.DailyEnd
	ad.TargetType, ad.TabletCount, ad.LinkType, ad.LinkValue = in.TargetType, tablets, in.LinkType, in.LinkValue
	return &plan{ad: ad, targets: targets}, nil
}

func isNotFound(err error) bool {
	var ae *api.Error
	return errors.As(err, &ae) && ae.Code == api.CodeNotFound
}

// Create writes a draft ad with a new release number.
func (m *Module) Create(ctx context.Context, p *api.Principal, in AdvertInput) (*AdvertDetail, error) {
	pl, err := m.plan(ctx, p, in, nil)
	if err != nil {
		return nil, err
	}
	ad := pl.ad
	ad.Status, ad.CreatedBy, ad.CreatedByName = StatusDraft, p.UserID, p.UserName
	owner := m.orgs.owner(ctx, ad.MerchantID)
	for attempt := 0; ; attempt++ {
		ad.ID = 0
		err = m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			no, err := nextReleaseNo(tx, time.Now().In(owner.Loc))
			if err != nil {
				return err
			}
			ad.ReleaseNo = no
			if err := tx.Create(&ad).Error; err != nil {
				return err
			}
			return writeTargets(tx, ad, pl.targets)
		})
		if err == nil || !dbx.IsDuplicate(err) || attempt >= 4 {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	return m.Detail(ctx, ad.ID)
}

// nextReleaseNo is the day's next release number, e.g. AD20261125-0007.
// Release numbers are unique across tenants; a concurrent writer that took
// the same number makes the insert fail and the caller try again.
func nextReleaseNo(tx *gorm.DB, now time.Time) (string, error) {
	prefix := "AD" + now.Format("20060102") + "-"
	var last []string
	err := tx.WithContext(tenancy.SystemContext(tx.Statement.Context)).Model(&Advert{}).
		Where("release_no LIKE ?", prefix+"%").Order("id DESC").Limit(1).Pluck("release_no", &last).Error
	if err != nil {
		return "", err
	}
	n := 0
	if len(last) > 0 {
		n, _ = strconv.Atoi(strings.TrimPrefix(last[0], prefix))
	}
	return fmt.Sprintf("%s%04d", prefix, n+1), nil
}

func writeTargets(tx *gorm.DB, ad Advert, targets []AdvertTarget) error {
	if err := tx.Where("advert_id = ?", ad.ID).Delete(&AdvertTarget{}).Error; err != nil {
		return err
	}
	if len(targets) == 0 {
		return nil
	}
	rows := make([]AdvertTarget, len(targets))
	for i, t := range targets {
		t.ID, t.AdvertID, t.MerchantID = 0, ad.ID, ad.MerchantID
		rows[i] = t
	}
	return tx.CreateInBatches(rows, 200).Error
}

// editable refuses changes to an ad under review or on air, and to
// another organisation's ad (platform users change only the platform's).
func editable(p *api.Principal, a *Advert, statuses ...string) error {
	if p.IsPlatform() && a.MerchantID != 0 {
		return api.Conflict("advert.not_owner", nil)
	}
	if a.Status == StatusDraft && a.InstanceID != 0 {
		return api.Conflict("advert.submitting", nil)
	}
	for _, s := range statuses {
		if a.Status == s {
			return nil
		}
	}
	return api.Conflict("advert.status_forbids", map[string]any{"Status": a.Status})
}

// Update changes a draft or a rejected ad (before it is resubmitted).
func (m *Module) Update(ctx context.Context, p *api.Principal, id uint64, in AdvertInput) (*AdvertDetail, error) {
	a, err := m.load(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := editable(p, a, StatusDraft, StatusRejected); err != nil {
		return nil, err
	}
	pl, err := m.plan(ctx, p, in, a)
	if err != nil {
		return nil, err
	}
	err = m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ad := pl.ad
		res := tx.Model(&Advert{}).Where("id = ? AND status = ? AND instance_id = ?", a.ID, a.Status, a.InstanceID).
			Select("title", "material_type", "materials", "total_duration", "start_date", "end_date", "daily_start", "daily_end",
				"target_type", "tablet_count", "link_type", "link_value", "updated_at").
			Updates(&Advert{Title: ad.Title, MaterialType: ad.MaterialType, Materials: ad.Materials, TotalDuration: ad.TotalDuration,
				StartDate: ad.StartDate, EndDate: ad.EndDate, DailyStart: ad.DailyStart, DailyEnd: ad.DailyEnd, TargetType: ad.TargetType,
				TabletCount: ad.TabletCount, LinkType: ad.LinkType, LinkValue: ad.LinkValue, UpdatedAt: time.Now().UTC()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 { // the review moved on meanwhile
			return api.Conflict("advert.status_forbids", map[string]any{"Status": a.Status})
		}
		ad.ID = a.ID
		return writeTargets(tx, ad, pl.targets)
	})
	if err != nil {
		return nil, err
	}
	return m.Detail(ctx, id)
}

// Delete removes an ad before it was ever published or after its broadcast
// ended, with its targets.
func (m *Module) Delete(ctx context.Context, p *api.Principal, id uint64) error {
	a, err := m.load(ctx, id)
	if err != nil {
		return err
	}
	if err := editable(p, a, StatusDraft, StatusEnded); err != nil {
		return err
	}
	err = m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("id = ? AND status = ? AND instance_id = ?", a.ID, a.Status, a.InstanceID).Delete(&Advert{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return api.Conflict("advert.status_forbids", map[string]any{"Status": a.Status})
		}
		return tx.Where("advert_id = ?", a.ID).Delete(&AdvertTarget{}).Error
	})
	return err
}

// venueOf reads an enabled venue for a target check.
func (m *Module) venueOf(ctx context.Context, id uint64) (orgFacts, bool) {
	f, err := m.orgs.get(ctx, id)
	if err != nil || f.Type != sys.OrgVenue || !f.Enabled {
		return orgFacts{}, false
	}
	return f, true
}
