package sys

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
)

// OrgService manages the platform → merchant → venue tree.
type OrgService struct {
	db    *gorm.DB
	feed  *changefeed.Feed
	names *refCache[string]
}

// Change-feed topics of names lists show beside rows.
const (
	topicOrg  = "sys.org"
	topicRole = "sys.role"
)

func newOrgService(db *gorm.DB, feed *changefeed.Feed) *OrgService {
	s := &OrgService{db: db, feed: feed}
	s.names = newRefCache(feed, topicOrg, func(ctx context.Context, ids []uint64) (map[uint64]string, error) {
		var rows []Org
		if err := db.WithContext(ctx).Select("id", "name").Where("id IN ?", ids).Find(&rows).Error; err != nil {
			return nil, err
		}
		out := make(map[uint64]string, len(rows))
		for _, o := range rows {
			out[o.ID] = o.Name
		}
		return out, nil
	})
	return s
}

// OnChange calls fn, on every node, with the id of a node whose profile or
// status changed.
func (s *OrgService) OnChange(fn func(id uint64)) {
	s.feed.Subscribe(topicOrg, func(key string) {
		if id, err := strconv.ParseUint(key, 10, 64); err == nil {
			fn(id)
		}
	})
}

// MerchantByName finds a merchant node by its name, whatever the caller's
// scope (seeds); nil when there is none.
func (s *OrgService) MerchantByName(ctx context.Context, name string) (*Org, error) {
	var o Org
	err := s.db.WithContext(tenancy.SystemContext(ctx)).Where("type = ? AND name = ?", OrgMerchant, name).Order("id").Limit(1).Find(&o).Error
	if err != nil || o.ID == 0 {
		return nil, err
	}
	return &o, nil
}

// changed tells every node that a node's name or status changed.
func (s *OrgService) changed(ctx context.Context, id uint64) error {
	return s.feed.Publish(ctx, topicOrg, strconv.FormatUint(id, 10))
}

func newRoleRefs(db *gorm.DB, feed *changefeed.Feed) *refCache[RoleRef] {
	return newRefCache(feed, topicRole, func(ctx context.Context, ids []uint64) (map[uint64]RoleRef, error) {
		var rows []Role
		if err := db.WithContext(ctx).Select("id", "code", "name").Where("id IN ?", ids).Find(&rows).Error; err != nil {
			return nil, err
		}
		out := make(map[uint64]RoleRef, len(rows))
		for _, r := range rows {
			out[r.ID] = RoleRef{ID: r.ID, Code: r.Code, Name: r.Name}
		}
		return out, nil
	})
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
	Currency, Timezone                                        string // "" = the defaults (CNY, Asia/Shanghai)
	Sort                                                      int
}

// createMerchant adds a merchant node and its first venue inside tx.
func createMerchant(tx *gorm.DB, in NewMerchant) (merchant, venue Org, err error) {
	merchant = Org{ParentID: PlatformOrgID, Type: OrgMerchant, Name: in.Name, Status: StatusEnabled, Sort: in.Sort,
		Contact: in.Contact, Mobile: in.Mobile, Address: in.Address, AreaCode: in.AreaCode, LicenceNo: in.LicenceNo, Logo: in.Logo,
		Currency: orDefault(strings.ToUpper(in.Currency), "CNY"), Timezone: orDefault(in.Timezone, "Asia/Shanghai")}
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
		Address: in.Address, AreaCode: in.AreaCode, VenueKey: newVenueKey(), Currency: merchant.Currency, Timezone: merchant.Timezone}
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
	names, err := s.names.Get(tenancy.SystemContext(ctx), []uint64{id})
	if err != nil {
		return ""
	}
	return names[id]
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

// Tree answers the nodes the caller's scope sees, as a tree.
func (s *OrgService) Tree(ctx context.Context) ([]*OrgNode, error) {
	var rows []Org
	if err := s.db.WithContext(ctx).Order("sort DESC, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	nodes := make(map[uint64]*OrgNode, len(rows))
	for _, o := range rows {
		nodes[o.ID] = &OrgNode{Org: o, Children: []*OrgNode{}}
	}
	roots := []*OrgNode{}
	for _, o := range rows {
		n := nodes[o.ID]
		if parent, ok := nodes[o.ParentID]; ok {
			parent.Children = append(parent.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	return roots, nil
}

// Create adds a merchant under the platform (platform users) or a venue
// under the caller's merchant.
func (s *OrgService) Create(ctx context.Context, p *api.Principal, in OrgInput) (*Org, error) {
	var out Org
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if p.IsPlatform() && in.Type == OrgMerchant {
			// A merchant row is its own tenant, so it is written in the system scope.
			merchant, _, err := createMerchant(tx.WithContext(tenancy.SystemContext(ctx)), NewMerchant{Name: in.Name, Contact: in.Contact,
				Mobile: in.Mobile, Address: in.Address, AreaCode: in.AreaCode, LicenceNo: in.LicenceNo, Logo: in.Logo,
				Currency: in.Currency, Timezone: in.Timezone, Sort: in.Sort})
			out = merchant
			return err
		}
		if in.Type != OrgVenue {
			return api.Invalid("type", "validation.bad_value", nil)
		}
		var parent Org
		if err := tx.Take(&parent, in.ParentID).Error; err != nil {
			if dbx.IsNotFound(err) {
				return api.Invalid("parentId", "error.not_found", nil)
			}
			return err
		}
		if parent.Type != OrgMerchant {
			return api.Invalid("parentId", "org.venue_needs_merchant", nil)
		}
		out = Org{ParentID: parent.ID, Type: OrgVenue, Name: in.Name, MerchantID: parent.ID, Status: StatusEnabled,
			Contact: in.Contact, Mobile: in.Mobile, Address: in.Address, AreaCode: in.AreaCode, Sort: in.Sort, VenueKey: newVenueKey()}
		if in.Currency != "" {
			out.Currency = strings.ToUpper(in.Currency)
		}
		if in.Timezone != "" {
			out.Timezone = in.Timezone
		}
		if err := tx.Create(&out).Error; err != nil {
			return err
		}
		out.Path = parent.Path + strconv.FormatUint(out.ID, 10) + "/"
		return tx.Model(&out).Update("path", out.Path).Error
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Update saves a node's profile within the caller's scope.
func (s *OrgService) Update(ctx context.Context, id uint64, in OrgInput) (*Org, error) {
	var o Org
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&o, id).Error; err != nil {
			return err
		}
		// The tree has fixed levels: a venue's rows (tablets, orders, ads) belong to its
		// merchant, so a venue never moves to another merchant; position is its sort.
		if in.ParentID != 0 && in.ParentID != o.ParentID {
			return api.Invalid("parentId", "org.cannot_move", nil)
		}
		o.Name, o.Contact, o.Mobile, o.Address, o.AreaCode, o.LicenceNo, o.Logo, o.Sort =
			in.Name, in.Contact, in.Mobile, in.Address, in.AreaCode, in.LicenceNo, in.Logo, in.Sort
		if in.Currency != "" {
			o.Currency = strings.ToUpper(in.Currency)
		}
		if in.Timezone != "" {
			o.Timezone = in.Timezone
		}
		return tx.Select("name", "contact", "mobile", "address", "area_code", "licence_no", "logo", "sort", "currency", "timezone").Save(&o).Error
	})
	if err != nil {
		return nil, err
	}
	return &o, s.changed(ctx, o.ID)
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
