package report

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/order/orderevent"
)

// Recorder follows orders (orderevent.Listener): every event writes its sale
// lines and bumps the daily totals in the order's own transaction, so the
// figures a report reads are exactly those of the committed orders.
type Recorder struct {
	// labels is each dish label (merchant, dish) as this node last
	// committed it, and when: an unchanged label is not written again for
	// labelFresh. The label row is one every order of the dish, in every
	// venue of the merchant, locks until COMMIT.
	labels sync.Map // labelKey → labelSeen

	lanes lanes // the daily rows each venue's open transactions write (lanes.go)
}

type labelKey struct{ merchantID, dishID uint64 }

type labelSeen struct {
	name       string
	categoryID uint64
	at         time.Time
}

// labelFresh is how long a label this node wrote is trusted not to have
// been changed by another node's order (a rename seen there first, then
// undone): after it, the next order writes it again.
const labelFresh = time.Minute

// staleLabels are the labels among names that this node has not committed
// as they are within labelFresh; noteLabels remembers them once committed.
func (r *Recorder) staleLabels(names []DishLabel, now time.Time) []DishLabel {
	out := names[:0:0]
	for _, n := range names {
		v, ok := r.labels.Load(labelKey{n.MerchantID, n.DishID})
		if s, _ := v.(labelSeen); !ok || s.name != n.DishName || s.categoryID != n.CategoryID || now.Sub(s.at) >= labelFresh {
			out = append(out, n)
		}
	}
	return out
}

func (r *Recorder) noteLabels(tx *gorm.DB, names []DishLabel, now time.Time) {
	dbx.AfterCommit(tx, func() {
		for _, n := range names {
			r.labels.Store(labelKey{n.MerchantID, n.DishID}, labelSeen{name: n.DishName, categoryID: n.CategoryID, at: now})
		}
	})
}

var _ orderevent.HistoryListener = (*Recorder)(nil)

// FollowsHistory asks the order module for its history too: the demo seed's
// past orders reach the Recorder as events, so the demo's reports are its
// orders' figures (kitchen printing does not follow history).
func (r *Recorder) FollowsHistory() {}

// maxReason is the longest reason kept, in characters (an index limit).
const maxReason = 191

// zones caches the loaded time zones by IANA name.
var zones sync.Map

