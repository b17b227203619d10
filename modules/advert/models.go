package advert

import "time"

// Ad types: a merchant's ad plays on its own tablets; a platform ad (the
// platform's own, or a merchant's "I want to advertise" request) plays on
// the tablets of the venues the platform places it in.
const (
	TypeMerchant = "merchant"
	TypePlatform = "platform"
)

// Material types.
const (
	MaterialImage = "image"
	MaterialVideo = "video"
)

// Ad status. Only the review process's service tasks (advert.SetStatus)
// change it, so the ad and its process history always agree.
const (
	StatusDraft    = "draft"
	StatusPending  = "pending"  // pending review
	StatusApproved = "approved" // broadcasting within its period
	StatusRejected = "rejected" // not approved: the merchant revises and resubmits
	StatusEnded    = "ended"    // broadcast ended: period over, or taken down
)

// Target kinds: all tablets of venues, single tablets, or (platform
// placements) all venues of administrative areas.
const (
	TargetVenue  = "venue"
	TargetTablet = "tablet"
	TargetArea   = "area"
)

// Link types of the landing page a guest reaches by tapping the ad.
const (
	LinkNone = "none"
	LinkDish = "dish"
	LinkURL  = "url"
)

// How a broadcast ended.
const (
	EndedByPeriod   = "period"
	EndedByTakedown = "takedown"
)

// Limits of spec sections 5 and 9.
const (
	MaxImages      = 9
	MaxVideos      = 1
	maxDuration    = 3600 // seconds one material may play
	maxTargets     = 500
	maxTitle       = 128
	maxLink        = 500
	maxReason      = 500
	maxPlaysReport = 200
	maxPlayCount   = 10000
)

// Material is one image or video of an ad and how long it plays.
type Material struct {
	URL      string `json:"url"`
	Type     string `json:"type" enum:",image,video" doc:"image or video, from the uploaded file's kind"`
	Duration int    `json:"duration" doc:"seconds"`
}

// Advert is an ad, or a merchant's request for a platform placement.
type Advert struct {
	ID            uint64     `gorm:"primaryKey" json:"id"`
	MerchantID    uint64     `gorm:"not null;default:0;index:idx_adverts_merchant,priority:1" json:"merchantId"` // 0: the platform's own ad
	ReleaseNo     string     `gorm:"size:32;not null;uniqueIndex" json:"releaseNo"`
	Title         string     `gorm:"size:128;not null" json:"title"`
	Type          string     `gorm:"size:16;not null" json:"type" enum:"merchant,platform"`
	Request       bool       `gorm:"not null;default:false" json:"request"` // "I want to advertise": a merchant asks for a platform placement
	MaterialType  string     `gorm:"size:8;not null" json:"materialType" enum:"image,video"`
	Materials     []Material `gorm:"serializer:json;type:text;not null" json:"materials"`
	TotalDuration int        `gorm:"not null;default:0" json:"totalDuration"`
	StartDate     string     `gorm:"size:10;not null" json:"startDate"`                          // YYYY-MM-DD, in the venue's time zone
	EndDate       string     `gorm:"size:10;not null" json:"endDate"`                            // inclusive
	DailyStart    string     `gorm:"size:5;not null" json:"dailyStart"`                          // HH:MM
	DailyEnd      string     `gorm:"size:5;not null" json:"dailyEnd"`                            // HH:MM, 24:00 = midnight; before DailyStart = overnight
	TargetType    string     `gorm:"size:8;not null" json:"targetType" enum:"venue,tablet,area"` // venue, tablet or area
	TabletCount   int        `gorm:"not null;default:0" json:"tabletCount"`
	LinkType      string     `gorm:"size:8;not null;default:'none'" json:"linkType" enum:"none,dish,url"`
	LinkValue     string     `gorm:"size:500;not null;default:''" json:"linkValue"`
	PlayCount     int64      `gorm:"not null;default:0" json:"playCount"`
	Status        string     `gorm:"size:16;not null;index:idx_adverts_status,priority:1;index:idx_adverts_merchant,priority:2" json:"status" enum:"draft,pending,approved,rejected,ended"`
	Opinion       string     `gorm:"size:500;not null;default:''" json:"opinion"` // the reviewer's audit opinion
	EndedBy       string     `gorm:"size:16;not null;default:''" json:"endedBy" enum:",period,takedown"`
	EndReason     string     `gorm:"size:500;not null;default:''" json:"endReason"`
	InstanceID    uint64     `gorm:"not null;default:0;index" json:"instanceId"` // the review process instance
	CreatedBy     uint64     `gorm:"not null;default:0" json:"createdBy"`
	CreatedByName string     `gorm:"size:64;not null;default:''" json:"createdByName"`
	PublishedBy   uint64     `gorm:"not null;default:0" json:"publishedBy"`
	ApprovedAt    *time.Time `json:"approvedAt"`
	EndedAt       *time.Time `json:"endedAt"`
	CreatedAt     time.Time  `gorm:"index:idx_adverts_status,priority:2" json:"createdAt"`
	UpdatedAt     time.Time  `json:"updatedAt"`
}

