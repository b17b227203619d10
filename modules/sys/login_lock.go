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
// An attempt is counted before the password is compared, so parallel guesses
// see each other: no more than the limit are ever compared, however many
// arrive at once. A success forgives the pair's failures (the owner's
// typos) only when no other attempt of the pair is in flight and the pair is
// not locked; inside a burst it keeps its own count and forgives nothing, so
// guesses that arrive after it get no fresh tries (they did when every
// success ended the pair's count: 6 to 8 compared where 5 may be). A burst
// the database happens to serialise entirely (a few wrong, then the right
// one, then more) cannot be told from an owner's typos and is forgiven alike.

func passwordSubject(username string) string {
	return "u:" + strings.ToLower(strings.TrimSpace(username))
}

func mobileSubject(mobile string) string { return "m:" + strings.TrimSpace(mobile) }

func addressKey(ip string) string { return "ip:" + ip }

// attempt is one counted login attempt.
type attempt struct {
	pair, addr string
}

// attemptStale bounds how long a login holds its reservation: it compares one
// bcrypt hash and writes one transaction, so one counted in flight for longer
// belongs to a process that died, and no longer keeps a success from forgiving.
const attemptStale = time.Minute

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

// bump adds one to a key's count and to its attempts in flight; an answer of
// locked rolls the transaction back. updated_at is the time of the key's last
// reservation (or lock).
func (a *Auth) bump(tx *gorm.DB, key string, limit int, now time.Time) error {
	if limit <= 0 {
		return nil
	}
	err := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "account"}},
		DoUpdates: clause.Assignments(map[string]any{"failures": gorm.Expr("failures + 1"), "in_flight": gorm.Expr("in_flight + 1")})}).
		Create(&LoginAttempt{Account: key, Failures: 1, InFlight: 1, UpdatedAt: now}).Error
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
		row.Failures, row.InFlight, row.LockedUntil = 1, 1, nil
	case row.Failures > limit:
		return lockedError(now.Add(a.cfg.LoginLockFor))
	case row.UpdatedAt.Before(now.Add(-attemptStale)):
		row.InFlight = 1 // the others counted in flight died with their process
	}
	return tx.Model(&LoginAttempt{}).Where("account = ?", key).UpdateColumns(map[string]any{
		"failures": row.Failures, "in_flight": row.InFlight, "locked_until": row.LockedUntil, "updated_at": now}).Error
}

// failed records that the attempt's credentials were wrong, locking each key
// that reached its limit, and answers what the user sees.
func (a *Auth) failed(ctx context.Context, at attempt) error {
	var until *time.Time
	// The count is kept even when the client has gone: it is the guess's.
	err := a.retryDeadlock(context.WithoutCancel(ctx), func(tx *gorm.DB) error {
		now := time.Now().UTC()
		for _, k := range []struct {
			key   string
			limit int
		}{{at.addr, a.cfg.LoginMaxFailuresPerAddress}, {at.pair, a.cfg.LoginMaxFailures}} {
			if k.limit <= 0 {
				continue
			}
			if err := landed(tx, k.key); err != nil {
				return err
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
	err := a.retryDeadlock(context.WithoutCancel(ctx), func(tx *gorm.DB) error {
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

// succeeded ends the attempt in the login's transaction: the address gets its
// count back; the pair's failures are forgiven (its row goes) unless the pair
// was locked while this password was compared, or other attempts of the pair
// are still in flight: in a burst the success keeps its own count, and a
// lock the burst earned stands.
func (at attempt) succeeded(tx *gorm.DB, now time.Time) error {
	if err := uncount(tx, at.addr); err != nil {
		return err
	}
	if err := landed(tx, at.pair); err != nil {
		return err
	}
	var row LoginAttempt
	if err := tx.Where("account = ?", at.pair).Limit(1).Find(&row).Error; err != nil || row.Account == "" {
		return err // gone: an administrator lifted the pair's count meanwhile
	}
	if row.LockedUntil != nil && row.LockedUntil.After(now) {
		return nil
	}
	if row.InFlight > 0 && !row.UpdatedAt.Before(now.Add(-attemptStale)) {
		return nil
	}
	return tx.Where("account = ?", at.pair).Delete(&LoginAttempt{}).Error
}

// landed records that one of a key's attempts in flight has finished (its count stays).
func landed(tx *gorm.DB, key string) error {
	return tx.Model(&LoginAttempt{}).Where("account = ?", key).
		UpdateColumn("in_flight", gorm.Expr("CASE WHEN in_flight > 0 THEN in_flight - 1 ELSE 0 END")).Error
}

// uncount gives an attempt's count back (not under a lock) and ends its flight.
func uncount(tx *gorm.DB, key string) error {
	return tx.Model(&LoginAttempt{}).Where("account = ?", key).UpdateColumns(map[string]any{
		"failures":  gorm.Expr("CASE WHEN failures > 0 AND locked_until IS NULL THEN failures - 1 ELSE failures END"),
		"in_flight": gorm.Expr("CASE WHEN in_flight > 0 THEN in_flight - 1 ELSE 0 END"),
	}).Error
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
