package routefuzz_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/modules/sys"
	"github.com/venueplatform/venue/platform/platformtest"
	"github.com/venueplatform/venue/platform/platformtest/temporalkit"
)

// TestRoutesOnExistingRows fuzzes the routes that act on one row with rows
// that exist, where TestEveryRouteSurvivesMutatedRequests names id 999999
// only (a handler that breaks on a real row, or answers another merchant's
// row, passed it). The rows are the demo merchant's seed, a guest order with
// its print jobs and a waiter call, a role of the merchant's and a purchase
// request (an instance and its task) made for the test, and rows the platform
// administrator creates (dictionary type and entry, role, menu entry, area).
// Three passes:
//
//   - another merchant's administrator sends every route each of the demo
//     merchant's rows (the rows its own lists do not show): each request is
//     refused, its answer carries no result, and it writes nothing;
//   - reads (GET) with the rows' ids, as the demo merchant's administrator
//     and as the platform administrator: no 5xx, no panic;
//   - writes with the rows' ids, as the demo merchant's administrator on its
//     merchant's rows (not its own account, merchant or roles), as the
//     platform administrator on the rows it created, and without a token on
//     the public routes with the venue's real keys: no 5xx, no panic, and a
//     refused request writes nothing. Deletions go last.
//
// The seed is VENUE_FUZZ_SEED's, as in the other test.
func TestRoutesOnExistingRows(t *testing.T) {
	t.Parallel()
	seed := fuzzSeed(t)
	perRoute := 3
	if testing.Short() {
		perRoute = 2
	}
	watch := &panicWatch{}
	env := platformtest.New(t, platformtest.Options{Demo: true, LogTo: watch})
	temporalkit.Start(t, env)
	x := newExisting(t, env)
	ops := readOpenAPI(t, env)
	rng := rand.New(rand.NewPCG(seed, seed^0x51f15e))
	snap := newSnapshotter(t, env)

	var rowOps []operation
	for _, op := range ops {
		if n := pathParams(op); n == 1 {
			rowOps = append(rowOps, op)
		} else if n > 1 {
			t.Errorf("%s %s: %d path parameters; teach this test which rows they name", op.method, op.path, n)
		}
	}
	// Writes that remove rows go last, so the other writes still find them.
	sort.SliceStable(rowOps, func(i, j int) bool {
		return rowOps[i].method != http.MethodDelete && rowOps[j].method == http.MethodDelete
	})

	var sent, untried, crossRoutes, crossSent int
	failures := map[string]int{}
	fail := func(key, who string, r request, format string, args ...any) {
		failures[key+" "+who]++
		if failures[key+" "+who] <= 3 {
			t.Errorf("%s as %s: %s\n  request: %s", key, who, fmt.Sprintf(format, args...), r.describe())
		}
	}
	// try sends one request and checks what every pass checks: no 5xx, no
	// panic, no row written by a refused request. It answers whether the
	// request was refused, and the envelope's result.
	try := func(op operation, who, token string, r request) (bool, json.RawMessage) {
		key := op.method + " " + op.path
		env.P.Feed.Flush() // live events an earlier request queued are written before the snapshot
		before := snap.take()
		status, code, body := send(env, token, r)
		sent++
		if status >= 500 {
			fail(key, who, r, "HTTP %d %s", status, truncate(body, 300))
		}
		for _, l := range watch.take() {
			fail(key, who, r, "panic logged: %s", truncate(l, 600))
		}
		refused := status != http.StatusOK || (code != 0 && code != api.CodeOK)
		if refused {
			if diff := snapshotDiff(before, snap.take()); diff != "" {
				fail(key, who, r, "refused (HTTP %d code %d) but wrote: %s", status, code, diff)
			}
		}
		var envl struct {
			Result json.RawMessage `json:"result"`
		}
		_ = json.Unmarshal([]byte(body), &envl)
		return refused, envl.Result
	}

	// Another merchant, every route, the demo merchant's rows.
	for _, op := range rowOps {
		if op.access == "public" {
			continue
		}
		ids := x.tenantRows(op)
		if len(ids) == 0 {
			continue
		}
		key := op.method + " " + op.path
		crossRoutes++
		for _, r := range x.requests(op, rng, perRoute, ids[0], x.otherVenue, x.demoVenue) {
			crossSent++
			refused, result := try(op, "another merchant", x.other, r)
			if !refused {
				fail(key, "another merchant", r, "answered the demo merchant's row %s: %s", ids[0], truncate(string(result), 300))
			} else if len(result) > 0 && string(result) != "null" {
				fail(key, "another merchant", r, "refused but answered a result: %s", truncate(string(result), 300))
			}
		}
		x.relogin()
	}

	// Reads, then writes, with the rows' ids.
	for _, writes := range []bool{false, true} {
		for _, op := range rowOps {
			if (op.method != http.MethodGet) != writes {
				continue
			}
			tried := false
			for _, c := range x.callersFor(op, writes) {
				tried = true
				for _, r := range x.requests(op, rng, perRoute, c.id, c.venue) {
					try(op, c.name, c.token(), r)
				}
				x.relogin()
			}
			if !tried {
				untried++
				t.Logf("%s %s: no existing row to try", op.method, op.path)
			}
		}
	}
	t.Logf("seed %d: %d routes on one row, %d requests; another merchant tried %d routes on the demo merchant's rows (%d requests); %d routes without a row to try",
		seed, len(rowOps), sent, crossRoutes, crossSent, untried)
}

