package sys

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
)

// UserService holds the rules about users and their passwords.
type UserService struct {
	db     *gorm.DB
	auth   *Auth
	orgs   *OrgService
	counts *dbx.CountCache // list totals
	roles  *refCache[RoleRef]
	links  *refCache[[]uint64] // user id → role ids, for list rows
	feed   *changefeed.Feed
}

const topicUserRoles = "sys.userroles"

// usersChanged drops list totals and the role links of the changed users
// (no ids: every user's) on every node.
func (s *UserService) usersChanged(ctx context.Context, ids ...uint64) {
	s.counts.Invalidate()
	if len(ids) == 0 {
		_ = s.feed.Publish(ctx, topicUserRoles, "*")
		return
	}
	for _, id := range ids {
		_ = s.feed.Publish(ctx, topicUserRoles, strconv.FormatUint(id, 10))
	}
}

func newUserRoleLinks(db *gorm.DB, feed *changefeed.Feed) *refCache[[]uint64] {
	return newRefCache(feed, topicUserRoles, func(ctx context.Context, ids []uint64) (map[uint64][]uint64, error) {
		var links []UserRole
		if err := db.WithContext(ctx).Where("user_id IN ?", ids).Order("role_id").Find(&links).Error; err != nil {
			return nil, err
		}
		out := make(map[uint64][]uint64, len(ids))
		for _, id := range ids {
			out[id] = []uint64{} // users without roles are cached too
		}
		for _, l := range links {
			out[l.UserID] = append(out[l.UserID], l.RoleID)
		}
		return out, nil
	})
}

// RoleGrant is one granted permission of the user, with its operation keys.
type RoleGrant struct {
	RoleCode     string   `json:"roleCode"`
	PermissionID string   `json:"permissionId"`
	ActionList   []string `json:"actionList"`
}

// UserInfo is the answer of /sys/token/user.
type UserInfo struct {
	UserID             uint64      `json:"userId"`
	UserName           string      `json:"userName"`
	RealName           string      `json:"realName"`
	SUserHeader        string      `json:"suserHeader"`
	Mobile             string      `json:"mobile"`
	Email              string      `json:"email"`
	AdminFlag          string      `json:"adminFlag"`
	MustChangePassword bool        `json:"mustChangePassword"`
	OrgID              uint64      `json:"orgId"`
	OrgName            string      `json:"orgName"`
	OrgType            string      `json:"orgType"`
	MerchantID         uint64      `json:"merchantId"`
	VenueID            uint64      `json:"venueId"`
	Timezone           string      `json:"timezone"` // the IANA zone of the user's organisation: staff pages show times in it
	Roles              []RoleGrant `json:"roles"`
}

// Info describes the logged-in user with their grants.
func (s *UserService) Info(ctx context.Context, p *api.Principal, perms *Perms) (*UserInfo, error) {
	sys := tenancy.SystemContext(ctx)
	var u User
	if err := s.db.WithContext(sys).Take(&u, p.UserID).Error; err != nil {
		return nil, err
	}
	var roles []Role
	if err := s.db.WithContext(sys).Joins("JOIN sys_user_roles ur ON ur.role_id = sys_roles.id").
		Where("ur.user_id = ? AND sys_roles.status = ?", u.ID, StatusEnabled).Order("sys_roles.id").Find(&roles).Error; err != nil {
		return nil, err
	}
	info := &UserInfo{UserID: u.ID, UserName: u.Username, RealName: u.RealName, SUserHeader: u.Avatar, Email: u.Email,
		AdminFlag: u.AdminFlag, MustChangePassword: u.MustChangePassword, OrgID: u.OrgID, OrgName: s.orgs.Name(ctx, u.OrgID),
		OrgType: p.OrgType, MerchantID: u.MerchantID, VenueID: u.VenueID, Roles: []RoleGrant{}}
	if u.Mobile != nil {
		info.Mobile = *u.Mobile
	}
	if org, err := s.orgs.Get(sys, u.OrgID); err == nil {
		info.Timezone = org.Timezone
	}
	for _, r := range roles {
		grants := perms.Grants([]string{roleSubject(r.ID)})
		for _, perm := range sortedKeys(grants) {
			info.Roles = append(info.Roles, RoleGrant{RoleCode: r.Code, PermissionID: perm, ActionList: grants[perm]})
		}
	}
	return info, nil
}

