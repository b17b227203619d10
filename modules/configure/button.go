package configure

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
)

// Buttons is the service of the entrance buttons of a venue's tablets.
type Buttons struct{ m *Module }

// ButtonView is a button as the console shows it.
type ButtonView struct {
	ID        uint64            `json:"id"`
	VenueID   uint64            `json:"venueId"`
	Function  string            `json:"function" enum:"order_pay,call_service,lucky_wheel,link1,link2,device"`
	Names     map[string]string `json:"names"`
	Image     string            `json:"image"`
	Link      string            `json:"link"`
	CallIcons []CallIcon        `json:"callIcons"`
	Sort      int               `json:"sort"`
	Status    int8              `json:"status"`
	UpdatedAt time.Time         `json:"updatedAt"`
}

func buttonView(b *Button) ButtonView {
	icons := b.CallIcons
	if icons == nil {
		icons = []CallIcon{}
	}
	return ButtonView{ID: b.ID, VenueID: b.VenueID, Function: b.Function, Names: b.Names, Image: b.Image, Link: b.Link,
		CallIcons: icons, Sort: b.Sort, Status: b.Status, UpdatedAt: b.UpdatedAt}
}

// sortButtons orders buttons as tablets show them: sort descending, then
// the functions' default order.
func sortButtons(bs []Button) {
	slices.SortStableFunc(bs, func(a, b Button) int {
		if a.Sort != b.Sort {
			return b.Sort - a.Sort
		}
		return slices.Index(Functions, a.Function) - slices.Index(Functions, b.Function)
	})
}

// List answers a venue's buttons, one per function: a function the venue
// has not configured yet starts as its default (written on first list, so
// it has an id to edit).
func (s *Buttons) List(ctx context.Context, venueID uint64) ([]ButtonView, error) {
	vctx, org, err := s.m.venue(ctx, venueID, false)
	if err != nil {
		return nil, err
	}
	rows, err := s.rows(s.m.db.WithContext(vctx))
	if err != nil {
		return nil, err
	}
	if missing := missingDefaults(rows, org.MerchantID, org.ID); len(missing) > 0 && !isPlatform(ctx) {
		err := s.m.db.WithContext(vctx).Transaction(func(tx *gorm.DB) error { return tx.Create(&missing).Error })
		if err != nil && !dbx.IsDuplicate(err) { // a concurrent list wrote them first
			return nil, err
		}
		if rows, err = s.rows(s.m.db.WithContext(vctx)); err != nil {
			return nil, err
		}
	}
	out := make([]ButtonView, len(rows))
	for i := range rows {
		out[i] = buttonView(&rows[i])
	}
	return out, nil
}

func (s *Buttons) rows(db *gorm.DB) ([]Button, error) {
	var rows []Button
	if err := db.Find(&rows).Error; err != nil {
		return nil, err
	}
	sortButtons(rows)
	return rows, nil
}

// missingDefaults are the defaults of the functions rows lack.
func missingDefaults(rows []Button, merchantID, venueID uint64) []Button {
	var out []Button
	for _, d := range defaultButtons(merchantID, venueID) {
		if !slices.ContainsFunc(rows, func(b Button) bool { return b.Function == d.Function }) {
			out = append(out, d)
		}
	}
	return out
}

// effective answers the buttons a venue's tablets show, whatever the
// caller's scope: its rows, and the defaults of functions never configured.
func (s *Buttons) effective(ctx context.Context, merchantID, venueID uint64) ([]Button, error) {
	rows, err := s.rows(s.m.sys(ctx).Where("venue_id = ?", venueID))
	if err != nil {
		return nil, err
	}
	rows = append(rows, missingDefaults(rows, merchantID, venueID)...)
	sortButtons(rows)
	return rows, nil
}

// Update edits one button.
func (s *Buttons) Update(ctx context.Context, id uint64, in ButtonInput) (*ButtonView, error) {
	var saved *Button
	err := changeVenueRow(s.m, ctx, id, s.m.buttonsChanged, func(tx *gorm.DB, _ context.Context, row *Button) error {
		if err := validateButton(row.Function, &in); err != nil {
			return err
		}
		row.Names, row.Image, row.Link, row.CallIcons, row.Sort = in.Names, in.Image, in.Link, in.CallIcons, in.Sort
		if in.Status != nil {
			row.Status = *in.Status
		}
		saved = row
		return tx.Select("names", "image", "link", "call_icons", "sort", "status", "updated_at").Save(row).Error
	})
	if err != nil {
		return nil, err
	}
	v := buttonView(saved)
	return &v, nil
}

// SetStatus enables or disables a button; an enabled hyperlink needs its link.
func (s *Buttons) SetStatus(ctx context.Context, id uint64, status int8) error {
	return changeVenueRow(s.m, ctx, id, s.m.buttonsChanged, func(tx *gorm.DB, _ context.Context, row *Button) error {
		if status == StatusEnabled && (row.Function == FuncLink1 || row.Function == FuncLink2) && row.Link == "" {
			return api.Invalid("link", "validation.required", nil)
		}
		return tx.Model(row).Update("status", status).Error
	})
}

// RestoreDefaults replaces a venue's buttons with the default set in one
// transaction (the console asks for confirmation first).
func (s *Buttons) RestoreDefaults(ctx context.Context, venueID uint64) ([]ButtonView, error) {
	vctx, org, err := s.m.venue(ctx, venueID, true)
	if err != nil {
		return nil, err
	}
	err = s.m.db.WithContext(vctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("venue_id = ?", org.ID).Delete(&Button{}).Error; err != nil {
			return err
		}
		defaults := defaultButtons(org.MerchantID, org.ID)
		return tx.Create(&defaults).Error
	})
	if err != nil {
		return nil, err
	}
	s.m.buttonsChanged(ctx, org.ID)
	return s.List(ctx, org.ID)
}

func isPlatform(ctx context.Context) bool {
	p, ok := api.PrincipalFrom(ctx)
	return !ok || p.IsPlatform()
}
