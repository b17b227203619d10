package sys

import (
	"net/http"
	"sort"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
)

func (m *Module) menuRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/menu/tree", Perm: "sys:menu", Action: "query",
		Summary: "The whole menu tree", Result: []*MenuNode{}}, m.menuTree)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/menu", Perm: "sys:menu", Action: "add",
		Summary: "Add a menu entry", Body: MenuInput{}, Result: Menu{}}, m.menuCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/menu/:id", Perm: "sys:menu", Action: "edit",
		Summary: "Edit a menu entry", Body: MenuInput{}, Result: Menu{}}, m.menuUpdate)
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/menu/:id", Perm: "sys:menu", Action: "delete",
		Summary: "Delete a menu entry without children"}, m.menuDelete)
}

func (m *Module) menuTree(c *api.Ctx) (any, error) {
	var all []Menu
	if err := m.deps.DB.WithContext(c.Ctx()).Find(&all).Error; err != nil {
		return nil, err
	}
	visible := make(map[uint64]bool, len(all))
	for _, mm := range all {
		visible[mm.ID] = true
	}
	return buildTree(all, visible, c.Lang()), nil
}

// MenuInput is the menu form.
type MenuInput struct {
	ParentID uint64   `json:"parentId"`
	Name     string   `json:"name"`
	URL      string   `json:"url"`
	Icon     string   `json:"icon"`
	Sort     int      `json:"sort"`
	Static   bool     `json:"static"`
	Hidden   bool     `json:"hidden"`
	Perm     string   `json:"permission"`
	Actions  []string `json:"actions"`
	Status   *int8    `json:"status" enum:"0,1"`
}

func (m *Module) validateMenu(in *MenuInput) error {
	in.Name, in.URL, in.Perm = strings.TrimSpace(in.Name), strings.TrimSpace(in.URL), strings.TrimSpace(in.Perm)
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	if c.Required("url", in.URL) && !api.AppPath(in.URL) {
		c.Add("url", "menu.bad_url", nil)
	}
	c.MaxLen("icon", in.Icon, 64)
	if in.Perm != "" && strings.Count(in.Perm, ":") != 1 {
		c.Add("permission", "menu.bad_permission", nil)
	}
	for _, a := range in.Actions {
		if !contains(api.Actions, a) {
			c.Add("actions", "validation.one_of", map[string]any{"Allowed": strings.Join(api.Actions, ", ")})
			break
		}
	}
	sort.SliceStable(in.Actions, func(i, j int) bool { return actionIndex(in.Actions[i]) < actionIndex(in.Actions[j]) })
	return c.Err()
}

func actionIndex(a string) int {
	for i, x := range api.Actions {
		if x == a {
			return i
		}
	}
	return len(api.Actions)
}

func (m *Module) menuCreate(c *api.Ctx) (any, error) {
	var in MenuInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := m.validateMenu(&in); err != nil {
		return nil, err
	}
	menu := Menu{Status: StatusEnabled}
	err := m.deps.DB.WithContext(c.Ctx()).Transaction(func(tx *gorm.DB) error {
		return m.saveMenu(tx, &menu, in)
	})
	return menu, err
}

func (m *Module) menuUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in MenuInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := m.validateMenu(&in); err != nil {
		return nil, err
	}
	var menu Menu
	err = m.deps.DB.WithContext(c.Ctx()).Transaction(func(tx *gorm.DB) error {
		if err := tx.Take(&menu, id).Error; err != nil {
			return err
		}
		// A parent must not be the entry itself or one of its descendants.
		for pid := in.ParentID; pid != 0; {
			if pid == id {
				return api.Invalid("parentId", "menu.cycle", nil)
			}
			var parent Menu
			if err := tx.Select("id", "parent_id").Take(&parent, pid).Error; err != nil {
				return api.Invalid("parentId", "error.not_found", nil)
			}
			pid = parent.ParentID
		}
		return m.saveMenu(tx, &menu, in)
	})
	if err != nil {
		return nil, err
	}
	// Operations the entry no longer offers are withdrawn from every role.
	return menu, m.Perms.PolicyChanged(c.Ctx())
}

func (m *Module) saveMenu(tx *gorm.DB, menu *Menu, in MenuInput) error {
	if in.ParentID != 0 {
		var n int64
		if err := tx.Model(&Menu{}).Where("id = ?", in.ParentID).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			return api.Invalid("parentId", "error.not_found", nil)
		}
	}
	var n int64
	if err := tx.Model(&Menu{}).Where("url = ? AND id <> ?", in.URL, menu.ID).Count(&n).Error; err != nil {
		return err
	}
	if n > 0 {
		return api.Invalid("url", "validation.taken", nil)
	}
	withdrawn := []string{}
	for _, a := range strings.Split(menu.Actions, ",") {
		if a != "" && (!contains(in.Actions, a) || in.Perm != menu.Perm) {
			withdrawn = append(withdrawn, a)
		}
	}
	if menu.Perm != "" && len(withdrawn) > 0 {
		if err := tx.Where("ptype = ? AND v1 = ? AND v2 IN ?", "p", menu.Perm, withdrawn).Delete(&CasbinRule{}).Error; err != nil {
			return err
		}
	}
	menu.ParentID, menu.Name, menu.URL, menu.Icon, menu.Sort = in.ParentID, in.Name, in.URL, in.Icon, in.Sort
	menu.Static, menu.Hidden, menu.Perm, menu.Actions = in.Static, in.Hidden, in.Perm, strings.Join(in.Actions, ",")
	if in.Status != nil {
		menu.Status = *in.Status
	}
	return tx.Save(menu).Error
}

func (m *Module) menuDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	err = m.deps.DB.WithContext(c.Ctx()).Transaction(func(tx *gorm.DB) error {
		var menu Menu
		if err := tx.Take(&menu, id).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Menu{}).Where("parent_id = ?", id).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return api.Conflict("menu.has_children", nil)
		}
		if err := tx.Where("menu_id = ?", id).Delete(&RoleMenu{}).Error; err != nil {
			return err
		}
		if menu.Perm != "" {
			// Other entries may share the permission id; only an unshared one is withdrawn.
			if err := tx.Model(&Menu{}).Where("perm = ? AND id <> ?", menu.Perm, id).Count(&n).Error; err != nil {
				return err
			}
			if n == 0 {
				if err := tx.Where("ptype = ? AND v1 = ?", "p", menu.Perm).Delete(&CasbinRule{}).Error; err != nil {
					return err
				}
			}
		}
		return tx.Delete(&menu).Error
	})
	if err != nil {
		return nil, err
	}
	return nil, m.Perms.PolicyChanged(c.Ctx())
}