// UpdateInfoInput is a user's edit of their own profile.
type UpdateInfoInput struct {
	UserName    string `json:"userName" form:"userName" api:"required"`
	Mobile      string `json:"mobile" form:"mobile" api:"required"`
	SUserHeader string `json:"suserHeader" form:"suserHeader"`
	// RealName and Email are left as they are when the body leaves them out
	// (the console's profile page edits neither).
	RealName *string `json:"realName" form:"realName" doc:"absent keeps the stored name"`
	Email    *string `json:"email" form:"email" doc:"absent keeps the stored address"`
}

func validateInfo(in *UpdateInfoInput) error {
	in.UserName, in.Mobile = strings.TrimSpace(in.UserName), strings.TrimSpace(in.Mobile)
	var c api.Check
	if c.Required("userName", in.UserName) {
		c.MaxLen("userName", in.UserName, 64)
	}
	if c.Required("mobile", in.Mobile) {
		c.Mobile("mobile", in.Mobile)
	}
	c.MaxLen("suserHeader", in.SUserHeader, 255)
	c.MaxLen("realName", ptrString(in.RealName), 64)
	c.MaxLen("email", ptrString(in.Email), 128)
	c.FileURL("suserHeader", in.SUserHeader)
	return c.Err()
}

// UpdateInfo saves a user's own profile.
func (s *UserService) UpdateInfo(ctx context.Context, p *api.Principal, in UpdateInfoInput) error {
	if err := validateInfo(&in); err != nil {
		return err
	}
	db := s.db.WithContext(tenancy.SystemContext(ctx))
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := uniqueUser(tx, p.UserID, "userName", in.UserName, in.Mobile); err != nil {
			return err
		}
		upd := map[string]any{"username": in.UserName, "mobile": in.Mobile, "avatar": in.SUserHeader}
		if in.RealName != nil {
			upd["real_name"] = *in.RealName
		}
		if in.Email != nil {
			upd["email"] = *in.Email
		}
		if err := tx.Model(&User{ID: p.UserID}).Updates(upd).Error; err != nil {
			return err
		}
		return indexUsers(tx, p.UserID)
	})
	if err != nil {
		return err
	}
	return s.auth.InvalidateUser(ctx, p.UserID)
}

// uniqueUser refuses a user name or mobile number another user holds,
// naming the field as the form calls it (userField).
func uniqueUser(tx *gorm.DB, selfID uint64, userField, username, mobile string) error {
	var n int64
	if err := whereUsername(tx.Model(&User{}), username).Where("id <> ?", selfID).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return api.Invalid(userField, "validation.taken", nil)
	}
	if mobile != "" {
		if err := tx.Model(&User{}).Where("mobile = ? AND id <> ?", mobile, selfID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Invalid("mobile", "validation.taken", nil)
		}
	}
	return nil
}

// PasswordInput is the change-password form.
type PasswordInput struct {
	OldPassword string `json:"oldPassword" form:"oldPassword" api:"required"`
	Password    string `json:"password" form:"password" api:"required"`
	RePassword  string `json:"repassword" form:"repassword" api:"required"`
}

func validatePassword(in PasswordInput, policy PasswordPolicy, u *User) error {
	var c api.Check
	c.Required("oldPassword", in.OldPassword)
	policy.Check(&c, "password", in.Password, u.Username, ptrString(u.Mobile))
	if c.Required("repassword", in.RePassword) && c.MinLen("repassword", in.RePassword, MinPasswordLen) &&
		in.Password != in.RePassword {
		c.Add("repassword", "validation.password_mismatch", nil)
	}
	return c.Err()
}

