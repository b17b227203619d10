package codegen

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/venueplatform/venue/internal/textsearch"
	"strings"
	"sync"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/modules/sys"
)

// Definitions is the module's Go service: saved definitions and what they generate.
type Definitions struct {
	db    *gorm.DB
	dicts *sys.DictService
}

// DefinitionView is a saved definition as the list shows it.
type DefinitionView struct {
	ID        uint64    `json:"id"`
	Module    string    `json:"module"`
	Entity    string    `json:"entity"`
	Table     string    `json:"table"`
	Label     string    `json:"label"` // English name of the entity
	Fields    int       `json:"fields"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// DefinitionDetail is a saved definition with its content.
type DefinitionDetail struct {
	DefinitionView
	Spec Spec `json:"spec"`
}

// DefinitionQuery filters the list.
type DefinitionQuery struct {
	api.PageQuery
	Keyword string `form:"keyword" json:"keyword"` // prefix of the module or entity
}

var definitionSorts = map[string]string{"id": "id", "module": "module", "entity": "entity", "updatedAt": "updated_at"}

// List answers a page of saved definitions.
func (d *Definitions) List(ctx context.Context, q DefinitionQuery) (api.Page[DefinitionView], error) {
	q.Normalize()
	db := d.db.WithContext(ctx).Model(&Definition{})
	if v := strings.TrimSpace(q.Keyword); v != "" {
		// Definitions are few: a plain LIKE '%text%' with escaped wildcards.
		like := textsearch.Contains(v)
		db = db.Where("module LIKE ? ESCAPE '!' OR entity LIKE ? ESCAPE '!'", like, like)
	}
	db = db.Session(&gorm.Session{})
	var total int64
	if err := db.Count(&total).Error; err != nil {
		return api.Page[DefinitionView]{}, err
	}
	var rows []Definition
	if total > 0 {
		order := q.OrderBy(definitionSorts, "updated_at DESC") + ", id DESC"
		if err := db.Order(order).Limit(q.PageSize).Offset(q.Offset()).Find(&rows).Error; err != nil {
			return api.Page[DefinitionView]{}, err
		}
	}
	out := make([]DefinitionView, len(rows))
	for i, r := range rows {
		detail, err := detailOf(r)
		if err != nil {
			return api.Page[DefinitionView]{}, err
		}
		out[i] = detail.DefinitionView
	}
	return api.NewPage(q.PageQuery, out, total), nil
}

func detailOf(r Definition) (*DefinitionDetail, error) {
	var s Spec
	if err := json.Unmarshal([]byte(r.Spec), &s); err != nil {
		return nil, fmt.Errorf("codegen: definition %d: %w", r.ID, err)
	}
	return &DefinitionDetail{DefinitionView: DefinitionView{ID: r.ID, Module: r.Module, Entity: r.Entity, Table: s.Table,
		Label: s.Labels["en"], Fields: len(s.Fields), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}, Spec: s}, nil
}

// Get answers one saved definition.
func (d *Definitions) Get(ctx context.Context, id uint64) (*DefinitionDetail, error) {
	var row Definition
	if err := d.db.WithContext(ctx).Take(&row, id).Error; err != nil {
		return nil, err
	}
	return detailOf(row)
}

// Save checks a definition and stores it: a new one when id is 0, else over
// the definition id. What is stored is the normalized definition, so that it
// generates exactly what its preview showed.
func (d *Definitions) Save(ctx context.Context, id uint64, s Spec) (*DefinitionDetail, error) {
	if err := validateSpec(&s); err != nil {
		return nil, err
	}
	var userID uint64
	if p, ok := api.PrincipalFrom(ctx); ok {
		userID = p.UserID
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var saved Definition
	err = d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if id != 0 {
			if err := tx.Take(&saved, id).Error; err != nil {
				return err
			}
		}
		if _, err := d.resolve(ctx, tx, &s, id); err != nil {
			return err
		}
		if id == 0 {
			var n int64
			if err := tx.Model(&Definition{}).Where("module = ?", s.Module).Count(&n).Error; err != nil {
				return err
			}
			if n > 0 {
				return api.Invalid("module", "codegen.module.saved", map[string]any{"Name": s.Module})
			}
		}
		saved.Module, saved.Entity, saved.Spec, saved.UpdatedBy = s.Module, s.Entity, string(raw), userID
		if id == 0 {
			saved.CreatedBy = userID
			return tx.Create(&saved).Error
		}
		return tx.Save(&saved).Error
	})
	if dbx.IsDuplicate(err) {
		return nil, api.Invalid("module", "codegen.module.saved", map[string]any{"Name": s.Module})
	}
	if err != nil {
		return nil, err
	}
	return d.Get(ctx, saved.ID)
}

// Delete removes a saved definition (the code it generated stays where it was put).
func (d *Definitions) Delete(ctx context.Context, id uint64) error {
	return d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var row Definition
		if err := tx.Take(&row, id).Error; err != nil {
			return err
		}
		return tx.Delete(&row).Error
	})
}

// Generate checks a definition and answers its files. self is the saved
// definition it stands for (0 for an unsaved one).
func (d *Definitions) Generate(ctx context.Context, s Spec, self uint64) (*Generated, error) {
	if err := validateSpec(&s); err != nil {
		return nil, err
	}
	res, err := d.resolve(ctx, d.db.WithContext(ctx), &s, self)
	if err != nil {
		return nil, err
	}
	return Generate(&s, res)
}

// GenerateSaved answers the files of a saved definition.
func (d *Definitions) GenerateSaved(ctx context.Context, id uint64) (*Generated, *Spec, error) {
	detail, err := d.Get(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	g, err := d.Generate(ctx, detail.Spec, id)
	return g, &detail.Spec, err
}

// resolve applies the rules that read the database: the module is not the
// product's nor another definition's, dictionaries have entries, referenced
// definitions are saved and can be referred to.
func (d *Definitions) resolve(ctx context.Context, db *gorm.DB, s *Spec, self uint64) (resolved, error) {
	res := resolved{Refs: map[string]*Spec{}}
	var c api.Check
	var same []Definition
	if err := db.Where("module = ? AND id <> ?", s.Module, self).Find(&same).Error; err != nil {
		return res, err
	}
	switch {
	case len(same) > 0 && (self != 0 || same[0].Entity != s.Entity):
		c.Add("module", "codegen.module.has_entity", map[string]any{"Name": s.Module, "Entity": same[0].Entity})
	case len(same) == 0 && productKeys()[s.Module]:
		// A generated module's messages would collide with the product's own.
		c.Add("module", "codegen.module.taken", map[string]any{"Name": s.Module})
	}
	for i := range s.Fields {
		f := &s.Fields[i]
		path := fmt.Sprintf("fields[%d]", i)
		data := map[string]any{"N": i + 1, "Name": f.Name}
		switch {
		case f.Type == TypeEnum:
			entries, err := d.dicts.ByType(ctx, f.Dict, "")
			if err != nil {
				return res, err
			}
			if len(entries) == 0 {
				data["Dict"] = f.Dict
				c.Add(path+".dict", "codegen.field.dict_empty", data)
			}
		case f.Type == TypeReference && f.Ref != RefSelf:
			target, err := d.target(db, s, f.Ref)
			if err != nil {
				return res, err
			}
			data["Ref"] = f.Ref
			switch {
			case target == nil:
				c.Add(path+".ref", "codegen.field.ref_unknown", data)
			case target.Module == s.Module:
				c.Add(path+".ref", "codegen.field.ref_own", data)
			case requiresRef(target):
				c.Add(path+".ref", "codegen.field.ref_chain", data)
			default:
				res.Refs[f.Ref] = target
			}
		}
	}
	return res, c.Err()
}

// target reads the saved definition a reference names (nil when none is saved).
func (d *Definitions) target(db *gorm.DB, s *Spec, key string) (*Spec, error) {
	mod, ent, _ := strings.Cut(key, ".")
	var row Definition
	err := db.Where("module = ? AND entity = ?", mod, ent).Take(&row).Error
	if dbx.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	detail, err := detailOf(row)
	if err != nil {
		return nil, err
	}
	t := detail.Spec
	if validateSpec(&t) != nil {
		return nil, nil
	}
	return &t, nil
}

// requiresRef reports a definition with a required reference of its own: the
// generated test of an entity referring to it could not create its row.
func requiresRef(s *Spec) bool {
	for _, f := range s.Fields {
		if f.Type == TypeReference && f.Required {
			return true
		}
	}
	return false
}

var (
	productKeysOnce sync.Once
	productKeySet   map[string]bool
)

// productKeys are the first segments of the server's message keys (and of
// menu.* keys): a generated module named like one would define a key twice.
func productKeys() map[string]bool {
	productKeysOnce.Do(func() {
		productKeySet = map[string]bool{}
		keys, _ := i18n.Keys(i18n.Default)
		for _, k := range keys {
			first, rest, _ := strings.Cut(k, ".")
			productKeySet[first] = true
			if first == "menu" {
				second, _, _ := strings.Cut(rest, ".")
				productKeySet[second] = true
			}
		}
	})
	return productKeySet
}
