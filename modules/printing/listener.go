package printing

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order/orderevent"
)

var _ orderevent.Listener = (*Module)(nil)

// OrderPlaced makes one kitchen job per kitchen printer, holding only the
// lines whose category routes to it. Lines whose category reaches no
// enabled kitchen printer go to the fallback printer marked as such, so a
// dish is never silently not cooked.
func (m *Module) OrderPlaced(tx *gorm.DB, e orderevent.Placed) error {
	// Every read goes through the order's transaction: it holds the write
	// lock, and a read on another pool connection could wait for ever on
	// SQLite (the other connections are writers queued behind that lock).
	sys := tx.WithContext(txContext(tx))
	v, err := m.venues.VenueSettingsIn(sys, e.VenueID)
	if err != nil {
		return err
	}
	all, err := m.printers.RoutingForVenueIn(sys, e.VenueID)
	if err != nil {
		return err
	}
	groups := route(all, e.Lines)
	w := m.writer(tx, e.Order, v.DefaultLanguage)
	// The jobs in one statement, then which job printed which line in one
	// more: two round trips whatever the number of printers and dishes.
	jobs := make([]*Job, 0, len(groups))
	for _, g := range groups {
		t := w.ticket(KindKitchen, v.Name)
		t.Round, t.Unrouted, t.Remark = e.Round, g.unrouted, e.Remark
		for _, l := range g.lines {
			t.Lines = append(t.Lines, ticketLine(l))
		}
		job, err := w.job(g.printer, t, g.printer.copies())
		if err != nil {
			return err
		}
		jobs = append(jobs, job)
	}
	if err := w.addAll(jobs); err != nil {
		return err
	}
	var printed []JobLine
	for i, g := range groups {
		for _, l := range g.lines {
			printed = append(printed, JobLine{MerchantID: e.MerchantID, VenueID: e.VenueID, OrderID: e.OrderID,
				LineID: l.LineID, JobID: jobs[i].ID, PrinterID: jobs[i].PrinterID})
		}
	}
	if len(printed) > 0 {
		if err := w.tx.Create(&printed).Error; err != nil {
			return err
		}
	}
	w.done(m)
	return nil
}

// OrderCancelled sends a CANCEL ticket to every printer that printed the
// cancelled lines; lines no kitchen job printed follow today's routing.
func (m *Module) OrderCancelled(tx *gorm.DB, e orderevent.Cancelled) error {
	// Every read goes through the order's transaction: it holds the write
	// lock, and a read on another pool connection could wait for ever on
	// SQLite (the other connections are writers queued behind that lock).
	sys := tx.WithContext(txContext(tx))
	v, err := m.venues.VenueSettingsIn(sys, e.VenueID)
	if err != nil {
		return err
	}
	all, err := m.printers.PrintersForVenueIn(sys, e.VenueID)
	if err != nil {
		return err
	}
	w := m.writer(tx, e.Order, v.DefaultLanguage)
	ids := make([]uint64, len(e.Lines))
	for i, l := range e.Lines {
		ids[i] = l.LineID
	}
	var printed []JobLine
	if len(ids) > 0 {
		if err := w.tx.Where("order_id = ? AND line_id IN ?", e.OrderID, ids).Order("id").Find(&printed).Error; err != nil {
			return err
		}
	}
	byID := map[uint64]configure.PrinterView{}
	for _, p := range all {
		byID[p.ID] = p
	}
	var groups []group
	var unprinted []orderevent.Line
	for _, l := range e.Lines {
		var targets []uint64
		for _, jl := range printed {
			if jl.LineID == l.LineID && !slices.Contains(targets, jl.PrinterID) {
				targets = append(targets, jl.PrinterID)
			}
		}
		if len(targets) == 0 {
			unprinted = append(unprinted, l)
			continue
		}
		for _, pid := range targets {
			p, ok := byID[pid]
			if !ok { // the printer was removed since: today's routing decides
				unprinted = append(unprinted, l)
				continue
			}
			groups = addTo(groups, target{view: p}, false, l)
		}
	}
	groups = append(groups, route(all, unprinted)...)
	for _, g := range groups {
		t := w.ticket(KindCancel, v.Name)
		t.Whole, t.Reason, t.ByUser, t.At, t.Unrouted = e.Whole, e.Reason, e.ByUserName, e.CancelledAt, g.unrouted
		if t.At.IsZero() {
			t.At = time.Now().UTC()
		}
		for _, l := range g.lines {
			t.Lines = append(t.Lines, ticketLine(l))
		}
		if _, err := w.add(g.printer, t, g.printer.copies()); err != nil {
			return err
		}
	}
	w.done(m)
	return nil
}

// OrderSettled prints the customer's receipt on the venue's receipt
// printers, in the settlement's transaction; a venue without a receipt
// printer prints nothing.
func (m *Module) OrderSettled(tx *gorm.DB, e orderevent.Settled) error {
	_, err := m.Bills.print(txContext(tx), tx, BillOf(e, true), false)
	if errors.Is(err, errNoReceiptPrinter) {
		return nil
	}
	return err
}

