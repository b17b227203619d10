package sys

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/textsearch"
)

// Area levels.
const (
	AreaCountry  int8 = 1
	AreaProvince int8 = 2
	AreaCity     int8 = 3
	AreaDistrict int8 = 4
)

// Area is an administrative region. Areas are platform reference data that
// every merchant reads, so the table has no tenant column.
type Area struct {
	Code       string    `gorm:"primaryKey;size:32" json:"code"`
	ParentCode string    `gorm:"size:32;not null;default:'';index:idx_sys_areas_parent,priority:1" json:"parentCode"` // "" for countries
	Name       string    `gorm:"size:128;not null;index" json:"name"`
	Level      int8      `gorm:"not null" json:"level"`
	Sort       int       `gorm:"not null;default:0;index:idx_sys_areas_parent,priority:2" json:"sort"`
	Names      string    `gorm:"type:text;not null" json:"-"` // JSON {lang: name}
	CreatedAt  time.Time `json:"createdAt"`
	UpdatedAt  time.Time `json:"updatedAt"`
}

func (Area) TableName() string { return "sys_areas" }

func areaMigrations() []dbx.Migration {
	return []dbx.Migration{
		{ID: "sys/0002_areas", Up: func(tx *gorm.DB) error { return dbx.CreateTables(tx, &Area{}) }},
	}
}

// AreaView is an area as the console sees it.
type AreaView struct {
	Code        string            `json:"code"`
	ParentCode  string            `json:"parentCode"`
	Name        string            `json:"name"`
	Label       string            `json:"label"` // the name in the request's language
	Level       int8              `json:"level"`
	Sort        int               `json:"sort"`
	Names       map[string]string `json:"names"`
	HasChildren bool              `json:"hasChildren"`
	CreatedAt   time.Time         `json:"createdAt"`
	UpdatedAt   time.Time         `json:"updatedAt"`
}

// AreaMatch is a search hit with the names of the areas above it.
type AreaMatch struct {
	AreaView
	Path      string   `json:"path"`      // "China / Zhejiang / Hangzhou"
	PathCodes []string `json:"pathCodes"` // ["CN", "330000", "330100"], a cascader's value
}

// AreaInput is what an administrator sends to add or edit an area; the
// code, parent and level are fixed once the area exists.
type AreaInput struct {
	Code       string            `json:"code"`
	ParentCode string            `json:"parentCode"`
	Name       string            `json:"name"`
	Sort       int               `json:"sort"`
	Names      map[string]string `json:"names"`
}

// maxSearchHits bounds one area search.
const maxSearchHits = 50

var (
	areaCodeRe = regexp.MustCompile(`^[A-Z0-9_-]+$`)
	langKeyRe  = regexp.MustCompile(`^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})?$`)
)

// normAreaCode upper-cases a code, since MySQL compares codes
// case-insensitively and SQLite does not.
func normAreaCode(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }

func checkAreaCode(c *api.Check, field, code string) {
	if c.MaxLen(field, code, 32) && !areaCodeRe.MatchString(code) {
		c.Add(field, "area.bad_code", nil)
	}
}

func checkAreaNames(c *api.Check, names map[string]string) {
	for lang, name := range names {
		if !langKeyRe.MatchString(lang) || strings.TrimSpace(name) == "" {
			c.Add("names", "validation.bad_value", nil)
			return
		}
		if !c.MaxLen("names", strings.TrimSpace(name), 128) {
			return
		}
	}
}

func validateArea(in *AreaInput, create bool) error {
	in.Code, in.ParentCode, in.Name = normAreaCode(in.Code), normAreaCode(in.ParentCode), strings.TrimSpace(in.Name)
	var c api.Check
	if create {
		if c.Required("code", in.Code) {
			checkAreaCode(&c, "code", in.Code)
		}
		if in.ParentCode != "" {
			checkAreaCode(&c, "parentCode", in.ParentCode)
		}
	}
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	checkAreaNames(&c, in.Names)
	return c.Err()
}

