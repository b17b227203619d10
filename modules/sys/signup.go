package sys

import (
	"context"
	"net/http"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/app"
	"github.com/venueplatform/venue/internal/tenancy"
)

// Sign-up application states.
const (
	ApplicationPending  = "pending"
	ApplicationApproved = "approved"
	ApplicationRejected = "rejected"
)

// MerchantApplication is a merchant's sign-up waiting for the platform.
type MerchantApplication struct {
	ID           uint64     `gorm:"primaryKey" json:"id"`
	BusinessName string     `gorm:"size:128;not null" json:"businessName"`
	Contact      string     `gorm:"size:64;not null" json:"contact"`
	Mobile       string     `gorm:"size:32;not null;index" json:"mobile"`
	Address      string     `gorm:"size:255;not null;default:''" json:"address"`
	LicenceNo    string     `gorm:"size:64;not null;default:''" json:"licenceNo"`
	PasswordHash string     `gorm:"size:255;not null" json:"-"`
	Status       string     `gorm:"size:16;not null;index" json:"status"`
	Reason       string     `gorm:"size:255;not null;default:''" json:"reason"`
	MerchantID   uint64     `gorm:"not null;default:0" json:"-"`          // set on approval; not a tenant column
	InstanceID   uint64     `gorm:"not null;default:0" json:"instanceId"` // the review process, when one runs
	ReviewedBy   string     `gorm:"size:64;not null;default:''" json:"reviewedBy"`
	ReviewedAt   *time.Time `json:"reviewedAt"`
	IP           string     `gorm:"size:64;not null;default:''" json:"-"`
	CreatedAt    time.Time  `json:"createdAt"`
}

func (MerchantApplication) TableName() string { return "sys_merchant_applications" }

func (m *Module) signupRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/merchant/register", Access: api.Public, Log: api.LogOn,
		Summary: "A merchant signs up (mobile verified by SMS code); the platform approves", Body: RegisterInput{}, Result: RegisterResult{}}, m.register)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/merchant/application", Perm: "sys:org", Action: "query",
		Summary: "Merchant sign-ups (platform only)", Query: ApplicationQuery{}, Result: api.Page[MerchantApplication]{}}, m.applicationList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/merchant/application/:id/approve", Perm: "sys:org", Action: "add",
		Summary: "Approve a sign-up: creates the merchant, its first venue and its administrator", Result: CreatedMerchantView{}}, m.applicationApprove)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/merchant/application/:id/reject", Perm: "sys:org", Action: "edit",
		Summary: "Reject a sign-up with a reason", Body: RejectInput{}}, m.applicationReject)
}

// RegisterInput is the sign-up form.
type RegisterInput struct {
	BusinessName string `json:"merchantName" form:"merchantName"`
	Contact      string `json:"contactName" form:"contactName"`
	Mobile       string `json:"mobile" form:"mobile"`
	Code         string `json:"code" form:"code"`
	Password     string `json:"password" form:"password"`
	RePassword   string `json:"repassword" form:"repassword"`
	Address      string `json:"address" form:"address"`
	LicenceNo    string `json:"licenceNo" form:"licenceNo"`
}

// RegisterResult tells the applicant what happens next.
type RegisterResult struct {
	ApplicationID uint64 `json:"applicationId"`
	Status        string `json:"status"`
}

func validateRegister(in *RegisterInput) error {
	in.BusinessName, in.Contact, in.Mobile = strings.TrimSpace(in.BusinessName), strings.TrimSpace(in.Contact), strings.TrimSpace(in.Mobile)
	var c api.Check
	if c.Required("merchantName", in.BusinessName) {
		c.MaxLen("merchantName", in.BusinessName, 128)
	}
	if c.Required("contactName", in.Contact) {
		c.MaxLen("contactName", in.Contact, 64)
	}
	if c.Required("mobile", in.Mobile) {
		c.Mobile("mobile", in.Mobile)
	}
	c.Required("code", in.Code)
	if c.Required("password", in.Password) && c.MinLen("password", in.Password, MinPasswordLen) {
		c.MaxLen("password", in.Password, maxPasswordLen)
	}
	if in.RePassword != "" && in.RePassword != in.Password {
		c.Add("repassword", "validation.password_mismatch", nil)
	}
	c.MaxLen("address", in.Address, 255)
	c.MaxLen("licenceNo", in.LicenceNo, 64)
	return c.Err()
}

