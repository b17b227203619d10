package order

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	mysqldriver "github.com/go-sql-driver/mysql"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/modules/configure"
	"github.com/venueplatform/venue/modules/order/orderevent"
	"github.com/venueplatform/venue/modules/shop"
)

// SubmitResult is the answer to a submission: the bill it went to.
type SubmitResult struct {
	Round    int         `json:"round"`
	Replayed bool        `json:"replayed"` // the key had ordered already: nothing new was written
	Order    *GuestOrder `json:"order"`
}

var (
	errReplay   = errors.New("order: idempotency key used")
	errOpenRace = errors.New("order: the table's open bill was opened concurrently")
)

// Submit places a guest's (or a tablet's) order at a table: priced on the
// server from the menu as it stands, in one transaction with the
// listeners' rows. Pay-after-meal rounds join the table's open bill.
func (m *Module) Submit(ctx context.Context, table *configure.TableRef, in SubmitInput) (*SubmitResult, error) {
	return m.submit(ctx, table, nil, in)
}

// submit is Submit; recheck, when given, resolves the table again after the
// menu's read of the change feed (VenueMenu syncs it): a table taken from a
// cache is confirmed as of that read before anything is written.
func (m *Module) submit(ctx context.Context, table *configure.TableRef, recheck func() (*configure.TableRef, error), in SubmitInput) (*SubmitResult, error) {
	if err := checkSubmission(&in); err != nil {
		return nil, err
	}
	if table.OrderingMethod == configure.MethodPayBill {
		return nil, api.Conflict("order.table_pay_only", nil)
	}
	v, err := m.venues.VenueSettings(ctx, table.VenueID)
	if err != nil {
		return nil, err
	}
	vctx := venueCtx(ctx, table.MerchantID, table.VenueID)
	// A resent key answers its order even when the menu or the hours changed
	// since; a new key's uniqueness is the transaction's to decide.
	refuse := func(err error) (*SubmitResult, error) {
		if res, rerr := m.replay(vctx, table.TableID, in.IdempotencyKey, v); res != nil || rerr != nil {
			return res, rerr
		}
		return nil, err
	}
	now := m.now().UTC()
	if !v.IsOpenAt(now) {
		return refuse(api.Conflict("order.venue_closed", map[string]any{"Venue": v.Name}))
	}
	menu, err := m.menu.VenueMenu(ctx, v.VenueKey, v.DefaultLanguage, now)
	if err != nil {
		return nil, err
	}
	if recheck != nil {
		again, err := recheck()
		if err != nil {
			return nil, err
		}
		if !sameTable(again, table) {
			// Changed meanwhile (name, ordering method, tablet): start over
			// with the table as it is now.
			return m.submit(ctx, again, nil, in)
		}
	}
	priced, err := priceLines(menu, in.Lines)
	if err != nil {
		return refuse(err)
	}
	if err := m.writers.enter(ctx); err != nil {
		return nil, err
	}
	defer m.writers.leave()
	var no number // taken ahead once: a deadlocked attempt's retry keeps it
	if dbx.DialectOf(m.db) == dbx.MySQL {
		if err := m.numberAhead(vctx, table, v, now, &no); err != nil {
			return nil, err
		}
	}
	var placed orderevent.Placed
	var bill *GuestOrder
	for attempt := 0; ; attempt++ {
		placed, bill, err = m.place(vctx, table, v, in, priced, &no)
		if errors.Is(err, errOpenRace) && attempt < 8 {
			continue // another phone opened the bill first: join it
		}
		if retryable(err) && attempt < 8 {
			// MySQL chose this one to undo: phones that deadlocked together
			// retry at once together and deadlock again, so wait a little,
			// each its own while.
			time.Sleep(time.Duration(1+rand.IntN(10*(attempt+1))) * time.Millisecond)
			continue
		}
		break
	}
	if errors.Is(err, errReplay) {
		return m.replay(vctx, table.TableID, in.IdempotencyKey, v)
	}
	if err != nil {
		return nil, err
	}
	m.live.publish(liveEvent{Type: liveOrder, VenueID: table.VenueID, MerchantID: table.MerchantID, ID: placed.OrderID})
	return &SubmitResult{Round: placed.Round, Order: bill}, nil
}