// encodeAreaNames stores translations as JSON; names keep '&' and '<' as
// written so that the search can match them.
func encodeAreaNames(names map[string]string) string {
	clean := make(map[string]string, len(names))
	for lang, name := range names {
		if name = strings.TrimSpace(name); name != "" {
			clean[lang] = name
		}
	}
	if len(clean) == 0 {
		return ""
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(clean)
	return strings.TrimSpace(buf.String())
}

func decodeAreaNames(raw string) map[string]string {
	names := map[string]string{}
	if raw != "" {
		_ = json.Unmarshal([]byte(raw), &names)
	}
	return names
}

// label is the area's name in lang: its translation, else its own name.
func (a Area) label(lang string) string {
	if n := decodeAreaNames(a.Names)[lang]; n != "" {
		return n
	}
	return a.Name
}

func (a Area) view(lang string, hasChildren bool) AreaView {
	names := decodeAreaNames(a.Names)
	label := names[lang]
	if label == "" {
		label = a.Name
	}
	return AreaView{Code: a.Code, ParentCode: a.ParentCode, Name: a.Name, Label: label, Level: a.Level, Sort: a.Sort,
		Names: names, HasChildren: hasChildren, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}

// withChildren reports which of codes have at least one child area.
func withChildren(db *gorm.DB, codes []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(codes) == 0 {
		return out, nil
	}
	var parents []string
	if err := db.Model(&Area{}).Distinct("parent_code").Where("parent_code IN ?", codes).Pluck("parent_code", &parents).Error; err != nil {
		return nil, err
	}
	for _, p := range parents {
		out[p] = true
	}
	return out, nil
}

func (m *Module) areaDB(ctx context.Context) *gorm.DB { return m.deps.DB.WithContext(ctx) }

// AreaChildren lists the direct children of parent ("" lists the countries).
func (m *Module) AreaChildren(ctx context.Context, parent, lang string) ([]AreaView, error) {
	db := m.areaDB(ctx)
	var rows []Area
	if err := db.Where("parent_code = ?", normAreaCode(parent)).Order("sort, code").Find(&rows).Error; err != nil {
		return nil, err
	}
	codes := make([]string, len(rows))
	for i, a := range rows {
		codes[i] = a.Code
	}
	has, err := withChildren(db, codes)
	if err != nil {
		return nil, err
	}
	out := make([]AreaView, len(rows))
	for i, a := range rows {
		out[i] = a.view(lang, has[a.Code])
	}
	return out, nil
}

// Area reads one area.
func (m *Module) Area(ctx context.Context, code, lang string) (*AreaView, error) {
	db := m.areaDB(ctx)
	var a Area
	if err := db.Where("code = ?", normAreaCode(code)).Take(&a).Error; err != nil {
		return nil, err
	}
	has, err := withChildren(db, []string{a.Code})
	if err != nil {
		return nil, err
	}
	v := a.view(lang, has[a.Code])
	return &v, nil
}

// CreateArea adds an area under an existing parent, one level below it.
func (m *Module) CreateArea(ctx context.Context, in AreaInput, lang string) (*AreaView, error) {
	if err := validateArea(&in, true); err != nil {
		return nil, err
	}
	a := Area{Code: in.Code, ParentCode: in.ParentCode, Name: in.Name, Level: AreaCountry, Sort: in.Sort, Names: encodeAreaNames(in.Names)}
	err := m.areaDB(ctx).Transaction(func(tx *gorm.DB) error {
		if a.ParentCode != "" {
			var parent Area
			if err := tx.Where("code = ?", a.ParentCode).Take(&parent).Error; err != nil {
				if dbx.IsNotFound(err) {
					return api.Invalid("parentCode", "area.bad_parent", map[string]any{"Code": a.ParentCode})
				}
				return err
			}
			if parent.Level >= AreaDistrict {
				return api.Invalid("parentCode", "area.too_deep", nil)
			}
			a.Level = parent.Level + 1
		}
		var n int64
		if err := tx.Model(&Area{}).Where("code = ?", a.Code).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Invalid("code", "validation.taken", nil)
		}
		return tx.Create(&a).Error
	})
	if dbx.IsDuplicate(err) {
		return nil, api.Invalid("code", "validation.taken", nil)
	}
	if err != nil {
		return nil, err
	}
	v := a.view(lang, false)
	return &v, nil
}

// UpdateArea saves an area's name, sort and translations.
func (m *Module) UpdateArea(ctx context.Context, code string, in AreaInput, lang string) (*AreaView, error) {
	if err := validateArea(&in, false); err != nil {
		return nil, err
	}
	db := m.areaDB(ctx)
	var a Area
	if err := db.Where("code = ?", normAreaCode(code)).Take(&a).Error; err != nil {
		return nil, err
	}
	changes := map[string]any{"name": in.Name, "sort": in.Sort, "updated_at": time.Now()}
	if in.Names != nil { // absent keeps the translations, {} clears them
		changes["names"] = encodeAreaNames(in.Names)
	}
	if err := db.Model(&Area{}).Where("code = ?", a.Code).Updates(changes).Error; err != nil {
		return nil, err
	}
	return m.Area(ctx, a.Code, lang)
}

// DeleteArea removes an area that has no children and that no
// organisation's address uses.
func (m *Module) DeleteArea(ctx context.Context, code string) error {
	code = normAreaCode(code)
	return m.areaDB(ctx).Transaction(func(tx *gorm.DB) error {
		var a Area
		if err := tx.Where("code = ?", code).Take(&a).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Area{}).Where("parent_code = ?", code).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Conflict("area.has_children", nil)
		}
		// Every merchant's organisations count, not only those the caller sees.
		if err := tx.WithContext(tenancy.SystemContext(ctx)).Model(&Org{}).Where("area_code = ?", code).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Conflict("area.in_use", nil)
		}
		return tx.Delete(&a).Error
	})
}

