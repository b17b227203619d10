package sys

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/config"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
)

// Business codes of the identity calls (docs/api-core.md).
const (
	CodeBadCredentials = 10101
	CodeLocked         = 10102
	CodeDisabled       = 10103
	CodeSMSInvalid     = 10104
	CodeSMSTooOften    = 10105
	CodeOldPassword    = 10106
)

// Change-feed topics of the identity state.
const (
	topicUser     = "sys.user"     // key: user id; "*" for every user
	topicSessions = "sys.sessions" // key: user id whose sessions were revoked
)

// principalTTL bounds how stale a cached principal can be should a change
// event be lost.
const principalTTL = time.Minute

// Auth logs users in, issues and revokes tokens, and resolves tokens into
// principals for every request. It implements api.Authenticator.
type Auth struct {
	db     *gorm.DB
	cfg    *config.Config
	feed   *changefeed.Feed
	log    *slog.Logger
	secret []byte

	mu         sync.RWMutex
	principals map[uint64]cachedPrincipal
	// pgen counts principal drops: a load that one overtook may hold roles
	// or a status older than the change and is used once, not kept.
	pgen     uint64
	revoked  map[string]time.Time // session id → its expiry
	verified map[string]verifiedToken
}

// verifiedToken is a token whose signature and claims were checked once;
// the same string needs no second HMAC and decode until it expires.
type verifiedToken struct {
	userID  uint64
	session string
	expires time.Time
}

const maxVerified = 100_000

type cachedPrincipal struct {
	p      api.Principal
	err    error
	loaded time.Time
}

func newAuth(ctx context.Context, db *gorm.DB, cfg *config.Config, feed *changefeed.Feed, log *slog.Logger) (*Auth, error) {
	secret, err := loadSecret(tenancy.SystemContext(ctx), db, cfg.JWTSecret)
	if err != nil {
		return nil, err
	}
	a := &Auth{db: db, cfg: cfg, feed: feed, log: log, secret: secret,
		principals: map[uint64]cachedPrincipal{}, revoked: map[string]time.Time{}, verified: map[string]verifiedToken{}}
	if err := a.loadRevoked(ctx, 0); err != nil {
		return nil, err
	}
	feed.Subscribe(topicUser, func(key string) {
		a.mu.Lock()
		defer a.mu.Unlock()
		a.pgen++
		if key == "*" {
			a.principals = map[uint64]cachedPrincipal{}
			return
		}
		id, _ := strconv.ParseUint(key, 10, 64)
		delete(a.principals, id)
	})
	feed.Subscribe(topicSessions, func(key string) {
		id, _ := strconv.ParseUint(key, 10, 64)
		if err := a.loadRevoked(context.Background(), id); err != nil {
			a.log.Error("reload revoked sessions", "user", id, "error", err)
		}
	})
	return a, nil
}

// loadRevoked reads the revoked, unexpired sessions (of one user, or all).
func (a *Auth) loadRevoked(ctx context.Context, userID uint64) error {
	q := a.db.WithContext(tenancy.SystemContext(ctx)).Model(&Session{}).
		Where("revoked_at IS NOT NULL AND expires_at > ?", time.Now().UTC())
	if userID != 0 {
		q = q.Where("user_id = ?", userID)
	}
	var rows []Session
	if err := q.Select("id", "expires_at").Find(&rows).Error; err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	now := time.Now()
	for id, exp := range a.revoked {
		if exp.Before(now) {
			delete(a.revoked, id)
		}
	}
	for _, s := range rows {
		a.revoked[s.ID] = s.ExpiresAt
	}
	return nil
}

// Authenticate resolves a token into its principal (api.Authenticator).
func (a *Auth) Authenticate(ctx context.Context, token string) (*api.Principal, error) {
	userID, sessionID, err := a.verify(token)
	if errors.Is(err, errTokenExpired) {
		return nil, api.Unauthorized("error.token_expired")
	}
	if err != nil {
		return nil, api.Unauthorized("error.token_invalid")
	}
	// Revocations and grant changes made on another node hold from the next
	// request on: catch up with the change feed before reading the caches.
	a.feed.Sync(ctx)
	a.mu.RLock()
	_, revoked := a.revoked[sessionID]
	cached, ok := a.principals[userID]
	gen := a.pgen
	a.mu.RUnlock()
	if revoked {
		return nil, api.Unauthorized("error.token_revoked")
	}
	if !ok || time.Since(cached.loaded) > principalTTL {
		cached = a.loadPrincipal(ctx, userID)
		a.mu.Lock()
		if a.pgen == gen {
			a.principals[userID] = cached
		}
		a.mu.Unlock()
	}
	if cached.err != nil {
		return nil, cached.err
	}
	p := cached.p
	p.TokenID = sessionID
	return &p, nil
}

