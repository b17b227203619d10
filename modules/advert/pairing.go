package advert

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net"
	"net/url"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
)

// Pairing: staff create a short-lived offer for one tablet; the tablet
// scans its QR code (or types the short code) and redeems it once through a
// public call, receiving the tablet's key. Redeeming gives the tablet a new
// key, so a tablet that is replaced or reset takes over and the old device
// stops working, as after "new key".
const (
	pairCodeLen = 8
	// pairAlphabet leaves out 0/O, 1/I/L and U, which are misread.
	pairAlphabet = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
	PairingTTL   = 10 * time.Minute
	// PairMaxFailures refused redemptions from one address (an IPv6 /64)
	// within PairFailureWindow lock it out for the rest of the window.
	PairMaxFailures   = 10
	PairFailureWindow = 15 * time.Minute
	// OnlineWindow: a tablet that polled its playlist within it is online.
	// Tablets poll at least once a minute; last-seen times are written
	// every 30 seconds.
	OnlineWindow = 2 * time.Minute
	// PairPagePath is the address a pairing QR code carries.
	PairPagePath = "/tablet/pair"
)

// TabletPairing is one pairing offer; only a hash of its code is kept.
type TabletPairing struct {
	ID         uint64     `gorm:"primaryKey"`
	MerchantID uint64     `gorm:"not null;index"`
	VenueID    uint64     `gorm:"not null;default:0"`
	TabletID   uint64     `gorm:"not null;index"`
	CodeHash   string     `gorm:"size:64;not null;uniqueIndex"`
	ExpiresAt  time.Time  `gorm:"not null"`
	RedeemedAt *time.Time // set once: the offer is spent
	CreatedBy  uint64     `gorm:"not null;default:0"`
	CreatedAt  time.Time
}

func (TabletPairing) TableName() string { return "advert_tablet_pairings" }

// PairAttempt counts refused redemptions from one address.
type PairAttempt struct {
	Address     string    `gorm:"primaryKey;size:64"`
	Failures    int       `gorm:"not null;default:0"`
	WindowStart time.Time `gorm:"not null"`
}

func (PairAttempt) TableName() string { return "advert_pair_attempts" }