func (Advert) TableName() string { return "adverts" }

// AdvertTarget is one venue, tablet or area an ad plays in. It carries the
// ad's merchant (the tenant), not the target's.
type AdvertTarget struct {
	ID         uint64 `gorm:"primaryKey"`
	MerchantID uint64 `gorm:"not null;default:0"`
	AdvertID   uint64 `gorm:"not null;uniqueIndex:uk_advert_targets,priority:1"`
	Kind       string `gorm:"size:8;not null;uniqueIndex:uk_advert_targets,priority:2;index:idx_advert_targets_ref,priority:1;index:idx_advert_targets_area,priority:1"`
	RefID      uint64 `gorm:"not null;default:0;uniqueIndex:uk_advert_targets,priority:3;index:idx_advert_targets_ref,priority:2"`
	AreaCode   string `gorm:"size:32;not null;default:'';uniqueIndex:uk_advert_targets,priority:4;index:idx_advert_targets_area,priority:2"`
}

func (AdvertTarget) TableName() string { return "advert_targets" }

// Tablet is an ordering tablet of a venue that plays ads. Its key is a
// random secret the tablet sends instead of a login.
type Tablet struct {
	ID         uint64     `gorm:"primaryKey" json:"id"`
	MerchantID uint64     `gorm:"not null;index" json:"merchantId"`
	VenueID    uint64     `gorm:"not null;uniqueIndex:uk_advert_tablets_number,priority:1" json:"venueId"`
	Number     string     `gorm:"size:32;not null;uniqueIndex:uk_advert_tablets_number,priority:2" json:"number"`
	Name       string     `gorm:"size:64;not null;default:''" json:"name"`
	Key        string     `gorm:"column:tablet_key;size:64;not null;uniqueIndex" json:"-"`
	Status     int8       `gorm:"not null;default:1" json:"status" enum:"0,1"`
	AppVersion string     `gorm:"size:32;not null;default:''" json:"appVersion"`
	LastSeenAt *time.Time `json:"lastSeenAt"`
	CreatedAt  time.Time  `json:"createdAt"`
	UpdatedAt  time.Time  `json:"updatedAt"`
}

func (Tablet) TableName() string { return "advert_tablets" }

// Tablet status.
const (
	TabletDisabled int8 = 0
	TabletEnabled  int8 = 1
)

// PlayReport is one report of plays from a tablet; its report id makes a
// resent report count once.
type PlayReport struct {
	ID         uint64    `gorm:"primaryKey"`
	MerchantID uint64    `gorm:"not null;default:0"`
	VenueID    uint64    `gorm:"not null;default:0"`
	TabletID   uint64    `gorm:"not null;uniqueIndex:uk_advert_play_reports,priority:1"`
	ReportID   string    `gorm:"size:64;not null;uniqueIndex:uk_advert_play_reports,priority:2"`
	AdvertID   uint64    `gorm:"not null;index"`
	Count      int       `gorm:"not null"`
	CreatedAt  time.Time `gorm:"not null;index"`
}

func (PlayReport) TableName() string { return "advert_play_reports" }
