package configure

import (
	"net/http"

	"github.com/venueplatform/venue/api"
)

func (m *Module) printerRoutes(g *api.Group) {
	const base = "/merchant/configure/printer"
	g.Handle(api.Route{Method: http.MethodGet, Path: base, Perm: PermPrinter, Action: "query",
		Summary: "List a venue's printers", Query: PrinterQuery{}, Result: api.Page[PrinterView]{}}, m.listPrinters)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/models", Perm: PermPrinter, Action: "query",
		Summary: "The printer selection: models with their paper width", Result: []PrinterModel{}}, m.printerModels)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/check", Perm: PermPrinter, Action: "query",
		Summary: "Setup check: on-shelf dishes whose category reaches no enabled kitchen printer", Query: VenueQuery{}, Result: SetupCheck{}}, m.printerCheck)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/:id", Perm: PermPrinter, Action: "get",
		Summary: "One printer", Result: PrinterView{}}, m.getPrinter)
	g.Handle(api.Route{Method: http.MethodPost, Path: base, Perm: PermPrinter, Action: "add",
		Summary: "Add a printer to a venue (venueId)", Query: VenueQuery{}, Body: PrinterInput{}, Result: PrinterView{}}, m.createPrinter)
	g.Handle(api.Route{Method: http.MethodPut, Path: base + "/:id", Perm: PermPrinter, Action: "edit",
		Summary: "Edit a printer and the categories it prints", Body: PrinterInput{}, Result: PrinterView{}}, m.updatePrinter)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/enable", Perm: PermPrinter, Action: "enable",
		Summary: "Enable a printer"}, m.printerStatus(StatusEnabled))
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/:id/disable", Perm: PermPrinter, Action: "disable",
		Summary: "Disable a printer"}, m.printerStatus(StatusDisabled))
	g.Handle(api.Route{Method: http.MethodDelete, Path: base + "/:id", Perm: PermPrinter, Action: "delete",
		Summary: "Remove a printer"}, m.deletePrinter)
}

func (m *Module) listPrinters(c *api.Ctx) (any, error) {
	var q PrinterQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Printers.List(c.Ctx(), q)
}

func (m *Module) printerModels(*api.Ctx) (any, error) { return Models, nil }

func (m *Module) printerCheck(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.Printers.Check(c.Ctx(), q.VenueID)
}

func (m *Module) getPrinter(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Printers.Get(c.Ctx(), id)
}

func (m *Module) createPrinter(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.ShouldBindQuery(&q); err != nil {
		return nil, api.Invalid("venueId", "validation.bad_value", nil)
	}
	var in PrinterInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Printers.Create(c.Ctx(), q.VenueID, in)
}

func (m *Module) updatePrinter(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in PrinterInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Printers.Update(c.Ctx(), id, in)
}

func (m *Module) printerStatus(status int8) api.HandlerFunc {
	return func(c *api.Ctx) (any, error) {
		id, err := c.ID("id")
		if err != nil {
			return nil, err
		}
		return nil, m.Printers.SetStatus(c.Ctx(), id, status)
	}
}

func (m *Module) deletePrinter(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return nil, m.Printers.Delete(c.Ctx(), id)
}
