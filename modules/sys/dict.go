package sys

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"sync"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/changefeed"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/internal/textsearch"
)

const topicDict = "sys.dict"

// DictService serves dictionary entries by type from a cache that every
// change invalidates.
type DictService struct {
	db     *gorm.DB
	feed   *changefeed.Feed
	mu     sync.RWMutex
	byType map[string][]DictItem
	gen    uint64 // counts drops: a read one overtook is not kept
}

func newDictService(db *gorm.DB, feed *changefeed.Feed) *DictService {
	s := &DictService{db: db, feed: feed, byType: map[string][]DictItem{}}
	feed.Subscribe(topicDict, func(typeCode string) {
		s.mu.Lock()
		s.gen++
		delete(s.byType, typeCode)
		s.mu.Unlock()
	})
	return s
}

// DictEntry is one entry as lists and selects receive it.
type DictEntry struct {
	DictKey   string `json:"dictKey"`
	DictValue string `json:"dictValue"`
	Sort      int    `json:"sort"`
}

// ByType lists a type's enabled entries in order, labelled in lang when the
// entry has a label for it (lang "" keeps the stored labels).
func (s *DictService) ByType(ctx context.Context, typeCode, lang string) ([]DictEntry, error) {
	items, err := s.items(ctx, typeCode)
	if err != nil {
		return nil, err
	}
	out := make([]DictEntry, 0, len(items))
	for _, it := range items {
		label := it.DictKey
		if lang != "" && it.Labels != "" {
			var labels map[string]string
			if json.Unmarshal([]byte(it.Labels), &labels) == nil {
				if l, ok := labels[i18n.Normalize(lang)]; ok && l != "" {
					label = l
				}
			}
		}
		out = append(out, DictEntry{DictKey: label, DictValue: it.DictValue, Sort: it.Sort})
	}
	return out, nil
}

func (s *DictService) items(ctx context.Context, typeCode string) ([]DictItem, error) {
	s.mu.RLock()
	items, ok := s.byType[typeCode]
	gen := s.gen
	s.mu.RUnlock()
	if ok {
		return items, nil
	}
	err := s.db.WithContext(tenancy.SystemContext(ctx)).
		Where("type_code = ? AND status = ?", typeCode, StatusEnabled).Order("sort, id").Find(&items).Error
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.gen == gen {
		s.byType[typeCode] = items
	}
	s.mu.Unlock()
	return items, nil
}

// Changed invalidates a type's cache on every node.
func (s *DictService) Changed(ctx context.Context, typeCode string) error {
	return s.feed.Publish(ctx, topicDict, typeCode)
}

// DictTypeInfo names one dictionary type (for pickers of other modules).
type DictTypeInfo struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// Types lists the enabled dictionary types by code.
func (s *DictService) Types(ctx context.Context) ([]DictTypeInfo, error) {
	var rows []DictType
	if err := s.db.WithContext(tenancy.SystemContext(ctx)).Where("status = ?", StatusEnabled).Order("code").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]DictTypeInfo, len(rows))
	for i, r := range rows {
		out[i] = DictTypeInfo{Code: r.Code, Name: r.Name}
	}
	return out, nil
}

// DictTypeQuery filters dictionary types.
type DictTypeQuery struct {
	api.PageQuery
	Keyword string `form:"keyword" json:"keyword"`
}

// TypePage lists dictionary types whose code or name contains the keyword.
// Dictionaries are few: a plain LIKE '%text%' with escaped wildcards.
func (s *DictService) TypePage(ctx context.Context, q DictTypeQuery) (api.Page[DictType], error) {
	q.Normalize()
	db := s.db.WithContext(ctx).Model(&DictType{})
	if kw := strings.TrimSpace(q.Keyword); kw != "" {
		db = db.Where("code LIKE ? ESCAPE '!' OR name LIKE ? ESCAPE '!'", textsearch.Contains(kw), textsearch.Contains(kw))
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return api.Page[DictType]{}, err
	}
	var rows []DictType
	err := db.Order("id").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// DictTypeForm is the type form.
type DictTypeForm struct {
	Code        string `json:"code"`
	Name        string `json:"name"`
	Description string `json:"description"`
}

var dictCodeRe = regexp.MustCompile(`^[a-z][a-z0-9_]{1,63}$`)

func validateDictType(in *DictTypeForm) error {
	in.Code, in.Name = strings.TrimSpace(in.Code), strings.TrimSpace(in.Name)
	var c api.Check
	if c.Required("code", in.Code) && !dictCodeRe.MatchString(in.Code) {
		c.Add("code", "dict.bad_code", nil)
	}
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 64)
	}
	c.MaxLen("description", in.Description, 255)
	return c.Err()
}

// CreateType adds an enabled dictionary type; its code is unique.
func (s *DictService) CreateType(ctx context.Context, in DictTypeForm) (*DictType, error) {
	if err := validateDictType(&in); err != nil {
		return nil, err
	}
	t := DictType{Code: in.Code, Name: in.Name, Description: in.Description, Status: StatusEnabled}
	if err := s.db.WithContext(ctx).Create(&t).Error; err != nil {
		if isDuplicate(err) {
			return nil, api.Invalid("code", "validation.taken", nil)
		}
		return nil, err
	}
	return &t, nil
}

