// Package tenancy applies the organisation scope (platform → merchant →
// venue) to every query and write centrally, as a GORM plugin, so that no
// module has to remember it.
//
// A model is merchant-scoped when it has a MerchantID field, and also
// venue-scoped when it has a VenueID field. A statement on a scoped model
// must run with a Scope in its context (db.WithContext(ctx)); without one it
// is refused, so a forgotten scope fails loudly instead of leaking rows.
package tenancy

import (
	"context"
	"errors"
	"reflect"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
)

// Kind is the breadth of a scope.
type Kind int

const (
	// System is for the server itself: migrations, seeds, workflows, login.
	System Kind = iota + 1
	// Platform users see every merchant.
	Platform
	// Merchant users see their merchant's rows (and shared rows with merchant 0 where the model allows it).
	Merchant
	// Venue users see their venue's rows of their merchant.
	Venue
)

// Scope is who the current statement runs for.
type Scope struct {
	Kind       Kind
	MerchantID uint64
	VenueID    uint64
}

// Unrestricted reports whether the scope sees every tenant.
func (s Scope) Unrestricted() bool { return s.Kind == System || s.Kind == Platform }

type ctxKey struct{}

// With returns ctx carrying s.
func With(ctx context.Context, s Scope) context.Context { return context.WithValue(ctx, ctxKey{}, s) }

// From returns the scope carried by ctx.
func From(ctx context.Context) (Scope, bool) {
	s, ok := ctx.Value(ctxKey{}).(Scope)
	return s, ok
}

// SystemContext marks ctx as the server acting on its own behalf.
func SystemContext(ctx context.Context) context.Context { return With(ctx, Scope{Kind: System}) }

// SharedRows is implemented by models whose rows with merchant_id 0 are
// readable (never writable) by every merchant, such as the seeded roles.
type SharedRows interface{ TenantSharedRows() }

// ErrNoScope is returned for a statement on a scoped model without a scope.
var ErrNoScope = errors.New("tenancy: statement on a tenant-scoped table without a scope in its context")

// ErrOutOfScope is returned when a created row names another tenant.
var ErrOutOfScope = errors.New("tenancy: row belongs to another tenant")

// Plugin registers the scope callbacks.
type Plugin struct{}

func (Plugin) Name() string { return "venue:tenancy" }

func (Plugin) Initialize(db *gorm.DB) error {
	cb := db.Callback()
	if err := cb.Query().Before("gorm:query").Register("venue:tenancy_query", filterRead); err != nil {
		return err
	}
	if err := cb.Row().Before("gorm:row").Register("venue:tenancy_row", filterRead); err != nil {
		return err
	}
	if err := cb.Update().Before("gorm:update").Register("venue:tenancy_update", filterWrite); err != nil {
		return err
	}
	if err := cb.Delete().Before("gorm:delete").Register("venue:tenancy_delete", filterWrite); err != nil {
		return err
	}
	return cb.Create().Before("gorm:create").Register("venue:tenancy_create", stampCreate)
}

type fields struct{ merchant, venue *schema.Field }

func scopedFields(db *gorm.DB) (fields, bool) {
	s := db.Statement.Schema
	if s == nil {
		return fields{}, false
	}
	f := fields{merchant: s.LookUpField("MerchantID"), venue: s.LookUpField("VenueID")}
	return f, f.merchant != nil
}

func scopeOf(db *gorm.DB) (Scope, bool) {
	if db.Statement.Context == nil {
		return Scope{}, false
	}
	return From(db.Statement.Context)
}

// restricted answers the tenant fields of the statement's model and the
// scope to hold them to, or false when there is nothing to do: an earlier
// error, a model without tenant fields, or an unrestricted scope. A scoped
// model without a scope in the context is refused with ErrNoScope.
func restricted(db *gorm.DB) (fields, Scope, bool) {
	if db.Error != nil {
		return fields{}, Scope{}, false
	}
	f, ok := scopedFields(db)
	if !ok {
		return fields{}, Scope{}, false
	}
	sc, ok := scopeOf(db)
	if !ok {
		_ = db.AddError(ErrNoScope)
		return fields{}, Scope{}, false
	}
	if sc.Unrestricted() {
		return fields{}, Scope{}, false
	}
	return f, sc, true
}

func filterRead(db *gorm.DB)  { filter(db, true) }
func filterWrite(db *gorm.DB) { filter(db, false) }

func filter(db *gorm.DB, read bool) {
	f, sc, ok := restricted(db)
	if !ok {
		return
	}
	table := db.Statement.Table
	col := clause.Column{Table: table, Name: f.merchant.DBName}
	var exprs []clause.Expression
	if read && isShared(db) {
		exprs = append(exprs, clause.IN{Column: col, Values: []any{uint64(0), sc.MerchantID}})
	} else {
		exprs = append(exprs, clause.Eq{Column: col, Value: sc.MerchantID})
	}
	if sc.Kind == Venue && f.venue != nil {
		exprs = append(exprs, clause.Eq{Column: clause.Column{Table: table, Name: f.venue.DBName}, Value: sc.VenueID})
	}
	db.Statement.AddClause(clause.Where{Exprs: exprs})
}

func isShared(db *gorm.DB) bool {
	_, ok := reflect.New(db.Statement.Schema.ModelType).Interface().(SharedRows)
	return ok
}

func stampCreate(db *gorm.DB) {
	f, sc, ok := restricted(db)
	if !ok {
		return
	}
	stamp := func(rv reflectValue) {
		ctx := db.Statement.Context
		if v, zero := f.merchant.ValueOf(ctx, rv); !zero && toUint(v) != sc.MerchantID {
			_ = db.AddError(ErrOutOfScope)
			return
		}
		_ = f.merchant.Set(ctx, rv, sc.MerchantID)
		if sc.Kind == Venue && f.venue != nil {
			if v, zero := f.venue.ValueOf(ctx, rv); !zero && toUint(v) != sc.VenueID {
				_ = db.AddError(ErrOutOfScope)
				return
			}
			_ = f.venue.Set(ctx, rv, sc.VenueID)
		}
	}
	eachRow(db, stamp)
}
