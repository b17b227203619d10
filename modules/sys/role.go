package sys

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/textsearch"
)

// RoleService manages roles and their grants.
type RoleService struct {
	db    *gorm.DB
	feed  *changefeed.Feed
	perms *Perms
	auth  *Auth
	menus *MenuService
}

// RoleQuery filters the role list.
type RoleQuery struct {
	api.PageQuery
	Name   string `form:"name" json:"name"`
	Code   string `form:"code" json:"code"`
	Status *int8  `form:"status" json:"status" enum:"0,1"`
}

// List answers the roles the caller sees: the platform's templates and their own.
func (s *RoleService) List(ctx context.Context, q RoleQuery) (api.Page[Role], error) {
	q.Normalize()
	db := s.db.WithContext(ctx).Model(&Role{})
	// Roles are few (the platform's templates and a merchant's own): a plain
	// LIKE '%text%' with escaped wildcards matches anywhere within a short scan.
	if v := strings.TrimSpace(q.Name); v != "" {
		db = db.Where("name LIKE ? ESCAPE '!'", textsearch.Contains(v))
	}
	if v := strings.TrimSpace(q.Code); v != "" {
		db = db.Where("code LIKE ? ESCAPE '!'", textsearch.Contains(v))
	}
	if q.Status != nil {
		db = db.Where("status = ?", *q.Status)
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return api.Page[Role]{}, err
	}
	var rows []Role
	err := db.Order(q.OrderBy(map[string]string{"sort": "sort", "code": "code", "createdAt": "created_at"}, "sort DESC, id")).
		Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// RoleInput is the role form.
type RoleInput struct {
	Name         string `json:"name"`
	Code         string `json:"code"`
	Description  string `json:"description"`
	DataScope    string `json:"dataScope" enum:"all,merchant,venue,self"`
	Sort         int    `json:"sort"`
	PlatformOnly bool   `json:"platformOnly"`
}

var roleCodeRe = regexp.MustCompile(`^[a-z][a-z0-9_]{1,63}$`)

func validateRole(in *RoleInput) error {
	in.Name, in.Code = strings.TrimSpace(in.Name), strings.TrimSpace(in.Code)
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 64)
	}
	if c.Required("code", in.Code) && !roleCodeRe.MatchString(in.Code) {
		c.Add("code", "role.bad_code", nil)
	}
	c.MaxLen("description", in.Description, 255)
	if in.DataScope == "" {
		in.DataScope = "merchant"
	}
	c.OneOf("dataScope", in.DataScope, "all", "merchant", "venue", "self")
	return c.Err()
}

// Create adds a role of the caller's organisation (the platform's, or their merchant's).
func (s *RoleService) Create(ctx context.Context, p *api.Principal, in RoleInput) (*Role, error) {
	if err := validateRole(&in); err != nil {
		return nil, err
	}
	if !p.IsPlatform() {
		in.PlatformOnly = false
		if in.DataScope == "all" {
			in.DataScope = "merchant"
		}
	}
	r := Role{Code: in.Code, Name: in.Name, Description: in.Description, DataScope: in.DataScope, Sort: in.Sort,
		PlatformOnly: in.PlatformOnly, Status: StatusEnabled}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		// A merchant's code must not shadow a platform template either.
		if err := tx.Model(&Role{}).Where("code = ?", in.Code).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Invalid("code", "validation.taken", nil)
		}
		return tx.Create(&r).Error
	})
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// Update saves a role the caller owns (a merchant cannot edit the templates).
func (s *RoleService) Update(ctx context.Context, p *api.Principal, id uint64, in RoleInput) (*Role, error) {
	if err := validateRole(&in); err != nil {
		return nil, err
	}
	var r Role
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.owned(tx, p, id, &r); err != nil {
			return err
		}
		if r.Builtin && r.Code != in.Code {
			return api.Invalid("code", "role.builtin_code", nil)
		}
		var n int64
		if err := tx.Model(&Role{}).Where("code = ? AND id <> ?", in.Code, id).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Invalid("code", "validation.taken", nil)
		}
		r.Name, r.Code, r.Description, r.DataScope, r.Sort = in.Name, in.Code, in.Description, in.DataScope, in.Sort
		if p.IsPlatform() {
			r.PlatformOnly = in.PlatformOnly
		}
		return tx.Select("name", "code", "description", "data_scope", "sort", "platform_only").Save(&r).Error
	})
	if err != nil {
		return nil, err
	}
	return &r, s.changed(ctx, r.ID)
}

// owned reads a role the caller may change: merchants their own, the platform any.
func (s *RoleService) owned(tx *gorm.DB, p *api.Principal, id uint64, r *Role) error {
	if err := tx.Take(r, id).Error; err != nil {
		return err
	}
	if !p.IsPlatform() && r.MerchantID != p.MerchantID {
		return api.Conflict("role.not_yours", nil)
	}
	return nil
}

// SetStatus enables or disables a role; its holders lose or regain its grants at once.
func (s *RoleService) SetStatus(ctx context.Context, p *api.Principal, id uint64, status int8) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r Role
		if err := s.owned(tx, p, id, &r); err != nil {
			return err
		}
		if r.Code == "platform_admin" && status == StatusDisabled {
			return api.Conflict("role.builtin_admin", nil)
		}
		return tx.Model(&r).Update("status", status).Error
	})
	if err != nil {
		return err
	}
	if err := s.changed(ctx, id); err != nil {
		return err
	}
	return s.auth.InvalidateAllUsers(ctx)
}

