package onboarding

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
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
	Status       string     `gorm:"size:16;not null;index" json:"status" enum:"pending,approved,rejected"`
	Reason       string     `gorm:"size:255;not null;default:''" json:"reason"`
	MerchantID   uint64     `gorm:"not null;default:0" json:"-"`          // set on approval; not a tenant column
	InstanceID   uint64     `gorm:"not null;default:0" json:"instanceId"` // the review process, when one runs
	ReviewedBy   string     `gorm:"size:64;not null;default:''" json:"reviewedBy"`
	ReviewedAt   *time.Time `json:"reviewedAt"`
	IP           string     `gorm:"size:64;not null;default:''" json:"-"`
	CreatedAt    time.Time  `json:"createdAt"`
}

// TableName keeps the name the table was created under (sys/0001_core).
func (MerchantApplication) TableName() string { return "sys_merchant_applications" }

// RegisterInput is the sign-up form.
type RegisterInput struct {
	BusinessName string `json:"merchantName" form:"merchantName" api:"required"`
	Contact      string `json:"contactName" form:"contactName" api:"required"`
	Mobile       string `json:"mobile" form:"mobile" api:"required"`
	Code         string `json:"code" form:"code" api:"required" doc:"the SMS code sent to mobile"`
	Password     string `json:"password" form:"password" api:"required"`
	RePassword   string `json:"repassword" form:"repassword" doc:"when given, must equal password"`
	Address      string `json:"address" form:"address"`
	LicenceNo    string `json:"licenceNo" form:"licenceNo"`
}

// RegisterResult tells the applicant what happens next.
type RegisterResult struct {
	ApplicationID uint64 `json:"applicationId"`
	Status        string `json:"status" enum:"pending,approved,rejected"`
}

func validateRegister(in *RegisterInput, policy sys.PasswordPolicy) error {
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
	policy.Check(&c, "password", in.Password, in.Mobile, in.Mobile) // the mobile number is the user name
	if in.RePassword != "" && in.RePassword != in.Password {
		c.Add("repassword", "validation.password_mismatch", nil)
	}
	c.MaxLen("address", in.Address, 255)
	c.MaxLen("licenceNo", in.LicenceNo, 64)
	return c.Err()
}

// Register records a sign-up whose mobile number the SMS code proves, and
// starts its review; a review that does not start leaves the sign-up to the
// organisation page.
func (m *Module) Register(ctx context.Context, in RegisterInput, ip string) (*RegisterResult, error) {
	if err := validateRegister(&in, sys.PolicyOf(m.deps.Config)); err != nil {
		return nil, err
	}
	ctx = tenancy.SystemContext(ctx)
	db := m.deps.DB.WithContext(ctx)
	// The SMS code first: whether a number is registered is told only to
	// whoever proved they hold it.
	if err := m.core.SMS.Verify(ctx, in.Mobile, in.Code); err != nil {
		return nil, err
	}
	taken, err := m.core.Users.MobileTaken(ctx, in.Mobile)
	if err != nil {
		return nil, err
	}
	if !taken {
		var n int64
		if err := db.Model(&MerchantApplication{}).Where("mobile = ? AND status = ?", in.Mobile, ApplicationPending).Count(&n).Error; err != nil {
			return nil, err
		}
		taken = n > 0
	}
	if taken {
		return nil, api.Invalid("mobile", "signup.mobile_taken", nil)
	}
	hash, err := sys.HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	a := MerchantApplication{BusinessName: in.BusinessName, Contact: in.Contact, Mobile: in.Mobile, Address: in.Address,
		LicenceNo: in.LicenceNo, PasswordHash: hash, Status: ApplicationPending, IP: ip}
	if err := db.Create(&a).Error; err != nil {
		return nil, err
	}
	if err := m.Start(ctx, &a); err != nil {
		m.log.Warn("signup: review process not started; decide it on the organisation page", "application", a.ID, "error", err)
	}
	return &RegisterResult{ApplicationID: a.ID, Status: a.Status}, nil
}

// bindApplication ties a pending sign-up to its review instance, in tx.
func bindApplication(tx *gorm.DB, id, instanceID uint64) error {
	res := tx.Model(&MerchantApplication{}).Where("id = ? AND status = ? AND instance_id = 0", id, ApplicationPending).
		Update("instance_id", instanceID)
	if res.Error == nil && res.RowsAffected == 0 {
		return api.Conflict("signup.not_pending", nil)
	}
	return res.Error
}

// unbindApplication undoes bindApplication for an instance that did not start.
func (m *Module) unbindApplication(ctx context.Context, id, instanceID uint64) error {
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
	Status string `form:"status" json:"status" enum:"pending,approved,rejected"`
}