// UpdateType edits a type; a new code moves its entries with it, and a
// built-in type keeps its code (the product itself reads it).
func (s *DictService) UpdateType(ctx context.Context, id uint64, in DictTypeForm) (*DictType, error) {
	if err := validateDictType(&in); err != nil {
		return nil, err
	}
	var t DictType
	var old string
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&t, id).Error; err != nil {
			return err
		}
		if t.Code != in.Code {
			// The entries hang on the code: a built-in code is used by the product itself.
			if t.Builtin {
				return api.Invalid("code", "dict.builtin_code", nil)
			}
			if err := tx.Model(&DictItem{}).Where("type_code = ?", t.Code).Update("type_code", in.Code).Error; err != nil {
				return err
			}
		}
		old = t.Code
		t.Code, t.Name, t.Description = in.Code, in.Name, in.Description
		return tx.Save(&t).Error
	})
	if isDuplicate(err) {
		return nil, api.Invalid("code", "validation.taken", nil)
	}
	if err != nil {
		return nil, err
	}
	// Announced once committed: inside the transaction the announcement waited
	// for the transaction's own write lock on SQLite, and on MySQL another node
	// could reload the old code's entries before they moved.
	if err := s.Changed(ctx, old); err != nil {
		return nil, err
	}
	return &t, s.Changed(ctx, t.Code)
}

// DeleteType removes a type that is not built in, with its entries.
func (s *DictService) DeleteType(ctx context.Context, id uint64) error {
	var t DictType
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&t, id).Error; err != nil {
			return err
		}
		if t.Builtin {
			return api.Conflict("dict.builtin", nil)
		}
		if err := tx.Where("type_code = ?", t.Code).Delete(&DictItem{}).Error; err != nil {
			return err
		}
		return tx.Delete(&t).Error
	})
	if err != nil {
		return err
	}
	return s.Changed(ctx, t.Code)
}

// DictItemQuery names the type whose entries to list.
type DictItemQuery struct {
	Type string `form:"type" json:"type"`
}

// Items lists every entry of a type (enabled or not), in their order.
func (s *DictService) Items(ctx context.Context, typeCode string) ([]DictItem, error) {
	var rows []DictItem
	err := s.db.WithContext(ctx).Where("type_code = ?", typeCode).Order("sort, id").Find(&rows).Error
	if rows == nil {
		rows = []DictItem{}
	}
	return rows, err
}

// DictItemForm is the entry form; Labels holds a label per language tag.
type DictItemForm struct {
	Type      string            `json:"type"`
	DictKey   string            `json:"dictKey"`
	DictValue string            `json:"dictValue"`
	Sort      int               `json:"sort"`
	Labels    map[string]string `json:"labels"`
}

func validateDictItem(in *DictItemForm) error {
	in.DictKey, in.DictValue = strings.TrimSpace(in.DictKey), strings.TrimSpace(in.DictValue)
	var c api.Check
	c.Required("type", in.Type)
	if c.Required("dictKey", in.DictKey) {
		c.MaxLen("dictKey", in.DictKey, 128)
	}
	if c.Required("dictValue", in.DictValue) {
		c.MaxLen("dictValue", in.DictValue, 128)
	}
	for tag, label := range in.Labels {
		if i18n.Normalize(tag) != tag || len(label) > 128 {
			c.Add("labels", "validation.bad_value", nil)
			break
		}
	}
	return c.Err()
}

// CreateItem adds an enabled entry to an existing type.
func (s *DictService) CreateItem(ctx context.Context, in DictItemForm) (*DictItem, error) {
	if err := validateDictItem(&in); err != nil {
		return nil, err
	}
	it := DictItem{Status: StatusEnabled}
	return &it, s.saveItem(ctx, &it, in)
}

// UpdateItem edits an entry; a built-in entry keeps its value and type.
func (s *DictService) UpdateItem(ctx context.Context, id uint64, in DictItemForm) (*DictItem, error) {
	if err := validateDictItem(&in); err != nil {
		return nil, err
	}
	var it DictItem
	if err := s.db.WithContext(ctx).Take(&it, id).Error; err != nil {
		return nil, err
	}
	return &it, s.saveItem(ctx, &it, in)
}

func (s *DictService) saveItem(ctx context.Context, it *DictItem, in DictItemForm) error {
	labels, _ := json.Marshal(in.Labels)
	if in.Labels == nil {
		labels = nil
	}
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var n int64
		if err := tx.Model(&DictType{}).Where("code = ?", in.Type).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return api.Invalid("type", "error.not_found", nil)
		}
		if it.Builtin && (it.DictValue != in.DictValue || it.TypeCode != in.Type) {
			return api.Invalid("dictValue", "role.builtin_code", nil)
		}
		it.TypeCode, it.DictKey, it.DictValue, it.Sort, it.Labels = in.Type, in.DictKey, in.DictValue, in.Sort, string(labels)
		return tx.Save(it).Error
	})
	if isDuplicate(err) {
		return api.Invalid("dictValue", "validation.taken", nil)
	}
	if err != nil {
		return err
	}
	return s.Changed(ctx, it.TypeCode)
}

// SetItemStatus enables or disables an entry.
func (s *DictService) SetItemStatus(ctx context.Context, id uint64, status int8) error {
	var it DictItem
	db := s.db.WithContext(ctx)
	if err := db.Take(&it, id).Error; err != nil {
		return err
	}
	if err := db.Model(&it).Update("status", status).Error; err != nil {
		return err
	}
	return s.Changed(ctx, it.TypeCode)
}

// DeleteItem removes an entry that is not built in.
func (s *DictService) DeleteItem(ctx context.Context, id uint64) error {
	var it DictItem
	db := s.db.WithContext(ctx)
	if err := db.Take(&it, id).Error; err != nil {
		return err
	}
	if it.Builtin {
		return api.Conflict("dict.builtin", nil)
	}
	if err := db.Delete(&it).Error; err != nil {
		return err
	}
	return s.Changed(ctx, it.TypeCode)
}
