package sys

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// UploadUsage is the bytes a merchant's uploads hold (its staff's and its
// venues'). Uploads are never deleted, so the count only grows.
type UploadUsage struct {
	MerchantID uint64 `gorm:"primaryKey;autoIncrement:false"`
	Bytes      int64  `gorm:"not null;default:0"`
	UpdatedAt  time.Time
}

func (UploadUsage) TableName() string { return "sys_upload_usage" }

// reserveUpload counts size bytes against the merchant's quota before the
// file is written, or refuses the upload when they would pass it. The check
// and the count are one conditional UPDATE, so parallel uploads see each
// other's bytes on SQLite and MySQL alike. Platform uploads (merchant 0) and
// a quota of 0 are not counted. release gives the bytes back when the file
// could not be stored.
func (m *Module) reserveUpload(ctx context.Context, merchantID uint64, size int64) (release func(), err error) {
	limit := m.deps.Config.UploadQuotaMB << 20
	if merchantID == 0 || limit <= 0 || size <= 0 {
		return func() {}, nil
	}
	var ok bool
	err = m.Auth.retryDeadlock(ctx, func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&UploadUsage{MerchantID: merchantID, UpdatedAt: time.Now().UTC()}).Error; err != nil {
			return err
		}
		res := tx.Model(&UploadUsage{}).Where("merchant_id = ? AND bytes + ? <= ?", merchantID, size, limit).
			Updates(map[string]any{"bytes": gorm.Expr("bytes + ?", size), "updated_at": time.Now().UTC()})
		ok = res.RowsAffected == 1
		return res.Error
	})
	if err != nil {
		return nil, api.Internal(err)
	}
	if !ok {
		return nil, api.Business(CodeUploadRefused, "upload.quota_exceeded", map[string]any{"MB": m.deps.Config.UploadQuotaMB})
	}
	return func() {
		err := m.deps.DB.WithContext(tenancy.SystemContext(context.WithoutCancel(ctx))).Model(&UploadUsage{}).
			Where("merchant_id = ?", merchantID).
			Updates(map[string]any{"bytes": gorm.Expr("bytes - ?", size), "updated_at": time.Now().UTC()}).Error
		if err != nil {
			m.deps.Log.Error("upload quota: giving back the bytes of a failed upload", "merchant", merchantID, "bytes", size, "err", err)
		}
	}, nil
}

// UploadUsage answers the bytes the merchant's uploads hold.
func (m *Module) UploadUsage(ctx context.Context, merchantID uint64) (int64, error) {
	var u UploadUsage
	err := m.deps.DB.WithContext(tenancy.SystemContext(ctx)).Where("merchant_id = ?", merchantID).Limit(1).Find(&u).Error
	return u.Bytes, err
}
