package configure

import (
	"context"
	"net"
	"strconv"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
)

// Printers is the service of a venue's printers and their routing.
type Printers struct {
	m *Module
	// routes are the venues' printers as order routing reads them.
	routes *routeCache
}

// PrinterView is a printer as the console and the printing module see it.
type PrinterView struct {
	ID          uint64    `json:"id"`
	MerchantID  uint64    `json:"merchantId"`
	VenueID     uint64    `json:"venueId"`
	Name        string    `json:"name"`
	Type        string    `json:"type" enum:"kitchen,receipt,label"`
	Model       string    `json:"model"`
	IP          string    `json:"ip"`
	Port        int       `json:"port"`
	Copies      int       `json:"copies"`
	FontSize    string    `json:"fontSize" enum:"normal,double_height,double_width,double"`
	Charset     string    `json:"charset"`
	PaperWidth  int       `json:"paperWidth"`
	Cut         bool      `json:"cut"`
	CategoryIDs []uint64  `json:"categoryIds"`
	BackupID    *uint64   `json:"backupId"`
	BackupName  string    `json:"backupName"`
	Remark      string    `json:"remark"`
	Status      int8      `json:"status" enum:"0,1"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Enabled reports whether the printer takes jobs.
func (p *PrinterView) Enabled() bool { return p.Status == StatusEnabled }

// Address is where the printer listens: host:port for a raw TCP socket.
func (p *PrinterView) Address() string {
	port := p.Port
	if port == 0 {
		port = defaultPort
	}
	return net.JoinHostPort(p.IP, strconv.Itoa(port))
}

// Columns is the characters of Font A a line holds: 32 on 58 mm paper, 48 on 80 mm.
func (p *PrinterView) Columns() int {
	if p.PaperWidth == 58 {
		return 32
	}
	return 48
}

// PrinterQuery filters a venue's printers.
type PrinterQuery struct {
	api.PageQuery
	VenueID uint64 `form:"venueId" json:"venueId"`
	Type    string `form:"type" json:"type" enum:"kitchen,receipt,label"`
}

// List answers a page of one venue's printers.
func (s *Printers) List(ctx context.Context, q PrinterQuery) (api.Page[PrinterView], error) {
	vctx, _, err := s.m.venue(ctx, q.VenueID, false)
	if err != nil {
		return api.Page[PrinterView]{}, err
	}
	q.Normalize()
	db := s.m.db.WithContext(vctx).Model(&Printer{})
	if q.Type != "" {
		db = db.Where("type = ?", q.Type)
	}
	var total int64
	if err := db.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return api.Page[PrinterView]{}, err
	}
	var rows []Printer
	if err := db.Order("type, name, id").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
		return api.Page[PrinterView]{}, err
	}
	views, err := printerViews(s.m.db.WithContext(vctx), rows)
	return api.NewPage(q.PageQuery, views, total), err
}

// printerViews adds the routed categories and the backups' names.
func printerViews(db *gorm.DB, rows []Printer) ([]PrinterView, error) {
	out := make([]PrinterView, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var routes []PrinterCategory
	if err := db.Where("printer_id IN ?", ids).Order("id").Find(&routes).Error; err != nil {
		return nil, err
	}
	cats := map[uint64][]uint64{}
	for _, r := range routes {
		cats[r.PrinterID] = append(cats[r.PrinterID], r.CategoryID)
	}
	var backupIDs []uint64
	for _, r := range rows {
		if r.BackupID != nil {
			backupIDs = append(backupIDs, *r.BackupID)
		}
	}
	names := map[uint64]string{}
	if len(backupIDs) > 0 {
		var backups []Printer
		if err := db.Select("id", "name").Where("id IN ?", backupIDs).Find(&backups).Error; err != nil {
			return nil, err
		}
		for _, b := range backups {
			names[b.ID] = b.Name
		}
	}
	for i, r := range rows {
		c := cats[r.ID]
		if c == nil {
			c = []uint64{}
		}
		out[i] = PrinterView{ID: r.ID, MerchantID: r.MerchantID, VenueID: r.VenueID, Name: r.Name, Type: r.Type, Model: r.Model,
			IP: r.Host, Port: r.Port, Copies: r.Copies, FontSize: r.FontSize, Charset: r.Charset, PaperWidth: r.PaperWidth, Cut: r.Cut,
			CategoryIDs: c, BackupID: r.BackupID, Remark: r.Remark, Status: r.Status, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
		if r.BackupID != nil {
			out[i].BackupName = names[*r.BackupID]
		}
	}
	return out, nil
}

// Get answers one printer.
func (s *Printers) Get(ctx context.Context, id uint64) (*PrinterView, error) {
	vctx, row, err := loadVenueRow[Printer](s.m, ctx, s.m.db, id, false)
	if err != nil {
		return nil, err
	}
	views, err := printerViews(s.m.db.WithContext(vctx), []Printer{*row})
	if err != nil {
		return nil, err
	}
	return &views[0], nil
}

// Create adds a printer to a venue.
func (s *Printers) Create(ctx context.Context, venueID uint64, in PrinterInput) (*PrinterView, error) {
	if err := validatePrinter(&in); err != nil {
		return nil, err
	}
	vctx, org, err := s.m.venue(ctx, venueID, true)
	if err != nil {
		return nil, err
	}
	if err := s.checkCategories(vctx, in.CategoryIDs); err != nil {
		return nil, err
	}
	row := Printer{MerchantID: org.MerchantID, VenueID: org.ID, Status: StatusEnabled}
	err = s.m.db.WithContext(vctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&Printer{}).Count(&n).Error; err != nil {
			return err
		}
		if n >= maxPrintersPerVenue {
			return api.Conflict("configure.too_many_printers", map[string]any{"Max": maxPrintersPerVenue})
		}
		return s.save(tx, &row, in)
	})
	if err != nil {
		return nil, printerTaken(err)
	}
	s.m.printersChanged(ctx, org.ID)
	return s.Get(ctx, row.ID)
}

// Update edits a printer and its routing.
func (s *Printers) Update(ctx context.Context, id uint64, in PrinterInput) (*PrinterView, error) {
	if err := validatePrinter(&in); err != nil {
		return nil, err
	}
	err := changeVenueRow(s.m, ctx, id, s.m.printersChanged, func(tx *gorm.DB, vctx context.Context, row *Printer) error {
		if err := s.checkCategories(vctx, in.CategoryIDs); err != nil {
			return err
		}
		return s.save(tx, row, in)
	})
	if err != nil {
		return nil, printerTaken(err)
	}
	return s.Get(ctx, id)
}

// save writes a printer and replaces its categories (tx is venue-scoped).
func (s *Printers) save(tx *gorm.DB, row *Printer, in PrinterInput) error {
	var other Printer
	if err := tx.Where("name = ? AND id <> ?", in.Name, row.ID).Limit(1).Find(&other).Error; err != nil {
		return err
	}
	if other.ID != 0 {
		return api.Invalid("name", "validation.taken", nil)
	}
	if in.BackupID != nil {
		if row.ID != 0 && *in.BackupID == row.ID {
			return api.Invalid("backupId", "configure.backup_self", nil)
		}
		var b Printer
		if err := tx.Where("id = ?", *in.BackupID).Limit(1).Find(&b).Error; err != nil {
			return err
		}
		if b.ID == 0 {
			return api.Invalid("backupId", "validation.must_select", nil)
		}
	}
	row.Name, row.Type, row.Model, row.Host, row.Port, row.Copies = in.Name, in.Type, in.Model, in.IP, in.Port, in.Copies
	row.FontSize, row.Charset, row.PaperWidth, row.Cut, row.BackupID, row.Remark = in.FontSize, in.Charset, in.PaperWidth, in.Cut, in.BackupID, in.Remark
	if in.Status != nil {
		row.Status = *in.Status
	}
	if row.ID == 0 {
		if err := tx.Create(row).Error; err != nil {
			return err
		}
	} else if err := tx.Select("*").Omit("created_at").Save(row).Error; err != nil {
		return err
	}
	if err := tx.Where("printer_id = ?", row.ID).Delete(&PrinterCategory{}).Error; err != nil {
		return err
	}
	if len(in.CategoryIDs) == 0 {
		return nil
	}
	routes := make([]PrinterCategory, len(in.CategoryIDs))
	for i, c := range in.CategoryIDs {
		routes[i] = PrinterCategory{MerchantID: row.MerchantID, VenueID: row.VenueID, PrinterID: row.ID, CategoryID: c}
	}
	return tx.CreateInBatches(routes, 200).Error
}

// checkCategories wants dish categories of the merchant, read through cuisine.
func (s *Printers) checkCategories(ctx context.Context, ids []uint64) error {
	if len(ids) == 0 {
		return nil
	}
	cats, err := s.m.dishes.AllCategories(ctx)
	if err != nil {
		return err
	}
	known := make(map[uint64]bool, len(cats))
	for _, c := range cats {
		known[c.ID] = true
	}
	for _, id := range ids {
		if !known[id] {
			return api.Invalid("categoryIds", "validation.must_select", nil)
		}
	}
	return nil
}

func printerTaken(err error) error {
	if dbx.IsDuplicate(err) {
		return api.Invalid("name", "validation.taken", nil)
	}
	return err
}

// SetStatus enables or disables a printer.
func (s *Printers) SetStatus(ctx context.Context, id uint64, status int8) error {
	return changeVenueRow(s.m, ctx, id, s.m.printersChanged, func(tx *gorm.DB, _ context.Context, row *Printer) error {
		return tx.Model(row).Update("status", status).Error
	})
}

// Delete removes a printer, its routing, and its place as others' backup.
func (s *Printers) Delete(ctx context.Context, id uint64) error {
	return changeVenueRow(s.m, ctx, id, s.m.printersChanged, func(tx *gorm.DB, _ context.Context, row *Printer) error {
		if err := tx.Model(&Printer{}).Where("backup_id = ?", id).Update("backup_id", nil).Error; err != nil {
			return err
		}
		if err := tx.Where("printer_id = ?", id).Delete(&PrinterCategory{}).Error; err != nil {
			return err
		}
		return tx.Delete(row).Error
	})
}
