package advert_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/advert"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
)

const pairPath = "/api/public/tablet/pair"

func (f *fixture) offer(token string, tabletID uint64) advert.PairingOffer {
	f.t.Helper()
	var o advert.PairingOffer
	f.ok("POST", tabletBase+"/"+itoa(tabletID)+"/pairing", token, nil).Into(f.t, &o)
	return o
}

// redeem sends a code from a tablet at addr ("" = the default address).
func (f *fixture) redeem(code, addr, locale string) platformtest.Envelope {
	f.t.Helper()
	return f.env.Do(platformtest.Req{Method: "POST", Path: pairPath, Body: map[string]string{"code": code}, RemoteAddr: addr, Locale: locale})
}

// A staff member pairs a tablet; the tablet redeems the code once and gets
// a new key; the old key stops working.
func TestPairingDeliversTheTabletsKeyOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tb := f.tablets[0]
	o := f.offer(f.manager, tb.ID)
	require.Len(t, o.Code, 8)
	for _, r := range o.Code {
		require.True(t, strings.ContainsRune("23456789ABCDEFGHJKMNPQRSTVWXYZ", r), "unambiguous alphabet: %q", o.Code)
	}
	require.Equal(t, "/tablet/pair?code="+o.Code, o.Path)
	require.WithinDuration(t, time.Now().Add(10*time.Minute), o.ExpiresAt, time.Minute)
	require.Equal(t, tb.Number, o.Number)
	require.Equal(t, 10000, f.playlist(tb.Key, "").Code, "offering does not touch the working key")

	// Typed as the tablet shows it: lower case, with a dash.
	res := f.redeem(strings.ToLower(o.Code[:4]+"-"+o.Code[4:]), "", "")
	var got advert.PairResult
	platformtest.OK(t, res).Into(t, &got)
	require.Len(t, got.Key, 43)
	require.NotEqual(t, tb.Key, got.Key)
	require.Equal(t, tb.ID, got.TabletID)
	require.Equal(t, tb.Number, got.Number)
	require.Equal(t, "Demo Bistro Riverside", got.VenueName)
	require.Equal(t, 10000, f.playlist(got.Key, "").Code, "the delivered key is the tablet's credential")
	require.Equal(t, api.CodeNotFound, f.playlist(tb.Key, "").Code, "the old key is revoked")
	var d advert.TabletDetail
	f.ok("GET", tabletBase+"/"+itoa(tb.ID), f.boss, nil).Into(t, &d)
	require.Equal(t, got.Key, d.Key)

	// Twice is refused, naming the field, in the tablet's language.
	res = f.redeem(o.Code, "", "")
	require.Equal(t, api.CodeInvalid, res.Code)
	require.Equal(t, "This pairing code has already been used; create a new one on the tablet list", res.Fields["code"])
	res = f.redeem(o.Code, "", "zh-CN")
	require.Equal(t, "该配对码已被使用；请在平板列表中重新生成", res.Fields["code"])

	// Both writes are in the operation log; the code is not.
	f.env.P.Sys.Oplog.Flush()
	var logged []sys.Oplog
	db := f.env.P.DB.WithContext(platformtest.SystemCtx(t))
	require.NoError(t, db.Where("route IN ?", []string{"/merchant/tablet/:id/pairing", "/public/tablet/pair"}).Order("id").Find(&logged).Error)
	require.Len(t, logged, 4)
	require.Equal(t, "advert:tablet:edit", logged[0].Operation)
	require.Equal(t, "demo_manager", logged[0].Username)
	for _, l := range logged {
		require.NotContains(t, l.Body, o.Code)
		require.NotContains(t, strings.ToLower(l.Body), strings.ToLower(o.Code[4:]))
	}
}