// Applications lists sign-ups, newest first.
func (m *Module) Applications(ctx context.Context, q ApplicationQuery) (api.Page[MerchantApplication], error) {
	q.Normalize()
	db := m.deps.DB.WithContext(ctx).Model(&MerchantApplication{})
	if q.Status != "" {
		db = db.Where("status = ?", q.Status)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return api.Page[MerchantApplication]{}, err
	}
	var rows []MerchantApplication
	err := db.Order("id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// Approve decides a sign-up for the platform (the organisation page): in
// its review task when a review runs, else directly (ApproveApplication).
func (m *Module) Approve(ctx context.Context, p *api.Principal, id uint64) (*sys.MerchantAccount, error) {
	a, err := m.Application(ctx, id)
	if err != nil {
		return nil, err
	}
	if a.InstanceID != 0 && a.Status == ApplicationPending {
		handled, err := m.Decide(ctx, p, a, true, "")
		if err != nil {
			return nil, err
		}
		if handled {
			if a, err = m.settleApplication(ctx, id); err != nil {
				return nil, err
			}
			return m.createdAccount(ctx, a)
		}
		if err := m.unbindApplication(ctx, id, a.InstanceID); err != nil {
			return nil, err
		}
	}
	return m.ApproveApplication(ctx, id, p.UserName)
}

// Reject refuses a sign-up with a reason: in its review task when a review
// runs, else directly.
func (m *Module) Reject(ctx context.Context, p *api.Principal, id uint64, reason string) error {
	var chk api.Check
	if chk.Required("reason", reason) {
		chk.MaxLen("reason", reason, 255)
	}
	if err := chk.Err(); err != nil {
		return err
	}
	a, err := m.Application(ctx, id)
	if err != nil {
		return err
	}
	if a.InstanceID != 0 && a.Status == ApplicationPending {
		handled, err := m.Decide(ctx, p, a, false, reason)
		if err != nil {
			return err
		}
		if handled {
			_, err := m.settleApplication(ctx, id)
			return err
		}
		if err := m.unbindApplication(ctx, id, a.InstanceID); err != nil {
			return err
		}
	}
	now := time.Now().UTC()
	res := m.deps.DB.WithContext(ctx).Model(&MerchantApplication{}).Where("id = ? AND status = ? AND instance_id = 0", id, ApplicationPending).
		Updates(map[string]any{"status": ApplicationRejected, "reason": reason, "reviewed_by": p.UserName, "reviewed_at": now})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return api.Conflict("signup.not_pending", nil)
	}
	return nil
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

// createdAccount describes the merchant an approved sign-up created.
func (m *Module) createdAccount(ctx context.Context, a *MerchantApplication) (*sys.MerchantAccount, error) {
	if a.Status != ApplicationApproved {
		return nil, api.Conflict("signup.not_pending", nil)
	}
	return m.core.Orgs.MerchantAccount(ctx, a.MerchantID, a.Mobile)
}

// ApproveApplication creates the merchant of a pending sign-up, its first
// venue and its administrator (user name = the mobile number, with the
// password chosen at sign-up), in one transaction. A sign-up under review by
// a process is decided through its task instead.
func (m *Module) ApproveApplication(ctx context.Context, id uint64, reviewer string) (*sys.MerchantAccount, error) {
	ctx = tenancy.SystemContext(ctx)
	var out *sys.MerchantAccount
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
		out, err = m.approveIn(tx, &a, reviewer)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// approveIn creates the sign-up's merchant through sys and records the approval, in tx.
func (m *Module) approveIn(tx *gorm.DB, a *MerchantApplication, reviewer string) (*sys.MerchantAccount, error) {
	acct, err := m.core.Orgs.CreateMerchantAccount(tx, sys.NewMerchantAccount{Name: a.BusinessName, Contact: a.Contact, Mobile: a.Mobile,
		Address: a.Address, LicenceNo: a.LicenceNo, PasswordHash: a.PasswordHash})
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	if err := tx.Model(a).Updates(map[string]any{"status": ApplicationApproved, "merchant_id": acct.MerchantID, "reviewed_by": reviewer, "reviewed_at": now}).Error; err != nil {
		return nil, err
	}
	return acct, nil
}

// DecideApplication records the decision of a sign-up's review process (its
// service task): approval creates the merchant as ApproveApplication does,
// rejection keeps the reason. A repeated call for a decision already
// recorded answers as the first did, so the activity may be retried.
func (m *Module) DecideApplication(ctx context.Context, id, instanceID uint64, approve bool, reviewer, reason string) (*sys.MerchantAccount, error) {
	ctx = tenancy.SystemContext(ctx)
	var out *sys.MerchantAccount
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
			out, err = m.approveIn(tx, &a, reviewer)
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
		return m.createdAccount(ctx, a)
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
