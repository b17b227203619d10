// Package modules lists the product's domain modules; cmd/venue and the
// whole-application tests take the list from here.
package modules

import (
	"context"

	"github.com/venueplatform/venue/internal/app"
)

// Domain builds every domain module (the sys module is the platform core
// and is built by boot itself).
func Domain(ctx context.Context, deps app.Deps) ([]app.Module, error) {
	return nil, nil
}