// SearchAreas finds up to 50 areas whose name, code or translated name
// contains keyword (case-insensitively), each with the names of the areas
// above it. Areas are a bounded reference list (countries, provinces,
// cities, districts): a plain LIKE '%text%' with escaped wildcards; the
// translated names are a JSON text, so a hit there is checked in Go against
// the names themselves (not the language keys).
func (m *Module) SearchAreas(ctx context.Context, keyword, lang string) ([]AreaMatch, error) {
	keyword = strings.TrimSpace(keyword)
	out := []AreaMatch{}
	if keyword == "" {
		return out, nil
	}
	db := m.areaDB(ctx)
	like := textsearch.Contains(keyword)
	var found []Area
	err := db.Where("name LIKE ? ESCAPE '!' OR code LIKE ? ESCAPE '!' OR names LIKE ? ESCAPE '!'", like, like, like).
		Order("level, sort, code").Limit(40 * maxSearchHits).Find(&found).Error
	if err != nil {
		return nil, err
	}
	var hits []Area
	for _, a := range found {
		if len(hits) < maxSearchHits && a.matches(keyword) {
			hits = append(hits, a)
		}
	}
	known := make(map[string]Area, len(hits))
	codes := make([]string, len(hits))
	for i, a := range hits {
		known[a.Code] = a
		codes[i] = a.Code
	}
	// Ancestors load one level per query; levels bound the loop.
	for range AreaDistrict {
		var missing []string
		for _, a := range known {
			if _, ok := known[a.ParentCode]; a.ParentCode != "" && !ok && !slices.Contains(missing, a.ParentCode) {
				missing = append(missing, a.ParentCode)
			}
		}
		if len(missing) == 0 {
			break
		}
		var parents []Area
		if err := db.Where("code IN ?", missing).Find(&parents).Error; err != nil {
			return nil, err
		}
		if len(parents) == 0 {
			break
		}
		for _, p := range parents {
			known[p.Code] = p
		}
	}
	has, err := withChildren(db, codes)
	if err != nil {
		return nil, err
	}
	for _, a := range hits {
		var labels, path []string
		for cur, ok := a, true; ok && len(path) <= int(AreaDistrict); cur, ok = known[cur.ParentCode] {
			labels = append([]string{cur.label(lang)}, labels...)
			path = append([]string{cur.Code}, path...)
			if cur.ParentCode == "" {
				break
			}
		}
		out = append(out, AreaMatch{AreaView: a.view(lang, has[a.Code]), Path: strings.Join(labels, " / "), PathCodes: path})
	}
	return out, nil
}

// matches tells whether the area's name, code or a translated name contains
// keyword, case-insensitively.
func (a Area) matches(keyword string) bool {
	k := strings.ToLower(keyword)
	if strings.Contains(strings.ToLower(a.Name), k) || strings.Contains(strings.ToLower(a.Code), k) {
		return true
	}
	var names map[string]string
	if json.Unmarshal([]byte(a.Names), &names) != nil {
		return false
	}
	for _, n := range names {
		if strings.Contains(strings.ToLower(n), k) {
			return true
		}
	}
	return false
}
