package order

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
)

// topicLive carries what open consoles must see at once (new orders,
// service calls, cancellations) to every API node: the changefeed table
// every node polls every second, and this node at once.
const topicLive = "order.live"

// Kinds of live events.
const (
	liveOrder    = "order"     // a submission: new bill or round
	liveCall     = "call"      // a guest called the staff
	liveCallDone = "call_done" // a call was answered
	liveChange   = "change"    // a bill changed (cancelled, settled)
	liveApproval = "approval"  // a cancellation waits for a manager
	liveRejected = "rejected"  // a manager rejected a cancellation of the order
)

// liveStreamMax is how long one stream lasts; the console reconnects, which
// checks the login again.
const liveStreamMax = 5 * time.Minute

type liveEvent struct {
	Type       string `json:"type" enum:"order,call,call_done,change,approval,rejected"`
	MerchantID uint64 `json:"-"`
	VenueID    uint64 `json:"venueId"`
	ID         uint64 `json:"id"`
}

func (e liveEvent) key() string {
	return fmt.Sprintf("%s|%d|%d|%d", e.Type, e.MerchantID, e.VenueID, e.ID)
}

func parseLive(key string) (liveEvent, bool) {
	parts := strings.Split(key, "|")
	if len(parts) != 4 {
		return liveEvent{}, false
	}
	var n [3]uint64
	for i := range n {
		v, err := strconv.ParseUint(parts[i+1], 10, 64)
		if err != nil {
			return liveEvent{}, false
		}
		n[i] = v
	}
	return liveEvent{Type: parts[0], MerchantID: n[0], VenueID: n[1], ID: n[2]}, true
}

// hub hands live events to the streams open on this node.
type hub struct {
	feed *changefeed.Feed
	mu   sync.Mutex
	subs map[*liveSub]struct{}
}

// liveSub is one open stream: a merchant's events (0: every merchant, a
// platform user) of one venue (0: every venue of the merchant).
type liveSub struct {
	merchantID, venueID uint64
	ch                  chan liveEvent
}

func newHub(feed *changefeed.Feed) *hub {
	h := &hub{feed: feed, subs: map[*liveSub]struct{}{}}
	feed.Subscribe(topicLive, func(key string) {
		if e, ok := parseLive(key); ok {
			h.deliver(e)
		}
	})
	return h
}

// publish announces an event after its transaction committed: this node's
// streams have it at once, the other nodes' at their next poll of the feed
// (written off the request's path, with the events published with it).
func (h *hub) publish(e liveEvent) {
	h.feed.PublishSoon(topicLive, e.key())
}

func (h *hub) deliver(e liveEvent) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		if (s.merchantID == 0 || s.merchantID == e.MerchantID) && (s.venueID == 0 || s.venueID == e.VenueID) {
			select {
			case s.ch <- e:
			default: // a stalled stream misses events; its page refreshes on its own timer
			}
		}
	}
}

func (h *hub) subscribe(merchantID, venueID uint64) *liveSub {
	s := &liveSub{merchantID: merchantID, venueID: venueID, ch: make(chan liveEvent, 64)}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
	return s
}

func (h *hub) unsubscribe(s *liveSub) {
	h.mu.Lock()
	delete(h.subs, s)
	h.mu.Unlock()
}

// LiveQuery picks the venue a stream follows (venue staff: their own).
type LiveQuery struct {
	VenueID uint64 `form:"venueId" json:"venueId"`
}

func (m *Module) liveRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/merchant/order/live", Perm: PermOrder, Action: "query", Raw: true, Log: api.LogOff,
		Summary: "Server-sent events: new orders, service calls, cancellations and settlements of the caller's venues as they happen",
		Query:   LiveQuery{}}, m.liveStream)
}

func (m *Module) liveStream(c *api.Ctx) (any, error) {
	var q LiveQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	p := c.Principal()
	venueID := p.VenueID
	if q.VenueID != 0 {
		org, err := m.venues.Venue(c.Ctx(), p, q.VenueID, false)
		if err != nil {
			return nil, err
		}
		venueID = org.ID
	}
	sub := m.live.subscribe(p.MerchantID, venueID)
	defer m.live.unsubscribe(sub)
	w := c.Writer
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprint(w, "retry: 3000\n: connected\n\n"); err != nil {
		return nil, nil // the connection is gone: end as when the request ends
	}
	w.Flush()
	ping := time.NewTicker(20 * time.Second)
	defer ping.Stop()
	end := time.NewTimer(liveStreamMax)
	defer end.Stop()
	ctx := c.Request.Context()
	for {
		var err error
		select {
		case <-ctx.Done():
			return nil, nil
		case <-end.C:
			return nil, nil
		case <-ping.C:
			_, err = fmt.Fprint(w, ": ping\n\n")
		case e := <-sub.ch:
			raw, _ := json.Marshal(e)
			_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Type, raw)
		}
		if err != nil {
			return nil, nil // the connection is gone: end as when the request ends
		}
		w.Flush()
	}
}
