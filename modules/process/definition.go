package process

import (
	"context"
	"encoding/json"
	"sort"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/workflows/engine"
	"gorm.io/gorm"
)

// FrozenForm is a form as a definition froze it.
type FrozenForm struct {
	Key     string          `json:"key"`
	Name    string          `json:"name"`
	Version int             `json:"version"`
	Schema  json.RawMessage `json:"schema" type:"object" doc:"Formily JSON Schema"`
}

func (d *Definition) forms() map[string]FrozenForm {
	out := map[string]FrozenForm{}
	_ = json.Unmarshal([]byte(d.Forms), &out)
	return out
}

// SetDefinitionStatus suspends (no new starts) or activates a definition.
func (m *Module) SetDefinitionStatus(ctx context.Context, p *api.Principal, id uint64, status string) error {
	var d Definition
	db := m.db.WithContext(ctx)
	if err := db.Take(&d, id).Error; err != nil {
		return err
	}
	if d.MerchantID != p.MerchantID {
		return api.Conflict("process.not_yours", nil)
	}
	return db.Model(&d).Update("status", status).Error
}

// DeleteDefinition removes a definition version no instance runs on.
func (m *Module) DeleteDefinition(ctx context.Context, p *api.Principal, id uint64) error {
	return m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var d Definition
		if err := tx.Take(&d, id).Error; err != nil {
			return err
		}
		if d.MerchantID != p.MerchantID {
			return api.Conflict("process.not_yours", nil)
		}
		var n int64
		if err := tx.Model(&Instance{}).Where("definition_id = ? AND state = ?", id, "running").Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Conflict("process.definition_running", map[string]any{"Count": n})
		}
		return tx.Delete(&d).Error
	})
}

// activeDefinition finds what a start names: an id, or a key's newest
// active version (the caller's own before the platform's).
func (m *Module) activeDefinition(ctx context.Context, id uint64, key string) (*Definition, error) {
	var d Definition
	db := m.db.WithContext(ctx)
	var err error
	if id != 0 {
		err = db.Take(&d, id).Error
	} else {
		err = db.Where("`key` = ?", key).Order("merchant_id DESC, version DESC").Take(&d).Error
	}
	if err != nil {
		if dbx.IsNotFound(err) {
			return nil, api.Invalid("definitionKey", "process.no_definition", nil)
		}
		return nil, err
	}
	if d.Status != DefinitionActive {
		return nil, api.Conflict("process.definition_suspended", nil)
	}
	return &d, nil
}

func sortedStrings[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// DefinitionDetail is a definition with its frozen forms and running count.
type DefinitionDetail struct {
	Definition
	FormSnapshots map[string]FrozenForm `json:"forms"`
	StartFormSpec *FrozenForm           `json:"startForm"`
	Running       int64                 `json:"running"`
}

// Definitions lists definitions (without their XML); key= lists every version of a key.
func (m *Module) Definitions(ctx context.Context, q ListQuery) (api.Page[Definition], error) {
	q.Normalize()
	db := m.db.WithContext(ctx).Model(&Definition{})
	if q.Key != "" {
		db = db.Where("`key` = ?", q.Key)
	}
	if q.Keyword != "" {
		db = db.Where("(name LIKE ? ESCAPE '!' OR `key` LIKE ? ESCAPE '!')", likeAny(q.Keyword), likeAny(q.Keyword))
	}
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return api.Page[Definition]{}, err
	}
	var rows []Definition
	err := db.Select("id", "merchant_id", "model_id", "key", "version", "name", "category", "process_id", "start_form", "status", "is_system", "deployed_by", "created_at").
		Order("`key`, version DESC").Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error
	return api.NewPage(q.PageQuery, rows, total), err
}

// Definition answers a definition with its XML, frozen forms and running count.
func (m *Module) Definition(ctx context.Context, id uint64) (*DefinitionDetail, error) {
	var d Definition
	if err := m.db.WithContext(ctx).Take(&d, id).Error; err != nil {
		return nil, err
	}
	out := m.detailOf(ctx, d)
	return &out, nil
}

// Startable answers the definitions the caller can start (each key's
// newest active version, the caller's own before the platform's), with
// their start forms; modules' own processes start only through their module.
func (m *Module) Startable(ctx context.Context) ([]DefinitionDetail, error) {
	var rows []Definition
	err := m.db.WithContext(ctx).Where("status = ? AND is_system = ?", DefinitionActive, false).Order("`key`, merchant_id DESC, version DESC").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	out := []DefinitionDetail{}
	for _, d := range rows {
		if seen[d.Key] {
			continue
		}
		seen[d.Key] = true
		out = append(out, m.detailOf(ctx, d))
	}
	return out, nil
}

func (m *Module) detailOf(ctx context.Context, d Definition) DefinitionDetail {
	out := DefinitionDetail{Definition: d, FormSnapshots: d.forms()}
	if f, ok := out.FormSnapshots[d.StartForm]; ok {
		out.StartFormSpec = &f
	}
	m.db.WithContext(ctx).Model(&Instance{}).Where("definition_id = ? AND state = ?", d.ID, engine.StateRunning).Count(&out.Running)
	return out
}
