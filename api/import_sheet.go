package api

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/sheet"
)

// codeUploadRefused is the platform's code of a refused file (docs/api-core.md).
const codeUploadRefused = 10201

// ReadImportSheet reads an .xlsx import whose columns are the field names
// columns, in order (issue 11): the header is checked first — the cell of
// each required column must carry the field's label in one of the 16
// languages (what the template and the export write) or the field name
// itself — and a file without them is refused with the missing columns named
// in lang, before any data row is read; rows are then counted while they stream, and the file is
// refused at the first row past sheet.MaxImportRows. Every refusal is a
// localized business error, never a 500.
// A column may be written "field|alias": labelled as field, also accepted
// under the plain name alias.
func ReadImportSheet(raw []byte, lang string, columns []string, required ...string) ([][]string, error) {
	if !bytes.HasPrefix(raw, []byte("PK\x03\x04")) {
		return nil, Business(codeUploadRefused, "import.not_excel", nil)
	}
	rows, err := sheet.ReadImport(bytes.NewReader(raw), ImportHeaderNames(columns, required...), sheet.MaxImportRows)
	var he *sheet.HeaderError
	switch {
	case errors.As(err, &he):
		return nil, ImportHeaderError(lang, columns, he.Missing)
	case errors.Is(err, sheet.ErrTooManyRows):
		return nil, Business(CodeInvalid, "import.too_many", map[string]any{"Max": sheet.MaxImportRows})
	case err != nil:
		return nil, Business(codeUploadRefused, "import.not_excel", nil)
	case len(rows) == 0:
		return nil, Business(CodeInvalid, "import.empty", nil)
	}
	return rows, nil
}

// maxImportBytes bounds what an import reads of its upload.
const maxImportBytes = 8 << 20

// ImportUpload reads the request's "file" upload for an import (at most
// 8 MiB): no file is refused with upload.no_file, one that cannot be opened
// with upload.failed, and one that cannot be read with readFailed.
func ImportUpload(c *Ctx, readFailed string) ([]byte, error) {
	fh, err := c.FormFile("file")
	if err != nil {
		return nil, Business(codeUploadRefused, "upload.no_file", nil)
	}
	f, err := fh.Open()
	if err != nil {
		return nil, Business(codeUploadRefused, "upload.failed", nil)
	}
	defer func() { _ = f.Close() }() // read-only: everything it could report, ReadAll did
	raw, err := io.ReadAll(io.LimitReader(f, maxImportBytes))
	if err != nil {
		return nil, Business(codeUploadRefused, readFailed, nil)
	}
	return raw, nil
}

// SendSheet answers an .xlsx file named filename whose one sheet, sheetName,
// holds header and rows (exports and import templates).
func SendSheet(c *Ctx, filename, sheetName string, header []string, rows [][]any) (any, error) {
	data, err := sheet.Write(sheetName, header, rows)
	if err != nil {
		return nil, err
	}
	Attachment(c, filename, sheet.ContentType, data)
	return nil, nil
}

// ImportHeaderNames lists, for each required column, the names its header
// cell may carry: the field name, its aliases and its label in every
// language; an optional column accepts any header (nil).
func ImportHeaderNames(columns []string, required ...string) [][]string {
	out := make([][]string, len(columns))
	for i, col := range columns {
		parts := strings.Split(col, "|")
		if !slices.Contains(required, parts[0]) {
			continue
		}
		names := parts
		for _, l := range i18n.Languages {
			names = append(names, FieldLabel(l.Tag, parts[0]))
		}
		out[i] = names
	}
	return out
}

// ImportHeaderError refuses a file whose header lacks the columns at the
// indexes missing, naming them in lang.
func ImportHeaderError(lang string, columns []string, missing []int) *Error {
	names := make([]string, len(missing))
	for i, idx := range missing {
		names[i] = FieldLabel(lang, strings.Split(columns[idx], "|")[0])
	}
	return Business(CodeInvalid, "import.bad_header", map[string]any{"Columns": strings.Join(names, ", ")})
}
