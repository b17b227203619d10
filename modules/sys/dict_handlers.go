package sys

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
)

func (m *Module) dictRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/dict/type", Perm: "sys:dict", Action: "query",
		Summary: "List dictionary types", Query: DictTypeQuery{}, Result: api.Page[DictType]{}}, m.dictTypeList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/type", Perm: "sys:dict", Action: "add",
		Summary: "Add a dictionary type", Body: DictTypeForm{}, Result: DictType{}}, m.dictTypeCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/dict/type/:id", Perm: "sys:dict", Action: "edit",
		Summary: "Edit a dictionary type", Body: DictTypeForm{}, Result: DictType{}}, m.dictTypeUpdate)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/dict/type/:id", Perm: "sys:dict", Action: "delete",
		Summary: "Delete a dictionary type that is not built in, with its entries"}, m.dictTypeDelete)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/dict/item", Perm: "sys:dict", Action: "query",
		Summary: "List the entries of a type", Query: DictItemQuery{}, Result: []DictItem{}}, m.dictItemList)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/item", Perm: "sys:dict", Action: "add",
		Summary: "Add an entry", Body: DictItemForm{}, Result: DictItem{}}, m.dictItemCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/dict/item/:id", Perm: "sys:dict", Action: "edit",
		Summary: "Edit an entry", Body: DictItemForm{}, Result: DictItem{}}, m.dictItemUpdate)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/item/:id/enable", Perm: "sys:dict", Action: "enable",
		Summary: "Enable an entry"}, m.dictItemStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/dict/item/:id/disable", Perm: "sys:dict", Action: "disable",
		Summary: "Disable an entry"}, m.dictItemStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/dict/item/:id", Perm: "sys:dict", Action: "delete",
		Summary: "Delete an entry that is not built in"}, m.dictItemDelete)
}

// DictTypeQuery filters dictionary types.
type DictTypeQuery struct {
	api.PageQuery
	Keyword string `form:"keyword" json:"keyword"`
}

func (m *Module) dictTypeList(c *api.Ctx) (any, error) {
	var q DictTypeQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.Normalize()
	db := m.deps.DB.WithContext(c.Ctx()).Model(&DictType{})
	if kw := strings.TrimSpace(q.Keyword); kw != "" {
		db = db.Where("code LIKE ? ESCAPE '!' OR name LIKE ? ESCAPE '!'", likePrefix(kw), likePrefix(kw))
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return nil, err
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
		c.Add("code", "role.bad_code", nil)
	}
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 64)
	}
	c.MaxLen("description", in.Description, 255)
	return c.Err()
}

func (m *Module) dictTypeCreate(c *api.Ctx) (any, error) {
	var in DictTypeForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := validateDictType(&in); err != nil {
		return nil, err
	}
	t := DictType{Code: in.Code, Name: in.Name, Description: in.Description, Status: StatusEnabled}
	if err := m.deps.DB.WithContext(c.Ctx()).Create(&t).Error; err != nil {
		if isDuplicate(err) {
			return nil, api.Invalid("code", "validation.taken", nil)
		}
		return nil, err
	}
	return t, nil
}

func (m *Module) dictTypeUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in DictTypeForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := validateDictType(&in); err != nil {
		return nil, err
	}
	var t DictType
	err = m.deps.DB.WithContext(c.Ctx()).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&t, id).Error; err != nil {
			return err
		}
		if t.Code != in.Code {
			// The entries hang on the code: a built-in code is used by the product itself.
			if t.Builtin {
				return api.Invalid("code", "role.builtin_code", nil)
			}
			if err := tx.Model(&DictItem{}).Where("type_code = ?", t.Code).Update("type_code", in.Code).Error; err != nil {
				return err
			}
		}
		old := t.Code
		t.Code, t.Name, t.Description = in.Code, in.Name, in.Description
		if err := tx.Save(&t).Error; err != nil {
			return err
		}
		return m.Dicts.Changed(c.Ctx(), old)
	})
	if isDuplicate(err) {
		return nil, api.Invalid("code", "validation.taken", nil)
	}
	if err != nil {
		return nil, err
	}
	return t, m.Dicts.Changed(c.Ctx(), t.Code)
}

func (m *Module) dictTypeDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var t DictType
	err = m.deps.DB.WithContext(c.Ctx()).Transaction(func(tx *gorm.DB) error {
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
		return nil, err
	}
	return nil, m.Dicts.Changed(c.Ctx(), t.Code)
}

// DictItemQuery names the type whose entries to list.
type DictItemQuery struct {
	Type string `form:"type" json:"type"`
}

func (m *Module) dictItemList(c *api.Ctx) (any, error) {
	var q DictItemQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	var rows []DictItem
	err := m.deps.DB.WithContext(c.Ctx()).Where("type_code = ?", q.Type).Order("sort, id").Find(&rows).Error
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

func (m *Module) saveItem(c *api.Ctx, it *DictItem, in DictItemForm) error {
	labels, _ := json.Marshal(in.Labels)
	if in.Labels == nil {
		labels = nil
	}
	err := m.deps.DB.WithContext(c.Ctx()).Transaction(func(tx *gorm.DB) error {
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
	return m.Dicts.Changed(c.Ctx(), it.TypeCode)
}

func (m *Module) dictItemCreate(c *api.Ctx) (any, error) {
	var in DictItemForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := validateDictItem(&in); err != nil {
		return nil, err
	}
	it := DictItem{Status: StatusEnabled}
	return it, m.saveItem(c, &it, in)
}

func (m *Module) dictItemUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in DictItemForm
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := validateDictItem(&in); err != nil {
		return nil, err
	}
	var it DictItem
	if err := m.deps.DB.WithContext(c.Ctx()).Take(&it, id).Error; err != nil {
		return nil, err
	}
	return it, m.saveItem(c, &it, in)
}

func (m *Module) dictItemStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		var it DictItem
		db := m.deps.DB.WithContext(c.Ctx())
		if err := db.Take(&it, id).Error; err != nil {
			return nil, err
		}
		if err := db.Model(&it).Update("status", status).Error; err != nil {
			return nil, err
		}
		return nil, m.Dicts.Changed(c.Ctx(), it.TypeCode)
	}
}

func (m *Module) dictItemDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var it DictItem
	db := m.deps.DB.WithContext(c.Ctx())
	if err := db.Take(&it, id).Error; err != nil {
		return nil, err
	}
	if it.Builtin {
		return nil, api.Conflict("dict.builtin", nil)
	}
	if err := db.Delete(&it).Error; err != nil {
		return nil, err
	}
	return nil, m.Dicts.Changed(c.Ctx(), it.TypeCode)
}
