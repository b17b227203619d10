package sys

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// orgsAllow refuses a user whose merchant or venue is disabled: while it is,
// they cannot log in and their tokens are refused; enabling it lets them in again.
func (a *Auth) orgsAllow(ctx context.Context, u *User) error {
	key, err := disabledOrgKey(ctx, a.db, u)
	if err != nil || key == "" {
		return err
	}
	return api.Business(CodeDisabled, key, nil)
}

// disabledOrgKey answers the message key naming the user's disabled
// merchant or venue, or "" when both are enabled.
func disabledOrgKey(ctx context.Context, db *gorm.DB, u *User) (string, error) {
	var ids []uint64
	for _, id := range []uint64{u.MerchantID, u.VenueID} {
		if id != 0 {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return "", nil
	}
	var off []Org
	err := db.WithContext(tenancy.SystemContext(ctx)).Select("id", "type").
		Where("id IN ? AND status <> ?", ids, StatusEnabled).Find(&off).Error
	if err != nil || len(off) == 0 {
		return "", err
	}
	for _, o := range off {
		if o.Type == OrgMerchant {
			return "auth.merchant_disabled", nil
		}
	}
	return "auth.venue_disabled", nil
}

// setOrgStatus enables or disables a merchant or venue node. Disabling
// revokes the sessions of every user of it in the same transaction, and
// every node drops its cached principals and reloads the revoked sessions.
func (m *Module) setOrgStatus(ctx context.Context, id uint64, status int8) error {
	err := m.deps.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var o Org
		if err := tx.Take(&o, id).Error; err != nil {
			return err
		}
		if err := tx.Model(&o).Update("status", status).Error; err != nil {
			return err
		}
		if status != StatusDisabled || o.Type == OrgPlatform {
			return nil
		}
		users := tx.WithContext(tenancy.SystemContext(ctx)).Model(&User{}).Select("id")
		if o.Type == OrgMerchant {
			users = users.Where("merchant_id = ?", o.ID)
		} else {
			users = users.Where("venue_id = ? OR org_id = ?", o.ID, o.ID)
		}
		now := time.Now().UTC()
		return tx.WithContext(tenancy.SystemContext(ctx)).Model(&Session{}).
			Where("user_id IN (?) AND revoked_at IS NULL AND expires_at > ?", users, now).
			Update("revoked_at", now).Error
	})
	if err != nil {
		return err
	}
	if err := m.Orgs.changed(ctx, id); err != nil {
		return err
	}
	if err := m.deps.Feed.Publish(ctx, topicSessions, "*"); err != nil {
		return err
	}
	return m.Auth.InvalidateAllUsers(ctx)
}