func (m *Module) register(c *api.Ctx) (any, error) {
	var in RegisterInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := validateRegister(&in); err != nil {
		return nil, err
	}
	ctx := tenancy.SystemContext(c.Ctx())
	db := m.deps.DB.WithContext(ctx)
	var n int64
	if err := db.Model(&User{}).Where("mobile = ? OR username = ?", in.Mobile, in.Mobile).Count(&n).Error; err != nil {
		return nil, err
	}
	if n == 0 {
		if err := db.Model(&MerchantApplication{}).Where("mobile = ? AND status = ?", in.Mobile, ApplicationPending).Count(&n).Error; err != nil {
			return nil, err
		}
	}
	if n > 0 {
		return nil, api.Invalid("mobile", "signup.mobile_taken", nil)
	}
	if err := m.SMS.Verify(ctx, in.Mobile, in.Code); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	a := MerchantApplication{BusinessName: in.BusinessName, Contact: in.Contact, Mobile: in.Mobile, Address: in.Address,
		LicenceNo: in.LicenceNo, PasswordHash: hash, Status: ApplicationPending, IP: c.ClientIP()}
	if err := db.Create(&a).Error; err != nil {
		return nil, err
	}
	if m.review != nil {
		// A review that does not start leaves the sign-up to the organisation page.
		if err := m.review.Start(ctx, &a); err != nil {
			m.deps.Log.Warn("signup: review process not started; decide it on the organisation page", "application", a.ID, "error", err)
		}
	}
	return RegisterResult{ApplicationID: a.ID, Status: a.Status}, nil
}

// SignupReview runs the platform's review of sign-ups on the process engine
// (the onboarding module's merchant_signup process).
type SignupReview interface {
	// Start begins the review of a new sign-up and binds the sign-up to it
	// (BindApplication, in the transaction that writes the instance).
	Start(ctx context.Context, a *MerchantApplication) error
	// Decide acts as p on the review task of a sign-up bound to a review:
	// approve, or reject with the reason. The process's service task then
	// records the decision (DecideApplication). It answers false when the
	// review ended without a decision (its process failed): the sign-up is
	// then decided directly.
	Decide(ctx context.Context, p *api.Principal, a *MerchantApplication, approve bool, reason string) (bool, error)
}

// ReviewSignupsWith hands new sign-ups to a review process. Call it while the
// modules are built.
func (m *Module) ReviewSignupsWith(r SignupReview) { m.review = r }

// BindApplication ties a pending sign-up to its review instance, in tx.
func (m *Module) BindApplication(tx *gorm.DB, id, instanceID uint64) error {
	res := tx.Model(&MerchantApplication{}).Where("id = ? AND status = ? AND instance_id = 0", id, ApplicationPending).
		Update("instance_id", instanceID)
	if res.Error == nil && res.RowsAffected == 0 {
		return api.Conflict("signup.not_pending", nil)
	}
	return res.Error
}

// UnbindApplication undoes BindApplication for an instance that did not start.
func (m *Module) UnbindApplication(ctx context.Context, id, instanceID uint64) error {
	return m.deps.DB.WithContext(tenancy.SystemContext(ctx)).Model(&MerchantApplication{}).
		Where("id = ? AND instance_id = ?", id, instanceID).Update("instance_id", 0).Error
}

