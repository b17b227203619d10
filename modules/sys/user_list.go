package sys

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// UserQuery filters the user list.
type UserQuery struct {
	api.PageQuery
	Username string `form:"username" json:"username"` // anywhere in the user name or real name
	Mobile   string `form:"mobile" json:"mobile"`     // anywhere in the mobile number
	OrgID    uint64 `form:"orgId" json:"orgId"`
	RoleID   uint64 `form:"roleId" json:"roleId"`
	Status   *int8  `form:"status" json:"status" enum:"0,1"`
}

// RoleRef names a role on a list row.
type RoleRef struct {
	ID   uint64 `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// UserView is a user as lists and forms see it (never the password hash).
type UserView struct {
	ID                 uint64     `json:"id"`
	Username           string     `json:"username"`
	RealName           string     `json:"realName"`
	Mobile             string     `json:"mobile"`
	Email              string     `json:"email"`
	Avatar             string     `json:"avatar"`
	AdminFlag          string     `json:"adminFlag"`
	Status             int8       `json:"status" enum:"0,1"`
	OrgID              uint64     `json:"orgId"`
	OrgName            string     `json:"orgName"`
	MerchantID         uint64     `json:"merchantId"`
	VenueID            uint64     `json:"venueId"`
	MustChangePassword bool       `json:"mustChangePassword"`
	Roles              []RoleRef  `json:"roles"`
	LastLoginAt        *time.Time `json:"lastLoginAt"`
	CreatedAt          time.Time  `json:"createdAt"`
}

var userSorts = map[string]string{"id": "id", "username": "username", "createdAt": "created_at", "lastLoginAt": "last_login_at"}

// List answers one page of the users the caller's scope sees.
func (s *UserService) List(ctx context.Context, q UserQuery) (api.Page[UserView], error) {
	q.Normalize()
	return s.list(ctx, q, api.MaxPageSize)
}

// list answers a page of up to limit rows (exports go past the page cap).
func (s *UserService) list(ctx context.Context, q UserQuery, limit int) (api.Page[UserView], error) {
	q.PageSize = min(q.PageSize, limit)
	filter := func() *gorm.DB {
		db := s.db.WithContext(ctx).Model(&User{})
		db = userSearch(db, userFieldName, q.Username)
		db = userSearch(db, userFieldMobile, q.Mobile)
		if q.OrgID != 0 {
			db = db.Where("org_id = ?", q.OrgID)
		}
		if q.RoleID != 0 {
			db = db.Where("EXISTS (SELECT 1 FROM sys_user_roles ur WHERE ur.user_id = sys_users.id AND ur.role_id = ?)", q.RoleID)
		}
		if q.Status != nil {
			db = db.Where("status = ?", *q.Status)
		}
		return db
	}
	scope, _ := tenancy.From(ctx)
	key := fmt.Sprintf("%v|%s|%s|%d|%d|%v", scope, q.Username, q.Mobile, q.OrgID, q.RoleID, ptrVal(q.Status))
	total, err := s.counts.Get(ctx, key, func(cctx context.Context) (int64, error) {
		var n int64
		return n, filter().WithContext(cctx).Count(&n).Error
	})
	if err != nil {
		return api.Page[UserView]{}, err
	}
	var rows []User
	if total > 0 {
		rows, err = scanUsers(filter().Select(listColumns).Order(q.OrderBy(userSorts, "id DESC")).Limit(q.PageSize).Offset(q.Offset()))
		if err != nil {
			return api.Page[UserView]{}, err
		}
	}
	views, err := s.views(ctx, rows)
	return api.NewPage(q.PageQuery, views, total), err
}

// views adds role and organisation names to a page of users, in two queries.
func (s *UserService) views(ctx context.Context, rows []User) ([]UserView, error) {
	if len(rows) == 0 {
		return nil, nil
	}
	ids := make([]uint64, len(rows))
	orgIDs := make([]uint64, 0, len(rows))
	for i, u := range rows {
		ids[i] = u.ID
		orgIDs = append(orgIDs, u.OrgID)
	}
	sysCtx := tenancy.SystemContext(ctx)
	links, err := s.links.Get(sysCtx, ids)
	if err != nil {
		return nil, err
	}
	var roleIDs []uint64
	for _, id := range ids {
		roleIDs = append(roleIDs, links[id]...)
	}
	refs, err := s.roles.Get(sysCtx, roleIDs)
	if err != nil {
		return nil, err
	}
	roles := map[uint64][]RoleRef{}
	for _, id := range ids {
		for _, rid := range links[id] {
			if r, ok := refs[rid]; ok {
				roles[id] = append(roles[id], r)
			}
		}
	}
	orgNames, err := s.orgs.names.Get(sysCtx, orgIDs)
	if err != nil {
		return nil, err
	}
	out := make([]UserView, len(rows))
	for i, u := range rows {
		out[i] = viewOf(u, orgNames[u.OrgID], roles[u.ID])
	}
	return out, nil
}

func viewOf(u User, orgName string, roles []RoleRef) UserView {
	v := UserView{ID: u.ID, Username: u.Username, RealName: u.RealName, Email: u.Email, Avatar: u.Avatar, AdminFlag: u.AdminFlag,
		Status: u.Status, OrgID: u.OrgID, OrgName: orgName, MerchantID: u.MerchantID, VenueID: u.VenueID,
		MustChangePassword: u.MustChangePassword, Roles: roles, LastLoginAt: u.LastLoginAt, CreatedAt: u.CreatedAt}
	if v.Roles == nil {
		v.Roles = []RoleRef{}
	}
	if u.Mobile != nil {
		v.Mobile = *u.Mobile
	}
	return v
}

func ptrVal[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// listColumns are what a list row shows (never the password hash).
var listColumns = []string{"id", "username", "mobile", "email", "real_name", "avatar", "admin_flag", "status", "org_id",
	"merchant_id", "venue_id", "must_change_password", "last_login_at", "created_at"}

// scanUsers reads list rows with a plain scan: the list is the hottest read
// of the console, and GORM's reflection per row costs more than the query.
func scanUsers(q *gorm.DB) ([]User, error) {
	rs, err := q.Rows()
	if err != nil {
		return nil, err
	}
	defer func() { _ = rs.Close() }() // rs.Err() reports the iteration's error
	var out []User
	for rs.Next() {
		var u User
		if err := rs.Scan(&u.ID, &u.Username, &u.Mobile, &u.Email, &u.RealName, &u.Avatar, &u.AdminFlag, &u.Status, &u.OrgID,
			&u.MerchantID, &u.VenueID, &u.MustChangePassword, &u.LastLoginAt, &u.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rs.Err()
}
