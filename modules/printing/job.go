package printing

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/shop"
	"github.com/venueplatform/venue/modules/sys"
)

// JobView is a job as the console and the order page show it.
type JobView struct {
	ID            uint64     `json:"id"`
	VenueID       uint64     `json:"venueId"`
	PrinterID     uint64     `json:"printerId"`
	PrinterName   string     `json:"printerName"`
	MovedFrom     uint64     `json:"movedFrom"`
	Kind          string     `json:"kind" enum:"kitchen,cancel,bill,test"`
	OrderID       uint64     `json:"orderId"`
	OrderNo       string     `json:"orderNo"`
	Copies        int        `json:"copies"`
	Reprint       bool       `json:"reprint"`
	ReprintOf     *uint64    `json:"reprintOf"`
	Unrouted      bool       `json:"unrouted"`
	State         string     `json:"state" enum:"queued,sending,printed,failed"`
	Attempts      int        `json:"attempts"`
	LastError     string     `json:"lastError"`
	Via           string     `json:"via" enum:",direct,agent"`
	NextAttemptAt time.Time  `json:"nextAttemptAt"`
	PrintedAt     *time.Time `json:"printedAt"`
	CreatedAt     time.Time  `json:"createdAt"`
	Summary       string     `json:"summary"` // dishes on the ticket, "2 x Dumplings, 1 x Tea"
}

func viewOf(j *Job) JobView {
	v := JobView{ID: j.ID, VenueID: j.VenueID, PrinterID: j.PrinterID, PrinterName: j.PrinterName, MovedFrom: j.MovedFrom, Kind: j.Kind,
		OrderID: j.OrderID, OrderNo: j.OrderNo, Copies: j.Copies, Reprint: j.ReprintOf != nil, ReprintOf: j.ReprintOf, Unrouted: j.Unrouted,
		State: j.State, Attempts: j.Attempts, LastError: j.LastError, Via: j.Via, NextAttemptAt: j.NextAttemptAt, PrintedAt: j.PrintedAt, CreatedAt: j.CreatedAt}
	var t Ticket
	if json.Unmarshal([]byte(j.Payload), &t) == nil {
		for i, l := range t.Lines {
			if i > 0 {
				v.Summary += ", "
			}
			if i == 6 {
				v.Summary += "…"
				break
			}
			v.Summary += strconv.Itoa(l.Quantity) + " x " + l.Name
		}
	}
	return v
}

// JobQuery filters a venue's jobs.
type JobQuery struct {
	api.PageQuery
	VenueID   uint64 `form:"venueId" json:"venueId"`
	State     string `form:"state" json:"state" enum:"queued,sending,printed,failed"`
	Kind      string `form:"kind" json:"kind" enum:"kitchen,cancel,bill,test"`
	PrinterID uint64 `form:"printerId" json:"printerId"`
	OrderID   uint64 `form:"orderId" json:"orderId"`
	OrderNo   string `form:"orderNo" json:"orderNo"`
}

// venue resolves the venue a request acts on and narrows ctx to it.
func (m *Module) venue(ctx context.Context, venueID uint64, write bool) (context.Context, *sys.Org, error) {
	p, _ := api.PrincipalFrom(ctx)
	org, err := m.venues.Venue(ctx, p, venueID, write)
	if err != nil {
		return nil, nil, err
	}
	return shop.VenueScope(ctx, org), org, nil
}

// List answers a page of a venue's jobs, newest first.
func (m *Module) List(ctx context.Context, q JobQuery) (api.Page[JobView], error) {
	vctx, _, err := m.venue(ctx, q.VenueID, false)
	if err != nil {
		return api.Page[JobView]{}, err
	}
	q.Normalize()
	db := m.db.WithContext(vctx).Model(&Job{})
	if q.State != "" {
		db = db.Where("state = ?", q.State)
	}
	if q.Kind != "" {
		db = db.Where("kind = ?", q.Kind)
	}
	if q.PrinterID != 0 {
		db = db.Where("printer_id = ?", q.PrinterID)
	}
	if q.OrderID != 0 {
		db = db.Where("order_id = ?", q.OrderID)
	}
	if q.OrderNo != "" {
		db = db.Where("order_no = ?", q.OrderNo)
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[JobView]{}, err
	}
	var rows []Job
	if err := db.Order("id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
		return api.Page[JobView]{}, err
	}
	out := make([]JobView, len(rows))
	for i := range rows {
		out[i] = viewOf(&rows[i])
	}
	return api.NewPage(q.PageQuery, out, total), nil
}