// target is a printer a group goes to; zero view ID: no printer at all.
type target struct{ view configure.PrinterView }

func (t target) copies() int { return max(1, t.view.Copies) }

type group struct {
	printer  target
	unrouted bool
	lines    []orderevent.Line
}

func addTo(groups []group, p target, unrouted bool, l orderevent.Line) []group {
	for i := range groups {
		if groups[i].printer.view.ID == p.view.ID && groups[i].unrouted == unrouted {
			groups[i].lines = append(groups[i].lines, l)
			return groups
		}
	}
	return append(groups, group{printer: p, unrouted: unrouted, lines: []orderevent.Line{l}})
}

// route groups lines by the enabled kitchen printers of their category; a
// line no kitchen printer takes goes to the fallback, marked unrouted.
func route(all []configure.PrinterView, lines []orderevent.Line) []group {
	var groups []group
	for _, l := range lines {
		routed := false
		for _, p := range all {
			if p.Type == configure.PrinterKitchen && p.Enabled() && slices.Contains(p.CategoryIDs, l.CategoryID) {
				groups = addTo(groups, target{view: p}, false, l)
				routed = true
			}
		}
		if !routed {
			groups = addTo(groups, fallback(all), true, l)
		}
	}
	return groups
}

// fallback is where unrouted dishes go: the first enabled receipt printer
// (the front desk passes the ticket on), else the first enabled kitchen
// printer, else none (the job then waits on the job page with an alert).
func fallback(all []configure.PrinterView) target {
	for _, kind := range []string{configure.PrinterReceipt, configure.PrinterKitchen} {
		for _, p := range all {
			if p.Type == kind && p.Enabled() {
				return target{view: p}
			}
		}
	}
	return target{}
}

func ticketLine(l orderevent.Line) TicketLine {
	return TicketLine{LineID: l.LineID, Name: l.DishName, Options: l.Options, Quantity: l.Quantity, Amount: l.Amount, Remark: l.Remark}
}

// txContext is the order transaction's context with the server's scope:
// the events name their merchant and venue, and the rows are stamped with them.
func txContext(tx *gorm.DB) context.Context {
	ctx := tx.Statement.Context
	if ctx == nil {
		ctx = context.Background()
	}
	return tenancy.SystemContext(ctx)
}

// jobWriter adds jobs inside one transaction and wakes delivery after it.
type jobWriter struct {
	tx    *gorm.DB
	order orderevent.Order
	lang  string
	n     int
}

func (m *Module) writer(tx *gorm.DB, o orderevent.Order, lang string) *jobWriter {
	return &jobWriter{tx: tx.WithContext(txContext(tx)), order: o, lang: lang}
}

func (w *jobWriter) ticket(kind, venueName string) *Ticket {
	return &Ticket{Kind: kind, VenueName: venueName, OrderNo: w.order.OrderNo, TableName: w.order.TableName,
		At: w.order.PlacedAt, TimeZone: w.order.TimeZone}
}

func (w *jobWriter) add(p target, t *Ticket, copies int) (*Job, error) {
	job, err := w.job(p, t, copies)
	if err != nil {
		return nil, err
	}
	return job, w.addAll([]*Job{job})
}

// job builds the order's job of a ticket for a printer (not written yet).
func (w *jobWriter) job(p target, t *Ticket, copies int) (*Job, error) {
	job, err := newJob(w.order.MerchantID, w.order.VenueID, p.view, t, w.lang, copies)
	if err != nil {
		return nil, err
	}
	job.OrderID, job.OrderNo = w.order.OrderID, w.order.OrderNo
	return job, nil
}

// addAll writes jobs in one statement; each gets its id.
func (w *jobWriter) addAll(jobs []*Job) error {
	if len(jobs) == 0 {
		return nil
	}
	if err := w.tx.Create(&jobs).Error; err != nil {
		return err
	}
	w.n += len(jobs)
	return nil
}

// done wakes delivery once the order's transaction has committed (see
// wakeAfter; the worker also polls, so a missed wake costs one poll period).
func (w *jobWriter) done(m *Module) {
	if w.n > 0 {
		m.wakeAfter(w.tx, w.order.VenueID)
	}
}

// newJob builds a queued job of a ticket for a printer (zero view: none).
func newJob(merchantID, venueID uint64, p configure.PrinterView, t *Ticket, lang string, copies int) (*Job, error) {
	payload, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	j := &Job{MerchantID: merchantID, VenueID: venueID, PrinterID: p.ID, PrinterName: p.Name, Kind: t.Kind, Copies: max(1, copies),
		Unrouted: t.Unrouted, Lang: lang, Payload: string(payload), State: StateQueued, NextAttemptAt: now, CreatedAt: now, UpdatedAt: now}
	if p.ID == 0 {
		j.State, j.LastError = StateFailed, errNoPrinter
	}
	return j, nil
}

// errNoPrinter is the last error of a job no printer could take.
const errNoPrinter = "no enabled printer in this venue"
