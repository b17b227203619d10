package shop

import (
	"context"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
)

// SettingsView is the settings page: the venue's settings and whether its
// currency is fixed.
type SettingsView struct {
	VenueSettings
	CurrencyLocked bool `json:"currencyLocked"`
}

// Settings answers the settings page of a venue the caller manages.
func (s *Service) Settings(ctx context.Context, p *api.Principal, venueID uint64) (*SettingsView, error) {
	org, err := s.Venue(ctx, p, venueID, false)
	if err != nil {
		return nil, err
	}
	v, err := s.load(s.db.WithContext(ctx), org.ID)
	if err != nil {
		return nil, err
	}
	locked, err := s.CurrencyLocked(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	return &SettingsView{VenueSettings: *v, CurrencyLocked: locked}, nil
}

// Update saves a venue's profile (on its organisation node, through the sys
// module) and its settings in one transaction. The currency cannot change
// once the venue has orders.
func (s *Service) Update(ctx context.Context, p *api.Principal, venueID uint64, in SettingsInput) (*SettingsView, error) {
	org, err := s.Venue(ctx, p, venueID, true)
	if err != nil {
		return nil, err
	}
	if err := validateSettings(&in); err != nil {
		return nil, err
	}
	if in.AreaCode != "" {
		if _, err := s.core.Area(ctx, in.AreaCode, "en"); err != nil {
			return nil, api.Invalid("areaCode", "error.not_found", nil)
		}
	}
	profile := sys.VenueProfile{Name: in.Name, Logo: in.Logo, Contact: in.Contact, Mobile: in.Mobile, Address: in.Address,
		AreaCode: in.AreaCode, Timezone: in.Timezone, Currency: in.Currency}
	scoped := VenueScope(ctx, org)
	_, err = s.core.Orgs.UpdateVenueProfile(ctx, org.ID, profile, func(tx *gorm.DB, before sys.Org) error {
		if !strings.EqualFold(before.Currency, in.Currency) {
			locked, err := s.CurrencyLocked(ctx, org.ID)
			if err != nil {
				return err
			}
			if locked {
				return api.Invalid("currency", "shop.currency_locked", map[string]any{"Currency": before.Currency})
			}
		}
		return saveRow(tx.WithContext(scoped), org, p.UserID, in)
	})
	if err != nil {
		return nil, err
	}
	s.changed(ctx, org.ID)
	return s.Settings(ctx, p, org.ID)
}

// saveRow writes the settings row, creating it on the venue's first save.
func saveRow(tx *gorm.DB, org *sys.Org, userID uint64, in SettingsInput) error {
	var row Setting
	if err := tx.Where("venue_id = ?", org.ID).Limit(1).Find(&row).Error; err != nil {
		return err
	}
	row.MerchantID, row.VenueID = org.MerchantID, org.ID
	row.OpeningHours, row.ClosedDates = in.OpeningHours, in.ClosedDates
	row.TaxRate, row.PricesIncludeTax, row.ServiceCharge = *in.TaxRate, in.PricesIncludeTax, *in.ServiceCharge
	row.OrderingMode, row.GuestLanguages, row.DefaultLanguage = in.OrderingMode, in.GuestLanguages, in.DefaultLanguage
	row.OrderPrefix, row.ReceiptHeader, row.ReceiptFooter = in.OrderPrefix, in.ReceiptHeader, in.ReceiptFooter
	row.CancelApprovalAbove, row.UpdatedBy = *in.CancelApprovalAbove, userID
	if row.ID == 0 {
		return tx.Create(&row).Error
	}
	return tx.Save(&row).Error
}
