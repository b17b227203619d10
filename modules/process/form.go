package process

import (
	"context"
	"encoding/json"
	"github.com/venueplatform/venue/internal/textsearch"
	"regexp"
	"strings"

	"github.com/venueplatform/venue/api"
	"gorm.io/gorm"
)

var keyRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_\-.]{0,63}$`)

// FormInput is a form save: each save of changed content is a new version.
type FormInput struct {
	Key         string          `json:"key" api:"required" doc:"letters, digits, _ and -; starts with a letter" example:"leave_form"`
	Name        string          `json:"name" api:"required" example:"Leave request"`
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema" api:"required" type:"object" doc:"Formily JSON Schema"`
}

func validateForm(in *FormInput) error {
	in.Key, in.Name = strings.TrimSpace(in.Key), strings.TrimSpace(in.Name)
	var c api.Check
	if c.Required("key", in.Key) && !keyRe.MatchString(in.Key) {
		c.Add("key", "process.bad_key", nil)
	}
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	if len(in.Schema) == 0 {
		c.Add("schema", "validation.required", nil)
	} else if _, err := ParseSchema(string(in.Schema)); err != nil {
		c.Add("schema", "process.bad_schema", map[string]any{"Error": err.Error()})
	}
	return c.Err()
}

// SaveForm creates a form or stores a new version of it (by key, within the caller's tenant).
func (m *Module) SaveForm(ctx context.Context, p *api.Principal, in FormInput) (*Form, error) {
	if err := validateForm(&in); err != nil {
		return nil, err
	}
	var f Form
	err := m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("`key` = ? AND merchant_id = ?", in.Key, p.MerchantID).Limit(1).Find(&f).Error
		if err != nil {
			return err
		}
		if f.ID != 0 && f.Schema == string(in.Schema) {
			f.Name, f.Description = in.Name, in.Description
			return tx.Select("name", "description").Save(&f).Error
		}
		if f.ID == 0 {
			f = Form{Key: in.Key, Version: 0}
		}
		f.Name, f.Description, f.Schema, f.UpdatedBy = in.Name, in.Description, string(in.Schema), p.UserName
		f.Version++
		if err := tx.Save(&f).Error; err != nil {
			return err
		}
		return tx.Create(&FormVersion{FormID: f.ID, Version: f.Version, Schema: f.Schema, CreatedBy: p.UserName}).Error
	})
	if err != nil {
		return nil, err
	}
	return &f, nil
}

// ListQuery filters design lists.
type ListQuery struct {
	api.PageQuery
	Keyword  string `form:"keyword" json:"keyword"`
	Key      string `form:"key" json:"key"`
	Category string `form:"category" json:"category"`
}

func likeAny(s string) string {
	return textsearch.Contains(strings.TrimSpace(s))
}

// FormDetail is a form with its versions.
type FormDetail struct {
	Form
	Versions []FormVersion `json:"versions"`
}

// Forms lists forms by name or key.
func (m *Module) Forms(ctx context.Context, q ListQuery) (api.Page[Form], error) {
	q.Normalize()
	db := m.db.WithContext(ctx).Model(&Form{})
	if q.Keyword != "" {
		db = db.Where("(name LIKE ? ESCAPE '!' OR `key` LIKE ? ESCAPE '!')", likeAny(q.Keyword), likeAny(q.Keyword))
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return api.Page[Form]{}, err
	}
	var rows []Form
	err := db.Order("updated_at DESC, id DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// Form answers a form with its versions, newest first.
func (m *Module) Form(ctx context.Context, id uint64) (*FormDetail, error) {
	var f Form
	if err := m.db.WithContext(ctx).Take(&f, id).Error; err != nil {
		return nil, err
	}
	var versions []FormVersion
	if err := m.db.WithContext(ctx).Where("form_id = ?", id).Order("version DESC").Find(&versions).Error; err != nil {
		return nil, err
	}
	return &FormDetail{Form: f, Versions: versions}, nil
}

// DeleteForm removes a form of the caller's tenant that no model binds, with its versions.
func (m *Module) DeleteForm(ctx context.Context, p *api.Principal, id uint64) error {
	var f Form
	db := m.db.WithContext(ctx)
	if err := db.Take(&f, id).Error; err != nil {
		return err
	}
	if f.MerchantID != p.MerchantID {
		return api.Conflict("process.not_yours", nil)
	}
	var n int64
	if err := db.Model(&Model{}).Where("xml LIKE ? ESCAPE '!' OR form_bindings LIKE ? ESCAPE '!'", likeAny(`"`+f.Key+`"`), likeAny(`"`+f.Key+`"`)).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return api.Conflict("process.form_in_use", nil)
	}
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("form_id = ?", id).Delete(&FormVersion{}).Error; err != nil {
			return err
		}
		return tx.Delete(&f).Error
	})
}
