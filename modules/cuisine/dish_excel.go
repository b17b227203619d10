package cuisine

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/internal/dbx"
	"github.com/venueplatform/venue/internal/i18n"
)

// maxExportRows bounds one export.
const maxExportRows = 10000

// sheetColumns are the import columns, in order; an export writes them and
// then soldOut, so an exported file imports again as it is.
var sheetColumns = []string{"number", "name", "categoryId", "sort", "price", "discountPrice", "description", "specialty", "status", "images", "specs"}

var requiredColumns = map[string]bool{"number": true, "name": true, "categoryId": true, "sort": true, "price": true, "description": true}

func sheetHeader(lang string, cols []string, mark bool) []string {
	out := make([]string, len(cols))
	for i, col := range cols {
		out[i] = api.FieldLabel(lang, col)
		if mark && requiredColumns[col] {
			out[i] += " *"
		}
	}
	return out
}

func (m *Module) dishExport(c *api.Ctx) (any, error) {
	var q DishQuery
	if err := c.Bind(&q); err != nil {
		return nil, err
	}
	q.PageNo, q.PageSize = 1, maxExportRows
	page, err := m.Catalogue.dishes(c.Ctx(), q, maxExportRows)
	if err != nil {
		return nil, err
	}
	if len(page.Records) == 0 {
		return nil, api.Business(api.CodeConflict, "export.empty", nil)
	}
	ids := make([]uint64, len(page.Records))
	for i, d := range page.Records {
		ids[i] = d.ID
	}
	specs, err := specViews(m.deps.DB.WithContext(c.Ctx()), ids)
	if err != nil {
		return nil, err
	}
	lang := c.Lang()
	rows := make([][]any, len(page.Records))
	for i, d := range page.Records {
		discount := ""
		if d.DiscountPrice != nil {
			discount = FormatMajor(*d.DiscountPrice, d.CurrencyDigits)
		}
		rows[i] = []any{d.Number, d.Name, d.CategoryName, d.Sort, FormatMajor(d.Price, d.CurrencyDigits), discount, d.Description,
			yesNo(lang, d.Specialty), i18n.T(lang, "cuisine.status."+d.Status, nil), strings.Join(d.Images, ","),
			formatSpecs(specs[d.ID], d.CurrencyDigits), yesNo(lang, d.SoldOut)}
	}
	return api.SendSheet(c, "dishes-"+time.Now().Format("20060102-150405")+".xlsx", "dishes",
		append(sheetHeader(lang, sheetColumns, false), api.FieldLabel(lang, "soldOut")), rows)
}

func (m *Module) dishImportTemplate(c *api.Ctx) (any, error) {
	lang := c.Lang()
	example := []any{"A001", "Kung Pao Chicken", "Hot dishes", 1, "38.00", "", "Diced chicken, peanuts, dried chilli",
		yesNo(lang, true), i18n.T(lang, "cuisine.status."+OnSale, nil), "",
		"Spice [1-1]: Mild, Medium, Hot; Extras [0-2]: Rice (+2.00), Egg (+3.00)"}
	return api.SendSheet(c, "dish-import-template.xlsx", "dishes", sheetHeader(lang, sheetColumns, true), [][]any{example})
}

func (m *Module) dishImport(c *api.Ctx) (any, error) {
	raw, err := api.ImportUpload(c, "import.not_excel")
	if err != nil {
		return nil, err
	}
	rows, err := api.ReadImportSheet(raw, c.Lang(), sheetColumns, "number", "name", "categoryId", "sort", "price", "description")
	if err != nil {
		return nil, err
	}
	return m.Catalogue.ImportDishes(c.Ctx(), c.Lang(), rows)
}

// errRollback undoes an import transaction that found bad rows.
var errRollback = errors.New("import has bad rows")