// Delete removes a role that is not built in; its holders lose it.
func (s *RoleService) Delete(ctx context.Context, p *api.Principal, id uint64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r Role
		if err := s.owned(tx, p, id, &r); err != nil {
			return err
		}
		if r.Builtin {
			return api.Conflict("role.builtin", nil)
		}
		sys := tx.WithContext(tenancy.SystemContext(ctx))
		if err := sys.Where("role_id = ?", id).Delete(&UserRole{}).Error; err != nil {
			return err
		}
		if err := sys.Where("role_id = ?", id).Delete(&RoleMenu{}).Error; err != nil {
			return err
		}
		if err := setRoleGrants(sys, id, nil); err != nil {
			return err
		}
		return tx.Delete(&r).Error
	})
	if err != nil {
		return err
	}
	if err := s.perms.PolicyChanged(ctx); err != nil {
		return err
	}
	if err := s.changed(ctx, id); err != nil {
		return err
	}
	if err := s.feed.Publish(ctx, topicUserRoles, "*"); err != nil { // its holders' list rows
		return err
	}
	return s.auth.InvalidateAllUsers(ctx)
}

func (s *RoleService) changed(ctx context.Context, id uint64) error {
	return s.feed.Publish(ctx, topicRole, strconv.FormatUint(id, 10))
}

// RoleGrants is what a role is granted: menus, and per permission its operation keys.
type RoleGrants struct {
	MenuIDs []uint64            `json:"menuIds"`
	Grants  map[string][]string `json:"grants"`
}

// RoleDetail is a role with its grants.
type RoleDetail struct {
	Role
	RoleGrants
}

// Get answers a role with its grants.
func (s *RoleService) Get(ctx context.Context, id uint64) (*RoleDetail, error) {
	var r Role
	if err := s.db.WithContext(ctx).Take(&r, id).Error; err != nil {
		return nil, err
	}
	var menuIDs []uint64
	if err := s.db.WithContext(tenancy.SystemContext(ctx)).Model(&RoleMenu{}).Where("role_id = ?", id).Order("menu_id").Pluck("menu_id", &menuIDs).Error; err != nil {
		return nil, err
	}
	if menuIDs == nil {
		menuIDs = []uint64{}
	}
	return &RoleDetail{Role: r, RoleGrants: RoleGrants{MenuIDs: menuIDs, Grants: s.perms.Grants([]string{roleSubject(id)})}}, nil
}

// MenuGrant is one menu of a grant request with the operation keys on it.
type MenuGrant struct {
	MenuID  uint64   `json:"menuId" api:"required"`
	Actions []string `json:"actions"`
}

// GrantsInput replaces a role's grants.
type GrantsInput struct {
	Menus []MenuGrant `json:"menus"`
}

// SetGrants replaces a role's menus and operations in one transaction. Each
// menu must be one the caller sees, each action one the menu offers and the
// caller holds; every node applies the change at once.
func (s *RoleService) SetGrants(ctx context.Context, p *api.Principal, id uint64, in GrantsInput) error {
	visible, err := s.menus.visibleIDs(ctx, p)
	if err != nil {
		return err
	}
	ceiling := s.perms.Ceiling(p)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var r Role
		if err := s.owned(tx, p, id, &r); err != nil {
			return err
		}
		if r.Code == "platform_admin" && r.MerchantID == 0 {
			return api.Conflict("role.builtin_admin", nil)
		}
		sys := tx.WithContext(tenancy.SystemContext(ctx))
		menuIDs := map[uint64]bool{}
		grants := map[string][]string{}
		for _, g := range in.Menus {
			var menu Menu
			if err := sys.Take(&menu, g.MenuID).Error; err != nil || (visible != nil && !visible[g.MenuID]) {
				return api.Invalid("menus", "role.menu_unknown", map[string]any{"ID": g.MenuID})
			}
			offered := strings.Split(menu.Actions, ",")
			for _, a := range g.Actions {
				if menu.Perm == "" || !contains(offered, a) {
					return api.Invalid("menus", "role.action_not_offered", map[string]any{"Action": a, "Menu": menu.URL})
				}
				if ceiling != nil && !ceiling[menu.Perm+":"+a] {
					return api.Invalid("menus", "role.action_beyond_grant", map[string]any{"Action": a, "Menu": menu.URL})
				}
				if !contains(grants[menu.Perm], a) {
					grants[menu.Perm] = append(grants[menu.Perm], a)
				}
			}
			// A granted entry brings its parents, so the tree can show it.
			for mid := menu.ID; mid != 0 && !menuIDs[mid]; {
				menuIDs[mid] = true
				var parent Menu
				if err := sys.Select("id", "parent_id").Take(&parent, mid).Error; err != nil {
					return err
				}
				mid = parent.ParentID
			}
		}
		if err := sys.Where("role_id = ?", id).Delete(&RoleMenu{}).Error; err != nil {
			return err
		}
		for mid := range menuIDs {
			if err := sys.Create(&RoleMenu{RoleID: id, MenuID: mid}).Error; err != nil {
				return err
			}
		}
		return setRoleGrants(sys, id, grants)
	})
	if err != nil {
		return err
	}
	return s.perms.PolicyChanged(ctx)
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