// sameTable reports two answers for one table that agree on everything.
func sameTable(a, b *configure.TableRef) bool {
	ta, tb := a.TabletID, b.TabletID
	return a.TableID == b.TableID && a.VenueID == b.VenueID && a.MerchantID == b.MerchantID && a.Name == b.Name &&
		a.Area == b.Area && a.Seats == b.Seats && a.OrderingMethod == b.OrderingMethod &&
		(ta == nil) == (tb == nil) && (ta == nil || *ta == *tb)
}

// replay answers the bill an idempotency key already ordered to; nil when
// the key is new.
func (m *Module) replay(ctx context.Context, tableID uint64, key string, v *shop.VenueSettings) (*SubmitResult, error) {
	var s Submission
	if err := m.db.WithContext(ctx).Where("table_id = ? AND idem_key = ?", tableID, key).Limit(1).Find(&s).Error; err != nil {
		return nil, err
	}
	if s.ID == 0 {
		return nil, nil
	}
	o, err := m.guestOrder(ctx, s.OrderID, v)
	if err != nil {
		return nil, err
	}
	return &SubmitResult{Round: s.Round, Replayed: true, Order: o}, nil
}

// place writes one submission in one transaction. What every submission of
// a venue would queue for is its hot rows, locked from their first write to
// COMMIT: the day's order counter and the reports' daily totals (those are
// kept in lanes, one per concurrent transaction of the venue on this node:
// report/lanes.go). They come last: the bill, its lines and the key are
// written first, then the listeners, which print and record it.
//
// The number (nextNumber): on MySQL it is taken just before the transaction
// (numberAhead), in a statement of its own, so the counter row is locked for
// that one statement instead of until COMMIT, and the bill is inserted
// under it. The price: a submission that fails after taking its number (a
// listener's refusal, a resent key, a race that joins a bill opened
// meanwhile) leaves a hole in the day's sequence, and two submissions may
// commit in the other order than their numbers; a retried attempt keeps the
// number it took (no). On SQLite, one writer at a time anyway, the number is
// taken inside the transaction and the sequence has no holes: the bill is
// inserted under a provisional number (unique, never committed) that it
// trades for its own just before the listeners.
//
// The idempotency key: pay after the meal, it is inserted first (a key
// ordered already fails its insert, unique per table: errReplay; the same
// key sent twice at once waits here for the first, instead of both going
// for the table's open bill, whose gap locks deadlock them on MySQL), then
// updated with its bill and round. Paying per order there is no open bill
// to lock: the key is inserted once, complete, after the lines (the same
// key twice at once: the second waits on the key's unique index and fails
// as a replay).
func (m *Module) place(ctx context.Context, table *configure.TableRef, v *shop.VenueSettings, in SubmitInput, priced []pricedLine, no *number) (orderevent.Placed, *GuestOrder, error) {
	var ev orderevent.Placed
	var bill *GuestOrder
	now := m.now().UTC()
	payAfter := v.OrderingMode == shop.PayAfterMeal
	if !no.committed {
		*no = number{} // an earlier attempt's number rolled back with it
	}
	err := dbx.Transaction(m.db.WithContext(ctx), func(tx *gorm.DB) error {
		sub := Submission{MerchantID: table.MerchantID, VenueID: table.VenueID, TableID: table.TableID, Key: in.IdempotencyKey, CreatedAt: now}
		insertKey := func() error {
			if err := tx.Create(&sub).Error; err != nil {
				if dbx.IsDuplicate(err) {
					return errReplay
				}
				return err
			}
			return nil
		}
		var o Order
		if payAfter {
			if err := insertKey(); err != nil {
				return err
			}
			if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("open_table_id = ?", table.TableID).Limit(1).Find(&o).Error; err != nil {
				return err
			}
		}
		joined := o.ID != 0
		if joined && in.Remark != "" {
			o.Remark = joinRemark(o.Remark, in.Remark)
		}
		if !joined {
			o = Order{MerchantID: table.MerchantID, VenueID: table.VenueID, TableID: table.TableID, TableNo: table.Name,
				Mode: v.OrderingMode, Status: StatusNormal, PayStatus: PayOpen, Currency: v.Currency, TimeZone: v.Timezone,
				TaxRate: v.TaxRate, TaxIncluded: v.PricesIncludeTax, ServiceRate: v.ServiceCharge, Remark: in.Remark, PlacedAt: now}
			if payAfter {
				id := table.TableID
				o.OpenTableID = &id
			}
		}
		o.Rounds++
		o.UpdatedAt = now
		for _, p := range priced {
			o.Original += p.original * int64(p.quantity)
			o.Subtotal += p.unit * int64(p.quantity)
		}
		o.reprice()
		if joined {
			if err := tx.Model(&Order{ID: o.ID}).Select("rounds", "remark", "original", "subtotal", "service_charge", "tax", "total", "updated_at").
				Updates(&o).Error; err != nil {
				return err
			}
		} else {
			// A new bill is written once with its totals: under its number
			// when it was taken ahead (MySQL), otherwise under a number no
			// other transaction ever sees, the real one coming last.
			o.OrderNo = provisionalNumber()
			if no.heldFor(v, now) {
				o.OrderNo = no.value
			}
			if err := tx.Create(&o).Error; err != nil {
				if dbx.IsDuplicate(err) {
					return errOpenRace
				}
				return err
			}
		}
		lines := make([]Line, len(priced))
		for i, p := range priced {
			lines[i] = Line{MerchantID: o.MerchantID, VenueID: o.VenueID, OrderID: o.ID, Round: o.Rounds, DishID: p.dish.ID,
				CategoryID: p.categoryID, DishNumber: p.dish.Number, DishName: p.dish.Name, Options: p.options,
				OriginalPrice: p.original, UnitPrice: p.unit, Promotion: p.promotion, Quantity: p.quantity,
				Amount: p.unit * int64(p.quantity), Status: StatusNormal, Remark: p.remark, CreatedAt: now}
		}
		if err := tx.Create(&lines).Error; err != nil {
			return err
		}
		if payAfter {
			if err := tx.Model(&sub).Updates(map[string]any{"order_id": o.ID, "round": o.Rounds}).Error; err != nil {
				return err
			}
		} else {
			sub.OrderID, sub.Round = o.ID, o.Rounds
			if err := insertKey(); err != nil {
				return err
			}
		}
		if !joined {
			if o.OrderNo != no.value {
				if err := no.take(tx, v, now); err != nil {
					return err
				}
				if err := tx.Model(&Order{ID: o.ID}).Update("order_no", no.value).Error; err != nil {
					return err
				}
				o.OrderNo = no.value
			}
			if err := indexNewOrderNumber(tx, o); err != nil {
				return err
			}
		}
		// The bill as the guest sees it: a new one is what was just written;
		// a joined one adds the earlier rounds' lines (read before the
		// listeners, whose last rows are the hot ones).
		all := lines
		if joined {
			all = nil
			if err := tx.Where("order_id = ?", o.ID).Order("round, id").Find(&all).Error; err != nil {
				return err
			}
		}
		bill = guestOf(&o, all)
		ev = orderevent.Placed{Order: o.header(), Round: o.Rounds, Lines: eventLines(lines, false)}
		ev.Remark = in.Remark
		return m.eachListener(func(l orderevent.Listener) error { return l.OrderPlaced(tx, ev) })
	})
	return ev, bill, err
}

