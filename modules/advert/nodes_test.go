package advert_test

import (
	"encoding/json"
	"testing"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/platform/platformtest"
)

// Two API nodes on one database: a venue renamed and moved to another time
// zone on node A shows in B's tablet list on B's very next request (it
// syncs the change feed), and B's tablet playlists follow, instead of
// answering from B's organisation cache.
func TestAVenueChangedOnOneNodeShowsOnTheOtherAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	b := f.env.Node()
	onB := func(method, path, token string) platformtest.Envelope {
		t.Helper()
		return platformtest.OK(t, b.Do(platformtest.Req{Method: method, Path: path, Token: token}))
	}
	venueName := func() string {
		t.Helper()
		var page api.Page[advert.TabletView]
		onB("GET", tabletBase+"?pageSize=100", f.boss).Into(t, &page)
		for _, r := range page.Records {
			if r.VenueID == f.venueID {
				return r.VenueName
			}
		}
		t.Fatalf("no tablet of venue %d on B", f.venueID)
		return ""
	}
	playlist := func() advert.PlaylistTablet {
		t.Helper()
		var pl advert.Playlist
		onB("GET", "/api/public/tablet/"+f.tablets[0].Key+"/playlist", "").Into(t, &pl)
		return pl.Tablet
	}
	// B has the venue in its caches.
	before := venueName()
	pl := playlist()
	if pl.VenueName != before {
		t.Fatalf("playlist on B names %q, the tablet list %q", pl.VenueName, before)
	}

	settings := "/api/merchant/shop/setting/" + itoa(f.venueID)
	var form map[string]any
	if err := json.Unmarshal(f.ok("GET", settings, f.boss, nil).Result, &form); err != nil {
		t.Fatal(err)
	}
	zone := "America/Lima"
	if form["timezone"] == zone {
		zone = "Europe/Lisbon"
	}
	form["name"], form["timezone"] = before+" renamed", zone
	f.ok("PUT", settings, f.boss, form)

	if got := venueName(); got != before+" renamed" {
		t.Fatalf("B's tablet list names the venue %q after A renamed it", got)
	}
	// That request synced B with the feed: its playlists follow too.
	if pl := playlist(); pl.VenueName != before+" renamed" || pl.Timezone != zone {
		t.Fatalf("B's playlist after the change on A: %+v", pl)
	}
}