func pathParams(op operation) int {
	n := 0
	for _, p := range op.params {
		if p.in == "path" {
			n++
		}
	}
	return n
}

// existing knows the test's callers and the rows each may act on.
type existing struct {
	t                     *testing.T
	env                   *platformtest.Env
	owner, other, admin   string // tokens: the demo merchant's administrator, another merchant's, the platform's
	demoVenue, otherVenue uint64
	venueKey              string
	tableTokens           []string
	skip                  map[string]bool // collection+" "+id the demo administrator's writes leave alone: its account, merchant, roles
	created               map[string][]string
	listed                map[string][]string
}

func newExisting(t *testing.T, env *platformtest.Env) *existing {
	x := &existing{t: t, env: env, skip: map[string]bool{}, created: map[string][]string{}, listed: map[string][]string{}}
	x.admin = env.AdminToken()
	x.owner = env.Login("demo_admin", sys.DemoPassword)
	venue := env.DemoVenue()
	x.demoVenue, x.venueKey = venue.ID, *venue.VenueKey
	other, err := env.P.Sys.CreateMerchant(t.Context(), sys.NewMerchant{Name: "Fuzz Rival Noodles"}, "fuzz_rival_admin", "Rival@12345")
	if err != nil {
		t.Fatal(err)
	}
	x.otherVenue = other.VenueID
	x.other = env.LoginChanged("fuzz_rival_admin", "Rival@12345")

	var me api.Page[sys.UserView]
	x.ok("GET", "/api/sys/user?username=demo_admin", x.owner, nil).Into(t, &me)
	for _, u := range me.Records {
		if u.Username == "demo_admin" {
			x.skip[fmt.Sprint("/sys/user ", u.ID)], x.skip[fmt.Sprint("/sys/org ", u.OrgID)] = true, true
			for _, r := range u.Roles {
				x.skip[fmt.Sprint("/sys/role ", r.ID)] = true
			}
		}
	}
	x.placeOrder()
	x.createPlatformRows()
	// A role of the demo merchant's own, and a purchase request (a process
	// instance with a task) a waiter starts.
	x.ok("POST", "/api/sys/role", x.owner, map[string]any{"name": "Fuzz host", "code": "fuzz_host", "dataScope": "merchant"})
	waiter := env.Login("demo_waiter", sys.DemoPassword)
	x.ok("POST", "/api/process/instance/start", waiter, map[string]any{"definitionKey": "purchase_request", "title": "Fuzz napkins",
		"variables": map[string]any{"item": "Napkins", "amount": 50}})
	// The instance writes its task on its own: wait for it, so that no
	// snapshot sees the process's own writes.
	manager := env.Login("demo_manager", sys.DemoPassword)
	deadline := time.Now().Add(30 * time.Second)
	for {
		var todo api.Page[json.RawMessage]
		x.ok("GET", "/api/process/task/todo", manager, nil).Into(t, &todo)
		if len(todo.Records) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the purchase request's task did not reach the venue manager")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return x
}

func (x *existing) ok(method, path, token string, body any) platformtest.Envelope {
	x.t.Helper()
	return platformtest.OK(x.t, x.env.Do(platformtest.Req{Method: method, Path: path, Token: token, Body: body}))
}

// placeOrder opens the demo venue all day and places a guest order (an
// order, its print jobs) and a waiter call at a QR table.
func (x *existing) placeOrder() {
	t := x.t
	var settings map[string]any
	x.ok("GET", fmt.Sprintf("/api/merchant/shop/setting/%d", x.demoVenue), x.owner, nil).Into(t, &settings)
	hours := make([]map[string]any, 7)
	for i := range hours {
		hours[i] = map[string]any{"day": i + 1, "closed": false, "periods": []map[string]string{{"open": "00:00", "close": "24:00"}}}
	}
	settings["openingHours"], settings["closedDates"] = hours, []string{}
	x.ok("PUT", fmt.Sprintf("/api/merchant/shop/setting/%d", x.demoVenue), x.owner, settings)
	var tables struct {
		Records []struct {
			Token          string `json:"token"`
			OrderingMethod string `json:"orderingMethod"`
		} `json:"records"`
	}
	x.ok("GET", fmt.Sprintf("/api/merchant/configure/table?venueId=%d&pageSize=100", x.demoVenue), x.owner, nil).Into(t, &tables)
	for _, tb := range tables.Records {
		x.tableTokens = append(x.tableTokens, tb.Token)
	}
	var menu struct {
		Categories []struct {
			Dishes []struct {
				ID      uint64            `json:"id"`
				SoldOut bool              `json:"soldOut"`
				Specs   []json.RawMessage `json:"specs"`
			} `json:"dishes"`
		} `json:"categories"`
	}
	platformtest.OK(t, x.env.Do(platformtest.Req{Method: "GET", Path: "/api/public/venue/" + x.venueKey + "/menu"})).Into(t, &menu)
	var dish uint64
	for _, c := range menu.Categories {
		for _, d := range c.Dishes {
			if dish == 0 && !d.SoldOut && len(d.Specs) == 0 {
				dish = d.ID
			}
		}
	}
	for _, tb := range tables.Records {
		if tb.OrderingMethod != "qr_order" {
			continue
		}
		platformtest.OK(t, x.env.Do(platformtest.Req{Method: "POST", Path: "/api/public/table/" + tb.Token + "/orders",
			Body: map[string]any{"idempotencyKey": fmt.Sprintf("fuzz-%d", time.Now().UnixNano()), "lines": []map[string]any{{"dishId": dish, "quantity": 2}}}}))
		platformtest.OK(t, x.env.Do(platformtest.Req{Method: "POST", Path: "/api/public/table/" + tb.Token + "/call", Body: map[string]any{"kind": "water"}}))
		return
	}
	t.Fatal("no QR-ordering table in the demo venue")
}

// createPlatformRows has the platform administrator create rows of its own
// to write to: a dictionary type with an entry, a role, a menu entry, an area.
func (x *existing) createPlatformRows() {
	var typ sys.DictType
	x.ok("POST", "/api/sys/dict/type", x.admin, map[string]string{"code": "fuzz_kind", "name": "Fuzz kinds"}).Into(x.t, &typ)
	var item sys.DictItem
	x.ok("POST", "/api/sys/dict/item", x.admin, map[string]any{"type": "fuzz_kind", "dictKey": "One", "dictValue": "one"}).Into(x.t, &item)
	var role struct {
		ID uint64 `json:"id"`
	}
	x.ok("POST", "/api/sys/role", x.admin, map[string]any{"name": "Fuzz auditor", "code": "fuzz_auditor"}).Into(x.t, &role)
	var menu struct {
		ID uint64 `json:"id"`
	}
	x.ok("POST", "/api/sys/menu", x.admin, map[string]any{"name": "Fuzz page", "url": "/fuzz/page", "icon": "", "sort": 99,
		"permission": "fuzz:page", "actions": []string{"query"}, "hidden": false, "static": false, "status": 1}).Into(x.t, &menu)
	x.ok("POST", "/api/sys/area", x.admin, map[string]any{"code": "ZZ", "name": "Fuzzland", "parentCode": "", "sort": 99})
	x.created["/sys/menu"] = []string{fmt.Sprint(menu.ID)}
	x.created["/sys/area"] = []string{"ZZ"}
	x.created["/sys/dict/type"] = []string{fmt.Sprint(typ.ID)}
	x.created["/sys/dict/item"] = []string{fmt.Sprint(item.ID)}
	x.created["/sys/role"] = []string{fmt.Sprint(role.ID)}
}

// collection is the route whose rows a row route's parameter names: the path
// before the parameter.
func collection(op operation) string {
	return op.path[:strings.Index(op.path, "/{")]
}

// rows lists the ids a caller sees in a row route's collection.
func (x *existing) rows(op operation, token string, venueID uint64) []string {
	coll := collection(op)
	key := token + " " + coll
	if ids, ok := x.listed[key]; ok {
		return ids
	}
	list, field := coll, "id"
	q := url.Values{"pageSize": {"100"}, "venueId": {strconv.FormatUint(venueID, 10)}}
	switch coll {
	case "/sys/org", "/sys/menu":
		list = coll + "/tree"
	case "/sys/area":
		list, field, q = "/sys/area/children", "code", url.Values{}
	case "/sys/dict/item":
		q.Set("type", "language_type")
	case "/merchant/shop/setting":
		list = "/merchant/shop/venues"
	case "/process/task/cc":
		list = "/process/task/todo"
	}
	var ids []string
	res := x.env.Do(platformtest.Req{Method: http.MethodGet, Path: "/api" + list + "?" + q.Encode(), Token: token})
	if res.Status == http.StatusOK && res.Code == api.CodeOK {
		var v any
		if err := json.Unmarshal(res.Result, &v); err == nil {
			ids = collectField(v, field, ids)
		}
	}
	x.listed[key] = ids
	return ids
}

// collectField gathers field of each row of a list's result: the elements
// of an array (a string element is itself the row's key), the records of a
// page, and the children of a tree's nodes; not the ids nested inside a row
// (a user's roles).
func collectField(v any, field string, out []string) []string {
	switch x := v.(type) {
	case map[string]any:
		if recs, ok := x["records"]; ok && len(x) <= 4 {
			return collectField(recs, field, out)
		}
		switch id := x[field].(type) {
		case float64:
			if id > 0 {
				out = append(out, strconv.FormatFloat(id, 'f', -1, 64))
			}
		case string:
			if id != "" {
				out = append(out, id)
			}
		}
		if children, ok := x["children"]; ok {
			out = collectField(children, field, out)
		}
	case []any:
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
				continue
			}
			out = collectField(e, field, out)
		}
	}
	return out
}

