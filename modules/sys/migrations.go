package sys

import (
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
				&Setting{}, &Oplog{}, &APISetting{}, &CasbinRule{}, &changefeed.Event{}, &MerchantApplication{},
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
			if tx.Migrator().HasColumn(&MerchantApplication{}, "InstanceID") {
				return nil
			}
			return tx.Migrator().AddColumn(&MerchantApplication{}, "InstanceID")
		}},
	)...)
}
