package sys

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"math/big"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
)

// SMS limits.
const (
	smsCodeTTL       = 5 * time.Minute
	smsResendAfter   = 60 * time.Second
	smsDailyLimit    = 10
	smsMaxAttempts   = 5
	smsIPHourlyLimit = 30
)

// SMSSender delivers a text to a mobile number.
type SMSSender interface {
	Send(ctx context.Context, mobile, code, text string) error
}

// LogSender writes codes to the server log; the default for development.
type LogSender struct{ Log *slog.Logger }

func (s LogSender) Send(_ context.Context, mobile, code, _ string) error {
	s.Log.Info("sms verification code (log sender)", "mobile", mobile, "code", code)
	return nil
}

// SMS issues and verifies verification codes.
type SMS struct {
	db     *gorm.DB
	sender SMSSender
	pepper []byte
	now    func() time.Time
}

func newSMS(db *gorm.DB, sender SMSSender, pepper []byte) *SMS {
	return &SMS{db: db, sender: sender, pepper: pepper, now: time.Now}
}

// SMSCreated tells the console how long the code lives and when to offer a resend.
type SMSCreated struct {
	ExpiresIn   int `json:"expiresIn"`
	ResendAfter int `json:"resendAfter"`
}

// Create sends a fresh code to mobile, within the rate limits.
func (s *SMS) Create(ctx context.Context, mobile, ip, lang string) (*SMSCreated, error) {
	ctx = tenancy.SystemContext(ctx)
	var c api.Check
	if c.Required("mobile", mobile) {
		c.Mobile("mobile", mobile)
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	now := s.now().UTC()
	var last SMSCode
	err := s.db.WithContext(ctx).Where("mobile = ?", mobile).Order("created_at DESC").Limit(1).Find(&last).Error
	if err != nil {
		return nil, err
	}
	if last.ID != 0 && now.Sub(last.CreatedAt) < smsResendAfter {
		wait := int((smsResendAfter - now.Sub(last.CreatedAt)).Seconds()) + 1
		return nil, api.Business(CodeSMSTooOften, "auth.sms_too_often", map[string]any{"Seconds": wait})
	}
	var today, fromIP int64
	if err := s.db.WithContext(ctx).Model(&SMSCode{}).Where("mobile = ? AND created_at > ?", mobile, now.Add(-24*time.Hour)).Count(&today).Error; err != nil {
		return nil, err
	}
	if ip != "" {
		if err := s.db.WithContext(ctx).Model(&SMSCode{}).Where("ip = ? AND created_at > ?", ip, now.Add(-time.Hour)).Count(&fromIP).Error; err != nil {
			return nil, err
		}
	}
	if today >= smsDailyLimit || fromIP >= smsIPHourlyLimit {
		return nil, api.Business(CodeSMSTooOften, "auth.sms_too_often", map[string]any{"Seconds": 3600})
	}
	code := randomDigits(6)
	row := SMSCode{Mobile: mobile, CodeHash: s.hash(mobile, code), IP: ip, ExpiresAt: now.Add(smsCodeTTL), CreatedAt: now}
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return nil, err
	}
	text := i18n.T(lang, "auth.sms_message", map[string]any{"Code": code})
	if err := s.sender.Send(ctx, mobile, code, text); err != nil {
		return nil, api.Internal(fmt.Errorf("send sms: %w", err))
	}
	return &SMSCreated{ExpiresIn: int(smsCodeTTL.Seconds()), ResendAfter: int(smsResendAfter.Seconds())}, nil
}

// Verify consumes the newest live code of mobile when it matches.
func (s *SMS) Verify(ctx context.Context, mobile, code string) error {
	ctx = tenancy.SystemContext(ctx)
	invalid := api.Business(CodeSMSInvalid, "auth.sms_code_invalid", nil)
	now := s.now().UTC()
	db := s.db.WithContext(ctx)
	var row SMSCode
	err := db.Where("mobile = ? AND used_at IS NULL AND expires_at > ?", mobile, now).
		Order("created_at DESC").Limit(1).Find(&row).Error
	if err != nil {
		return err
	}
	if row.ID == 0 || row.Attempts >= smsMaxAttempts {
		return invalid
	}
	if !hmac.Equal([]byte(row.CodeHash), []byte(s.hash(mobile, code))) {
		if err := db.Model(&row).Update("attempts", gorm.Expr("attempts + 1")).Error; err != nil {
			return err
		}
		return invalid
	}
	// Conditional on still unused, so one code logs in once.
	res := db.Model(&SMSCode{}).Where("id = ? AND used_at IS NULL", row.ID).Update("used_at", now)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return invalid
	}
	return nil
}

func (s *SMS) hash(mobile, code string) string {
	m := hmac.New(sha256.New, s.pepper)
	m.Write([]byte(mobile + ":" + code))
	return hex.EncodeToString(m.Sum(nil))
}

func randomDigits(n int) string {
	b := make([]byte, n)
	for i := range b {
		d, _ := rand.Int(rand.Reader, big.NewInt(10))
		b[i] = byte('0' + d.Int64())
	}
	return string(b)
}
