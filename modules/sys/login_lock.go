package sys

import (
	"context"
	"errors"
	"github.com/venueplatform/venue/internal/textsearch"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/go-sql-driver/mysql"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// Login attempts are counted in sys_login_attempts under two keys:
//
//   - the pair "<subject>|<client address>" (subject "u:<user name>" or
//     "m:<mobile>"): it locks after LoginMaxFailures, so a guesser at one
//     address cannot keep the account's owner out from another;
//   - the address "ip:<client address>": it throttles one address guessing
//     across many accounts after LoginMaxFailuresPerAddress.
//
// An attempt is counted before the password is compared and uncounted when it
// succeeds, so parallel guesses see each other: no more than the limit are
// ever compared, however many arrive at once.

func passwordSubject(username string) string {
	return "u:" + strings.ToLower(strings.TrimSpace(username))
}

func mobileSubject(mobile string) string { return "m:" + strings.TrimSpace(mobile) }

func addressKey(ip string) string { return "ip:" + ip }

// attempt is one counted login attempt.
type attempt struct {
	pair, addr string
}

// reserveAttempt counts an attempt under both keys, or refuses it when either is
// locked or already has its limit of attempts counted (finished or in flight).
func (a *Auth) reserveAttempt(ctx context.Context, subject, ip string) (attempt, error) {
	at := attempt{pair: truncate(subject, 80) + "|" + truncate(ip, 45), addr: addressKey(truncate(ip, 45))}
	err := a.retryDeadlock(ctx, func(tx *gorm.DB) error {
		now := time.Now().UTC()
		// The address first, the pair second, in every transaction (no lock-order deadlock).
		if err := a.bump(tx, at.addr, a.cfg.LoginMaxFailuresPerAddress, now); err != nil {
			return err
		}
		return a.bump(tx, at.pair, a.cfg.LoginMaxFailures, now)
	})
	return at, err
}

// bump adds one to a key's count; an answer of locked rolls the transaction back.
func (a *Auth) bump(tx *gorm.DB, key string, limit int, now time.Time) error {
	if limit <= 0 {
		return nil
	}
	err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "account"}},
		DoUpdates: clause.Assignments(map[string]any{"failures": gorm.Expr("failures + 1")})}).
		Create(&LoginAttempt{Account: key, Failures: 1, UpdatedAt: now}).Error
	if err != nil {
		return err
	}
	var row LoginAttempt
	if err := tx.Where("account = ?", key).Take(&row).Error; err != nil {
		return err
	}
	switch {
	case row.LockedUntil != nil && row.LockedUntil.After(now):
		return lockedError(*row.LockedUntil)
	case row.LockedUntil != nil || row.UpdatedAt.Before(now.Add(-a.cfg.LoginLockFor)):
		// An expired lock, or failures long forgotten: this attempt starts a new count.
		row.Failures, row.LockedUntil = 1, nil
	case row.Failures > limit:
		return lockedError(now.Add(a.cfg.LoginLockFor))
	}
	return tx.Model(&LoginAttempt{}).Where("account = ?", key).
		Updates(map[string]any{"failures": row.Failures, "locked_until": row.LockedUntil, "updated_at": now}).Error
}

// failed records that the attempt's credentials were wrong, locking each key
// that reached its limit, and answers what the user sees.
func (a *Auth) failed(ctx context.Context, at attempt) error {
	var until *time.Time
	err := a.retryDeadlock(ctx, func(tx *gorm.DB) error {
		now := time.Now().UTC()
		for _, k := range []struct {
			key   string
			limit int
		}{{at.addr, a.cfg.LoginMaxFailuresPerAddress}, {at.pair, a.cfg.LoginMaxFailures}} {
			if k.limit <= 0 {
				continue
			}
			lock := now.Add(a.cfg.LoginLockFor)
			res := tx.Model(&LoginAttempt{}).Where("account = ? AND failures >= ? AND locked_until IS NULL", k.key, k.limit).
				Updates(map[string]any{"locked_until": lock, "updated_at": now})
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected > 0 {
				a.log.Warn("login locked after failed attempts", "key", k.key)
				until = &lock
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if until != nil {
		return lockedError(*until)
	}
	return api.Business(CodeBadCredentials, "auth.bad_credentials", nil)
}

// release uncounts an attempt that failed for another reason than its
// credentials (a disabled account, an SMS provider error).
func (a *Auth) release(ctx context.Context, at attempt) {
	err := a.retryDeadlock(ctx, func(tx *gorm.DB) error {
		for _, key := range []string{at.addr, at.pair} {
			if err := uncount(tx, key); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		a.log.Error("release login attempt", "error", err)
	}
}

// succeeded ends the pair's count and uncounts the address (in the login's transaction).
func (at attempt) succeeded(tx *gorm.DB) error {
	if err := uncount(tx, at.addr); err != nil {
		return err
	}
	return tx.Where("account = ?", at.pair).Delete(&LoginAttempt{}).Error
}

func uncount(tx *gorm.DB, key string) error {
	return tx.Model(&LoginAttempt{}).Where("account = ? AND failures > 0 AND locked_until IS NULL", key).
		Update("failures", gorm.Expr("failures - 1")).Error
}

// retryDeadlock runs fn in a transaction, again when MySQL picked it as a deadlock victim.
func (a *Auth) retryDeadlock(ctx context.Context, fn func(tx *gorm.DB) error) error {
	db := a.db.WithContext(tenancy.SystemContext(ctx))
	for try := 0; ; try++ {
		err := db.Transaction(fn)
		var me *mysql.MySQLError
		if try < 5 && errors.As(err, &me) && (me.Number == 1213 || me.Number == 1205) {
			continue
		}
		return err
	}
}

// Unlock lifts every login lock and count of a user: their user name and
// mobile number from every address. It answers how many were lifted.
func (a *Auth) Unlock(ctx context.Context, u *User) (int64, error) {
	db := a.db.WithContext(tenancy.SystemContext(ctx))
	subjects := []string{passwordSubject(u.Username)}
	if u.Mobile != nil && *u.Mobile != "" {
		subjects = append(subjects, mobileSubject(*u.Mobile))
	}
	var n int64
	for _, s := range subjects {
		res := db.Where("account LIKE ? ESCAPE '!' AND locked_until IS NOT NULL", textsearch.Prefix(s+"|")).Delete(&LoginAttempt{})
		if res.Error != nil {
			return n, res.Error
		}
		n += res.RowsAffected
		if err := db.Where("account LIKE ? ESCAPE '!'", textsearch.Prefix(s+"|")).Delete(&LoginAttempt{}).Error; err != nil {
			return n, err
		}
	}
	return n, nil
}
