package sys

import "time"

// Organisation node types.
const (
	OrgPlatform = "platform"
	OrgMerchant = "merchant"
	OrgVenue    = "venue"
)

// Status values shared by users, roles, organisations and dictionary entries.
const (
	StatusDisabled int8 = 0
	StatusEnabled  int8 = 1
)

// Org is a node of the platform → merchant → venue tree. A merchant node's
// MerchantID is its own id, a venue's is its merchant's, the platform's is 0.
type Org struct {
	ID           uint64    `gorm:"primaryKey" json:"id"`
	ParentID     uint64    `gorm:"not null;default:0;index" json:"parentId"`
	Type         string    `gorm:"size:16;not null" json:"type" enum:"platform,merchant,venue"`
	Name         string    `gorm:"size:128;not null" json:"name"`
	MerchantID   uint64    `gorm:"not null;default:0;index" json:"merchantId"`
	Path         string    `gorm:"size:255;not null;default:'';index" json:"path"` // "/1/5/9/": ancestry for subtree queries
	Status       int8      `gorm:"not null;default:1" json:"status" enum:"0,1"`
	Sort         int       `gorm:"not null;default:0" json:"sort"`
	Contact      string    `gorm:"size:64;not null;default:''" json:"contact"`
	Mobile       string    `gorm:"size:32;not null;default:''" json:"mobile"`
	Address      string    `gorm:"size:255;not null;default:''" json:"address"`
	AreaCode     string    `gorm:"size:32;not null;default:''" json:"areaCode"`
	LicenceNo    string    `gorm:"size:64;not null;default:''" json:"licenceNo"`
	Logo         string    `gorm:"size:255;not null;default:''" json:"logo"`
	Currency     string    `gorm:"size:3;not null;default:'CNY'" json:"currency"`
	Timezone     string    `gorm:"size:64;not null;default:'Asia/Shanghai'" json:"timezone"`
	VenueKey     *string   `gorm:"size:64;uniqueIndex" json:"venueKey,omitempty"` // public key of a venue's menu and ordering QR codes; random, not guessable
	LeaderUserID uint64    `gorm:"not null;default:0" json:"leaderUserId"`
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

func (Org) TableName() string { return "sys_orgs" }

// User is a person who logs in to the console.
type User struct {
	ID                 uint64     `gorm:"primaryKey;index:idx_sys_users_merchant_id_id,priority:2" json:"id"`
	Username           string     `gorm:"size:64;not null;uniqueIndex" json:"username"`
	Mobile             *string    `gorm:"size:32;uniqueIndex" json:"mobile"`
	Email              string     `gorm:"size:128;not null;default:''" json:"email"`
	RealName           string     `gorm:"size:64;not null;default:''" json:"realName"`
	Avatar             string     `gorm:"size:255;not null;default:''" json:"avatar"`
	PasswordHash       string     `gorm:"size:255;not null" json:"-"`
	AdminFlag          string     `gorm:"size:1;not null;default:'0'" json:"adminFlag"`
	Status             int8       `gorm:"not null;default:1;index" json:"status" enum:"0,1"`
	OrgID              uint64     `gorm:"not null;default:0;index" json:"orgId"`
	MerchantID         uint64     `gorm:"not null;default:0;index:idx_sys_users_merchant_id_id,priority:1" json:"merchantId"`
	VenueID            uint64     `gorm:"not null;default:0" json:"venueId"`
	MustChangePassword bool       `gorm:"not null;default:false" json:"mustChangePassword"`
	LastLoginAt        *time.Time `json:"lastLoginAt"`
	LastLoginIP        string     `gorm:"size:64;not null;default:''" json:"lastLoginIp"`
	CreatedAt          time.Time  `json:"createdAt"`
	UpdatedAt          time.Time  `json:"updatedAt"`
}

func (User) TableName() string { return "sys_users" }

// UserRole links a user to a role.
type UserRole struct {
	UserID uint64 `gorm:"primaryKey;autoIncrement:false"`
	RoleID uint64 `gorm:"primaryKey;autoIncrement:false;index"`
}

func (UserRole) TableName() string { return "sys_user_roles" }

// Role groups grants. Roles with MerchantID 0 are the platform's and the
// seeded templates every merchant may assign; a merchant's own roles carry
// its id.
type Role struct {
	ID           uint64    `gorm:"primaryKey" json:"id"`
	MerchantID   uint64    `gorm:"not null;default:0;uniqueIndex:uk_sys_roles_code,priority:1" json:"merchantId"`
	Code         string    `gorm:"size:64;not null;uniqueIndex:uk_sys_roles_code,priority:2" json:"code"`
	Name         string    `gorm:"size:64;not null" json:"name"`
	Description  string    `gorm:"size:255;not null;default:''" json:"description"`
	Status       int8      `gorm:"not null;default:1" json:"status" enum:"0,1"`
	DataScope    string    `gorm:"size:16;not null;default:'merchant'" json:"dataScope" enum:"all,merchant,venue,self"` // all, merchant, venue, self
	Sort         int       `gorm:"not null;default:0" json:"sort"`
	Builtin      bool      `gorm:"not null;default:false" json:"builtin"`
	PlatformOnly bool      `gorm:"not null;default:false" json:"platformOnly"` // only platform users may hold it
	CreatedAt    time.Time `json:"createdAt"`
	UpdatedAt    time.Time `json:"updatedAt"`
}

func (Role) TableName() string { return "sys_roles" }

// TenantSharedRows lets merchants read the platform's template roles.
func (Role) TenantSharedRows() {}

// RoleMenu grants a role the sight of a menu entry; its operations are
// casbin policies (role, permission, action).
type RoleMenu struct {
	RoleID uint64 `gorm:"primaryKey;autoIncrement:false"`
	MenuID uint64 `gorm:"primaryKey;autoIncrement:false;index"`
}

func (RoleMenu) TableName() string { return "sys_role_menus" }

// Menu is one console menu entry.
type Menu struct {
	ID        uint64    `gorm:"primaryKey" json:"id"`
	ParentID  uint64    `gorm:"not null;default:0;index" json:"parentId"`
	Name      string    `gorm:"size:128;not null" json:"name"` // locale key
	URL       string    `gorm:"size:191;not null;uniqueIndex" json:"url"`
	Icon      string    `gorm:"size:64;not null;default:''" json:"icon"`
	Sort      int       `gorm:"not null;default:0" json:"sort"`
	Static    bool      `gorm:"not null;default:false" json:"static"`
	Hidden    bool      `gorm:"not null;default:false" json:"hidden"`
	Perm      string    `gorm:"size:64;not null;default:''" json:"permission"`
	Actions   string    `gorm:"size:191;not null;default:''" json:"actions"` // comma-separated operation keys offered
	Module    string    `gorm:"size:32;not null;default:''" json:"module"`
	Status    int8      `gorm:"not null;default:1" json:"status" enum:"0,1"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func (Menu) TableName() string { return "sys_menus" }

// DictType is a named list of entries.
type DictType struct {
	ID          uint64    `gorm:"primaryKey" json:"id"`
	Code        string    `gorm:"size:64;not null;uniqueIndex" json:"code"`
	Name        string    `gorm:"size:64;not null" json:"name"`
	Description string    `gorm:"size:255;not null;default:''" json:"description"`
	Status      int8      `gorm:"not null;default:1" json:"status" enum:"0,1"`
	Builtin     bool      `gorm:"not null;default:false" json:"builtin"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

func (DictType) TableName() string { return "sys_dict_types" }

// DictItem is one entry: DictKey is the label, DictValue the code.
type DictItem struct {
	ID        uint64    `gorm:"primaryKey" json:"id"`
	TypeCode  string    `gorm:"size:64;not null;uniqueIndex:uk_sys_dict_items,priority:1" json:"type"`
	DictKey   string    `gorm:"size:128;not null" json:"dictKey"`
	DictValue string    `gorm:"size:128;not null;uniqueIndex:uk_sys_dict_items,priority:2" json:"dictValue"`
	Sort      int       `gorm:"not null;default:0" json:"sort"`
	Status    int8      `gorm:"not null;default:1" json:"status" enum:"0,1"`
	Labels    string    `gorm:"type:text" json:"labels"` // JSON {lang: label}
	Builtin   bool      `gorm:"not null;default:false" json:"builtin"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func (DictItem) TableName() string { return "sys_dict_items" }

// Session is one issued token; logout and password changes revoke it.
type Session struct {
	ID        string     `gorm:"primaryKey;size:32"`
	UserID    uint64     `gorm:"not null;index"`
	IP        string     `gorm:"size:64;not null;default:''"`
	UserAgent string     `gorm:"size:255;not null;default:''"`
	CreatedAt time.Time  `gorm:"not null"`
	ExpiresAt time.Time  `gorm:"not null;index"`
	RevokedAt *time.Time `gorm:"index"`
}

func (Session) TableName() string { return "sys_sessions" }

// LoginAttempt counts failed logins per account name, whether or not the
// account exists, so the lock says nothing about existence. Failures counts
// the attempts in flight too; InFlight says how many of them are.
type LoginAttempt struct {
	Account     string `gorm:"primaryKey;size:128"`
	Failures    int    `gorm:"not null;default:0"`
	InFlight    int    `gorm:"not null;default:0"`
	LockedUntil *time.Time
	UpdatedAt   time.Time
}

func (LoginAttempt) TableName() string { return "sys_login_attempts" }

// SMSCode is a verification code sent to a mobile number.
type SMSCode struct {
	ID        uint64    `gorm:"primaryKey"`
	Mobile    string    `gorm:"size:32;not null;index:idx_sys_sms_codes_mobile,priority:1"`
	CodeHash  string    `gorm:"size:128;not null"`
	IP        string    `gorm:"size:64;not null;default:''"`
	Attempts  int       `gorm:"not null;default:0"`
	ExpiresAt time.Time `gorm:"not null"`
	UsedAt    *time.Time
	CreatedAt time.Time `gorm:"not null;index:idx_sys_sms_codes_mobile,priority:2"`
}

func (SMSCode) TableName() string { return "sys_sms_codes" }

// Setting is a server-wide value the server keeps for itself (the generated token secret).
type Setting struct {
	Key       string `gorm:"primaryKey;size:64"`
	Value     string `gorm:"type:text;not null"`
	UpdatedAt time.Time
}

func (Setting) TableName() string { return "sys_settings" }

// Oplog is one recorded operation.
type Oplog struct {
	ID         uint64    `gorm:"primaryKey;index:idx_sys_oplogs_user,priority:2;index:idx_sys_oplogs_merchant,priority:2" json:"id"`
	CreatedAt  time.Time `gorm:"not null;index;index:idx_sys_oplogs_merchant_time,priority:2" json:"createdAt"`
	UserID     uint64    `gorm:"not null;default:0;index:idx_sys_oplogs_user,priority:1" json:"userId"`
	Username   string    `gorm:"size:64;not null;default:''" json:"username"`
	MerchantID uint64    `gorm:"not null;default:0;index:idx_sys_oplogs_merchant,priority:1;index:idx_sys_oplogs_merchant_time,priority:1" json:"merchantId"`
	Module     string    `gorm:"size:32;not null;default:''" json:"module"`
	Operation  string    `gorm:"size:128;not null;default:''" json:"operation"`
	Summary    string    `gorm:"size:128;not null;default:''" json:"summary"`
	Method     string    `gorm:"size:8;not null" json:"method"`
	Path       string    `gorm:"size:255;not null" json:"path"`
	Route      string    `gorm:"size:191;not null;default:''" json:"route"`
	Status     int       `gorm:"not null" json:"status"`
	Code       int       `gorm:"not null;default:0" json:"code"`
	LatencyMs  int64     `gorm:"not null;default:0" json:"latencyMs"`
	IP         string    `gorm:"size:64;not null;default:'';index:idx_sys_oplogs_ip" json:"ip"`
	UserAgent  string    `gorm:"size:255;not null;default:''" json:"userAgent"`
	RequestID  string    `gorm:"size:64;not null;default:''" json:"requestId"`
	Body       string    `gorm:"type:text" json:"body"`
}

func (Oplog) TableName() string { return "sys_oplogs" }

// APISetting is an administrator's override of one interface's operation logging.
type APISetting struct {
	Method    string `gorm:"primaryKey;size:8"`
	Path      string `gorm:"primaryKey;size:191"`
	LogMode   string `gorm:"size:8;not null"` // on, off
	UpdatedAt time.Time
}

func (APISetting) TableName() string { return "sys_api_settings" }

// CasbinRule is the casbin GORM adapter's table; the migration creates it.
type CasbinRule struct {
	ID    uint   `gorm:"primaryKey;autoIncrement"`
	Ptype string `gorm:"size:100;uniqueIndex:idx_casbin_rule,priority:1"`
	V0    string `gorm:"size:100;uniqueIndex:idx_casbin_rule,priority:2"`
	V1    string `gorm:"size:100;uniqueIndex:idx_casbin_rule,priority:3"`
	V2    string `gorm:"size:100;uniqueIndex:idx_casbin_rule,priority:4"`
	V3    string `gorm:"size:100;uniqueIndex:idx_casbin_rule,priority:5"`
	V4    string `gorm:"size:100;uniqueIndex:idx_casbin_rule,priority:6"`
	V5    string `gorm:"size:100;uniqueIndex:idx_casbin_rule,priority:7"`
}

func (CasbinRule) TableName() string { return "casbin_rule" }