// JobsForOrder answers an order's jobs oldest first, whatever the caller's
// scope: the order module calls it with an order it has already resolved.
func (m *Module) JobsForOrder(ctx context.Context, orderID uint64) ([]JobView, error) {
	var rows []Job
	if err := m.db.WithContext(tenancy.SystemContext(ctx)).Where("order_id = ?", orderID).Order("id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]JobView, len(rows))
	for i := range rows {
		out[i] = viewOf(&rows[i])
	}
	return out, nil
}

// load reads a job the caller may act on, ctx narrowed to its venue.
func (m *Module) load(ctx context.Context, id uint64, write bool) (context.Context, *Job, error) {
	var j Job
	if err := m.db.WithContext(tenancy.SystemContext(ctx)).Where("id = ?", id).Take(&j).Error; err != nil {
		return nil, nil, api.NotFound()
	}
	vctx, _, err := m.venue(ctx, j.VenueID, write)
	if err != nil {
		return nil, nil, err
	}
	return vctx, &j, nil
}

// Get answers one job.
func (m *Module) Get(ctx context.Context, id uint64) (*JobView, error) {
	_, j, err := m.load(ctx, id, false)
	if err != nil {
		return nil, err
	}
	v := viewOf(j)
	return &v, nil
}

// RetryInput names another printer for the retry; 0 keeps the job's.
type RetryInput struct {
	PrinterID uint64 `json:"printerId"`
}

// Retry sends a job again now: a failed one, one still waiting between
// attempts, or one that waits for a printer (the venue's printer given).
func (m *Module) Retry(ctx context.Context, id uint64, in RetryInput) (*JobView, error) {
	vctx, j, err := m.load(ctx, id, true)
	if err != nil {
		return nil, err
	}
	if j.State == StatePrinted || j.State == StateSending {
		return nil, api.Conflict("printing.not_retryable", map[string]any{"State": j.State})
	}
	now := time.Now().UTC()
	set := map[string]any{"state": StateQueued, "attempts": 0, "next_attempt_at": now, "last_error": "", "updated_at": now}
	if in.PrinterID != 0 || j.PrinterID == 0 {
		p, err := m.venuePrinter(ctx, j.VenueID, in.PrinterID)
		if err != nil {
			return nil, err
		}
		set["printer_id"], set["printer_name"], set["moved_from"] = p.ID, p.Name, 0
	}
	res := m.db.WithContext(vctx).Model(&Job{}).Where("id = ? AND state = ?", j.ID, j.State).Updates(set)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 0 {
		return nil, api.Conflict("printing.not_retryable", map[string]any{"State": StateSending})
	}
	m.notify(j.VenueID) // committed: the statement was its own transaction
	return m.Get(ctx, id)
}

// venuePrinter answers an enabled printer of the venue, or a field error.
func (m *Module) venuePrinter(ctx context.Context, venueID, printerID uint64) (*configure.PrinterView, error) {
	if printerID == 0 {
		return nil, api.Invalid("printerId", "validation.must_select", nil)
	}
	p, err := m.printers.Printer(tenancy.SystemContext(ctx), printerID)
	if err != nil {
		return nil, err
	}
	if p == nil || p.VenueID != venueID {
		return nil, api.Invalid("printerId", "validation.must_select", nil)
	}
	if !p.Enabled() {
		return nil, api.Invalid("printerId", "printing.printer_disabled", nil)
	}
	return p, nil
}

// Reprint queues a copy of a job marked REPRINT, on the same printer or
// another of the venue.
func (m *Module) Reprint(ctx context.Context, id uint64, in RetryInput) (*JobView, error) {
	vctx, j, err := m.load(ctx, id, true)
	if err != nil {
		return nil, err
	}
	pid := in.PrinterID
	if pid == 0 {
		pid = j.PrinterID
	}
	p, err := m.venuePrinter(ctx, j.VenueID, pid)
	if err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	orig := j.ID
	if j.ReprintOf != nil {
		orig = *j.ReprintOf
	}
	c := Job{MerchantID: j.MerchantID, VenueID: j.VenueID, PrinterID: p.ID, PrinterName: p.Name, Kind: j.Kind, OrderID: j.OrderID, OrderNo: j.OrderNo,
		Copies: 1, ReprintOf: &orig, Unrouted: j.Unrouted, Lang: j.Lang, Payload: j.Payload, State: StateQueued, NextAttemptAt: now, CreatedAt: now, UpdatedAt: now}
	if err := m.db.WithContext(vctx).Create(&c).Error; err != nil {
		return nil, err
	}
	m.notify(j.VenueID) // committed: the statement was its own transaction
	v := viewOf(&c)
	return &v, nil
}

// TestInput names the printer of a test print.
type TestInput struct {
	PrinterID uint64 `json:"printerId"`
}

// TestPrint queues a test ticket for a printer of the venue.
func (m *Module) TestPrint(ctx context.Context, venueID uint64, in TestInput) (*JobView, error) {
	vctx, org, err := m.venue(ctx, venueID, true)
	if err != nil {
		return nil, err
	}
	p, err := m.venuePrinter(ctx, org.ID, in.PrinterID)
	if err != nil {
		return nil, err
	}
	v, err := m.venues.VenueSettings(ctx, org.ID)
	if err != nil {
		return nil, err
	}
	t := &Ticket{Kind: KindTest, VenueName: v.Name, At: time.Now().UTC(), TimeZone: v.Timezone}
	j, err := newJob(org.MerchantID, org.ID, *p, t, v.DefaultLanguage, 1)
	if err != nil {
		return nil, err
	}
	if err := m.db.WithContext(vctx).Create(j).Error; err != nil {
		return nil, err
	}
	m.notify(org.ID) // committed: the statement was its own transaction
	view := viewOf(j)
	return &view, nil
}

// Bills prints bills and receipts: the order module gives the lines and
// amounts (it owns them), printing lays them out and delivers them.
type Bills struct{ m *Module }

// Bill is a bill or receipt to print.
type Bill struct {
	MerchantID  uint64
	VenueID     uint64
	OrderID     uint64
	OrderNo     string
	TableName   string
	At          time.Time // UTC
	Lines       []TicketLine
	Adjustments []Adjustment // promotions and discounts, negative amounts
	Subtotal    int64
	// ServiceCharge, Tax and Total as the order computed them (shop's
	// VenueSettings.Charges).
	ServiceCharge int64
	Tax           int64
	Total         int64
	PayURL        string // the pay-bill link printed as a QR code; "" for none
	Paid          bool   // a receipt after payment rather than a bill
	// PrinterID: 0 = every enabled receipt printer of the venue.
	PrinterID uint64
}

// BillOf is the bill (or, paid, the receipt) of an order as its
// settlement event describes it: the remaining dishes at menu prices, the
// promotions that took money off, the charges and the total.
func BillOf(e orderevent.Settled, paid bool) Bill {
	b := Bill{MerchantID: e.MerchantID, VenueID: e.VenueID, OrderID: e.OrderID, OrderNo: e.OrderNo, TableName: e.TableName,
		At: e.SettledAt, Subtotal: e.Original, ServiceCharge: e.ServiceCharge, Tax: e.Tax, Total: e.Total, Paid: paid}
	off := map[string]int64{}
	var names []string
	for _, l := range e.Lines {
		price := l.OriginalPrice
		if price == 0 {
			price = l.UnitPrice
		}
		b.Lines = append(b.Lines, TicketLine{LineID: l.LineID, Name: l.DishName, Options: append([]string{}, l.Options...),
			Quantity: l.Quantity, Amount: price * int64(l.Quantity), Remark: l.Remark})
		if d := (price - l.UnitPrice) * int64(l.Quantity); d != 0 {
			if _, ok := off[l.Promotion]; !ok {
				names = append(names, l.Promotion)
			}
			off[l.Promotion] += d
		}
	}
	if e.Original == 0 {
		b.Subtotal = e.Subtotal
	}
	for _, name := range names {
		b.Adjustments = append(b.Adjustments, Adjustment{Name: name, Amount: -off[name]})
	}
	return b
}

// errNoReceiptPrinter: the venue has no enabled receipt printer.
var errNoReceiptPrinter = api.Conflict("printing.no_receipt_printer", nil)

// Print queues the bill in tx (the order's transaction, or nil for its
// own). A bill or receipt printed before for the order on a printer is
// marked REPRINT there.
func (b *Bills) Print(ctx context.Context, tx *gorm.DB, in Bill) ([]JobView, error) {
	return b.print(ctx, tx, in, true)
}

func (b *Bills) print(ctx context.Context, tx *gorm.DB, in Bill, reprints bool) ([]JobView, error) {
	m := b.m
	if tx == nil {
		tx = m.db
	}
	// Reads go through tx: inside the settlement's transaction a second
	// pool connection could deadlock SQLite's writers.
	tx = tx.WithContext(tenancy.SystemContext(ctx))
	v, err := m.venues.VenueSettingsIn(tx, in.VenueID)
	if err != nil {
		return nil, err
	}
	var targets []configure.PrinterView
	all, err := m.printers.PrintersForVenueIn(tx, in.VenueID)
	if err != nil {
		return nil, err
	}
	for _, p := range all {
		if p.Enabled() && ((in.PrinterID == 0 && p.Type == configure.PrinterReceipt) || p.ID == in.PrinterID) {
			targets = append(targets, p)
		}
	}
	if len(targets) == 0 {
		return nil, errNoReceiptPrinter
	}
	t := &Ticket{Kind: KindBill, VenueName: v.Name, OrderNo: in.OrderNo, TableName: in.TableName, At: in.At, TimeZone: v.Timezone,
		Lines: in.Lines, Currency: v.Currency, CurrencyDigits: v.CurrencyDigits, Adjustments: in.Adjustments, Subtotal: in.Subtotal,
		ServiceCharge: in.ServiceCharge, Tax: in.Tax, PricesIncludeTax: v.PricesIncludeTax, Total: in.Total, PayURL: in.PayURL,
		Header: v.ReceiptHeader, Footer: v.ReceiptFooter, Paid: in.Paid}
	if t.At.IsZero() {
		t.At = time.Now().UTC()
	}
	var out []JobView
	err = tx.Transaction(func(tx *gorm.DB) error {
		for _, p := range targets {
			j, err := newJob(in.MerchantID, in.VenueID, p, t, v.DefaultLanguage, p.Copies)
			if err != nil {
				return err
			}
			j.OrderID, j.OrderNo = in.OrderID, in.OrderNo
			if reprints && in.OrderID != 0 {
				// The first bill of the order on this printer is the original.
				var first []uint64
				if err := tx.Model(&Job{}).Where("order_id = ? AND printer_id = ? AND kind = ? AND reprint_of IS NULL", in.OrderID, p.ID, KindBill).
					Order("id").Limit(1).Pluck("id", &first).Error; err != nil {
					return err
				}
				if len(first) > 0 {
					j.ReprintOf = &first[0]
				}
			}
			if err := tx.Create(j).Error; err != nil {
				return err
			}
			out = append(out, viewOf(j))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	m.wakeAfter(tx, in.VenueID)
	return out, nil
}
