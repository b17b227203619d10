package sys

import (
	"context"
	"sort"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/platform/module"
)

// MenuService reads the menu tree and a user's share of it.
type MenuService struct {
	db    *gorm.DB
	perms *Perms
}

// MenuNode is a menu entry with its children, as the console receives it.
type MenuNode struct {
	ID         uint64      `json:"id"`
	ParentID   uint64      `json:"parentId"`
	Name       string      `json:"name"`
	Title      string      `json:"title"`
	URL        string      `json:"url"`
	Icon       string      `json:"icon"`
	Sort       int         `json:"sort"`
	Static     bool        `json:"static"`
	Hidden     bool        `json:"hidden"`
	Permission string      `json:"permission"`
	Actions    []string    `json:"actions"`
	Children   []*MenuNode `json:"children"`
}

// UserMenus is the answer of /sys/token/user/menus.
type UserMenus struct {
	Menus          []*MenuNode `json:"menus"`
	OperationCodes []string    `json:"operationCodes"`
}

// ForUser builds the menu tree and operation codes a principal is granted.
// Administrators get everything; others get their roles' menus, the static
// ones, and the parents that hold them.
func (s *MenuService) ForUser(ctx context.Context, p *api.Principal, lang string, allOps map[string][]string) (*UserMenus, error) {
	db := s.db.WithContext(tenancy.SystemContext(ctx))
	var all []Menu
	if err := db.Where("status = ?", StatusEnabled).Find(&all).Error; err != nil {
		return nil, err
	}
	byID := make(map[uint64]Menu, len(all))
	for _, m := range all {
		byID[m.ID] = m
	}
	visible := map[uint64]bool{}
	var ops []string
	if p.Admin {
		for _, m := range all {
			visible[m.ID] = true
		}
		for _, perm := range sortedKeys(allOps) {
			for _, act := range allOps[perm] {
				ops = append(ops, perm+":"+act)
			}
		}
	} else {
		var granted []uint64
		if len(p.Roles) > 0 {
			roleIDs := make([]string, len(p.Roles))
			for i, r := range p.Roles {
				roleIDs[i] = strings.TrimPrefix(r, "r:")
			}
			if err := db.Model(&RoleMenu{}).Where("role_id IN ?", roleIDs).Distinct().Pluck("menu_id", &granted).Error; err != nil {
				return nil, err
			}
		}
		for _, id := range granted {
			visible[id] = true
		}
		for _, m := range all {
			if m.Static {
				visible[m.ID] = true
			}
		}
		for id := range visible { // parents of what is visible
			for pid := byID[id].ParentID; pid != 0 && !visible[pid]; pid = byID[pid].ParentID {
				visible[pid] = true
			}
		}
		grants := s.perms.Grants(p.Roles)
		for _, perm := range sortedKeys(grants) {
			for _, act := range grants[perm] {
				ops = append(ops, perm+":"+act)
			}
		}
	}
	sort.Strings(ops)
	if ops == nil {
		ops = []string{}
	}
	return &UserMenus{Menus: buildTree(all, visible, lang), OperationCodes: ops}, nil
}