// PairingOffer is what the console shows: the code (once), its QR address
// and when it expires.
type PairingOffer struct {
	TabletID  uint64    `json:"tabletId"`
	Number    string    `json:"number"`
	Code      string    `json:"code"`
	Path      string    `json:"path" doc:"the pairing page with the code, below the server's origin"`
	URL       string    `json:"url" doc:"the pairing page's full address when the server's public URL is configured, else empty (use the console's origin)"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// PairInput is what a tablet sends to redeem a code.
type PairInput struct {
	Code string `json:"code"`
}

// PairResult delivers the tablet's key, once.
type PairResult struct {
	Key       string `json:"key"`
	TabletID  uint64 `json:"tabletId"`
	Number    string `json:"number"`
	Name      string `json:"name"`
	VenueID   uint64 `json:"venueId"`
	VenueName string `json:"venueName"`
}

func newPairCode() string {
	b := make([]byte, pairCodeLen)
	out := make([]byte, pairCodeLen)
	n := byte(len(pairAlphabet))
	for i := 0; i < pairCodeLen; {
		_, _ = rand.Read(b[:1])
		if b[0] >= 255-255%n { // no modulo bias
			continue
		}
		out[i] = pairAlphabet[b[0]%n]
		i++
	}
	return string(out)
}

// normalizePairCode accepts the code as typed: any case, with spaces or
// dashes between groups; "" when it cannot be a code.
func normalizePairCode(s string) string {
	s = strings.ToUpper(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, s))
	if len(s) != pairCodeLen {
		return ""
	}
	for _, r := range s {
		if !strings.ContainsRune(pairAlphabet, r) {
			return ""
		}
	}
	return s
}

func hashPairCode(code string) string {
	sum := sha256.Sum256([]byte("venue-tablet-pairing:" + code))
	return hex.EncodeToString(sum[:])
}

// PairPath is the pairing page's path with a code.
func PairPath(code string) string { return PairPagePath + "?code=" + url.QueryEscape(code) }

// CreatePairing offers a tablet of the caller's scope for pairing; earlier
// unspent offers of the tablet are withdrawn.
func (m *Module) CreatePairing(ctx context.Context, p *api.Principal, id uint64) (*PairingOffer, error) {
	var t Tablet
	code := newPairCode()
	now := time.Now().UTC()
	offer := TabletPairing{CodeHash: hashPairCode(code), ExpiresAt: now.Add(PairingTTL), CreatedBy: p.UserID, CreatedAt: now}
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&t, id).Error; err != nil {
			return err
		}
		if err := tx.Where("tablet_id = ? AND redeemed_at IS NULL", t.ID).Delete(&TabletPairing{}).Error; err != nil {
			return err
		}
		offer.MerchantID, offer.VenueID, offer.TabletID = t.MerchantID, t.VenueID, t.ID
		return tx.Create(&offer).Error
	})
	if err != nil {
		return nil, err
	}
	out := &PairingOffer{TabletID: t.ID, Number: t.Number, Code: code, Path: PairPath(code), ExpiresAt: offer.ExpiresAt}
	if u := m.deps.Config.PublicURL; u != "" {
		out.URL = strings.TrimRight(u, "/") + out.Path
	}
	return out, nil
}

// PairingStatus is the state of a tablet's latest pairing offer: pending
// (not yet redeemed, not expired), redeemed, expired, or none.
type PairingStatus struct {
	TabletID   uint64     `json:"tabletId"`
	Status     string     `json:"status" enum:"none,pending,redeemed,expired"`
	RedeemedAt *time.Time `json:"redeemedAt"`
}

// PairingState answers the state of the latest pairing offer of a tablet of
// the caller's scope (another merchant's tablet is not found).
func (m *Module) PairingState(ctx context.Context, id uint64) (*PairingStatus, error) {
	db := m.db.WithContext(ctx)
	var t Tablet
	if err := db.Select("id").Take(&t, id).Error; err != nil {
		return nil, err
	}
	out := &PairingStatus{TabletID: t.ID, Status: "none"}
	var offer TabletPairing
	if err := db.Where("tablet_id = ?", t.ID).Order("id DESC").Limit(1).Find(&offer).Error; err != nil {
		return nil, err
	}
	switch {
	case offer.ID == 0:
	case offer.RedeemedAt != nil:
		out.Status, out.RedeemedAt = "redeemed", offer.RedeemedAt
	case !time.Now().UTC().Before(offer.ExpiresAt):
		out.Status = "expired"
	default:
		out.Status = "pending"
	}
	return out, nil
}

// pairAddress is the key refused redemptions are counted under: the
// client's IPv4 address, or its IPv6 /64 (one subscriber's range).
func pairAddress(ip string) string {
	parsed := net.ParseIP(ip)
	switch {
	case parsed == nil:
		if len(ip) > 64 {
			ip = ip[:64]
		}
		return ip
	case parsed.To4() != nil:
		return parsed.To4().String()
	default:
		return parsed.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
}

// Redeem spends a pairing code from a tablet: it answers the tablet's new
// key once. A wrong, expired or spent code is refused. Every attempt is
// counted against the caller's address before the code is looked up, and
// uncounted when it succeeds, so parallel guesses see each other.
func (m *Module) Redeem(ctx context.Context, rawCode, ip string) (*PairResult, error) {
	if strings.TrimSpace(rawCode) == "" {
		return nil, api.Invalid("code", "advert.pair_code_required", nil)
	}
	addr := pairAddress(ip)
	now := time.Now().UTC()
	if err := m.reservePairAttempt(ctx, addr, now); err != nil {
		return nil, err
	}
	code := normalizePairCode(rawCode)
	if code == "" {
		return nil, api.Invalid("code", "advert.pair_code_wrong", nil)
	}
	var t Tablet
	var old string
	refusal := ""
	err := m.sys(ctx).Transaction(func(tx *gorm.DB) error {
		var offer TabletPairing
		if err := tx.Where("code_hash = ?", hashPairCode(code)).Limit(1).Find(&offer).Error; err != nil {
			return err
		}
		switch {
		case offer.ID == 0:
			refusal = "advert.pair_code_wrong"
			return nil
		case offer.RedeemedAt != nil:
			refusal = "advert.pair_code_used"
			return nil
		case !now.Before(offer.ExpiresAt):
			refusal = "advert.pair_code_expired"
			return nil
		}
		// Spend the offer first: of two redemptions at once, one wins.
		res := tx.Model(&TabletPairing{}).Where("id = ? AND redeemed_at IS NULL", offer.ID).Update("redeemed_at", now)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			refusal = "advert.pair_code_used"
			return nil
		}
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", offer.TabletID).Limit(1).Find(&t).Error; err != nil {
			return err
		}
		if t.ID == 0 {
			refusal = "advert.pair_code_wrong"
			return nil
		}
		old, t.Key = t.Key, newTabletKey()
		if err := tx.Model(&Tablet{}).Where("id = ?", t.ID).UpdateColumns(map[string]any{"tablet_key": t.Key, "updated_at": now}).Error; err != nil {
			return err
		}
		return tx.Model(&PairAttempt{}).Where("address = ? AND failures > 0", addr).UpdateColumn("failures", gorm.Expr("failures - 1")).Error
	})
	if err != nil {
		return nil, err
	}
	if refusal != "" {
		return nil, api.Invalid("code", refusal, nil)
	}
	m.tabletChanged(ctx, old)
	return &PairResult{Key: t.Key, TabletID: t.ID, Number: t.Number, Name: t.Name, VenueID: t.VenueID,
		VenueName: m.orgs.name(ctx, t.VenueID)}, nil
}

// reservePairAttempt counts an attempt against the address, or refuses it
// when the address already has its limit counted in this window.
func (m *Module) reservePairAttempt(ctx context.Context, addr string, now time.Time) error {
	var locked error
	err := m.sys(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&PairAttempt{Address: addr, Failures: 0, WindowStart: now}).Error
		if err != nil {
			return err
		}
		var a PairAttempt
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("address = ?", addr).Take(&a).Error; err != nil {
			return err
		}
		if !now.Before(a.WindowStart.Add(PairFailureWindow)) {
			a.Failures, a.WindowStart = 0, now // a window long past starts again
		}
		if a.Failures >= PairMaxFailures {
			locked = pairLocked(a.WindowStart.Add(PairFailureWindow), now)
			return nil
		}
		return tx.Model(&PairAttempt{}).Where("address = ?", addr).
			UpdateColumns(map[string]any{"failures": a.Failures + 1, "window_start": a.WindowStart}).Error
	})
	if err != nil {
		return err
	}
	return locked
}

func pairLocked(until, now time.Time) error {
	minutes := max(1, int(math.Ceil(until.Sub(now).Minutes())))
	return api.Business(api.CodeConflict, "advert.pair_locked", map[string]any{"Minutes": minutes})
}