// location is a venue's zone; an unknown name counts in UTC rather than
// refusing the guest's order over a report.
func location(name string) *time.Location {
	if v, ok := zones.Load(name); ok {
		return v.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil || name == "" {
		loc = time.UTC
	}
	zones.Store(name, loc)
	return loc
}

// day is t's local date and ISO week in loc.
func day(t time.Time, loc *time.Location) (date, week string) {
	lt := t.In(loc)
	y, w := lt.ISOWeek()
	return lt.Format(time.DateOnly), fmt.Sprintf("%04d-W%02d", y, w)
}

// weekOf is the ISO week of a YYYY-MM-DD date.
func weekOf(date string) string {
	t, _ := time.Parse(time.DateOnly, date)
	y, w := t.ISOWeek()
	return fmt.Sprintf("%04d-W%02d", y, w)
}

// system is the order's transaction acting for the server: report rows are
// written for the event's tenant whoever placed the order (a guest, a tablet).
func system(tx *gorm.DB) *gorm.DB {
	return tx.WithContext(tenancy.SystemContext(tx.Statement.Context))
}

// OrderPlaced records the round's lines and adds them to the day's totals.
func (r *Recorder) OrderPlaced(tx *gorm.DB, e orderevent.Placed) error {
	db := system(tx)
	loc := location(e.TimeZone)
	date, week := day(e.PlacedAt, loc)
	now := time.Now().UTC()
	lines := make([]SaleLine, 0, len(e.Lines))
	dishes := map[uint64]*DailyDish{}
	labels := map[uint64]orderevent.Line{}
	var qty, amount int64
	for _, l := range e.Lines {
		lines = append(lines, SaleLine{MerchantID: e.MerchantID, VenueID: e.VenueID, LineID: l.LineID, OrderID: e.OrderID, OrderNo: e.OrderNo,
			Round: e.Round, DishID: l.DishID, CategoryID: l.CategoryID, DishName: clip(l.DishName, 128), LocalDate: date, Week: week,
			TimeZone: loc.String(), Currency: e.Currency, PlacedAt: e.PlacedAt.UTC(), UnitPrice: l.UnitPrice, Quantity: l.Quantity,
			Amount: l.Amount, CreatedAt: now, UpdatedAt: now})
		d := dishes[l.DishID]
		if d == nil {
			d = &DailyDish{MerchantID: e.MerchantID, VenueID: e.VenueID, LocalDate: date, Week: week, DishID: l.DishID}
			dishes[l.DishID] = d
		}
		d.CategoryID = l.CategoryID
		d.Quantity += int64(l.Quantity)
		d.Amount += l.Amount
		labels[l.DishID] = l
		qty += int64(l.Quantity)
		amount += l.Amount
	}
	if len(lines) > 0 {
		if err := db.CreateInBatches(lines, 200).Error; err != nil {
			return fmt.Errorf("report: record sale lines of order %d: %w", e.OrderID, err)
		}
	}
	opened, err := r.openOrder(db, e.Order, date, now)
	if err != nil {
		return err
	}
	lane := r.lane(tx, e.VenueID)
	if err := bumpDishes(db, lane, sortedDishes(dishes)); err != nil {
		return err
	}
	// Every dish's label that changed in one statement (rows in dish order,
	// the order concurrent orders lock them in).
	names := make([]DishLabel, 0, len(labels))
	for _, id := range sortedKeys(labels) {
		l := labels[id]
		names = append(names, DishLabel{MerchantID: e.MerchantID, DishID: id, DishName: clip(l.DishName, 128), CategoryID: l.CategoryID, UpdatedAt: now})
	}
	if names = r.staleLabels(names, now); len(names) > 0 {
		err := db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "merchant_id"}, {Name: "dish_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"dish_name", "category_id", "updated_at"})}).Create(&names).Error
		if err != nil {
			return fmt.Errorf("report: dish label: %w", err)
		}
		r.noteLabels(tx, names, now)
	}
	v := DailyVenue{MerchantID: e.MerchantID, VenueID: e.VenueID, LocalDate: date, Quantity: qty, Amount: amount}
	if opened {
		v.Orders = 1
	}
	return bumpVenue(db, lane, &v)
}

// openOrder notes an order the first time one of its rounds arrives; opened
// reports that it is new (it counts once among the day's orders).
func (r *Recorder) openOrder(db *gorm.DB, o orderevent.Order, date string, now time.Time) (opened bool, err error) {
	fact := OrderFact{MerchantID: o.MerchantID, VenueID: o.VenueID, OrderID: o.OrderID, OrderNo: clip(o.OrderNo, 64), LocalDate: date,
		State: StateOpen, PlacedAt: o.PlacedAt.UTC(), UpdatedAt: now}
	res := db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "order_id"}}, DoNothing: true}).Create(&fact)
	if res.Error != nil {
		return false, fmt.Errorf("report: note order %d: %w", o.OrderID, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// OrderCancelled takes the cancelled quantity off the day each line was sold
// on and counts it, with its reason, among that day's cancellations.
func (r *Recorder) OrderCancelled(tx *gorm.DB, e orderevent.Cancelled) error {
	db := system(tx)
	loc := location(e.TimeZone)
	fallbackDate, fallbackWeek := day(e.PlacedAt, loc)
	reason := clip(strings.TrimSpace(e.Reason), maxReason)
	type key struct {
		date string
		dish uint64
	}
	dishes := map[key]*DailyDish{}
	venues := map[string]*DailyVenue{}
	reasons := map[string]*DailyReason{}
	ids := make([]uint64, 0, len(e.Lines))
	for _, l := range e.Lines {
		ids = append(ids, l.LineID)
	}
	var facts []SaleLine
	if len(ids) > 0 {
		if err := db.Clauses(clause.Locking{Strength: "UPDATE"}).Where("line_id IN ?", ids).Find(&facts).Error; err != nil {
			return fmt.Errorf("report: read sale lines of order %d: %w", e.OrderID, err)
		}
	}
	byLine := make(map[uint64]*SaleLine, len(facts))
	for i := range facts {
		byLine[facts[i].LineID] = &facts[i]
	}
	now := time.Now().UTC()
	for _, l := range e.Lines {
		date, week, dish, cat := fallbackDate, fallbackWeek, l.DishID, l.CategoryID
		if f := byLine[l.LineID]; f != nil {
			date, week, dish, cat = f.LocalDate, f.Week, f.DishID, f.CategoryID
			f.CancelledQuantity += l.Quantity
			f.CancelledAmount += l.Amount
			if f.CancelReasons != "" {
				f.CancelReasons += "\n"
			}
			f.CancelReasons += reason
			err := db.Model(&SaleLine{}).Where("id = ?", f.ID).Updates(map[string]any{"cancelled_quantity": f.CancelledQuantity,
				"cancelled_amount": f.CancelledAmount, "cancel_reasons": f.CancelReasons, "updated_at": now}).Error
			if err != nil {
				return fmt.Errorf("report: cancel sale line %d: %w", l.LineID, err)
			}
		}
		k := key{date, dish}
		d := dishes[k]
		if d == nil {
			d = &DailyDish{MerchantID: e.MerchantID, VenueID: e.VenueID, LocalDate: date, Week: week, DishID: dish, CategoryID: cat}
			dishes[k] = d
		}
		d.Quantity -= int64(l.Quantity)
		d.Amount -= l.Amount
		d.CancelledQuantity += int64(l.Quantity)
		d.CancelledAmount += l.Amount
		v := venues[date]
		if v == nil {
			v = &DailyVenue{MerchantID: e.MerchantID, VenueID: e.VenueID, LocalDate: date}
			venues[date] = v
		}
		v.Quantity -= int64(l.Quantity)
		v.Amount -= l.Amount
		v.CancelledAmount += l.Amount
		rs := reasons[date]
		if rs == nil {
			rs = &DailyReason{MerchantID: e.MerchantID, VenueID: e.VenueID, LocalDate: date, Reason: reason, Times: 1}
			reasons[date] = rs
		}
		rs.Quantity += int64(l.Quantity)
		rs.Amount += l.Amount
	}
	dishList := make([]*DailyDish, 0, len(dishes))
	for _, d := range dishes {
		dishList = append(dishList, d)
	}
	sort.Slice(dishList, func(i, j int) bool {
		if dishList[i].LocalDate != dishList[j].LocalDate {
			return dishList[i].LocalDate < dishList[j].LocalDate
		}
		return dishList[i].DishID < dishList[j].DishID
	})
	lane := r.lane(tx, e.VenueID)
	if err := bumpDishes(db, lane, dishList); err != nil {
		return err
	}
	cancelled, orderDate, err := r.closeIfEmpty(db, e, now)
	if err != nil {
		return err
	}
	if cancelled {
		v := venues[orderDate]
		if v == nil {
			v = &DailyVenue{MerchantID: e.MerchantID, VenueID: e.VenueID, LocalDate: orderDate}
			venues[orderDate] = v
		}
		v.CancelledOrders++
	}
	for _, date := range sortedKeys(venues) {
		if err := bumpVenue(db, lane, venues[date]); err != nil {
			return err
		}
	}
	for _, date := range sortedKeys(reasons) {
		rs := reasons[date]
		err := db.Clauses(clause.OnConflict{
			Columns: []clause.Column{{Name: "merchant_id"}, {Name: "venue_id"}, {Name: "local_date"}, {Name: "reason"}},
			DoUpdates: clause.Assignments(map[string]any{"quantity": gorm.Expr("quantity + ?", rs.Quantity),
				"amount": gorm.Expr("amount + ?", rs.Amount), "times": gorm.Expr("times + ?", rs.Times)}),
		}).Create(rs).Error
		if err != nil {
			return fmt.Errorf("report: cancellation reasons: %w", err)
		}
	}
	return nil
}

// closeIfEmpty marks the order cancelled when the event cancels the whole
// order or leaves none of its lines; cancelled reports the change (once per
// order) and the order's local date.
func (r *Recorder) closeIfEmpty(db *gorm.DB, e orderevent.Cancelled, now time.Time) (cancelled bool, date string, err error) {
	var fact OrderFact
	err = db.Clauses(clause.Locking{Strength: "UPDATE"}).Where("order_id = ?", e.OrderID).Limit(1).Find(&fact).Error
	if err != nil || fact.ID == 0 || fact.State != StateOpen {
		return false, "", err
	}
	if !e.Whole {
		var left int64
		err := db.Model(&SaleLine{}).Where("order_id = ?", e.OrderID).Select("COALESCE(SUM(quantity - cancelled_quantity), 0)").Scan(&left).Error
		if err != nil || left > 0 {
			return false, "", err
		}
	}
	err = db.Model(&OrderFact{}).Where("id = ?", fact.ID).Updates(map[string]any{"state": StateCancelled, "updated_at": now}).Error
	return err == nil, fact.LocalDate, err
}

// OrderSettled counts the bill on the day it was paid and closes the order.
func (r *Recorder) OrderSettled(tx *gorm.DB, e orderevent.Settled) error {
	db := system(tx)
	date, _ := day(e.SettledAt, location(e.TimeZone))
	now := time.Now().UTC()
	if _, err := r.openOrder(db, e.Order, date, now); err != nil {
		return err
	}
	res := db.Model(&OrderFact{}).Where("order_id = ? AND state <> ?", e.OrderID, StateSettled).
		Updates(map[string]any{"state": StateSettled, "updated_at": now})
	if res.Error != nil {
		return fmt.Errorf("report: settle order %d: %w", e.OrderID, res.Error)
	}
	if res.RowsAffected == 0 {
		return nil // already counted
	}
	return bumpVenue(db, r.lane(tx, e.VenueID), &DailyVenue{MerchantID: e.MerchantID, VenueID: e.VenueID, LocalDate: date, SettledOrders: 1, SettledTotal: e.Total})
}

// bumpDishes adds each row's figures to its day's row, creating the new
// ones, in one statement. Rows are written in the order given, (date, dish),
// so concurrent orders lock them in one order.
func bumpDishes(db *gorm.DB, lane uint8, rows []*DailyDish) error {
	if len(rows) == 0 {
		return nil
	}
	for _, d := range rows {
		d.Lane = lane
	}
	// The figures the statement brings for a row: VALUES(col) on MySQL and
	// MariaDB, excluded.col on SQLite.
	add := func(col string) clause.Expr {
		if dbx.DialectOf(db) == dbx.MySQL {
			return gorm.Expr(col + " + VALUES(" + col + ")")
		}
		return gorm.Expr(col + " + excluded." + col)
	}
	category := gorm.Expr("excluded.category_id")
	if dbx.DialectOf(db) == dbx.MySQL {
		category = gorm.Expr("VALUES(category_id)")
	}
	err := db.Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "merchant_id"}, {Name: "venue_id"}, {Name: "local_date"}, {Name: "dish_id"}, {Name: "lane"}},
		DoUpdates: clause.Assignments(map[string]any{
			"category_id":        category,
			"quantity":           add("quantity"),
			"amount":             add("amount"),
			"cancelled_quantity": add("cancelled_quantity"),
			"cancelled_amount":   add("cancelled_amount"),
		}),
	}).Create(&rows).Error
	if err != nil {
		return fmt.Errorf("report: daily dish totals: %w", err)
	}
	return nil
}

