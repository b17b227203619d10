package process

import (
	"errors"
	"testing"

	"github.com/venueplatform/venue/api"
)

// The attack of issue 11 on process forms: a starter or assignee submits a
// javascript: or data: "attachment" through an upload widget, which the
// inbox would later render as a link.
func TestFormUploadFieldsRefuseHostileAddresses(t *testing.T) {
	t.Parallel()
	fields, err := ParseSchema(`{"type":"object","properties":{"grid":{"type":"void","properties":{
		"receipts":{"type":"array","title":"Receipts","x-component":"FileUpload"},
		"photo":{"type":"array","title":"Photo","x-component":"ImageUpload"},
		"camunda":{"type":"array","title":"Scan","x-component":"Upload"},
		"note":{"type":"string","title":"Note"}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []map[string]any{
		{"receipts": []any{"javascript:alert(1)"}},
		{"receipts": []any{"/uploads/2026/01/a.pdf", " JaVaScRiPt:alert(1)"}},
		{"photo": []any{"data:image/svg+xml;base64,PHN2Zz4="}},
		{"photo": []any{"//evil.example/a.png"}},
		{"camunda": []any{map[string]any{"name": "a.pdf", "url": "/uploads/../secret.pdf"}}},
		{"camunda": []any{map[string]any{"name": "a.pdf", "url": "/uploads/a.pdf", "thumbUrl": "javascript:alert(1)"}}},
		{"camunda": []any{42.0}},
	} {
		_, err := CheckData(fields, bad, nil)
		var ae *api.Error
		if !errors.As(err, &ae) || len(ae.Fields) != 1 || ae.Fields[0].Key != "validation.file_url" {
			t.Errorf("%v: err = %v", bad, err)
		}
	}
	out, err := CheckData(fields, map[string]any{
		"receipts": []any{"/uploads/2026/01/0123456789abcdef0123456789abcdef.pdf", "https://cdn.example.com/r.pdf"},
		"photo":    []any{"/uploads/2026/01/a.png"},
		"camunda":  []any{map[string]any{"name": "a.pdf", "url": "/uploads/a.pdf"}},
		"note":     "javascript: is only text here",
	}, nil)
	if err != nil || len(out) != 4 {
		t.Fatalf("good data refused: %v %v", out, err)
	}
}