// UpdatePassword changes the user's own password and revokes every token
// they hold, this one included: they log in again.
func (s *UserService) UpdatePassword(ctx context.Context, p *api.Principal, in PasswordInput) error {
	db := s.db.WithContext(tenancy.SystemContext(ctx))
	var u User
	if err := db.Take(&u, p.UserID).Error; err != nil {
		return err
	}
	if err := validatePassword(in, s.policy(), &u); err != nil {
		return err
	}
	if !checkPassword(u.PasswordHash, in.OldPassword) {
		return &api.Error{Status: 200, Code: CodeOldPassword, Key: "auth.old_password_wrong",
			Fields: []api.FieldError{{Field: "oldPassword", Key: "auth.old_password_wrong"}}}
	}
	if in.OldPassword == in.Password {
		return api.Invalid("password", "auth.password_same", nil)
	}
	return s.setPassword(ctx, u.ID, in.Password, false)
}

// setPassword stores a new hash, revokes the user's sessions and tells every node.
func (s *UserService) setPassword(ctx context.Context, userID uint64, password string, mustChange bool) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	db := s.db.WithContext(tenancy.SystemContext(ctx))
	err = db.Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&User{ID: userID}).Updates(map[string]any{"password_hash": hash, "must_change_password": mustChange})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return api.NotFound()
		}
		return s.auth.RevokeAll(ctx, tx, userID)
	})
	if err != nil {
		return err
	}
	return s.auth.AnnounceRevoked(ctx, userID)
}

// NewUser is an account an operator or administrator creates.
type NewUser struct {
	Username, Password, Mobile, RealName string
	Admin                                bool
	OrgID                                uint64 // 0 = the platform
	RoleCodes                            []string
	MustChangePassword                   bool
}

// createUser adds a user in tx, placed in its organisation node and given its roles.
func createUser(tx *gorm.DB, in NewUser) (*User, error) {
	var c api.Check
	if c.Required("username", in.Username) {
		c.MaxLen("username", in.Username, 64)
	}
	if c.Required("password", in.Password) {
		c.MinLen("password", in.Password, MinPasswordLen)
	}
	if in.Mobile != "" {
		c.Mobile("mobile", in.Mobile)
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	orgID := in.OrgID
	if orgID == 0 {
		orgID = PlatformOrgID
	}
	var org Org
	if err := tx.Take(&org, orgID).Error; err != nil {
		if dbx.IsNotFound(err) {
			return nil, api.Invalid("orgId", "error.not_found", nil)
		}
		return nil, err
	}
	if err := uniqueUser(tx, 0, "username", in.Username, in.Mobile); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return nil, err
	}
	u := User{Username: in.Username, RealName: in.RealName, PasswordHash: hash, AdminFlag: "0", Status: StatusEnabled,
		OrgID: org.ID, MerchantID: org.MerchantID, MustChangePassword: in.MustChangePassword}
	if in.Admin {
		u.AdminFlag = "1"
	}
	if org.Type == OrgVenue {
		u.VenueID = org.ID
	}
	if in.Mobile != "" {
		u.Mobile = &in.Mobile
	}
	if err := tx.Create(&u).Error; err != nil {
		return nil, err
	}
	if err := indexUsers(tx, u.ID); err != nil {
		return nil, err
	}
	for _, code := range in.RoleCodes {
		var r Role
		err := tx.Where("code = ? AND merchant_id IN ?", code, []uint64{0, org.MerchantID}).Order("merchant_id DESC").Take(&r).Error
		if err != nil {
			if dbx.IsNotFound(err) {
				return nil, api.Invalid("roles", "error.role_unknown", map[string]any{"Code": code})
			}
			return nil, err
		}
		if r.PlatformOnly && org.MerchantID != 0 {
			return nil, api.Invalid("roles", "error.role_platform_only", map[string]any{"Code": code})
		}
		if err := tx.Create(&UserRole{UserID: u.ID, RoleID: r.ID}).Error; err != nil {
			return nil, err
		}
	}
	return &u, nil
}

// ErrNoSuchUser is returned by operator commands for an unknown user name.
var ErrNoSuchUser = errors.New("no such user")

// policy is the configured password policy.
func (s *UserService) policy() PasswordPolicy { return PolicyOf(s.auth.cfg) }

func ptrString(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