// tenantRows are the demo merchant's rows of a route's collection: those its
// administrator lists and the other merchant's administrator does not.
func (x *existing) tenantRows(op operation) []string {
	theirs := map[string]bool{}
	for _, id := range x.rows(op, x.other, x.otherVenue) {
		theirs[id] = true
	}
	var out []string
	for _, id := range x.rows(op, x.owner, x.demoVenue) {
		if !theirs[id] {
			out = append(out, id)
		}
	}
	return out
}

type rowCaller struct {
	name  string
	token func() string
	id    string
	venue uint64
}

// callersFor answers who tries a route with which row: reads as the demo
// administrator and the platform administrator with a row each sees; writes
// as the demo administrator on its merchant's rows (not skip), as the
// platform administrator on the rows it created; public routes without a
// token with the venue's real keys.
func (x *existing) callersFor(op operation, writes bool) []rowCaller {
	owner := func() string { return x.owner }
	admin := func() string { return x.admin }
	anonymous := func() string { return "" }
	coll := collection(op)
	if op.access == "public" {
		switch coll {
		case "/public/venue":
			return []rowCaller{{"anonymous", anonymous, x.venueKey, x.demoVenue}}
		case "/public/table":
			if len(x.tableTokens) > 0 {
				return []rowCaller{{"anonymous", anonymous, x.tableTokens[0], x.demoVenue}}
			}
		}
		return nil // tablet keys and agent keys are shown once, at creation
	}
	var out []rowCaller
	if !writes {
		if ids := x.rows(op, x.owner, x.demoVenue); len(ids) > 0 {
			out = append(out, rowCaller{"demo administrator", owner, ids[0], x.demoVenue})
		}
		if ids := x.rows(op, x.admin, x.demoVenue); len(ids) > 0 {
			out = append(out, rowCaller{"platform administrator", admin, ids[0], x.demoVenue})
		}
		return out
	}
	for _, id := range x.tenantRows(op) {
		if !x.skip[coll+" "+id] {
			out = append(out, rowCaller{"demo administrator", owner, id, x.demoVenue})
			break
		}
	}
	if ids := x.created[coll]; len(ids) > 0 {
		out = append(out, rowCaller{"platform administrator", admin, ids[0], x.demoVenue})
	}
	return out
}

