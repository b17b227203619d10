package sys

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
)

// UserInput is the user form of /sys/user.
type UserInput struct {
	Username string   `json:"username"`
	Mobile   string   `json:"mobile"`
	RealName string   `json:"realName"`
	Email    string   `json:"email"`
	Password string   `json:"password"` // create only; empty = generated, shown once
	OrgID    uint64   `json:"orgId"`
	RoleIDs  []uint64 `json:"roleIds"`
	Status   *int8    `json:"status" enum:"0,1"`
}

func validateUser(in *UserInput, creating bool, policy PasswordPolicy) error {
	in.Username, in.Mobile, in.Email = strings.TrimSpace(in.Username), strings.TrimSpace(in.Mobile), strings.TrimSpace(in.Email)
	var c api.Check
	if c.Required("username", in.Username) {
		c.MaxLen("username", in.Username, 64)
	}
	if c.Required("mobile", in.Mobile) {
		c.Mobile("mobile", in.Mobile)
	}
	c.MaxLen("realName", in.RealName, 64)
	c.MaxLen("email", in.Email, 128)
	if in.Email != "" && !strings.Contains(in.Email, "@") {
		c.Add("email", "validation.bad_value", nil)
	}
	if creating && in.Password != "" {
		policy.Check(&c, "password", in.Password, in.Username, in.Mobile)
	}
	if in.OrgID == 0 {
		c.Add("orgId", "validation.required", nil)
	}
	if in.Status != nil && *in.Status != StatusEnabled && *in.Status != StatusDisabled {
		c.Add("status", "validation.bad_value", nil)
	}
	return c.Err()
}

// CreatedUser answers a creation; Password is set only when it was generated.
type CreatedUser struct {
	UserView
	Password string `json:"password,omitempty"`
}

