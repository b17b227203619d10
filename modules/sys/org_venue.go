package sys

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
)

// VenueProfile is the part of a venue's node that its own staff edit on the
// venue settings page (the shop module); the organisation page edits the rest.
type VenueProfile struct {
	Name, Logo, Contact, Mobile, Address, AreaCode, Timezone, Currency string
}

// UpdateVenueProfile saves a venue's profile and runs also, with the node as
// it was, inside the same transaction (the caller's own rows, its checks),
// then tells every node. The caller has checked that the venue is theirs.
func (s *OrgService) UpdateVenueProfile(ctx context.Context, id uint64, p VenueProfile, also func(tx *gorm.DB, before Org) error) (*Org, error) {
	var o Org
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("type = ?", OrgVenue).Take(&o, id).Error; err != nil {
			return err
		}
		before := o
		o.Name, o.Logo, o.Contact, o.Mobile, o.Address, o.AreaCode = p.Name, p.Logo, p.Contact, p.Mobile, p.Address, p.AreaCode
		if p.Timezone != "" {
			o.Timezone = p.Timezone
		}
		if p.Currency != "" {
			o.Currency = strings.ToUpper(p.Currency)
		}
		if err := tx.Select("name", "logo", "contact", "mobile", "address", "area_code", "timezone", "currency", "updated_at").Save(&o).Error; err != nil {
			return err
		}
		if also != nil {
			return also(tx, before)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &o, s.changed(ctx, o.ID)
}

// Venues answers the enabled and disabled venue nodes of a merchant,
// whatever the caller's scope, in the tree's order.
func (s *OrgService) Venues(ctx context.Context, merchantID uint64) ([]Org, error) {
	var rows []Org
	err := s.db.WithContext(tenancy.SystemContext(ctx)).Where("type = ? AND merchant_id = ?", OrgVenue, merchantID).
		Order("sort DESC, id").Find(&rows).Error
	return rows, err
}