// ImportDishes validates every row and writes the dishes in one
// transaction only when all rows are valid; a row whose number exists
// updates that dish (its specifications replaced by the row's). Otherwise
// nothing is written and each bad row is reported.
func (c *Catalogue) ImportDishes(ctx context.Context, lang string, rows [][]string) (*api.ImportReport, error) {
	merchantID, err := merchantOf(ctx)
	if err != nil {
		return nil, err
	}
	f, err := c.orgs.get(ctx, merchantID)
	if err != nil {
		return nil, err
	}
	report := &api.ImportReport{Total: len(rows), Errors: []api.ImportError{}}
	err = c.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var cats []Category
		if err := tx.Select("id", "name").Find(&cats).Error; err != nil {
			return err
		}
		catByName := make(map[string]uint64, len(cats))
		for _, cat := range cats {
			catByName[strings.ToLower(cat.Name)] = cat.ID
		}
		var existing []Dish
		if err := tx.Select("id", "number").Find(&existing).Error; err != nil {
			return err
		}
		byNumber := make(map[string]uint64, len(existing))
		for _, d := range existing {
			byNumber[d.Number] = d.ID
		}
		seen := map[string]int{}
		for i, row := range rows {
			line := i + 2
			row = append(row, make([]string, max(0, len(sheetColumns)-len(row)))...)
			in, rowErr := parseDishRow(lang, row, f.Digits, catByName)
			statusGiven := in.Status != ""
			var plan *dishPlan
			if rowErr == nil {
				plan, rowErr = validateDish(&in)
			}
			if rowErr == nil {
				if prev, dup := seen[in.Number]; dup {
					rowErr = api.Invalid("number", "import.duplicate_in_file", map[string]any{"Row": prev})
				}
				seen[in.Number] = line
			}
			if rowErr == nil {
				rowErr = tx.Transaction(func(one *gorm.DB) error { return importDish(one, plan, statusGiven, byNumber) })
			}
			if rowErr != nil {
				var ae *api.Error
				if !errors.As(rowErr, &ae) && !dbx.IsDuplicate(rowErr) {
					return rowErr // a database failure, not a bad row
				}
				report.Errors = append(report.Errors, api.RowError(lang, line, rowErr)...)
			}
		}
		if len(report.Errors) > 0 {
			return errRollback
		}
		report.Imported = len(rows)
		return nil
	})
	if err != nil && !errors.Is(err, errRollback) {
		return nil, err
	}
	if report.Imported > 0 {
		c.changed(ctx, merchantID)
	}
	return report, nil
}

// importDish creates a row's dish, or updates the dish with its number.
func importDish(tx *gorm.DB, plan *dishPlan, statusGiven bool, byNumber map[string]uint64) error {
	d := plan.dish
	if id, ok := byNumber[d.Number]; ok {
		cols := []string{"name", "category_id", "sort", "price", "discount_price", "description", "images", "specialty", "updated_at"}
		if statusGiven {
			cols = append(cols, "status")
		}
		d.ID = id
		if err := tx.Model(&Dish{ID: id}).Select(cols).Updates(&d).Error; err != nil {
			return err
		}
		var saved Dish
		if err := tx.Select("id", "merchant_id", "name", "number").Take(&saved, id).Error; err != nil {
			return err
		}
		if err := IndexDishNames(tx, []Dish{saved}); err != nil {
			return err
		}
		return writeSpecs(tx, id, plan.specs)
	}
	if err := tx.Create(&d).Error; err != nil {
		return err
	}
	if err := IndexDishNames(tx, []Dish{d}); err != nil {
		return err
	}
	byNumber[d.Number] = d.ID
	return writeSpecs(tx, d.ID, plan.specs)
}

// parseDishRow reads one sheet row (columns of sheetColumns) into the dish form.
func parseDishRow(lang string, row []string, digits int, catByName map[string]uint64) (DishInput, error) {
	in := DishInput{Number: row[0], Name: row[1], Description: row[6]}
	var c api.Check
	if name := strings.TrimSpace(row[2]); name != "" {
		id, ok := catByName[strings.ToLower(name)]
		if !ok {
			c.Add("categoryId", "cuisine.category_unknown", map[string]any{"Name": name})
		}
		in.CategoryID = id
	}
	if v := row[3]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			c.Add("sort", "validation.bad_value", nil)
		}
		in.Sort = &n
	}
	if v := row[4]; v != "" {
		n, err := ParseMajor(v, digits)
		if err != nil {
			c.Add("price", "cuisine.amount_format", map[string]any{"Digits": digits})
		}
		in.Price = &n
	}
	if v := row[5]; v != "" {
		n, err := ParseMajor(v, digits)
		if err != nil {
			c.Add("discountPrice", "cuisine.amount_format", map[string]any{"Digits": digits})
		}
		in.DiscountPrice = &n
	}
	if v := row[7]; v != "" {
		b, ok := parseYesNo(lang, v)
		if !ok {
			c.Add("specialty", "validation.bad_value", nil)
		}
		in.Specialty = b
	}
	if v := strings.TrimSpace(row[8]); v != "" {
		in.Status = parseStatus(lang, v)
	}
	in.Images = strings.FieldsFunc(row[9], func(r rune) bool { return r == ',' || r == '\n' || r == ' ' })
	specs, ok := parseSpecs(row[10], digits)
	if !ok {
		c.Add("specs", "cuisine.specs_format", nil)
	}
	in.Specs = specs
	return in, c.Err()
}