// Create adds a user in the caller's scope with roles the caller may grant.
func (s *UserService) Create(ctx context.Context, p *api.Principal, perms *Perms, in UserInput) (*CreatedUser, error) {
	if err := validateUser(&in, true, s.policy()); err != nil {
		return nil, err
	}
	generated := ""
	if in.Password == "" {
		in.Password, generated = GeneratePassword(), "yes"
	}
	var u *User
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		u, err = s.createIn(tx, p, perms, in)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.usersChanged(ctx, u.ID)
	view, err := s.Get(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	out := &CreatedUser{UserView: *view}
	if generated != "" {
		out.Password = in.Password
	}
	return out, nil
}

// Get answers one user of the caller's scope.
func (s *UserService) Get(ctx context.Context, id uint64) (*UserView, error) {
	var u User
	if err := s.db.WithContext(ctx).Take(&u, id).Error; err != nil {
		return nil, err
	}
	views, err := s.views(ctx, []User{u})
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// Update saves a user of the caller's scope.
func (s *UserService) Update(ctx context.Context, p *api.Principal, perms *Perms, id uint64, in UserInput) (*UserView, error) {
	if err := validateUser(&in, false, s.policy()); err != nil {
		return nil, err
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var u User
		if err := tx.Take(&u, id).Error; err != nil {
			return err
		}
		org, err := visibleOrg(tx, in.OrgID)
		if err != nil {
			return err
		}
		if err := uniqueUser(tx, u.ID, "username", in.Username, in.Mobile); err != nil {
			return err
		}
		u.Username, u.Mobile, u.RealName, u.Email = in.Username, &in.Mobile, in.RealName, in.Email
		placeIn(&u, org)
		if err := tx.Select("username", "mobile", "real_name", "email", "org_id", "merchant_id", "venue_id").Save(&u).Error; err != nil {
			return err
		}
		if err := indexUsers(tx, u.ID); err != nil {
			return err
		}
		if in.RoleIDs != nil {
			return s.setRoles(tx, p, perms, &u, in.RoleIDs)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.usersChanged(ctx, id)
	if err := s.auth.InvalidateUser(ctx, id); err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

// visibleOrg reads the organisation node a user is placed in, within the caller's scope.
func visibleOrg(tx *gorm.DB, id uint64) (*Org, error) {
	var org Org
	if err := tx.Take(&org, id).Error; err != nil {
		if dbx.IsNotFound(err) {
			return nil, api.Invalid("orgId", "error.not_found", nil)
		}
		return nil, err
	}
	return &org, nil
}

func placeIn(u *User, org *Org) {
	u.OrgID, u.MerchantID, u.VenueID = org.ID, org.MerchantID, 0
	if org.Type == OrgVenue {
		u.VenueID = org.ID
	}
}

// SetRoles replaces a user's roles.
func (s *UserService) SetRoles(ctx context.Context, p *api.Principal, perms *Perms, id uint64, roleIDs []uint64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var u User
		if err := tx.Take(&u, id).Error; err != nil {
			return err
		}
		return s.setRoles(tx, p, perms, &u, roleIDs)
	})
	if err != nil {
		return err
	}
	s.usersChanged(ctx, id)
	return s.auth.InvalidateUser(ctx, id)
}

// setRoles checks every role against what the caller may grant: visible to
// them, allowed for the user's organisation, and no operation beyond the
// caller's own (no privilege escalation).
func (s *UserService) setRoles(tx *gorm.DB, p *api.Principal, perms *Perms, u *User, roleIDs []uint64) error {
	var roles []Role
	if len(roleIDs) > 0 {
		if err := tx.Where("id IN ?", roleIDs).Find(&roles).Error; err != nil {
			return err
		}
	}
	if len(roles) != len(uniq(roleIDs)) {
		return api.Invalid("roleIds", "error.not_found", nil)
	}
	ceiling := perms.Ceiling(p)
	for _, r := range roles {
		if r.PlatformOnly && u.MerchantID != 0 {
			return api.Invalid("roleIds", "error.role_platform_only", map[string]any{"Code": r.Code})
		}
		if r.MerchantID != 0 && r.MerchantID != u.MerchantID {
			return api.Invalid("roleIds", "error.not_found", nil)
		}
		if ceiling != nil {
			for perm, acts := range perms.Grants([]string{roleSubject(r.ID)}) {
				for _, a := range acts {
					if !ceiling[perm+":"+a] {
						return api.Invalid("roleIds", "user.role_beyond_grant", map[string]any{"Code": r.Code})
					}
				}
			}
		}
	}
	sys := tx.WithContext(tenancy.SystemContext(tx.Statement.Context))
	if err := sys.Where("user_id = ?", u.ID).Delete(&UserRole{}).Error; err != nil {
		return err
	}
	for _, r := range roles {
		if err := sys.Create(&UserRole{UserID: u.ID, RoleID: r.ID}).Error; err != nil {
			return err
		}
	}
	return nil
}

// SetStatus enables or disables a user; disabling revokes their sessions.
func (s *UserService) SetStatus(ctx context.Context, p *api.Principal, id uint64, status int8) error {
	if id == p.UserID {
		return api.Conflict("user.not_yourself", nil)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var u User
		if err := tx.Take(&u, id).Error; err != nil {
			return err
		}
		if status == StatusDisabled {
			if err := notLastAdmin(tx, &u); err != nil {
				return err
			}
			if err := s.auth.RevokeAll(ctx, tx, id); err != nil {
				return err
			}
		}
		return tx.Model(&u).Update("status", status).Error
	})
	if err != nil {
		return err
	}
	s.usersChanged(ctx, id)
	return s.auth.AnnounceRevoked(ctx, id)
}

// notLastAdmin refuses to remove or disable the last enabled administrator.
func notLastAdmin(tx *gorm.DB, u *User) error {
	if u.AdminFlag != "1" {
		return nil
	}
	var n int64
	err := tx.WithContext(tenancy.SystemContext(tx.Statement.Context)).Model(&User{}).
		Where("admin_flag = ? AND status = ? AND id <> ?", "1", StatusEnabled, u.ID).Count(&n).Error
	if err != nil {
		return err
	}
	if n == 0 {
		return api.Conflict("user.last_admin", nil)
	}
	return nil
}

// ResetPassword sets a new password (generated when empty) that the user
// must change at next login, and revokes their sessions.
func (s *UserService) ResetPassword(ctx context.Context, id uint64, password string) (string, error) {
	if password == "" {
		password = GeneratePassword()
	}
	var u User
	if err := s.db.WithContext(ctx).Select("id", "username", "mobile").Take(&u, id).Error; err != nil {
		return "", err
	}
	var c api.Check
	s.policy().Check(&c, "password", password, u.Username, ptrString(u.Mobile))
	if err := c.Err(); err != nil {
		return "", err
	}
	return password, s.setPassword(ctx, id, password, true)
}

// Unlock lifts the login locks of a user of the caller's scope.
func (s *UserService) Unlock(ctx context.Context, id uint64) (int64, error) {
	var u User
	if err := s.db.WithContext(ctx).Select("id", "username", "mobile").Take(&u, id).Error; err != nil {
		return 0, err
	}
	return s.auth.Unlock(ctx, &u)
}

// Delete removes a user (not oneself, not the last administrator).
func (s *UserService) Delete(ctx context.Context, p *api.Principal, id uint64) error {
	if id == p.UserID {
		return api.Conflict("user.not_yourself", nil)
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var u User
		if err := tx.Take(&u, id).Error; err != nil {
			return err
		}
		if err := notLastAdmin(tx, &u); err != nil {
			return err
		}
		sys := tx.WithContext(tenancy.SystemContext(ctx))
		if err := sys.Where("user_id = ?", id).Delete(&UserRole{}).Error; err != nil {
			return err
		}
		if err := s.auth.RevokeAll(ctx, tx, id); err != nil {
			return err
		}
		if err := tx.Delete(&u).Error; err != nil {
			return err
		}
		return indexUsers(tx, id)
	})
	if err != nil {
		return err
	}
	s.usersChanged(ctx, id)
	return s.auth.AnnounceRevoked(ctx, id)
}

func uniq(ids []uint64) []uint64 {
	seen := map[uint64]bool{}
	var out []uint64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
