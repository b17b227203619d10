package sys

import (
	"context"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/platform/module"
)

// CreatedMerchant is what `venue admin create-merchant` prints.
type CreatedMerchant struct {
	MerchantID, VenueID, AdminUserID uint64
	AdminUsername, AdminPassword     string
}

// CreateMerchant adds a merchant node, its first venue and its
// administrator in one transaction (operator command; sign-up approval).
func (m *Module) CreateMerchant(ctx context.Context, in NewMerchant, adminUsername, adminPassword string) (*CreatedMerchant, error) {
	ctx = tenancy.SystemContext(ctx)
	if adminPassword == "" {
		adminPassword = GeneratePassword()
	}
	var out CreatedMerchant
	err := m.deps.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		merchant, venue, err := createMerchant(tx, in)
		if err != nil {
			return err
		}
		if adminUsername == "" {
			adminUsername = "m" + strconv.FormatUint(merchant.ID, 10) + "_admin"
		}
		u, err := createUser(tx, NewUser{Username: adminUsername, Password: adminPassword, Mobile: in.Mobile,
			RealName: in.Contact, OrgID: merchant.ID, RoleCodes: []string{module.RoleMerchantAdmin}, MustChangePassword: true})
		if err != nil {
			return err
		}
		out = CreatedMerchant{MerchantID: merchant.ID, VenueID: venue.ID, AdminUserID: u.ID, AdminUsername: u.Username, AdminPassword: adminPassword}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateUser adds a user from the command line. With no role the user may
// log in and do nothing else. merchantID 0 places them on the platform.
func (m *Module) CreateUser(ctx context.Context, username, password string, roles []string, merchantID uint64) (*User, error) {
	ctx = tenancy.SystemContext(ctx)
	var u *User
	err := m.deps.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		u, err = createUser(tx, NewUser{Username: strings.TrimSpace(username), Password: password, OrgID: merchantOrg(merchantID), RoleCodes: roles})
		return err
	})
	return u, err
}

func merchantOrg(merchantID uint64) uint64 {
	if merchantID == 0 {
		return PlatformOrgID
	}
	return merchantID
}

// ResetPassword sets a user's password (generated when empty), revokes their
// sessions and answers the password.
func (m *Module) ResetPassword(ctx context.Context, username, password string) (string, error) {
	ctx = tenancy.SystemContext(ctx)
	if password == "" {
		password = GeneratePassword()
	}
	var c = validatePasswordOnly(password)
	if c != nil {
		return "", c
	}
	var u User
	if err := whereUsername(m.deps.DB.WithContext(ctx), username).Take(&u).Error; err != nil {
		if dbx.IsNotFound(err) {
			return "", ErrNoSuchUser
		}
		return "", err
	}
	if err := m.Users.setPassword(ctx, u.ID, password, false); err != nil {
		return "", err
	}
	// An operator reset also lifts a login lock.
	if _, err := m.Auth.Unlock(ctx, &u); err != nil {
		return "", err
	}
	return password, nil
}

func validatePasswordOnly(pw string) error {
	var c api.Check
	if c.Required("password", pw) {
		c.MinLen("password", pw, MinPasswordLen)
	}
	return c.Err()
}
