// Package sheet writes and reads the Excel files of list exports, import
// templates and import reports.
package sheet

import (
	"bytes"
	"errors"
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
	defer func() { _ = f.Close() }() // removes excelize's temporary files; the bytes are written by then
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
	defer func() { _ = f.Close() }() // removes excelize's temporary files; the rows are read by then
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

// ErrTooManyRows means the sheet has more data rows than the import allows; the
// rows after the first one past the cap were never read.
var ErrTooManyRows = errors.New("too many rows")

// ErrNotExcel means the file is not a readable .xlsx workbook.
var ErrNotExcel = errors.New("not an Excel file")

// HeaderError names the expected columns (by index) whose header cell does
// not carry one of their accepted names.
type HeaderError struct{ Missing []int }

func (e *HeaderError) Error() string { return fmt.Sprintf("header lacks columns %v", e.Missing) }

// Unzip limits for imports: a workbook whose parts unpack beyond importUnzip
// is refused, and any part over importXMLInMemory is unpacked to a temporary
// file and streamed from there instead of being held in memory.
const (
	importUnzip       = 256 << 20
	importXMLInMemory = 1 << 20
)

// ReadImport streams the first sheet of an .xlsx import. The header row must
// name every expected column at its place: accept[i] lists the names column
// i may carry (compared without case, blanks or a trailing "*" marking a
// required column; an empty list accepts any header); otherwise a *HeaderError lists the columns missing, and
// no data row is read. Data rows are then read one at a time (excelize's
// Rows iterator), trimmed, padded or cut to len(accept), blank rows skipped;
// at the first row past maxRows reading stops with ErrTooManyRows.
func ReadImport(r io.Reader, accept [][]string, maxRows int) ([][]string, error) {
	f, err := excelize.OpenReader(r, excelize.Options{UnzipSizeLimit: importUnzip, UnzipXMLSizeLimit: importXMLInMemory})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
	}
	defer func() { _ = f.Close() }() // removes excelize's temporary files; the rows are read by then
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, ErrNotExcel
	}
	it, err := f.Rows(sheets[0])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
	}
	defer func() { _ = it.Close() }() // as f.Close: temporary files only
	var rows [][]string
	header := true
	for it.Next() {
		cols, err := it.Columns()
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
		}
		if header {
			if missing := MissingColumns(cols, accept); len(missing) > 0 {
				return nil, &HeaderError{Missing: missing}
			}
			header = false
			continue
		}
		row := make([]string, len(accept))
		empty := true
		for i := range row {
			if i < len(cols) {
				row[i] = strings.TrimSpace(cols[i])
				empty = empty && row[i] == ""
			}
		}
		if empty {
			continue
		}
		if len(rows) == maxRows {
			return nil, ErrTooManyRows
		}
		rows = append(rows, row)
	}
	if err := it.Error(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotExcel, err)
	}
	if header { // not even a header row
		if missing := MissingColumns(nil, accept); len(missing) > 0 {
			return nil, &HeaderError{Missing: missing}
		}
	}
	return rows, nil
}

// MissingColumns lists the indexes of accept whose header cell (cells[i])
// does not carry one of the column's accepted names.
func MissingColumns(cells []string, accept [][]string) []int {
	var missing []int
	for i, names := range accept {
		if len(names) == 0 {
			continue // any header
		}
		got := ""
		if i < len(cells) {
			got = headerName(cells[i])
		}
		ok := false
		for _, n := range names {
			if got != "" && got == headerName(n) {
				ok = true
				break
			}
		}
		if !ok {
			missing = append(missing, i)
		}
	}
	return missing
}

func headerName(s string) string {
	return strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "*")))
}