// verify parses a token, or answers what an earlier parse of the same
// string found while it has not expired.
func (a *Auth) verify(token string) (uint64, string, error) {
	a.mu.RLock()
	v, ok := a.verified[token]
	a.mu.RUnlock()
	if ok {
		if time.Now().Before(v.expires) {
			return v.userID, v.session, nil
		}
		return 0, "", errTokenExpired
	}
	userID, sessionID, exp, err := a.parse(token)
	if err != nil {
		return 0, "", err
	}
	a.mu.Lock()
	if len(a.verified) >= maxVerified {
		a.verified = map[string]verifiedToken{}
	}
	a.verified[token] = verifiedToken{userID: userID, session: sessionID, expires: exp}
	a.mu.Unlock()
	return userID, sessionID, nil
}

func (a *Auth) loadPrincipal(ctx context.Context, userID uint64) cachedPrincipal {
	now := time.Now()
	ctx = tenancy.SystemContext(ctx)
	var u User
	if err := a.db.WithContext(ctx).Take(&u, userID).Error; err != nil {
		if dbx.IsNotFound(err) {
			return cachedPrincipal{err: api.Unauthorized("error.token_invalid"), loaded: now}
		}
		return cachedPrincipal{err: api.Internal(err), loaded: now.Add(-principalTTL)}
	}
	if u.Status != StatusEnabled {
		return cachedPrincipal{err: api.Unauthorized("error.user_disabled"), loaded: now}
	}
	if key, err := disabledOrgKey(ctx, a.db, &u); err != nil {
		return cachedPrincipal{err: api.Internal(err), loaded: now.Add(-principalTTL)}
	} else if key != "" {
		return cachedPrincipal{err: api.Unauthorized(key), loaded: now}
	}
	roles, err := activeRoleIDs(ctx, a.db, u.ID)
	if err != nil {
		return cachedPrincipal{err: api.Internal(err), loaded: now.Add(-principalTTL)}
	}
	p := api.Principal{
		UserID: u.ID, UserName: u.Username, Admin: u.AdminFlag == "1", OrgID: u.OrgID,
		MerchantID: u.MerchantID, VenueID: u.VenueID, Roles: roles, MustChangePassword: u.MustChangePassword,
	}
	switch {
	case u.VenueID != 0:
		p.OrgType = OrgVenue
	case u.MerchantID != 0:
		p.OrgType = OrgMerchant
	default:
		p.OrgType = OrgPlatform
	}
	return cachedPrincipal{p: p, loaded: now}
}

// activeRoleIDs lists the ids (as casbin subjects) of a user's enabled roles.
func activeRoleIDs(ctx context.Context, db *gorm.DB, userID uint64) ([]string, error) {
	var ids []uint64
	err := db.WithContext(tenancy.SystemContext(ctx)).Model(&Role{}).
		Joins("JOIN sys_user_roles ur ON ur.role_id = sys_roles.id").
		Where("ur.user_id = ? AND sys_roles.status = ?", userID, StatusEnabled).
		Order("sys_roles.id").Pluck("sys_roles.id", &ids).Error
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = roleSubject(id)
	}
	return out, err
}

func roleSubject(roleID uint64) string { return "r:" + strconv.FormatUint(roleID, 10) }

// OnUserChange calls fn, on every node, with the id of a user whose profile,
// roles or status changed, or 0 when every user may have changed.
func (a *Auth) OnUserChange(fn func(userID uint64)) {
	a.feed.Subscribe(topicUser, func(key string) {
		id, _ := strconv.ParseUint(key, 10, 64) // "*" → 0
		fn(id)
	})
}

// InvalidateUser drops a user's cached principal on every node.
func (a *Auth) InvalidateUser(ctx context.Context, userID uint64) error {
	return a.feed.Publish(ctx, topicUser, strconv.FormatUint(userID, 10))
}

// InvalidateAllUsers drops every cached principal (a role changed).
func (a *Auth) InvalidateAllUsers(ctx context.Context) error {
	return a.feed.Publish(ctx, topicUser, "*")
}

// LoginResult is the answer of the login calls.
type LoginResult struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Client describes where a login comes from.
type Client struct{ IP, UserAgent string }

// LoginPassword checks a user name and password. The attempt is counted
// before the password is compared (see reserveAttempt), so a burst of guesses
// in parallel gets no more tries than one after the other.
func (a *Auth) LoginPassword(ctx context.Context, username, password string, cl Client) (*LoginResult, error) {
	ctx = tenancy.SystemContext(ctx)
	var c api.Check
	c.Required("username", username)
	c.Required("password", password)
	if err := c.Err(); err != nil {
		return nil, err
	}
	subject := passwordSubject(username)
	at, err := a.reserveAttempt(ctx, subject, cl.IP)
	if err != nil {
		return nil, err
	}
	var u User
	err = whereUsername(a.db.WithContext(ctx), strings.TrimSpace(username)).Take(&u).Error
	if err != nil && !dbx.IsNotFound(err) {
		return nil, err
	}
	if err != nil || len(password) > maxPasswordLen || !checkPassword(u.PasswordHash, password) {
		if err != nil {
			checkPassword(dummyHash, password)
		}
		return nil, a.failed(ctx, at)
	}
	return a.loginUser(ctx, &u, at, cl)
}