func yesNo(lang string, b bool) string {
	if b {
		return i18n.T(lang, "cuisine.yes", nil)
	}
	return i18n.T(lang, "cuisine.no", nil)
}

func parseYesNo(lang, v string) (bool, bool) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "1", "true", "yes", "y", "是":
		return true, true
	case "0", "false", "no", "n", "否":
		return false, true
	case strings.ToLower(i18n.T(lang, "cuisine.yes", nil)):
		return true, true
	case strings.ToLower(i18n.T(lang, "cuisine.no", nil)):
		return false, true
	}
	return false, false
}

// parseStatus accepts a status code or its label in the request's language;
// anything else is left for validation to name.
func parseStatus(lang, v string) string {
	for _, s := range []string{OnSale, Removed} {
		if strings.EqualFold(v, s) || strings.EqualFold(v, i18n.T(lang, "cuisine.status."+s, nil)) {
			return s
		}
	}
	return v
}

// formatSpecs writes specifications in the sheet's form:
// "Size [1-1]: Small, Large (+5.00); Extras [0-2]: Egg (+3.00)".
func formatSpecs(specs []SpecView, digits int) string {
	groups := make([]string, len(specs))
	for i, s := range specs {
		values := make([]string, len(s.Options))
		for j, o := range s.Options {
			values[j] = o.Value
			if o.PriceDelta > 0 {
				values[j] += " (+" + FormatMajor(o.PriceDelta, digits) + ")"
			} else if o.PriceDelta < 0 {
				values[j] += " (" + FormatMajor(o.PriceDelta, digits) + ")"
			}
		}
		groups[i] = fmt.Sprintf("%s [%d-%d]: %s", s.Name, s.MinChoices, s.MaxChoices, strings.Join(values, ", "))
	}
	return strings.Join(groups, "; ")
}

var (
	specHeadRe  = regexp.MustCompile(`^(.*?)\s*(?:\[\s*(\d+)\s*-\s*(\d+)\s*\])?$`)
	specValueRe = regexp.MustCompile(`^(.*?)\s*(?:[(（]\s*([+-]?[0-9.,]+)\s*[)）])?$`)
)

// parseSpecs reads the sheet's specification form (see formatSpecs); a
// missing [min-max] means optional, one choice.
func parseSpecs(s string, digits int) ([]SpecInput, bool) {
	var out []SpecInput
	for _, g := range strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '；' || r == '\n' }) {
		if strings.TrimSpace(g) == "" {
			continue
		}
		head, body, ok := strings.Cut(strings.Replace(g, "：", ":", 1), ":")
		if !ok {
			return nil, false
		}
		hm := specHeadRe.FindStringSubmatch(strings.TrimSpace(head))
		spec := SpecInput{Name: hm[1], Options: []OptionInput{}}
		if hm[2] != "" {
			lo, _ := strconv.Atoi(hm[2])
			hi, _ := strconv.Atoi(hm[3])
			spec.MinChoices, spec.MaxChoices, spec.Required = &lo, &hi, lo > 0
		}
		for _, v := range strings.FieldsFunc(body, func(r rune) bool { return r == ',' || r == '，' }) {
			vm := specValueRe.FindStringSubmatch(strings.TrimSpace(v))
			opt := OptionInput{Value: vm[1]}
			if vm[2] != "" {
				n, err := ParseMajor(vm[2], digits)
				if err != nil {
					return nil, false
				}
				opt.PriceDelta = n
			}
			spec.Options = append(spec.Options, opt)
		}
		if len(spec.Options) == 0 {
			spec.Options = nil
		}
		out = append(out, spec)
	}
	return out, true
}