// provisionalNumber is a new bill's order number until nextNumber gives it
// its own in the same transaction: unique (96 random bits, within the
// column's 32 characters) and never committed.
func provisionalNumber() string {
	return fmt.Sprintf("~%016x%08x", rand.Uint64(), rand.Uint32())
}

// number is a new bill's order number once taken.
type number struct {
	value string
	day   string // the venue's calendar day it was taken for
	// committed: taken in a statement of its own (numberAhead), so it stays
	// taken whatever happens to the transaction; one taken inside an attempt
	// that rolled back went back to the counter and is not kept.
	committed bool
}

// heldFor reports a number taken already (numberAhead or an earlier attempt
// took it) for the venue's day at now.
func (no *number) heldFor(v *shop.VenueSettings, now time.Time) bool {
	return no.value != "" && no.day == now.In(v.Location).Format("20060102")
}

// take gives no its value in tx, unless it holds one for the day already.
func (no *number) take(tx *gorm.DB, v *shop.VenueSettings, now time.Time) error {
	if no.heldFor(v, now) {
		return nil
	}
	day := now.In(v.Location).Format("20060102")
	value, err := nextNumber(tx, v, day)
	if err != nil {
		return err
	}
	no.value, no.day, no.committed = value, day, false
	return nil
}

// numberAhead takes, on MySQL, the number of the bill the submission is
// about to open, before its transaction begins (see place), which inserts
// the bill under it. Paying after the meal, a round at a table with an open
// bill joins it without a number: an unlocked look at the table decides.
// Paying per order every new key opens a bill; a resent key (a guest's
// phone retrying after a lost answer: rare) finds its order when the
// transaction inserts the key, and its number is not used. Races the look
// misses (a bill opened or closed meanwhile) are settled by the
// transaction. A number not used leaves a hole in the day's sequence.
func (m *Module) numberAhead(ctx context.Context, table *configure.TableRef, v *shop.VenueSettings, now time.Time, no *number) error {
	if v.OrderingMode == shop.PayAfterMeal {
		var open []uint64
		if err := m.db.WithContext(ctx).Model(&Order{}).Where("open_table_id = ?", table.TableID).Limit(1).Pluck("id", &open).Error; err != nil {
			return err
		}
		if len(open) > 0 {
			return nil
		}
	}
	// Its own statement, committed at once: the counter is locked for it only.
	if err := no.take(m.db.WithContext(ctx), v, now); err != nil {
		return err
	}
	no.committed = true
	return nil
}

