package sys

import (
	"context"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/platform/module"
)

// NewMerchantAccount is a merchant as its sign-up describes it; the
// administrator's password is the one chosen at sign-up, already hashed
// (HashPassword).
type NewMerchantAccount struct {
	Name, Contact, Mobile, Address, LicenceNo string
	PasswordHash                              string
}

// MerchantAccount is what an approved sign-up created.
type MerchantAccount struct {
	MerchantID    uint64 `json:"merchantId"`
	VenueID       uint64 `json:"venueId"`
	AdminUserID   uint64 `json:"adminUserId"`
	AdminUsername string `json:"adminUsername"`
}

// CreateMerchantAccount creates, inside the caller's tx, a merchant, its
// first venue and its administrator (user name = the mobile number), so
// that the caller's own record of the decision commits with them.
func (s *OrgService) CreateMerchantAccount(tx *gorm.DB, in NewMerchantAccount) (*MerchantAccount, error) {
	merchant, venue, err := createMerchant(tx, NewMerchant{Name: in.Name, Contact: in.Contact, Mobile: in.Mobile, Address: in.Address, LicenceNo: in.LicenceNo})
	if err != nil {
		return nil, err
	}
	u, err := createUser(tx, NewUser{Username: in.Mobile, Password: GeneratePassword(), Mobile: in.Mobile, RealName: in.Contact,
		OrgID: merchant.ID, RoleCodes: []string{module.RoleMerchantAdmin}})
	if err != nil {
		return nil, err
	}
	if err := tx.Model(u).Update("password_hash", in.PasswordHash).Error; err != nil {
		return nil, err
	}
	return &MerchantAccount{MerchantID: merchant.ID, VenueID: venue.ID, AdminUserID: u.ID, AdminUsername: u.Username}, nil
}

// MerchantAccount reads back the account CreateMerchantAccount made for a
// merchant: its first venue and its administrator by user name.
func (s *OrgService) MerchantAccount(ctx context.Context, merchantID uint64, adminUsername string) (*MerchantAccount, error) {
	db := s.db.WithContext(tenancy.SystemContext(ctx))
	out := MerchantAccount{MerchantID: merchantID, AdminUsername: adminUsername}
	var venue Org
	if err := db.Where("merchant_id = ? AND type = ?", merchantID, OrgVenue).Order("id").Limit(1).Find(&venue).Error; err != nil {
		return nil, err
	}
	var u User
	if err := whereUsername(db, adminUsername).Limit(1).Find(&u).Error; err != nil {
		return nil, err
	}
	out.VenueID, out.AdminUserID = venue.ID, u.ID
	return &out, nil
}

// MobileTaken reports whether an account has the number as its mobile or
// its user name (across tenants).
func (s *UserService) MobileTaken(ctx context.Context, mobile string) (bool, error) {
	var n int64
	err := s.db.WithContext(tenancy.SystemContext(ctx)).Model(&User{}).Where("mobile = ? OR username = ?", mobile, mobile).Count(&n).Error
	return n > 0, err
}
