// Package sheet writes and reads the Excel files of list exports, import
// templates and import reports.
package sheet

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/xuri/excelize/v2"
)

// ContentType of an .xlsx file.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// MaxImportRows bounds an import file.
const MaxImportRows = 5000

// Write renders one sheet: a bold header row, then rows.
func Write(sheetName string, header []string, rows [][]any) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheetName); err != nil {
		return nil, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Fill: excelize.Fill{Type: "pattern", Color: []string{"#E8EEF7"}, Pattern: 1}})
	if err != nil {
		return nil, err
	}
	for i, h := range header {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		if err := f.SetCellValue(sheetName, cell, h); err != nil {
			return nil, err
		}
		col, _ := excelize.ColumnNumberToName(i + 1)
		_ = f.SetColWidth(sheetName, col, col, float64(max(12, len(h)+4)))
	}
	last, _ := excelize.CoordinatesToCellName(max(1, len(header)), 1)
	_ = f.SetCellStyle(sheetName, "A1", last, bold)
	sw := 2
	for _, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, sw)
		if err := f.SetSheetRow(sheetName, cell, &r); err != nil {
			return nil, err
		}
		sw++
	}
	_ = f.SetPanes(sheetName, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"})
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Read returns the first sheet's rows after the header row, trimmed, each
// padded to the header's width.
func Read(r io.Reader) (header []string, rows [][]string, err error) {
	f, err := excelize.OpenReader(r)
	if err != nil {
		return nil, nil, fmt.Errorf("not an Excel file: %w", err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, nil, fmt.Errorf("no sheet")
	}
	all, err := f.GetRows(sheets[0])
	if err != nil {
		return nil, nil, err
	}
	if len(all) == 0 {
		return nil, nil, nil
	}
	header = all[0]
	for _, raw := range all[1:] {
		row := make([]string, len(header))
		empty := true
		for i := range row {
			if i < len(raw) {
				row[i] = strings.TrimSpace(raw[i])
				empty = empty && row[i] == ""
			}
		}
		if !empty {
			rows = append(rows, row)
		}
	}
	return header, rows, nil
}
