package report

import "github.com/venueplatform/venue/platform/module"

// Menus are the module's console entries: the spec's dish statistics under
// Dishes, and the report pages, whose urls contain /report/ so that the
// console gathers them under its report node.
func (m *Module) Menus() []module.MenuSeed {
	read := []string{"query", "export"}
	grants := map[string][]string{module.RoleMerchantAdmin: read, module.RoleVenueManager: read}
	return []module.MenuSeed{
		{URL: "/cuisine/orderDetail", Parent: "/cuisine", Name: "menu.cuisine.orderDetail", Icon: "BarChartOutlined", Sort: 70,
			Perm: permDish, Actions: read, Grants: grants},
		{URL: "/report", Name: "menu.report", Icon: "BarChartOutlined", Sort: 60},
		{URL: "/report/sales", Parent: "/report", Name: "menu.report.sales", Icon: "LineChartOutlined", Sort: 20,
			Perm: permSales, Actions: []string{"query"}, Grants: map[string][]string{module.RoleMerchantAdmin: {"query"}, module.RoleVenueManager: {"query"}}},
		{URL: "/report/cancellation", Parent: "/report", Name: "menu.report.cancellation", Icon: "StopOutlined", Sort: 10,
			Perm: permCancel, Actions: read, Grants: grants},
	}
}
