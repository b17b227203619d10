package bpmn

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: any document parses or is refused with an error, and a parsed
// one validates, without panicking and within the parser's limits.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.bpmn"))
	for _, name := range files {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(doc(line)))
	f.Add([]byte(`<!DOCTYPE x [<!ENTITY a "aaaa">]><bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"/>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data)
		if err != nil {
			return
		}
		_ = Validate(d)
		for _, p := range d.Processes {
			for _, id := range p.Order {
				if p.Elements[id] == nil {
					t.Fatalf("element %q in Order but not in Elements", id)
				}
			}
		}
	})
}
