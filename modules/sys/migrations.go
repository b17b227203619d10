package sys

import (
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/dbx"
)

// Migrations of the sys module, in order. See docs/adr/0002-migrations.md
// for the rule that keeps them replayable on MySQL and SQLite.
func (m *Module) Migrations() []dbx.Migration {
	return append([]dbx.Migration{
		{ID: "sys/0001_core", Up: func(tx *gorm.DB) error {
			return dbx.CreateTables(tx,
				&Org{}, &User{}, &UserRole{}, &Role{}, &RoleMenu{}, &Menu{},
				&DictType{}, &DictItem{}, &Session{}, &LoginAttempt{}, &SMSCode{},
				&Setting{}, &Oplog{}, &APISetting{}, &CasbinRule{}, &changefeed.Event{}, &signupTable{},
			)
		}},
	}, append(areaMigrations(),
		// A merchant's operations within a time range read (merchant_id, created_at), a
		// search by address reads (ip); a fresh database has both from the table shape.
		dbx.Migration{ID: "sys/0003_oplog_time_and_ip_indexes", Up: func(tx *gorm.DB) error {
			for _, name := range []string{"idx_sys_oplogs_merchant_time", "idx_sys_oplogs_ip"} {
				if !tx.Migrator().HasIndex(&Oplog{}, name) {
					if err := tx.Migrator().CreateIndex(&Oplog{}, name); err != nil {
						return err
					}
				}
			}
			return nil
		}},
		// A sign-up remembers the process that reviews it.
		dbx.Migration{ID: "sys/0004_application_instance", Up: func(tx *gorm.DB) error {
			if tx.Migrator().HasColumn(&signupTable{}, "InstanceID") {
				return nil
			}
			return tx.Migrator().AddColumn(&signupTable{}, "InstanceID")
		}},
		usernameCaseMigration(m.deps.Log),
		// The bytes each merchant's uploads hold, counted against VENUE_UPLOAD_QUOTA_MB.
		dbx.Migration{ID: "sys/0006_upload_usage", Up: func(tx *gorm.DB) error {
			if tx.Migrator().HasTable(&UploadUsage{}) {
				return nil
			}
			return dbx.CreateTables(tx, &UploadUsage{})
		}},
		// Search anywhere in a user's name or mobile number (issue 17): the suffix
		// index of user_search.go, filled for the users that exist.
		dbx.Migration{ID: "sys/0007_user_suffixes", Up: func(tx *gorm.DB) error {
			if err := dbx.CreateTables(tx, &UserSuffix{}); err != nil {
				return err
			}
			return backfillUserSuffixes(tx)
		}},
		// A login attempt's count says how many of the pair's attempts are still
		// being checked: a success inside a burst forgives nothing (login_lock.go).
		dbx.Migration{ID: "sys/0008_login_attempts_in_flight", Up: func(tx *gorm.DB) error {
			if tx.Migrator().HasColumn(&LoginAttempt{}, "InFlight") {
				return nil
			}
			return tx.Migrator().AddColumn(&LoginAttempt{}, "InFlight")
		}},
	)...)
}

// signupTable is the sign-up table as these released steps create it. The
// onboarding module owns the table now (onboarding.MerchantApplication);
// the steps keep their shape so fresh and upgraded databases converge.
type signupTable struct {
	ID           uint64 `gorm:"primaryKey"`
	BusinessName string `gorm:"size:128;not null"`
	Contact      string `gorm:"size:64;not null"`
	Mobile       string `gorm:"size:32;not null;index"`
	Address      string `gorm:"size:255;not null;default:''"`
	LicenceNo    string `gorm:"size:64;not null;default:''"`
	PasswordHash string `gorm:"size:255;not null"`
	Status       string `gorm:"size:16;not null;index"`
	Reason       string `gorm:"size:255;not null;default:''"`
	MerchantID   uint64 `gorm:"not null;default:0"`
	InstanceID   uint64 `gorm:"not null;default:0"`
	ReviewedBy   string `gorm:"size:64;not null;default:''"`
	ReviewedAt   *time.Time
	IP           string `gorm:"size:64;not null;default:''"`
	CreatedAt    time.Time
}

func (signupTable) TableName() string { return "sys_merchant_applications" }
