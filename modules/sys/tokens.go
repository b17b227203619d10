package sys

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

const jwtIssuer = "venue"

// tokenClaims is what a token says: who (sub) and which session (jti).
type tokenClaims struct {
	jwt.RegisteredClaims
}

// loadSecret returns the configured secret, or the one generated on first
// start and kept in sys_settings so that every API node signs alike.
func loadSecret(ctx context.Context, db *gorm.DB, configured string) ([]byte, error) {
	if configured != "" {
		return []byte(configured), nil
	}
	var b [48]byte
	if _, err := rand.Read(b[:]); err != nil {
		return nil, err
	}
	fresh := Setting{Key: "jwt_secret", Value: base64.RawStdEncoding.EncodeToString(b[:]), UpdatedAt: time.Now().UTC()}
	// Insert-if-absent, then read: concurrent first starts agree on one secret.
	if err := db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&fresh).Error; err != nil {
		return nil, err
	}
	var s Setting
	if err := db.WithContext(ctx).Where(&Setting{Key: "jwt_secret"}).Take(&s).Error; err != nil {
		return nil, err
	}
	return base64.RawStdEncoding.DecodeString(s.Value)
}

func newSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (a *Auth) sign(userID uint64, sessionID string, now, exp time.Time) (string, error) {
	claims := tokenClaims{jwt.RegisteredClaims{
		Issuer: jwtIssuer, Subject: strconv.FormatUint(userID, 10), ID: sessionID,
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(exp),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(a.secret)
}

var errTokenExpired = errors.New("token expired")

// parse verifies a token's signature (HS256 only: "none" and every other
// algorithm are refused), issuer and expiry.
func (a *Auth) parse(token string) (userID uint64, sessionID string, expires time.Time, err error) {
	var claims tokenClaims
	_, err = jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return a.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithIssuer(jwtIssuer),
		jwt.WithExpirationRequired(), jwt.WithIssuedAt())
	if errors.Is(err, jwt.ErrTokenExpired) {
		return 0, "", time.Time{}, errTokenExpired
	}
	if err != nil {
		return 0, "", time.Time{}, err
	}
	userID, err = strconv.ParseUint(claims.Subject, 10, 64)
	if err != nil || claims.ID == "" || claims.ExpiresAt == nil {
		return 0, "", time.Time{}, fmt.Errorf("token without subject, id or expiry")
	}
	return userID, claims.ID, claims.ExpiresAt.Time, nil
}