// Application reads one sign-up.
func (m *Module) Application(ctx context.Context, id uint64) (*MerchantApplication, error) {
	var a MerchantApplication
	if err := m.deps.DB.WithContext(tenancy.SystemContext(ctx)).Take(&a, id).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

// ApplicationQuery filters sign-ups.
type ApplicationQuery struct {
	api.PageQuery
	Status string `form:"status" json:"status"`
}

// onlyPlatform guards the sign-up queue: applications belong to no merchant yet.
func onlyPlatform(c *api.Ctx) error {
	if !c.Principal().IsPlatform() {
		return api.Forbidden()
	}
	return nil
}

func (m *Module) applicationList(c *api.Ctx) (any, error) {
	if err := onlyPlatform(c); err != nil {
		return nil, err
	}
	var q ApplicationQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.Normalize()
	db := m.deps.DB.WithContext(c.Ctx()).Model(&MerchantApplication{})
	if q.Status != "" {
		db = db.Where("status = ?", q.Status)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, err
	}
	var rows []MerchantApplication
	err := db.Order("id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// CreatedMerchantView answers an approval.
type CreatedMerchantView struct {
	MerchantID    uint64 `json:"merchantId"`
	VenueID       uint64 `json:"venueId"`
	AdminUserID   uint64 `json:"adminUserId"`
	AdminUsername string `json:"adminUsername"`
}

func (m *Module) applicationApprove(c *api.Ctx) (any, error) {
	if err := onlyPlatform(c); err != nil {
		return nil, err
	}
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	a, err := m.Application(c.Ctx(), id)
	if err != nil {
		return nil, err
	}
	if a.InstanceID != 0 && a.Status == ApplicationPending && m.review != nil {
		handled, err := m.review.Decide(c.Ctx(), c.Principal(), a, true, "")
		if err != nil {
			return nil, err
		}
		if handled {
			if a, err = m.settleApplication(c.Ctx(), id); err != nil {
				return nil, err
			}
			return m.createdView(c.Ctx(), a)
		}
		if err := m.UnbindApplication(c.Ctx(), id, a.InstanceID); err != nil {
			return nil, err
		}
	}
	return m.ApproveApplication(c.Ctx(), id, c.Principal().UserName)
}

// settleWait bounds the wait for a review's service task to record a decision.
const settleWait = 15 * time.Second

// settleApplication waits until a decided sign-up's status has been recorded.
func (m *Module) settleApplication(ctx context.Context, id uint64) (*MerchantApplication, error) {
	deadline := time.Now().Add(settleWait)
	for {
		a, err := m.Application(ctx, id)
		if err != nil || a.Status != ApplicationPending {
			return a, err
		}
		if time.Now().After(deadline) {
			return nil, api.Conflict("signup.deciding", nil)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// createdView describes the merchant an approved sign-up created.
func (m *Module) createdView(ctx context.Context, a *MerchantApplication) (*CreatedMerchantView, error) {
	if a.Status != ApplicationApproved {
		return nil, api.Conflict("signup.not_pending", nil)
	}
	db := m.deps.DB.WithContext(tenancy.SystemContext(ctx))
	out := CreatedMerchantView{MerchantID: a.MerchantID, AdminUsername: a.Mobile}
	var venue Org
	if err := db.Where("merchant_id = ? AND type = ?", a.MerchantID, OrgVenue).Order("id").Limit(1).Find(&venue).Error; err != nil {
		return nil, err
	}
	var u User
	if err := db.Where("username = ?", a.Mobile).Limit(1).Find(&u).Error; err != nil {
		return nil, err
	}
	out.VenueID, out.AdminUserID = venue.ID, u.ID
	return &out, nil
}

// ApproveApplication creates the merchant of a pending sign-up, its first
// venue and its administrator (user name = the mobile number, with the
// password chosen at sign-up), in one transaction. A sign-up under review by
// a process is decided through its task instead.
func (m *Module) ApproveApplication(ctx context.Context, id uint64, reviewer string) (*CreatedMerchantView, error) {
	ctx = tenancy.SystemContext(ctx)
	var out *CreatedMerchantView
	err := m.deps.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var a MerchantApplication
		if err := tx.Take(&a, id).Error; err != nil {
			return err
		}
		if a.Status != ApplicationPending {
			return api.Conflict("signup.not_pending", nil)
		}
		if a.InstanceID != 0 {
			return api.Conflict("signup.in_review", nil)
		}
		var err error
		out, err = approveIn(tx, &a, reviewer)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func approveIn(tx *gorm.DB, a *MerchantApplication, reviewer string) (*CreatedMerchantView, error) {
	merchant, venue, err := createMerchant(tx, NewMerchant{Name: a.BusinessName, Contact: a.Contact, Mobile: a.Mobile, Address: a.Address, LicenceNo: a.LicenceNo})
	if err != nil {
		return nil, err
	}
	u, err := createUser(tx, NewUser{Username: a.Mobile, Password: GeneratePassword(), Mobile: a.Mobile, RealName: a.Contact,
		OrgID: merchant.ID, RoleCodes: []string{app.RoleMerchantAdmin}})
	if err != nil {
		return nil, err
	}
	if err := tx.Model(u).Update("password_hash", a.PasswordHash).Error; err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	if err := tx.Model(a).Updates(map[string]any{"status": ApplicationApproved, "merchant_id": merchant.ID, "reviewed_by": reviewer, "reviewed_at": now}).Error; err != nil {
		return nil, err
	}
	return &CreatedMerchantView{MerchantID: merchant.ID, VenueID: venue.ID, AdminUserID: u.ID, AdminUsername: u.Username}, nil
}

// DecideApplication records the decision of a sign-up's review process (its
// service task): approval creates the merchant as ApproveApplication does,
// rejection keeps the reason. A repeated call for a decision already
// recorded answers as the first did, so the activity may be retried.
func (m *Module) DecideApplication(ctx context.Context, id, instanceID uint64, approve bool, reviewer, reason string) (*CreatedMerchantView, error) {
	ctx = tenancy.SystemContext(ctx)
	var out *CreatedMerchantView
	again := false
	err := m.deps.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var a MerchantApplication
		if err := tx.Take(&a, id).Error; err != nil {
			return err
		}
		if a.InstanceID != instanceID {
			return api.Conflict("signup.not_pending", nil)
		}
		switch {
		case a.Status == ApplicationApproved && approve, a.Status == ApplicationRejected && !approve:
			again = true
			return nil
		case a.Status != ApplicationPending:
			return api.Conflict("signup.not_pending", nil)
		case approve:
			var err error
			out, err = approveIn(tx, &a, reviewer)
			return err
		default:
			return tx.Model(&a).Updates(map[string]any{"status": ApplicationRejected, "reason": truncateRunes(reason, 255),
				"reviewed_by": reviewer, "reviewed_at": time.Now().UTC()}).Error
		}
	})
	if err != nil {
		return nil, err
	}
	if again && approve {
		a, err := m.Application(ctx, id)
		if err != nil {
			return nil, err
		}
		return m.createdView(ctx, a)
	}
	return out, nil
}

func truncateRunes(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) > n {
		r = r[:n]
	}
	return string(r)
}

// RejectInput gives the reason of a rejection.
type RejectInput struct {
	Reason string `json:"reason"`
}

func (m *Module) applicationReject(c *api.Ctx) (any, error) {
	if err := onlyPlatform(c); err != nil {
		return nil, err
	}
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in RejectInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	var chk api.Check
	if chk.Required("reason", in.Reason) {
		chk.MaxLen("reason", in.Reason, 255)
	}
	if err := chk.Err(); err != nil {
		return nil, err
	}
	a, err := m.Application(c.Ctx(), id)
	if err != nil {
		return nil, err
	}
	if a.InstanceID != 0 && a.Status == ApplicationPending && m.review != nil {
		handled, err := m.review.Decide(c.Ctx(), c.Principal(), a, false, in.Reason)
		if err != nil {
			return nil, err
		}
		if handled {
			_, err := m.settleApplication(c.Ctx(), id)
			return nil, err
		}
		if err := m.UnbindApplication(c.Ctx(), id, a.InstanceID); err != nil {
			return nil, err
		}
	}
	now := time.Now().UTC()
	res := m.deps.DB.WithContext(c.Ctx()).Model(&MerchantApplication{}).Where("id = ? AND status = ? AND instance_id = 0", id, ApplicationPending).
		Updates(map[string]any{"status": ApplicationRejected, "reason": in.Reason, "reviewed_by": c.Principal().UserName, "reviewed_at": now})
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, api.Conflict("signup.not_pending", nil)
	}
	return nil, nil
}
