package sys

import (
	"context"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
	"github.com/venueplatform/venue/platform/module"
)

// LoginInput is either user name + password or mobile + SMS code.
type LoginInput struct {
	Username string `json:"username" form:"username"`
	Password string `json:"password" form:"password"`
	Mobile   string `json:"mobile" form:"mobile"`
	Code     string `json:"code" form:"code"`
}

func (m *Module) loginJWT(c *api.Ctx) (any, error) {
	var in LoginInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Auth.LoginPassword(c.Ctx(), in.Username, in.Password, clientOf(c.Request, c.ClientIP()))
}

func (m *Module) loginMobile(c *api.Ctx) (any, error) {
	var in LoginInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if in.Mobile != "" || in.Code != "" {
		return m.Auth.LoginMobile(c.Ctx(), m.SMS, in.Mobile, in.Code, clientOf(c.Request, c.ClientIP()))
	}
	return m.Auth.LoginPassword(c.Ctx(), in.Username, in.Password, clientOf(c.Request, c.ClientIP()))
}

// SMSInput asks for a code.
type SMSInput struct {
	Mobile string `json:"mobile" form:"mobile" api:"required"`
}

func (m *Module) createSMSCode(c *api.Ctx) (any, error) {
	var in SMSInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.SMS.Create(c.Ctx(), in.Mobile, c.ClientIP(), c.Lang())
}

func (m *Module) tokenUser(c *api.Ctx) (any, error) {
	return m.Users.Info(c.Ctx(), c.Principal(), m.Perms)
}

func (m *Module) tokenMenus(c *api.Ctx) (any, error) {
	var all map[string][]string
	if m.registry != nil {
		all = m.registry.Permissions()
	}
	return m.MenuSvc.ForUser(c.Ctx(), c.Principal(), c.Lang(), all)
}

func (m *Module) logout(c *api.Ctx) (any, error) {
	return nil, m.Auth.Logout(c.Ctx(), c.Principal())
}

func (m *Module) updatePassword(c *api.Ctx) (any, error) {
	var in PasswordInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return nil, m.Users.UpdatePassword(c.Ctx(), c.Principal(), in)
}

func (m *Module) updateInfo(c *api.Ctx) (any, error) {
	var in UpdateInfoInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	if err := m.Users.UpdateInfo(c.Ctx(), c.Principal(), in); err != nil {
		return nil, err
	}
	return m.Users.Info(c.Ctx(), c.Principal(), m.Perms)
}

// DictTypeInput names a dictionary type.
type DictTypeInput struct {
	Type string `json:"type" form:"type" api:"required" example:"language_type"`
}

func (m *Module) dictByType(c *api.Ctx) (any, error) {
	var in DictTypeInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	var chk api.Check
	chk.Required("type", in.Type)
	if err := chk.Err(); err != nil {
		return nil, err
	}
	return m.Dicts.ByType(c.Ctx(), in.Type, c.Lang())
}

func (m *Module) dictNoLanguage(c *api.Ctx) (any, error) {
	var in DictTypeInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	var chk api.Check
	chk.Required("type", in.Type)
	if err := chk.Err(); err != nil {
		return nil, err
	}
	return m.Dicts.ByType(c.Ctx(), in.Type, "")
}

// Workbench is the home page's content.
type Workbench struct {
	Cards []module.Card          `json:"cards"`
	Tasks []module.WorkbenchTask `json:"tasks"`
}

func (m *Module) workbench(c *api.Ctx) (any, error) {
	p := c.Principal()
	wb := Workbench{Cards: m.ownCards(c.Ctx(), p, c), Tasks: []module.WorkbenchTask{}}
	for _, prov := range m.cards {
		wb.Cards = append(wb.Cards, prov.Workbench(c.Ctx(), p, c.Lang())...)
	}
	for _, src := range m.taskSrcs {
		wb.Tasks = append(wb.Tasks, src.WorkbenchTasks(c.Ctx(), p, 10)...)
	}
	return wb, nil
}

func (m *Module) ownCards(ctx context.Context, p *api.Principal, c *api.Ctx) []module.Card {
	var u User
	_ = m.deps.DB.WithContext(tenancy.SystemContext(ctx)).Select("last_login_at", "org_id").Take(&u, p.UserID).Error
	cards := []module.Card{{Key: "organisation", Title: c.T("workbench.organisation", nil), Value: m.Orgs.Name(ctx, u.OrgID)}}
	if u.LastLoginAt != nil {
		cards = append(cards, module.Card{Key: "lastLogin", Title: c.T("workbench.last_login", nil), Value: u.LastLoginAt})
	}
	return cards
}
