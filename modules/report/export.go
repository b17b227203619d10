package report

import (
	"time"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/sheet"
	"github.com/venueplatform/venue/modules/cuisine"
)

// maxExportRows bounds one export.
const maxExportRows = 10000

func cols(lang string, keys ...string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = i18n.T(lang, "report.col."+k, nil)
	}
	return out
}

// dishSalesExport writes the dish statistics table of the filters shown:
// every row of the range, not only the page on screen.
func (m *Module) dishSalesExport(c *api.Ctx) (any, error) {
	var q SalesQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.PageNo, q.PageSize = 1, maxExportRows
	r, err := m.Reports.sales(c.Ctx(), q, 0, maxExportRows+1)
	if err != nil {
		return nil, err
	}
	if len(r.Rows.Records) == 0 {
		return nil, api.Business(api.CodeConflict, "export.empty", nil)
	}
	if len(r.Rows.Records) > maxExportRows {
		return nil, api.Business(api.CodeConflict, "report.export_too_many", map[string]any{"Max": maxExportRows})
	}
	lang := c.Lang()
	periodCol := "date"
	if r.Period == PeriodWeek {
		periodCol = "week"
	}
	rows := make([][]any, 0, len(r.Rows.Records)+1)
	for _, d := range r.Rows.Records {
		rows = append(rows, []any{d.Period, d.DishName, d.CategoryName, d.Quantity, cuisine.FormatMajor(d.Amount, r.CurrencyDigits),
			d.CancelledQuantity, cuisine.FormatMajor(d.CancelledAmount, r.CurrencyDigits)})
	}
	rows = append(rows, []any{i18n.T(lang, "report.col.total", nil), "", "", r.Totals.Quantity, cuisine.FormatMajor(r.Totals.Amount, r.CurrencyDigits),
		r.Totals.CancelledQuantity, cuisine.FormatMajor(r.Totals.CancelledAmount, r.CurrencyDigits)})
	data, err := sheet.Write("dishes", cols(lang, periodCol, "dish", "category", "quantity", "amount", "cancelledQuantity", "cancelledAmount"), rows)
	if err != nil {
		return nil, err
	}
	api.Attachment(c, "dish-statistics-"+r.From+"-"+r.To+"-"+time.Now().UTC().Format("150405")+".xlsx", sheet.ContentType, data)
	return nil, nil
}

// cancellationsExport writes the cancellations by dish, then by reason.
func (m *Module) cancellationsExport(c *api.Ctx) (any, error) {
	var q RangeQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	r, err := m.Reports.Cancellations(c.Ctx(), q)
	if err != nil {
		return nil, err
	}
	if len(r.Dishes) == 0 && len(r.Reasons) == 0 {
		return nil, api.Business(api.CodeConflict, "export.empty", nil)
	}
	lang := c.Lang()
	digits := r.CurrencyDigits
	var rows [][]any
	for _, d := range r.Dishes {
		rows = append(rows, []any{d.DishName, d.CategoryName, d.CancelledQuantity, cuisine.FormatMajor(d.CancelledAmount, digits)})
	}
	rows = append(rows, []any{}, toAny(cols(lang, "reason", "times", "cancelledQuantity", "cancelledAmount")))
	for _, rs := range r.Reasons {
		rows = append(rows, []any{reasonLabel(lang, rs.Reason), rs.Times, rs.Quantity, cuisine.FormatMajor(rs.Amount, digits)})
	}
	data, err := sheet.Write("cancellations", cols(lang, "dish", "category", "cancelledQuantity", "cancelledAmount"), rows)
	if err != nil {
		return nil, err
	}
	api.Attachment(c, "cancellations-"+r.From+"-"+r.To+".xlsx", sheet.ContentType, data)
	return nil, nil
}

func toAny(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}
