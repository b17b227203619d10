package sys

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strconv"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
)

// OrgService manages the platform → merchant → venue tree.
type OrgService struct {
	db *gorm.DB
}

// PlatformOrgID is the root node, created by the first migration's seed.
const PlatformOrgID uint64 = 1

func newVenueKey() *string {
	var b [18]byte
	_, _ = rand.Read(b[:])
	k := base64.RawURLEncoding.EncodeToString(b[:])
	return &k
}

// NewMerchant is what a new merchant starts with.
type NewMerchant struct {
	Name, Contact, Mobile, Address, AreaCode, LicenceNo, Logo string
	VenueName                                                 string // "" = the merchant's name
}

// createMerchant adds a merchant node and its first venue inside tx.
func createMerchant(tx *gorm.DB, in NewMerchant) (merchant, venue Org, err error) {
	merchant = Org{ParentID: PlatformOrgID, Type: OrgMerchant, Name: in.Name, Status: StatusEnabled,
		Contact: in.Contact, Mobile: in.Mobile, Address: in.Address, AreaCode: in.AreaCode, LicenceNo: in.LicenceNo, Logo: in.Logo}
	if err = tx.Create(&merchant).Error; err != nil {
		return
	}
	merchant.MerchantID = merchant.ID
	merchant.Path = fmt.Sprintf("/%d/%d/", PlatformOrgID, merchant.ID)
	if err = tx.Model(&merchant).Updates(map[string]any{"merchant_id": merchant.ID, "path": merchant.Path}).Error; err != nil {
		return
	}
	venueName := in.VenueName
	if venueName == "" {
		venueName = in.Name
	}
	venue = Org{ParentID: merchant.ID, Type: OrgVenue, Name: venueName, MerchantID: merchant.ID, Status: StatusEnabled,
		Address: in.Address, AreaCode: in.AreaCode, VenueKey: newVenueKey()}
	if err = tx.Create(&venue).Error; err != nil {
		return
	}
	venue.Path = merchant.Path + strconv.FormatUint(venue.ID, 10) + "/"
	err = tx.Model(&venue).Update("path", venue.Path).Error
	return
}

// Get reads one node within the caller's scope.
func (s *OrgService) Get(ctx context.Context, id uint64) (*Org, error) {
	var o Org
	if err := s.db.WithContext(ctx).Take(&o, id).Error; err != nil {
		return nil, err
	}
	return &o, nil
}

// Name returns a node's name, whatever the caller's scope (for display).
func (s *OrgService) Name(ctx context.Context, id uint64) string {
	var o Org
	if id == 0 || s.db.WithContext(tenancy.SystemContext(ctx)).Select("name").Take(&o, id).Error != nil {
		return ""
	}
	return o.Name
}

// VenueByKey finds an enabled venue by its public key (tablets, guests).
func (s *OrgService) VenueByKey(ctx context.Context, key string) (*Org, error) {
	var o Org
	err := s.db.WithContext(tenancy.SystemContext(ctx)).
		Where("venue_key = ? AND type = ? AND status = ?", key, OrgVenue, StatusEnabled).Take(&o).Error
	if err != nil {
		return nil, err
	}
	return &o, nil
}
