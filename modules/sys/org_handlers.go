package sys

import (
	"net/http"
	"strings"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
)

func (m *Module) orgRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/org/tree", Perm: "sys:org", Action: "query",
		Summary: "The organisation tree within the caller's scope", Result: []*OrgNode{}}, m.orgTree)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/sys/org/:id", Perm: "sys:org", Action: "get",
		Summary: "One organisation node", Result: Org{}}, m.orgGet)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/org", Perm: "sys:org", Action: "add",
		Summary: "Add a merchant (platform) or a venue (merchant)", Body: OrgInput{}, Result: Org{}}, m.orgCreate)
	g.Handle(api.Route{Method: http.MethodPut, Path: "/sys/org/:id", Perm: "sys:org", Action: "edit",
		Summary: "Edit an organisation node's profile", Body: OrgInput{}, Result: Org{}}, m.orgUpdate)
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/org/:id/enable", Perm: "sys:org", Action: "enable",
		Summary: "Enable an organisation node"}, m.orgSetStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: "/sys/org/:id/disable", Perm: "sys:org", Action: "disable",
		Summary: "Disable an organisation node"}, m.orgSetStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: "/sys/org/:id", Perm: "sys:org", Action: "delete",
		Summary: "Delete an organisation node without users or children"}, m.orgDelete)
}

// OrgNode is a node of the tree answer.
type OrgNode struct {
	Org
	Children []*OrgNode `json:"children"`
}

func (m *Module) orgTree(c *api.Ctx) (any, error) {
	return m.Orgs.Tree(c.Ctx())
}

func (m *Module) orgGet(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Orgs.Get(c.Ctx(), id)
}

// OrgInput is the editable profile of a node.
type OrgInput struct {
	ParentID  uint64 `json:"parentId"`
	Type      string `json:"type" enum:"merchant,venue"`
	Name      string `json:"name"`
	Contact   string `json:"contact"`
	Mobile    string `json:"mobile"`
	Address   string `json:"address"`
	AreaCode  string `json:"areaCode"`
	LicenceNo string `json:"licenceNo"`
	Logo      string `json:"logo"`
	Currency  string `json:"currency"`
	Timezone  string `json:"timezone"`
	Sort      int    `json:"sort"`
}

func validateOrg(in *OrgInput) error {
	in.Name = strings.TrimSpace(in.Name)
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 128)
	}
	if in.Mobile != "" {
		c.Mobile("mobile", in.Mobile)
	}
	c.MaxLen("contact", in.Contact, 64)
	c.MaxLen("address", in.Address, 255)
	c.MaxLen("licenceNo", in.LicenceNo, 64)
	in.Logo = strings.TrimSpace(in.Logo)
	if c.MaxLen("logo", in.Logo, 255) {
		c.FileURL("logo", in.Logo)
	}
	if in.Currency != "" && len(in.Currency) != 3 {
		c.Add("currency", "validation.bad_value", nil)
	}
	return c.Err()
}

func (m *Module) orgCreate(c *api.Ctx) (any, error) {
	var in OrgInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := validateOrg(&in); err != nil {
		return nil, err
	}
	return m.Orgs.Create(c.Ctx(), c.Principal(), in)
}

func (m *Module) orgUpdate(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in OrgInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := validateOrg(&in); err != nil {
		return nil, err
	}
	return m.Orgs.Update(c.Ctx(), id, in)
}

func (m *Module) orgSetStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		if id == PlatformOrgID || id == c.Principal().OrgID {
			return nil, api.Conflict("org.cannot_change_own", nil)
		}
		return nil, m.setOrgStatus(c.Ctx(), id, status)
	}
}

func (m *Module) orgDelete(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	err = m.deps.DB.WithContext(c.Ctx()).Transaction(func(tx *gorm.DB) error {
		var o Org
		if err := tx.Take(&o, id).Error; err != nil {
			return err
		}
		if o.Type == OrgPlatform || o.ID == c.Principal().OrgID {
			return api.Conflict("org.cannot_change_own", nil)
		}
		var n int64
		if err := tx.Model(&Org{}).Where("parent_id = ?", id).Count(&n).Error; err != nil {
			return err
		}
		if n == 0 {
			if err := tx.Model(&User{}).Where("org_id = ?", id).Count(&n).Error; err != nil {
				return err
			}
		}
		if n > 0 {
			return api.Conflict("org.not_empty", nil)
		}
		return tx.Delete(&o).Error
	})
	if err != nil {
		return nil, err
	}
	return nil, m.Orgs.changed(c.Ctx(), id)
}