// LoginMobile checks a mobile number and the SMS code sent to it.
func (a *Auth) LoginMobile(ctx context.Context, sms *SMS, mobile, code string, cl Client) (*LoginResult, error) {
	ctx = tenancy.SystemContext(ctx)
	var c api.Check
	if c.Required("mobile", mobile) {
		c.Mobile("mobile", mobile)
	}
	c.Required("code", code)
	if err := c.Err(); err != nil {
		return nil, err
	}
	at, err := a.reserveAttempt(ctx, mobileSubject(mobile), cl.IP)
	if err != nil {
		return nil, err
	}
	if err := sms.Verify(ctx, mobile, code); err != nil {
		if ae := (*api.Error)(nil); errors.As(err, &ae) && ae.Code == CodeSMSInvalid {
			// failed always answers an error: only a lock it set replaces the wrong-code error.
			var le *api.Error
			if lockErr := a.failed(ctx, at); errors.As(lockErr, &le) && le.Code == CodeLocked {
				return nil, lockErr
			}
		} else {
			a.release(ctx, at)
		}
		return nil, err
	}
	var u User
	if err := a.db.WithContext(ctx).Where("mobile = ?", mobile).Take(&u).Error; err != nil {
		if dbx.IsNotFound(err) {
			a.release(ctx, at)
			return nil, api.Business(CodeSMSInvalid, "auth.sms_code_invalid", nil)
		}
		return nil, err
	}
	return a.loginUser(ctx, &u, at, cl)
}

func (a *Auth) loginUser(ctx context.Context, u *User, at attempt, cl Client) (*LoginResult, error) {
	if u.Status != StatusEnabled {
		a.release(ctx, at)
		return nil, api.Business(CodeDisabled, "error.user_disabled", nil)
	}
	if err := a.orgsAllow(ctx, u); err != nil {
		a.release(ctx, at)
		return nil, err
	}
	now := time.Now().UTC()
	exp := now.Add(a.cfg.TokenTTL)
	s := Session{ID: newSessionID(), UserID: u.ID, IP: cl.IP, UserAgent: truncate(cl.UserAgent, 255), CreatedAt: now, ExpiresAt: exp}
	token, err := a.sign(u.ID, s.ID, now, exp)
	if err != nil {
		return nil, err
	}
	err = a.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&s).Error; err != nil {
			return err
		}
		if err := at.succeeded(tx, now); err != nil {
			return err
		}
		return tx.Model(u).Updates(map[string]any{"last_login_at": now, "last_login_ip": cl.IP}).Error
	})
	if err != nil {
		a.release(ctx, at) // no session: the attempt is not left in flight
		return nil, err
	}
	return &LoginResult{Token: token, ExpiresAt: exp}, nil
}

func lockedError(until time.Time) error {
	minutes := int(math.Ceil(time.Until(until).Minutes()))
	if minutes < 1 {
		minutes = 1
	}
	return api.Business(CodeLocked, "auth.locked", map[string]any{"Minutes": minutes})
}

// Logout revokes the session of the current token.
func (a *Auth) Logout(ctx context.Context, p *api.Principal) error {
	now := time.Now().UTC()
	err := a.db.WithContext(tenancy.SystemContext(ctx)).Model(&Session{}).
		Where("id = ? AND revoked_at IS NULL", p.TokenID).Update("revoked_at", now).Error
	if err != nil {
		return err
	}
	return a.feed.Publish(ctx, topicSessions, strconv.FormatUint(p.UserID, 10))
}

// RevokeAll revokes every session of a user (password change, disable, reset).
func (a *Auth) RevokeAll(ctx context.Context, tx *gorm.DB, userID uint64) error {
	return tx.WithContext(tenancy.SystemContext(ctx)).Model(&Session{}).
		Where("user_id = ? AND revoked_at IS NULL AND expires_at > ?", userID, time.Now().UTC()).
		Update("revoked_at", time.Now().UTC()).Error
}

// AnnounceRevoked tells every node to reload a user's revoked sessions and principal.
func (a *Auth) AnnounceRevoked(ctx context.Context, userID uint64) error {
	if err := a.feed.Publish(ctx, topicSessions, strconv.FormatUint(userID, 10)); err != nil {
		return err
	}
	return a.InvalidateUser(ctx, userID)
}

func clientOf(r *http.Request, ip string) Client {
	return Client{IP: ip, UserAgent: r.UserAgent()}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