func TestPairingRefusesWrongExpiredAndReplacedCodes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tb := f.tablets[1]
	db := f.env.P.DB.WithContext(platformtest.SystemCtx(t))

	require.Equal(t, "Enter the pairing code shown on the console's tablet list", f.redeem(" ", "", "").Fields["code"])
	for _, wrong := range []string{"ABCD2345", "abc", "ABCDEFG0", strings.Repeat("A", 300)} {
		res := f.redeem(wrong, "", "")
		require.Equal(t, api.CodeInvalid, res.Code, wrong)
		require.Equal(t, "This pairing code is not valid; check it, or create a new one on the tablet list", res.Fields["code"], wrong)
	}

	expired := f.offer(f.boss, tb.ID)
	require.NoError(t, db.Model(&advert.TabletPairing{}).Where("tablet_id = ?", tb.ID).Update("expires_at", time.Now().Add(-time.Second)).Error)
	res := f.redeem(expired.Code, "", "de")
	require.Equal(t, "Dieser Kopplungscode ist abgelaufen (Codes gelten 10 Minuten); erstellen Sie in der Tablet-Liste einen neuen", res.Fields["code"])
	require.Equal(t, 10000, f.playlist(tb.Key, "").Code, "a refused code changes nothing")

	// A new offer withdraws the tablet's earlier one.
	first := f.offer(f.boss, tb.ID)
	second := f.offer(f.boss, tb.ID)
	require.NotEqual(t, first.Code, second.Code)
	require.Equal(t, api.CodeInvalid, f.redeem(first.Code, "", "").Code)
	platformtest.OK(t, f.redeem(second.Code, "", ""))

	// Removing a tablet removes its offers.
	gone := f.offer(f.boss, f.tablets[3].ID)
	f.ok("DELETE", tabletBase+"/"+itoa(f.tablets[3].ID), f.boss, nil)
	require.Equal(t, "This pairing code is not valid; check it, or create a new one on the tablet list", f.redeem(gone.Code, "", "").Fields["code"])
	var left int64
	require.NoError(t, db.Model(&advert.TabletPairing{}).Where("tablet_id = ?", f.tablets[3].ID).Count(&left).Error)
	require.Zero(t, left)

	// Only the codes are stored, hashed.
	var rows []advert.TabletPairing
	require.NoError(t, db.Find(&rows).Error)
	for _, r := range rows {
		require.NotContains(t, r.CodeHash, second.Code)
		require.Len(t, r.CodeHash, 64)
	}
}

// Refusals are counted per address: the eleventh attempt from an address
// that made ten wrong guesses is refused even with the right code, while
// another address redeems it.
func TestPairingIsRateLimitedPerAddress(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	o := f.offer(f.boss, f.tablets[0].ID)
	const guesser = "198.51.100.7:5000"
	for i := range advert.PairMaxFailures {
		res := f.redeem("ZZZZ"+[]string{"2222", "3333", "4444", "5555", "6666", "7777", "8888", "9999", "AAAA", "BBBB"}[i], guesser, "")
		require.Equal(t, api.CodeInvalid, res.Code, "guess %d", i)
	}
	res := f.redeem(o.Code, guesser, "")
	require.Equal(t, api.CodeConflict, res.Code)
	require.Equal(t, "Too many wrong pairing codes from this network; try again in 15 minutes", res.Msg)
	// The same /64 is the same guesser.
	six := func(host string) string { return "[" + host + "]:443" }
	for range advert.PairMaxFailures {
		f.redeem("ZZZZZZZZ", six("2001:db8:1:2::10"), "")
	}
	require.Equal(t, api.CodeConflict, f.redeem(o.Code, six("2001:db8:1:2:ffff::1"), "").Code)
	// Another address is not held back; a success is not counted against it.
	other := "203.0.113.9:6000"
	var got advert.PairResult
	platformtest.OK(t, f.redeem(o.Code, other, "")).Into(t, &got)
	var a advert.PairAttempt
	require.NoError(t, f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("address = ?", "203.0.113.9").Take(&a).Error)
	require.Zero(t, a.Failures)
	// The window passes: the guesser may try again.
	require.NoError(t, f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&advert.PairAttempt{}).Where("address = ?", "198.51.100.7").
		Update("window_start", time.Now().Add(-advert.PairFailureWindow-time.Second)).Error)
	require.Equal(t, api.CodeInvalid, f.redeem("ZZZZ2222", guesser, "").Code)
}

// Two tablets redeeming one code at once: one gets the key.
func TestPairingCodeIsSingleUseUnderRace(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	o := f.offer(f.boss, f.tablets[0].ID)
	var wg sync.WaitGroup
	keys := make([]string, 4)
	errs := make([]error, 4)
	for i := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := f.mod.Redeem(t.Context(), o.Code, "192.0.2.50")
			errs[i] = err
			if r != nil {
				keys[i] = r.Key
			}
		}()
	}
	wg.Wait()
	won := 0
	for i := range keys {
		if keys[i] != "" {
			won++
			continue
		}
		var e *api.Error
		require.ErrorAs(t, errs[i], &e)
		require.Equal(t, "advert.pair_code_used", e.Key)
	}
	require.Equal(t, 1, won)
}

