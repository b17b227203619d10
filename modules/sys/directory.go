package sys

import (
	"context"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
)

// Directory answers other modules' questions about people: who holds a
// role, who leads an organisation, who a name or id is. It reads in the
// system scope; callers decide what their user may see.
type Directory struct {
	db   *gorm.DB
	orgs *OrgService
}

// Person is a user as other modules see them.
type Person struct {
	ID         uint64   `json:"id"`
	Username   string   `json:"username"`
	RealName   string   `json:"realName"`
	OrgID      uint64   `json:"orgId"`
	MerchantID uint64   `json:"merchantId"`
	VenueID    uint64   `json:"venueId"`
	Roles      []string `json:"roles"`
	Enabled    bool     `json:"enabled"`
}

// DisplayName is the real name, or the user name.
func (p Person) DisplayName() string {
	if p.RealName != "" {
		return p.RealName
	}
	return p.Username
}

func (d *Directory) sys(ctx context.Context) *gorm.DB {
	return d.db.WithContext(tenancy.SystemContext(ctx))
}

// Person finds a user by id.
func (d *Directory) Person(ctx context.Context, id uint64) (*Person, error) {
	var u User
	if err := d.sys(ctx).Take(&u, id).Error; err != nil {
		return nil, err
	}
	return d.person(ctx, u)
}

// Lookup finds a user by numeric id or user name.
func (d *Directory) Lookup(ctx context.Context, ref string) (*Person, error) {
	ref = strings.TrimSpace(ref)
	if id, err := strconv.ParseUint(ref, 10, 64); err == nil {
		return d.Person(ctx, id)
	}
	var u User
	if err := d.sys(ctx).Where("username = ?", ref).Take(&u).Error; err != nil {
		return nil, err
	}
	return d.person(ctx, u)
}

func (d *Directory) person(ctx context.Context, u User) (*Person, error) {
	var codes []string
	err := d.sys(ctx).Model(&Role{}).Joins("JOIN sys_user_roles ur ON ur.role_id = sys_roles.id").
		Where("ur.user_id = ? AND sys_roles.status = ?", u.ID, StatusEnabled).Order("sys_roles.code").Pluck("sys_roles.code", &codes).Error
	if err != nil {
		return nil, err
	}
	return &Person{ID: u.ID, Username: u.Username, RealName: u.RealName, OrgID: u.OrgID, MerchantID: u.MerchantID,
		VenueID: u.VenueID, Roles: codes, Enabled: u.Status == StatusEnabled}, nil
}

// WithRole lists the enabled users of a merchant (0 = the platform) who
// hold an enabled role with that code, in id order.
func (d *Directory) WithRole(ctx context.Context, merchantID uint64, code string) ([]uint64, error) {
	var ids []uint64
	err := d.sys(ctx).Model(&User{}).
		Joins("JOIN sys_user_roles ur ON ur.user_id = sys_users.id").
		Joins("JOIN sys_roles r ON r.id = ur.role_id").
		Where("r.code = ? AND r.status = ? AND sys_users.status = ? AND sys_users.merchant_id = ?", code, StatusEnabled, StatusEnabled, merchantID).
		Distinct().Order("sys_users.id").Pluck("sys_users.id", &ids).Error
	return ids, err
}

// Leader is the leader of an organisation node, or of its nearest ancestor
// that names one; 0 when none does.
func (d *Directory) Leader(ctx context.Context, orgID uint64) (uint64, error) {
	for id := orgID; id != 0; {
		var o Org
		if err := d.sys(ctx).Select("id", "parent_id", "leader_user_id").Take(&o, id).Error; err != nil {
			return 0, err
		}
		if o.LeaderUserID != 0 {
			return o.LeaderUserID, nil
		}
		id = o.ParentID
	}
	return 0, nil
}

// ParentLeader is the leader above an organisation node: the Leader of its
// parent; 0 when the node or its parent names none.
func (d *Directory) ParentLeader(ctx context.Context, orgID uint64) (uint64, error) {
	var o Org
	if err := d.sys(ctx).Select("id", "parent_id").Limit(1).Find(&o, orgID).Error; err != nil {
		return 0, err
	}
	if o.ParentID == 0 {
		return 0, nil
	}
	return d.Leader(ctx, o.ParentID)
}

// Names maps user ids to display names.
func (d *Directory) Names(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	out := map[uint64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []User
	if err := d.sys(ctx).Select("id", "username", "real_name").Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, err
	}
	for _, u := range rows {
		out[u.ID] = Person{Username: u.Username, RealName: u.RealName}.DisplayName()
	}
	return out, nil
}
