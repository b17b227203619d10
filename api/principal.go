package api

import (
	"context"

	"github.com/venueplatform/venue/internal/tenancy"
)

// Principal is the authenticated user of a request.
type Principal struct {
	UserID             uint64
	UserName           string
	Admin              bool // adminFlag '1': passes every operation check
	OrgID              uint64
	OrgType            string // platform, merchant or venue
	MerchantID         uint64
	VenueID            uint64
	Roles              []string // active role codes
	TokenID            string
	MustChangePassword bool
}

// Scope is the tenant scope the principal's statements run in.
func (p *Principal) Scope() tenancy.Scope {
	switch {
	case p.MerchantID == 0:
		return tenancy.Scope{Kind: tenancy.Platform}
	case p.VenueID != 0:
		return tenancy.Scope{Kind: tenancy.Venue, MerchantID: p.MerchantID, VenueID: p.VenueID}
	default:
		return tenancy.Scope{Kind: tenancy.Merchant, MerchantID: p.MerchantID}
	}
}

// IsPlatform reports a user of the platform organisation (not of a merchant).
func (p *Principal) IsPlatform() bool { return p.MerchantID == 0 }

// Authenticator resolves a token into a principal; errors are *Error (401).
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (*Principal, error)
}

// Authorizer decides whether a principal may perform an operation.
type Authorizer interface {
	Allowed(p *Principal, permission, action string) bool
}

type principalKey struct{}

// WithPrincipal returns ctx carrying p (and p's tenant scope).
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return tenancy.With(context.WithValue(ctx, principalKey{}, p), p.Scope())
}

// PrincipalFrom returns the principal carried by ctx.
func PrincipalFrom(ctx context.Context) (*Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(*Principal)
	return p, ok
}