func buildTree(all []Menu, visible map[uint64]bool, lang string) []*MenuNode {
	nodes := map[uint64]*MenuNode{}
	for _, m := range all {
		if !visible[m.ID] {
			continue
		}
		actions := []string{}
		if m.Actions != "" {
			actions = strings.Split(m.Actions, ",")
		}
		nodes[m.ID] = &MenuNode{ID: m.ID, ParentID: m.ParentID, Name: m.Name, Title: i18n.T(lang, m.Name, nil),
			URL: m.URL, Icon: m.Icon, Sort: m.Sort, Static: m.Static, Hidden: m.Hidden, Permission: m.Perm,
			Actions: actions, Children: []*MenuNode{}}
	}
	roots := []*MenuNode{}
	for _, m := range all {
		n, ok := nodes[m.ID]
		if !ok {
			continue
		}
		if parent, ok := nodes[m.ParentID]; ok {
			parent.Children = append(parent.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	sortMenus(roots)
	return roots
}

// sortMenus orders each level by sort descending, then id.
func sortMenus(ns []*MenuNode) {
	sort.SliceStable(ns, func(i, j int) bool {
		if ns[i].Sort != ns[j].Sort {
			return ns[i].Sort > ns[j].Sort
		}
		return ns[i].ID < ns[j].ID
	})
	for _, n := range ns {
		sortMenus(n.Children)
	}
}

// seedMenus creates or refreshes the modules' menu entries by URL, parents first.
func seedMenus(ctx context.Context, db *gorm.DB, seeds []moduleMenu) error {
	db = db.WithContext(tenancy.SystemContext(ctx))
	ids := map[string]uint64{}
	pending := append([]moduleMenu(nil), seeds...)
	for len(pending) > 0 {
		var next []moduleMenu
		for _, s := range pending {
			parentID := uint64(0)
			if s.Parent != "" {
				id, ok := ids[s.Parent]
				if !ok {
					var parent Menu
					if err := db.Where("url = ?", s.Parent).Limit(1).Find(&parent).Error; err != nil {
						return err
					}
					if parent.ID == 0 {
						next = append(next, s)
						continue
					}
					id = parent.ID
					ids[s.Parent] = id
				}
				parentID = id
			}
			var m Menu
			if err := db.Where("url = ?", s.URL).Limit(1).Find(&m).Error; err != nil {
				return err
			}
			// Seeds set what the code defines; sort, icon and status stay as an administrator left them.
			fresh := m.ID == 0
			m.URL, m.Name, m.ParentID, m.Perm, m.Static, m.Hidden = s.URL, s.Name, parentID, s.Perm, s.Static, s.Hidden
			m.Actions, m.Module = strings.Join(s.Actions, ","), s.module
			if fresh {
				m.Icon, m.Sort, m.Status = s.Icon, s.Sort, StatusEnabled
			}
			if err := db.Save(&m).Error; err != nil {
				return err
			}
			ids[s.URL] = m.ID
		}
		if len(next) == len(pending) {
			return errMissingParent(next[0].Parent)
		}
		pending = next
	}
	return nil
}

// moduleMenu is a menu seed with the module that declares it.
type moduleMenu struct {
	module.MenuSeed
	module string
}

type errMissingParent string

func (e errMissingParent) Error() string {
	return "menu seed: parent " + string(e) + " is declared by no module"
}

// visibleIDs is the set of menu ids a principal sees; nil for an administrator.
func (s *MenuService) visibleIDs(ctx context.Context, p *api.Principal) (map[uint64]bool, error) {
	if p.Admin {
		return nil, nil
	}
	tree, err := s.ForUser(ctx, p, "", nil)
	if err != nil {
		return nil, err
	}
	out := map[uint64]bool{}
	var walk func([]*MenuNode)
	walk = func(ns []*MenuNode) {
		for _, n := range ns {
			out[n.ID] = true
			walk(n.Children)
		}
	}
	walk(tree.Menus)
	return out, nil
}

// GrantNode is a menu entry in the grant tree: the operations it offers that
// the caller may hand on.
type GrantNode struct {
	ID         uint64       `json:"id"`
	Name       string       `json:"name"`
	Title      string       `json:"title"`
	URL        string       `json:"url"`
	Permission string       `json:"permission"`
	Actions    []string     `json:"actions"`
	Children   []*GrantNode `json:"children"`
}

// GrantTree is the tree of menus and actions the caller may grant to a role.
func (s *MenuService) GrantTree(ctx context.Context, p *api.Principal, perms *Perms, lang string) ([]*GrantNode, error) {
	tree, err := s.ForUser(ctx, p, lang, nil)
	if err != nil {
		return nil, err
	}
	ceiling := perms.Ceiling(p)
	var conv func([]*MenuNode) []*GrantNode
	conv = func(ns []*MenuNode) []*GrantNode {
		out := []*GrantNode{}
		for _, n := range ns {
			if n.Static {
				continue
			}
			g := &GrantNode{ID: n.ID, Name: n.Name, Title: n.Title, URL: n.URL, Permission: n.Permission, Actions: []string{}, Children: conv(n.Children)}
			for _, a := range n.Actions {
				if n.Permission != "" && (ceiling == nil || ceiling[n.Permission+":"+a]) {
					g.Actions = append(g.Actions, a)
				}
			}
			out = append(out, g)
		}
		return out
	}
	return conv(tree.Menus), nil
}
