package process

import (
	"context"

	"gorm.io/gorm"
)

// A module's own processes (the sign-up review, the ad review) are marked
// system in the data by the module's seed: only the module starts them.

// addSystemColumns adds the system flag to databases made before it.
func addSystemColumns(tx *gorm.DB) error {
	for _, t := range []any{&Model{}, &Definition{}} {
		if tx.Migrator().HasColumn(t, "System") {
			continue
		}
		if err := tx.Migrator().AddColumn(t, "System"); err != nil {
			return err
		}
	}
	return nil
}

// markSystem flags the platform's model of a key and every definition
// deployed under it (a database seeded before the flag, or a model a
// designer recreated).
func (m *Module) markSystem(ctx context.Context, key string) error {
	db := m.db.WithContext(systemCtx(ctx))
	if err := db.Model(&Model{}).Where("`key` = ? AND merchant_id = 0", key).Update("is_system", true).Error; err != nil {
		return err
	}
	return db.Model(&Definition{}).Where("`key` = ? AND merchant_id = 0", key).Update("is_system", true).Error
}

// systemKey reports whether a tenant's key already has a system definition:
// a new version of it stays the module's, whoever deploys it.
func systemKey(tx *gorm.DB, merchantID uint64, key string) (bool, error) {
	var n int64
	err := tx.Model(&Definition{}).Where("`key` = ? AND merchant_id = ? AND is_system = ?", key, merchantID, true).Count(&n).Error
	return n > 0, err
}