// nextNumber is the venue's next order number: its prefix, the day in its
// calendar and the day's sequence (RS2611260007). Numbers never repeat: the
// counter row is locked from the upsert to the end of db's transaction (the
// statement's own on MySQL, see place). One round trip: the upsert answers
// the sequence it left (RETURNING on SQLite; LAST_INSERT_ID(expr) on MySQL
// and MariaDB, whose insert of a new row answers one affected row and seq 1).
func nextNumber(tx *gorm.DB, v *shop.VenueSettings, day string) (string, error) {
	var seq int64
	if dbx.DialectOf(tx) == dbx.MySQL {
		r := gorm.WithResult()
		res := tx.Clauses(r).Exec("INSERT INTO order_counters (merchant_id, venue_id, day, seq) VALUES (?, ?, ?, 1) "+
			"ON DUPLICATE KEY UPDATE seq = LAST_INSERT_ID(seq + 1)", v.MerchantID, v.VenueID, day)
		if res.Error != nil {
			return "", res.Error
		}
		seq = 1
		if res.RowsAffected != 1 { // 2: an existing row was updated
			id, err := r.Result.LastInsertId()
			if err != nil {
				return "", err
			}
			seq = id
		}
	} else {
		if err := tx.Raw("INSERT INTO order_counters (merchant_id, venue_id, day, seq) VALUES (?, ?, ?, 1) "+
			"ON CONFLICT (venue_id, day) DO UPDATE SET seq = seq + 1 RETURNING seq", v.MerchantID, v.VenueID, day).Scan(&seq).Error; err != nil {
			return "", err
		}
	}
	if seq < 1 {
		return "", fmt.Errorf("order: counter of venue %d on %s answered %d", v.VenueID, day, seq)
	}
	return fmt.Sprintf("%s%s%04d", v.OrderPrefix, day[2:], seq), nil
}

// joinRemark adds a later round's remark to the bill's.
func joinRemark(old, add string) string {
	if old == "" {
		return add
	}
	s := old + " / " + add
	if r := []rune(s); len(r) > maxRemark {
		return string(r[:maxRemark])
	}
	return s
}

// retryable reports a transaction MySQL rolled back to resolve a deadlock
// (two first rounds at one table lock the same gap) or a lock wait that
// timed out: running it again is safe, nothing of it was kept.
func retryable(err error) bool {
	var my *mysqldriver.MySQLError
	return errors.As(err, &my) && (my.Number == 1213 || my.Number == 1205)
}
