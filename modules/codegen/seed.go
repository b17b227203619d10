package codegen

import "github.com/venueplatform/venue/platform/module"

// permDefinition is the permission id of every code generation operation.
const permDefinition = "codegen:definition"

// Menus are the module's console entries (spec route /auto/completeList);
// platform administrators hold every operation by default.
func (m *Module) Menus() []module.MenuSeed {
	all := []string{"query", "get", "add", "edit", "delete", "import", "export"}
	return []module.MenuSeed{
		{URL: "/auto", Name: "menu.auto", Icon: "CodeOutlined", Sort: 10},
		{URL: "/auto/completeList", Parent: "/auto", Name: "menu.auto.completeList", Icon: "CodeOutlined", Sort: 100,
			Perm: permDefinition, Actions: all, Grants: map[string][]string{module.RolePlatformAdmin: all}},
	}
}
