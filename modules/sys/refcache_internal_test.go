package sys

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/venueplatform/venue/internal/changefeed"
)

// A change announced while names were being read is not undone by the
// read storing what it found: the next Get reads again.
func TestRefCacheKeepsNoLoadAChangeOvertook(t *testing.T) {
	t.Parallel()
	feed := changefeed.New(nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	name, loads := "old", 0
	var c *refCache[string]
	c = newRefCache(feed, "t", func(_ context.Context, ids []uint64) (map[uint64]string, error) {
		loads++
		read := name
		if loads == 1 {
			// Renamed and announced on this node while the read is under way.
			name = "new"
			c.invalidate("7")
		}
		return map[uint64]string{ids[0]: read}, nil
	})
	ctx := context.Background()
	get := func() string {
		t.Helper()
		got, err := c.Get(ctx, []uint64{7})
		if err != nil {
			t.Fatal(err)
		}
		return got[7]
	}
	if got := get(); got != "old" {
		t.Fatalf("first get: %q", got)
	}
	if got := get(); got != "new" {
		t.Fatalf("after the change: %q; the overtaken read was kept", got)
	}
	if got := get(); got != "new" || loads != 2 {
		t.Fatalf("third get: %q after %d loads; want the cached new name", got, loads)
	}
}
