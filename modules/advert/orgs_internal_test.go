package advert

import (
	"context"
	"testing"
)

// A drop that overtakes a load (the change feed announced a change while
// the old facts were being read) is not undone by the load storing what it
// read: the next get reads again.
func TestADropDuringALoadIsNotUndone(t *testing.T) {
	t.Parallel()
	o := &orgCache{ttl: orgBackstop, vals: map[uint64]cachedOrg{}}
	name, loads := "old", 0
	o.load = func(_ context.Context, id uint64) (orgFacts, error) {
		loads++
		read := name
		if loads == 1 {
			// The node is renamed and announced while this load is under way.
			name = "new"
			o.drop(id)
		}
		return orgFacts{ID: id, Name: read}, nil
	}
	ctx := context.Background()
	if got := o.name(ctx, 7); got != "old" {
		t.Fatalf("first get: %q", got)
	}
	if got := o.name(ctx, 7); got != "new" {
		t.Fatalf("after the drop: %q (%d loads); the racing load was kept", got, loads)
	}
	if got := o.name(ctx, 7); got != "new" || loads != 2 {
		t.Fatalf("third get: %q after %d loads; want the cached new name", got, loads)
	}
}
