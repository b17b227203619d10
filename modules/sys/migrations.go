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
	}, areaMigrations()...)
}