// requests are the route's mutations (see mutations) aimed at row id, with
// the venue query naming venues[0]; the plausible request is sent once
// more for each further venue.
func (x *existing) requests(op operation, rng *rand.Rand, n int, id string, venues ...uint64) []request {
	var out []request
	for _, r := range mutations(op, rng, n, 0) {
		r.path = strings.Replace(r.path, "/999999", "/"+url.PathEscape(id), 1)
		if r.query.Get("venueId") == "1" {
			r.query = cloneQuery(r.query)
			r.query.Set("venueId", strconv.FormatUint(venues[0], 10))
		}
		out = append(out, r)
		if r.what == "plausible request" && r.query.Has("venueId") {
			for _, v := range venues[1:] {
				again := r
				again.query = cloneQuery(r.query)
				again.query.Set("venueId", strconv.FormatUint(v, 10))
				again.what = "plausible request, venue " + strconv.FormatUint(v, 10)
				out = append(out, again)
			}
		}
	}
	return out
}

func cloneQuery(q url.Values) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// relogin logs a caller in again when a request logged it out (a password
// reset, a role change revokes sessions).
func (x *existing) relogin() {
	if !tokenWorks(x.env, x.owner) {
		x.owner = x.env.Login("demo_admin", sys.DemoPassword)
	}
	if !tokenWorks(x.env, x.admin) {
		x.admin = x.env.AdminToken()
	}
	if !tokenWorks(x.env, x.other) {
		x.other = x.env.Login("fuzz_rival_admin", "Rival@12345x")
	}
}