// Only the tablet page's editors offer tablets, and only their own.
func TestPairingPermissionAndTenantScope(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	path := tabletBase + "/" + itoa(f.tablets[0].ID) + "/pairing"
	require.Equal(t, http.StatusForbidden, f.do("POST", path, f.waiter, nil).Status)
	require.Equal(t, http.StatusForbidden, f.do("POST", path, f.reviewer, nil).Status)
	require.Equal(t, api.CodeNotFound, f.do("POST", path, f.other(), nil).Code, "another merchant's tablet does not exist for them")
	require.Equal(t, http.StatusUnauthorized, f.do("POST", path, "", nil).Status)
	var none int64
	require.NoError(t, f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Model(&advert.TabletPairing{}).Count(&none).Error)
	require.Zero(t, none)
	// The rival's own tablet pairs, into the rival's scope.
	var d advert.TabletDetail
	f.ok("POST", tabletBase, f.other(), map[string]any{"venueId": f.otherVenue, "number": "R1"}).Into(t, &d)
	o := f.offer(f.other(), d.ID)
	var got advert.PairResult
	platformtest.OK(t, f.redeem(o.Code, "", "")).Into(t, &got)
	require.Equal(t, d.ID, got.TabletID)
	var row advert.TabletPairing
	require.NoError(t, f.env.P.DB.WithContext(platformtest.SystemCtx(t)).Where("tablet_id = ?", d.ID).Take(&row).Error)
	require.Equal(t, d.MerchantID, row.MerchantID)
	require.NotEqual(t, f.merchantID, row.MerchantID)
}

// The list says online for a poll within two minutes, offline otherwise,
// with the venue's time zone for the last-seen time.
func TestTabletsShowOnlineFromTheirLastPoll(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	db := f.env.P.DB.WithContext(platformtest.SystemCtx(t))
	require.NoError(t, db.Model(&advert.Tablet{}).Where("id = ?", f.tablets[1].ID).Update("last_seen_at", time.Now().Add(-3*time.Minute)).Error)
	require.NoError(t, db.Model(&advert.Tablet{}).Where("id = ?", f.tablets[2].ID).Update("last_seen_at", time.Now().Add(-90*time.Second)).Error)
	f.playlist(f.tablets[0].Key, "")
	var page api.Page[advert.TabletView]
	f.ok("GET", tabletBase+"?pageSize=100", f.manager, nil).Into(t, &page)
	online := map[uint64]bool{}
	for _, r := range page.Records {
		online[r.ID] = r.Online
		require.Equal(t, "Asia/Shanghai", r.TimeZone)
	}
	require.Equal(t, map[uint64]bool{f.tablets[0].ID: true, f.tablets[1].ID: false, f.tablets[2].ID: true, f.tablets[3].ID: false}, online)
}

// The QR code's address shows the code and how to enter it, and spends nothing.
func TestPairingPage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	o := f.offer(f.boss, f.tablets[0].ID)
	req := httptest.NewRequest("GET", o.Path, nil)
	req.Header.Set("Accept-Language", "de-DE,de;q=0.9")
	w := httptest.NewRecorder()
	require.True(t, f.mod.ServePage(w, req))
	body := w.Body.String()
	require.Equal(t, http.StatusOK, w.Code)
	require.Contains(t, w.Header().Get("Content-Security-Policy"), "script-src 'self'")
	require.Contains(t, body, "Tablet koppeln")
	require.Contains(t, body, o.Code[:4]+"-"+o.Code[4:])
	platformtest.OK(t, f.redeem(o.Code, "", ""))

	w = httptest.NewRecorder()
	require.True(t, f.mod.ServePage(w, httptest.NewRequest("GET", "/tablet/pair?code=%3Cscript%3E", nil)))
	require.Contains(t, w.Body.String(), "has no valid code")
	require.NotContains(t, w.Body.String(), "<script>")
	require.False(t, f.mod.ServePage(httptest.NewRecorder(), httptest.NewRequest("GET", "/tablet/pairs", nil)))
}

// The pairing dialog polls the offer's state: none, pending, then redeemed
// once the tablet spent the code; another merchant's tablet is not found.
func TestPairingStatusFollowsTheRedemption(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	tb := f.tablets[0]
	path := tabletBase + "/" + itoa(tb.ID) + "/pairing"
	state := func() advert.PairingStatus {
		var s advert.PairingStatus
		f.ok("GET", path, f.manager, nil).Into(t, &s)
		return s
	}
	require.Equal(t, "none", state().Status)
	o := f.offer(f.manager, tb.ID)
	require.Equal(t, "pending", state().Status)
	require.Equal(t, api.CodeNotFound, f.do("GET", path, f.other(), nil).Code, "another merchant's tablet does not exist for them")
	require.Equal(t, http.StatusUnauthorized, f.do("GET", path, "", nil).Status)
	platformtest.OK(t, f.redeem(o.Code, "", ""))
	s := state()
	require.Equal(t, "redeemed", s.Status)
	require.NotNil(t, s.RedeemedAt)
	f.offer(f.manager, tb.ID)
	require.Equal(t, "pending", state().Status, "a new offer is the one followed")
}
