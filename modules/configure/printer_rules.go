package configure

import (
	"net"
	"slices"
	"strings"

	"github.com/venueplatform/venue/api"
)

// Limits of the printer form.
const (
	maxPrintersPerVenue = 50
	maxCopies           = 9
	maxCategories       = 500
	defaultPort         = 9100
)

// Models are the printers the form offers (the spec's "printer
// selection"), with the paper each takes; "other" is any ESC/POS printer.
var Models = []PrinterModel{
	{Code: "XP-N1601", Name: "Xprinter XP-N160I", PaperWidth: 80},
	{Code: "XP-58IIH", Name: "Xprinter XP-58IIH", PaperWidth: 58},
	{Code: "TM-T88VI", Name: "Epson TM-T88VI", PaperWidth: 80},
	{Code: "TM-T82III", Name: "Epson TM-T82III", PaperWidth: 80},
	{Code: "TSP143IV", Name: "Star TSP143IV", PaperWidth: 80},
	{Code: "GP-L80160", Name: "Gprinter GP-L80160", PaperWidth: 80},
	{Code: "SUNMI-NT311", Name: "SUNMI NT311", PaperWidth: 80},
	{Code: "TSC-TTP-244", Name: "TSC TTP-244 Pro (label)", PaperWidth: 58},
	{Code: "other", Name: "Other ESC/POS printer", PaperWidth: 0},
}

// PrinterModel is one entry of the printer selection.
type PrinterModel struct {
	Code       string `json:"code"`
	Name       string `json:"name"`
	PaperWidth int    `json:"paperWidth"` // 0: either
}

// PrinterInput is the printer form.
type PrinterInput struct {
	Name        string   `json:"name"`
	Type        string   `json:"type" enum:"kitchen,receipt,label"` // kitchen, receipt, label
	Model       string   `json:"model"`                             // a Models code
	IP          string   `json:"ip"`
	Port        int      `json:"port"` // 0: 9100
	Copies      int      `json:"copies"`
	FontSize    string   `json:"fontSize" enum:"normal,double_height,double_width,double"`
	Charset     string   `json:"charset"`
	PaperWidth  int      `json:"paperWidth"` // the spec's "parameters": 58 or 80 mm
	Cut         bool     `json:"cut"`
	CategoryIDs []uint64 `json:"categoryIds"` // kitchen printers: the dish categories it prints
	BackupID    *uint64  `json:"backupId"`    // nil or 0: none
	Remark      string   `json:"remark"`
	Status      *int8    `json:"status"`
}

// validatePrinter checks the form; the spec's required fields each answer
// 'cannot be empty' or 'must be selected' naming the field.
func validatePrinter(in *PrinterInput) error {
	in.Name, in.Type, in.Model = strings.TrimSpace(in.Name), strings.TrimSpace(in.Type), strings.TrimSpace(in.Model)
	in.IP, in.FontSize, in.Charset, in.Remark = strings.TrimSpace(in.IP), strings.TrimSpace(in.FontSize), strings.TrimSpace(in.Charset), strings.TrimSpace(in.Remark)
	if in.BackupID != nil && *in.BackupID == 0 {
		in.BackupID = nil
	}
	if in.Port == 0 {
		in.Port = defaultPort
	}
	var c api.Check
	if c.Required("name", in.Name) {
		c.MaxLen("name", in.Name, 64)
	}
	if in.Type == "" {
		c.Add("type", "validation.must_select", nil)
	} else {
		c.OneOf("type", in.Type, PrinterKitchen, PrinterReceipt, PrinterLabel)
	}
	if in.Model == "" {
		c.Add("model", "validation.must_select", nil)
	} else if !slices.ContainsFunc(Models, func(m PrinterModel) bool { return m.Code == in.Model }) {
		c.Add("model", "validation.bad_value", nil)
	}
	if in.IP == "" {
		c.Add("ip", "validation.required", nil)
	} else if ip := net.ParseIP(in.IP); ip == nil || ip.IsUnspecified() || ip.IsMulticast() || strings.Contains(in.IP, "%") {
		c.Add("ip", "configure.ip_format", nil)
	}
	if in.Port < 1 || in.Port > 65535 {
		c.Add("port", "configure.range", map[string]any{"Min": 1, "Max": 65535})
	}
	switch {
	case in.Copies == 0:
		c.Add("copies", "validation.required", nil)
	case in.Copies < 1 || in.Copies > maxCopies:
		c.Add("copies", "configure.range", map[string]any{"Min": 1, "Max": maxCopies})
	}
	if in.FontSize == "" {
		c.Add("fontSize", "validation.must_select", nil)
	} else {
		c.OneOf("fontSize", in.FontSize, FontNormal, FontDoubleHeight, FontDoubleWidth, FontDouble)
	}
	if in.Charset == "" {
		c.Add("charset", "validation.must_select", nil)
	} else {
		c.OneOf("charset", in.Charset, Charsets...)
	}
	switch in.PaperWidth {
	case 0:
		c.Add("paperWidth", "validation.must_select", nil)
	case 58, 80:
	default:
		c.Add("paperWidth", "validation.one_of", map[string]any{"Allowed": "58, 80"})
	}
	if in.Type != PrinterKitchen {
		in.CategoryIDs = nil
	}
	if len(in.CategoryIDs) > maxCategories {
		c.Add("categoryIds", "configure.too_many", map[string]any{"Max": maxCategories})
	}
	seen := map[uint64]bool{}
	var ids []uint64
	for _, id := range in.CategoryIDs {
		if id != 0 && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	in.CategoryIDs = ids
	c.MaxLen("remark", in.Remark, 200)
	if in.Status != nil && *in.Status != StatusEnabled && *in.Status != StatusDisabled {
		c.Add("status", "validation.bad_value", nil)
	}
	return c.Err()
}
