package printing

import (
	"net/http"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/tenancy"
)

// VenueQuery names the venue a call acts on (0: the caller's own).
type VenueQuery struct {
	VenueID uint64 `form:"venueId" json:"venueId"`
}

// PrinterRef is a printer as the job page's selects offer it.
type PrinterRef struct {
	ID      uint64 `json:"id"`
	Name    string `json:"name"`
	Type    string `json:"type"`
	Enabled bool   `json:"enabled"`
}

func (m *Module) jobRoutes(g *api.Group) {
	const base = "/merchant/printing"
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/job", Perm: PermJob, Action: "query",
		Summary: "List a venue's print jobs, newest first", Query: JobQuery{}, Result: api.Page[JobView]{}}, m.listJobs)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/job/:id", Perm: PermJob, Action: "get",
		Summary: "One print job", Result: JobView{}}, m.getJob)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/job/:id/retry", Perm: PermJob, Action: "edit",
		Summary: "Send a job again now (optionally to another printer)", Body: RetryInput{}, Result: JobView{}}, m.retryJob)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/job/:id/reprint", Perm: PermJob, Action: "add",
		Summary: "Print a job again, marked REPRINT", Body: RetryInput{}, Result: JobView{}}, m.reprintJob)
	g.Handle(api.Route{Method: http.MethodPost, Path: base + "/test", Perm: PermJob, Action: "add",
		Summary: "Print a test ticket on a printer of the venue (venueId)", Query: VenueQuery{}, Body: TestInput{}, Result: JobView{}}, m.testPrint)
	g.Handle(api.Route{Method: http.MethodGet, Path: base + "/printers", Perm: PermJob, Action: "query",
		Summary: "The venue's printers, for the job page's choices", Query: VenueQuery{}, Result: []PrinterRef{}}, m.listPrinters)
}

func (m *Module) listJobs(c *api.Ctx) (any, error) {
	var q JobQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	return m.List(c.Ctx(), q)
}

func (m *Module) getJob(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	return m.Get(c.Ctx(), id)
}

func (m *Module) retryJob(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in RetryInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Retry(c.Ctx(), id, in)
}

func (m *Module) reprintJob(c *api.Ctx) (any, error) {
	id, err := c.ID("id")
	if err != nil {
		return nil, err
	}
	var in RetryInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.Reprint(c.Ctx(), id, in)
}

func (m *Module) testPrint(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.ShouldBindQuery(&q); err != nil {
		return nil, api.Invalid("venueId", "validation.bad_value", nil)
	}
	var in TestInput
	if err := c.Bind(&in); err != nil {
		return nil, err
	}
	return m.TestPrint(c.Ctx(), q.VenueID, in)
}

func (m *Module) listPrinters(c *api.Ctx) (any, error) {
	var q VenueQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	_, org, err := m.venue(c.Ctx(), q.VenueID, false)
	if err != nil {
		return nil, err
	}
	all, err := m.printers.PrintersForVenue(tenancy.SystemContext(c.Ctx()), org.ID)
	if err != nil {
		return nil, err
	}
	out := make([]PrinterRef, len(all))
	for i, p := range all {
		out[i] = PrinterRef{ID: p.ID, Name: p.Name, Type: p.Type, Enabled: p.Enabled()}
	}
	return out, nil
}
