package report

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

// Permission ids of the report menus.
const (
	permDish   = "report:dish"   // dish statistics (/cuisine/orderDetail)
	permSales  = "report:sales"  // sales trend, top dishes, categories (/report/sales)
	permCancel = "report:cancel" // cancellations (/report/cancellation)
)

func (m *Module) salesRoutes(g *api.Group) {
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/venues", Access: api.Self,
		Summary: "The venues the caller may report on (all of the merchant's, or the caller's own)", Result: []VenueView{}}, m.venues)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/filters", Access: api.Self,
		Summary: "The categories and dishes the merchant's sales know, for the reports' filters", Result: Filters{}}, m.filters)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/dish", Perm: permDish, Action: "query",
		Summary: "Dish statistics: quantity sold and amount per dish by day or ISO week in the venues' time zones, with the range's series and totals",
		Query:   SalesQuery{}, Result: SalesReport{}}, m.dishSales)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/dish/export", Perm: permDish, Action: "export", Raw: true,
		Summary: "The dish statistics table as an Excel file", Query: SalesQuery{}}, m.dishSalesExport)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/sales", Perm: permSales, Action: "query",
		Summary: "Sales series of a range by day or ISO week (every dish)", Query: SalesQuery{}, Result: SalesReport{}}, m.salesTrend)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/sales/top", Perm: permSales, Action: "query",
		Summary: "Top dishes of a range by quantity or amount", Query: TopQuery{}, Result: TopReport{}}, m.top)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/sales/category", Perm: permSales, Action: "query",
		Summary: "Sales of a range by dish category", Query: RangeQuery{}, Result: CategoryReport{}}, m.byCategory)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/cancellation", Perm: permCancel, Action: "query",
		Summary: "Cancellations of a range's sales by dish and by reason", Query: RangeQuery{}, Result: CancellationReport{}}, m.cancellations)
	g.Handle(api.Route{Method: http.MethodGet, Path: "/report/cancellation/export", Perm: permCancel, Action: "export", Raw: true,
		Summary: "The cancellations by dish and by reason as an Excel file", Query: RangeQuery{}}, m.cancellationsExport)
}

func (m *Module) venues(c *api.Ctx) (any, error) { return m.Reports.Venues(c.Ctx()) }

func (m *Module) filters(c *api.Ctx) (any, error) { return m.Reports.Filters(c.Ctx()) }

func (m *Module) dishSales(c *api.Ctx) (any, error) {
	var q SalesQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Reports.Sales(c.Ctx(), q)
}

// salesTrend is the series of every dish (no table).
func (m *Module) salesTrend(c *api.Ctx) (any, error) {
	var q SalesQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Reports.Trend(c.Ctx(), q)
}

func (m *Module) top(c *api.Ctx) (any, error) {
	var q TopQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Reports.Top(c.Ctx(), q)
}

func (m *Module) byCategory(c *api.Ctx) (any, error) {
	var q RangeQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Reports.ByCategory(c.Ctx(), q)
}

func (m *Module) cancellations(c *api.Ctx) (any, error) {
	var q RangeQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Reports.Cancellations(c.Ctx(), q)
}
