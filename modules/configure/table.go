package configure

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/textsearch"
)

// Tables is the service of a venue's tables and their ordering codes.
type Tables struct{ m *Module }

// TableView is a table as the console shows it, with its code's URL.
type TableView struct {
	ID             uint64    `json:"id"`
	MerchantID     uint64    `json:"merchantId"`
	VenueID        uint64    `json:"venueId"`
	Name           string    `json:"name"`
	Area           string    `json:"area"`
	Seats          int       `json:"seats"`
	Remark         string    `json:"remark"`
	OrderingMethod string    `json:"orderingMethod" enum:"qr_order,pay_bill,tablet"`
	TabletID       *uint64   `json:"tabletId"`
	TabletNumber   string    `json:"tabletNumber"`
	Token          string    `json:"token"`
	URL            string    `json:"url"`
	Sort           int       `json:"sort"`
	Status         int8      `json:"status"`
	RotatedAt      time.Time `json:"rotatedAt"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// TableQuery filters a venue's tables.
type TableQuery struct {
	api.PageQuery
	VenueID        uint64 `form:"venueId" json:"venueId"`
	Keyword        string `form:"keyword" json:"keyword"` // anywhere in the name or area
	OrderingMethod string `form:"orderingMethod" json:"orderingMethod" enum:"qr_order,pay_bill,tablet"`
	Status         *int8  `form:"status" json:"status"`
}

var tableSorts = map[string]string{"name": "name", "area": "area", "seats": "seats", "sort": "sort", "createdAt": "created_at"}

// URL is the address a table's code carries: origin + /t/ + token.
func URL(origin, token string) string { return strings.TrimRight(origin, "/") + "/t/" + token }

// List answers a page of one venue's tables.
func (t *Tables) List(ctx context.Context, q TableQuery, origin string) (api.Page[TableView], error) {
	ctx, _, err := t.m.venue(ctx, q.VenueID, false)
	if err != nil {
		return api.Page[TableView]{}, err
	}
	q.Normalize()
	db := t.m.db.WithContext(ctx).Model(&Table{})
	// Anywhere in the name or area, case-insensitively: a venue holds at most
	// maxTablesPerVenue tables and the list reads one venue through its
	// (venue_id, sort) index, so a plain LIKE '%text%' scans at most that many.
	if kw := strings.TrimSpace(q.Keyword); kw != "" {
		db = db.Where("(name LIKE ? ESCAPE '!' OR area LIKE ? ESCAPE '!')", likeContains(kw), likeContains(kw))
	}
	if q.OrderingMethod != "" {
		db = db.Where("ordering_method = ?", q.OrderingMethod)
	}
	if q.Status != nil {
		db = db.Where("status = ?", *q.Status)
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[TableView]{}, err
	}
	var rows []Table
	if total > 0 {
		order := q.OrderBy(tableSorts, "sort ASC") + ", id ASC"
		if err := db.Order(order).Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
			return api.Page[TableView]{}, err
		}
	}
	views, err := t.views(ctx, rows, origin)
	return api.NewPage(q.PageQuery, views, total), err
}

// views adds the bound tablets' numbers and the codes' URLs.
func (t *Tables) views(ctx context.Context, rows []Table, origin string) ([]TableView, error) {
	var ids []uint64
	for _, r := range rows {
		if r.TabletID != nil {
			ids = append(ids, *r.TabletID)
		}
	}
	tablets, err := t.m.tablets.TabletRefs(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]TableView, len(rows))
	for i, r := range rows {
		out[i] = TableView{ID: r.ID, MerchantID: r.MerchantID, VenueID: r.VenueID, Name: r.Name, Area: r.Area, Seats: r.Seats,
			Remark: r.Remark, OrderingMethod: r.OrderingMethod, TabletID: r.TabletID, Token: r.Token, URL: URL(origin, r.Token),
			Sort: r.Sort, Status: r.Status, RotatedAt: r.RotatedAt, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
		if r.TabletID != nil {
			out[i].TabletNumber = tablets[*r.TabletID].Number
		}
	}
	return out, nil
}

// Get answers one table.
func (t *Tables) Get(ctx context.Context, id uint64, origin string) (*TableView, error) {
	vctx, row, err := loadVenueRow[Table](t.m, ctx, t.m.db, id, false)
	if err != nil {
		return nil, err
	}
	views, err := t.views(vctx, []Table{*row}, origin)
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// Create adds a table to a venue with a fresh token.
func (t *Tables) Create(ctx context.Context, venueID uint64, in TableInput, origin string) (*TableView, error) {
	if err := validateTable(&in); err != nil {
		return nil, err
	}
	vctx, org, err := t.m.venue(ctx, venueID, true)
	if err != nil {
		return nil, err
	}
	if err := t.checkTablet(vctx, org.ID, in.TabletID); err != nil {
		return nil, err
	}
	row := Table{MerchantID: org.MerchantID, VenueID: org.ID, Name: in.Name, Area: in.Area, Seats: in.Seats, Remark: in.Remark,
		OrderingMethod: in.OrderingMethod, TabletID: in.TabletID, Token: newToken(), Sort: in.Sort, Status: StatusEnabled,
		RotatedAt: time.Now().UTC()}
	if in.Status != nil {
		row.Status = *in.Status
	}
	err = t.m.db.WithContext(vctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&Table{}).Count(&n).Error; err != nil {
			return err
		}
		if n >= maxTablesPerVenue {
			return api.Conflict("configure.too_many_tables", map[string]any{"Max": maxTablesPerVenue})
		}
		if err := t.unique(tx, 0, in); err != nil {
			return err
		}
		return tx.Create(&row).Error
	})
	if err != nil {
		return nil, tableTaken(err)
	}
	t.m.tableChanged(ctx, org.ID)
	return t.Get(ctx, row.ID, origin)
}

// Update edits a table; its token stays.
func (t *Tables) Update(ctx context.Context, id uint64, in TableInput, origin string) (*TableView, error) {
	if err := validateTable(&in); err != nil {
		return nil, err
	}
	err := changeVenueRow(t.m, ctx, id, t.m.tableChanged, func(tx *gorm.DB, vctx context.Context, row *Table) error {
		if err := t.checkTablet(vctx, row.VenueID, in.TabletID); err != nil {
			return err
		}
		if err := t.unique(tx, id, in); err != nil {
			return err
		}
		row.Name, row.Area, row.Seats, row.Remark, row.OrderingMethod = in.Name, in.Area, in.Seats, in.Remark, in.OrderingMethod
		row.TabletID, row.Sort = in.TabletID, in.Sort
		if in.Status != nil {
			row.Status = *in.Status
		}
		return tx.Select("name", "area", "seats", "remark", "ordering_method", "tablet_id", "sort", "status", "updated_at").Save(row).Error
	})
	if err != nil {
		return nil, tableTaken(err)
	}
	return t.Get(ctx, id, origin)
}

// unique refuses a name or tablet another table of the venue holds.
func (t *Tables) unique(tx *gorm.DB, self uint64, in TableInput) error {
	var other Table
	if err := tx.Where("name = ? AND id <> ?", in.Name, self).Limit(1).Find(&other).Error; err != nil {
		return err
	}
	if other.ID != 0 {
		return api.Invalid("name", "validation.taken", nil)
	}
	if in.TabletID == nil {
		return nil
	}
	if err := tx.Where("tablet_id = ? AND id <> ?", *in.TabletID, self).Limit(1).Find(&other).Error; err != nil {
		return err
	}
	if other.ID != 0 {
		return api.Invalid("tabletId", "configure.tablet_bound", map[string]any{"Table": other.Name})
	}
	return nil
}

// tableTaken turns a unique-key violation (a concurrent save) into the field's message.
func tableTaken(err error) error {
	if dbx.IsDuplicate(err) {
		return api.Invalid("name", "validation.taken", nil)
	}
	return err
}

// checkTablet wants a bound tablet to be one of the venue's, read through
// the advert module.
func (t *Tables) checkTablet(ctx context.Context, venueID uint64, tabletID *uint64) error {
	if tabletID == nil {
		return nil
	}
	refs, err := t.m.tablets.TabletRefs(ctx, []uint64{*tabletID})
	if err != nil {
		return err
	}
	if ref, ok := refs[*tabletID]; !ok || ref.VenueID != venueID {
		return api.Invalid("tabletId", "validation.must_select", nil)
	}
	return nil
}

// SetStatus enables or disables a table; a disabled table's code answers
// that ordering is not available there.
func (t *Tables) SetStatus(ctx context.Context, id uint64, status int8) error {
	return changeVenueRow(t.m, ctx, id, t.m.tableChanged, func(tx *gorm.DB, _ context.Context, row *Table) error {
		return tx.Model(row).Update("status", status).Error
	})
}

// Delete removes a table; its token is retired so the printed code says
// it is no longer valid.
func (t *Tables) Delete(ctx context.Context, id uint64) error {
	return changeVenueRow(t.m, ctx, id, t.m.tableChanged, func(tx *gorm.DB, _ context.Context, row *Table) error {
		if err := retire(tx, []Table{*row}, time.Now().UTC()); err != nil {
			return err
		}
		return tx.Delete(row).Error
	})
}

// AllOfVenue lists every table of a venue in the caller's reach, in order
// (QR sheets, selects).
func (t *Tables) AllOfVenue(ctx context.Context, venueID uint64, origin string) ([]TableView, error) {
	vctx, _, err := t.m.venue(ctx, venueID, false)
	if err != nil {
		return nil, err
	}
	var rows []Table
	if err := t.m.db.WithContext(vctx).Order("sort ASC, id ASC").Limit(maxTablesPerVenue).Find(&rows).Error; err != nil {
		return nil, err
	}
	return t.views(vctx, rows, origin)
}

// likeContains escapes LIKE wildcards (with '!', read alike by MySQL and
// SQLite) and matches the text anywhere.
func likeContains(s string) string { return textsearch.Contains(s) }
