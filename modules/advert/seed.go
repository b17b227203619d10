package advert

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"sort"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/internal/storage"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/modules/sys"
)

// seedDemo gives the demo venue four tablets and the demo merchant and
// the platform draft ads ready to publish (a status other than draft is
// only ever set by the review process, which runs once the server does).
func (m *Module) seedDemo(ctx context.Context) error {
	merchant, err := m.core.Orgs.MerchantByName(ctx, sys.DemoMerchantName)
	if err != nil || merchant == nil {
		return err
	}
	venues, err := m.venuesOf(ctx, merchant.ID)
	if err != nil || len(venues) == 0 {
		return fmt.Errorf("demo venue of %s: %v", sys.DemoMerchantName, err)
	}
	venue := venues[0]
	var n int64
	if err := m.db.WithContext(ctx).Model(&Tablet{}).Where("merchant_id = ?", merchant.ID).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	pictures := map[string]string{}
	for name, c := range map[string]color.RGBA{"brunch": {0xFA, 0x8C, 0x16, 0xFF}, "happy": {0x72, 0x2E, 0xD1, 0xFF}, "loyalty": {0x13, 0xC2, 0xC2, 0xFF}} {
		url, err := demoPicture(ctx, m.deps.Storage, c)
		if err != nil {
			return err
		}
		pictures[name] = url
	}
	boss, err := m.core.People.Lookup(ctx, "demo_admin")
	if err != nil {
		return err
	}
	admin, err := m.core.People.Lookup(ctx, "admin")
	if err != nil {
		return err
	}
	today := time.Now().In(m.orgs.owner(ctx, merchant.ID).Loc)
	start, end := today.Format(time.DateOnly), today.AddDate(0, 1, 0).Format(time.DateOnly)
	return m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		tablets := make([]Tablet, 4)
		for i := range tablets {
			tablets[i] = Tablet{MerchantID: merchant.ID, VenueID: venue, Number: fmt.Sprintf("T%02d", i+1),
				Name: fmt.Sprintf("Table %d tablet", i+1), Key: newTabletKey(), Status: TabletEnabled}
		}
		if err := tx.Create(&tablets).Error; err != nil {
			return err
		}
		ads := []struct {
			ad      Advert
			targets []AdvertTarget
		}{
			{Advert{MerchantID: merchant.ID, Title: "Weekend brunch", Type: TypeMerchant, MaterialType: MaterialImage,
				Materials:     []Material{{URL: pictures["brunch"], Type: MaterialImage, Duration: 15}, {URL: pictures["happy"], Type: MaterialImage, Duration: 10}},
				TotalDuration: 25, StartDate: start, EndDate: end, DailyStart: "09:00", DailyEnd: "14:00", TargetType: TargetVenue, TabletCount: 4, LinkType: LinkNone},
				[]AdvertTarget{{Kind: TargetVenue, RefID: venue}}},
			{Advert{MerchantID: merchant.ID, Title: "Happy hour 17:00-19:00", Type: TypeMerchant, MaterialType: MaterialImage,
				Materials: []Material{{URL: pictures["happy"], Type: MaterialImage, Duration: 20}}, TotalDuration: 20,
				StartDate: start, EndDate: end, DailyStart: "17:00", DailyEnd: "19:00", TargetType: TargetTablet, TabletCount: 2,
				LinkType: LinkURL, LinkValue: "https://example.com/happy-hour"},
				[]AdvertTarget{{Kind: TargetTablet, RefID: tablets[0].ID}, {Kind: TargetTablet, RefID: tablets[1].ID}}},
			{Advert{MerchantID: 0, Title: "Venue Platform loyalty programme", Type: TypePlatform, MaterialType: MaterialImage,
				Materials: []Material{{URL: pictures["loyalty"], Type: MaterialImage, Duration: 12}}, TotalDuration: 12,
				StartDate: start, EndDate: end, DailyStart: "00:00", DailyEnd: "24:00", TargetType: TargetVenue, TabletCount: 4,
				LinkType: LinkURL, LinkValue: "https://example.com/loyalty"},
				[]AdvertTarget{{Kind: TargetVenue, RefID: venue}}},
		}
		for _, d := range ads {
			ad := d.ad
			ad.Status, ad.CreatedBy, ad.CreatedByName = StatusDraft, boss.ID, boss.Username
			if ad.MerchantID == 0 {
				ad.CreatedBy, ad.CreatedByName = admin.ID, admin.Username
			}
			no, err := nextReleaseNo(tx, time.Now().In(m.orgs.owner(ctx, ad.MerchantID).Loc))
			if err != nil {
				return err
			}
			ad.ReleaseNo = no
			if err := tx.Create(&ad).Error; err != nil {
				return err
			}
			if err := writeTargets(tx, ad, d.targets); err != nil {
				return err
			}
		}
		return nil
	})
}

// demoPicture stores a small striped picture for a demo ad.
func demoPicture(ctx context.Context, st storage.Storage, ground color.RGBA) (string, error) {
	img := image.NewRGBA(image.Rect(0, 0, 320, 180))
	for y := 0; y < 180; y++ {
		for x := 0; x < 320; x++ {
			c := ground
			if (x+y)/24%2 == 0 {
				c = color.RGBA{R: ground.R / 4 * 3, G: ground.G / 4 * 3, B: ground.B / 4 * 3, A: 0xFF}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return "", err
	}
	return st.Put(ctx, storage.NewKey("png"), &buf, int64(buf.Len()), storage.ContentType("png"))
}

// venuesOf lists a merchant's venues, oldest first.
func (m *Module) venuesOf(ctx context.Context, merchantID uint64) ([]uint64, error) {
	roots, err := m.core.Orgs.Tree(tenancy.SystemContext(ctx))
	if err != nil {
		return nil, err
	}
	var out []uint64
	var walk func([]*sys.OrgNode)
	walk = func(nodes []*sys.OrgNode) {
		for _, n := range nodes {
			if n.Type == sys.OrgVenue && n.MerchantID == merchantID {
				out = append(out, n.ID)
			}
			walk(n.Children)
		}
	}
	walk(roots)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}