func bumpVenue(db *gorm.DB, lane uint8, v *DailyVenue) error {
	v.Lane = lane
	err := db.Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "merchant_id"}, {Name: "venue_id"}, {Name: "local_date"}, {Name: "lane"}},
		DoUpdates: clause.Assignments(map[string]any{
			"orders":           gorm.Expr("orders + ?", v.Orders),
			"cancelled_orders": gorm.Expr("cancelled_orders + ?", v.CancelledOrders),
			"quantity":         gorm.Expr("quantity + ?", v.Quantity),
			"amount":           gorm.Expr("amount + ?", v.Amount),
			"cancelled_amount": gorm.Expr("cancelled_amount + ?", v.CancelledAmount),
			"settled_orders":   gorm.Expr("settled_orders + ?", v.SettledOrders),
			"settled_total":    gorm.Expr("settled_total + ?", v.SettledTotal),
		}),
	}).Create(v).Error
	if err != nil {
		return fmt.Errorf("report: daily venue total: %w", err)
	}
	return nil
}

func sortedDishes(m map[uint64]*DailyDish) []*DailyDish {
	out := make([]*DailyDish, 0, len(m))
	for _, id := range sortedKeys(m) {
		out = append(out, m[id])
	}
	return out
}

func sortedKeys[K uint64 | string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	return keys
}

// clip cuts s to at most n characters.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
