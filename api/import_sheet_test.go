package api

import (
	"errors"
	"strings"
	"testing"

	"github.com/venueplatform/venue/internal/i18n"
	"github.com/venueplatform/venue/internal/sheet"
)

// The attacks of issue 11 on imports: a file without the template's header
// (it reached the row parser and could answer a 500), and a file far past the
// row cap (read whole before the cap applied).
func TestImportSheetChecksHeaderThenCountsWhileStreaming(t *testing.T) {
	t.Parallel()
	cols := []string{"username", "mobile", "realName", "password"}
	wrong, _ := sheet.Write("users", []string{"Username *", "phone", "Real name", "secret"}, [][]any{{"a", "1", "b", "c"}})
	_, err := ReadImportSheet(wrong, "en", cols, "username", "mobile", "password")
	var ae *Error
	if !errors.As(err, &ae) || ae.Key != "import.bad_header" {
		t.Fatalf("wrong header: %v", err)
	}
	msg := i18n.T("en", ae.Key, ae.Data)
	if !strings.Contains(msg, FieldLabel("en", "mobile")) || !strings.Contains(msg, FieldLabel("en", "password")) || strings.Contains(msg, FieldLabel("en", "username")) {
		t.Fatalf("message %q does not name exactly the missing columns", msg)
	}
	if empty, _ := sheet.Write("users", nil, nil); true {
		if _, err := ReadImportSheet(empty, "en", cols, "username"); !errors.As(err, &ae) || ae.Key != "import.bad_header" {
			t.Fatalf("no header at all: %v", err)
		}
	}
	// A template in another language imports as well (labels of every locale).
	header := []string{FieldLabel("ja", "username") + " *", FieldLabel("ja", "mobile") + " *", "x", FieldLabel("ja", "password")}
	many := make([][]any, sheet.MaxImportRows+1)
	for i := range many {
		many[i] = []any{"u", "1", "", "p"}
	}
	raw, _ := sheet.Write("users", header, many)
	if _, err := ReadImportSheet(raw, "en", cols, "username", "mobile", "password"); !errors.As(err, &ae) || ae.Key != "import.too_many" {
		t.Fatalf("past the cap: %v", err)
	}
	raw, _ = sheet.Write("users", header, many[:3])
	if rows, err := ReadImportSheet(raw, "en", cols, "username", "mobile", "password"); err != nil || len(rows) != 3 || len(rows[0]) != 4 {
		t.Fatalf("good file: %v %v", rows, err)
	}
	if _, err := ReadImportSheet([]byte("username,mobile\n"), "en", cols); !errors.As(err, &ae) || ae.Key != "import.not_excel" {
		t.Fatalf("csv: %v", err)
	}
	if _, err := ReadImportSheet([]byte("PK\x03\x04garbage"), "en", cols); !errors.As(err, &ae) || ae.Key != "import.not_excel" {
		t.Fatalf("broken zip: %v", err)
	}
}
