package bpmn

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

// The BPMN 2.0 FlowNode subclasses, listed here apart from the parser's own
// table so the walk below counts independently.
var miwgFlowNodes = strings.Fields(`startEvent endEvent intermediateCatchEvent intermediateThrowEvent
	boundaryEvent implicitThrowEvent task userTask serviceTask scriptTask sendTask receiveTask
	businessRuleTask manualTask callActivity subProcess adHocSubProcess transaction
	exclusiveGateway parallelGateway inclusiveGateway complexGateway eventBasedGateway
	callChoreography choreographyTask subChoreography`)

// walkIDs lists the ids of the flow nodes and sequence flows in a BPMN
// document, skipping anything inside extensionElements.
func walkIDs(t *testing.T, data []byte) (nodes, flows []string) {
	t.Helper()
	isNode := map[string]bool{}
	for _, n := range miwgFlowNodes {
		isNode[n] = true
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = func(label string, r io.Reader) (io.Reader, error) {
		if strings.EqualFold(label, "ISO-8859-1") {
			return charmap.ISO8859_1.NewDecoder().Reader(r), nil
		}
		return nil, fmt.Errorf("walk: encoding %s", label)
	}
	inExt := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nodes, flows
		}
		if err != nil {
			t.Fatalf("walk: %v", err)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "extensionElements" || inExt > 0 {
				inExt++
				continue
			}
			if e.Name.Space != ModelNS {
				continue
			}
			var id string
			for _, a := range e.Attr {
				if a.Name.Local == "id" && a.Name.Space == "" {
					id = a.Value
				}
			}
			if isNode[e.Name.Local] {
				nodes = append(nodes, id)
			} else if e.Name.Local == "sequenceFlow" {
				flows = append(flows, id)
			}
		case xml.EndElement:
			if inExt > 0 {
				inExt--
			}
		}
	}
}

func collectParsed(p *Process, els, flows map[string]bool) {
	for _, id := range p.FlowIDs {
		flows[id] = true
	}
	for _, id := range p.Order {
		els[id] = true
		if sub := p.Elements[id].SubProcess; sub != nil {
			collectParsed(sub, els, flows)
		}
	}
}

// Every MIWG reference model parses, and every flow node in it is either in
// the model or reported as unsupported; nothing is dropped or invented.
func TestMIWGReferenceModels(t *testing.T) {
	t.Parallel()
	// The models live beside the repository (../shared on development and CI
	// machines); VENUE_MIWG_DIR points elsewhere for a clone in another place.
	dir := ""
	for _, d := range []string{os.Getenv("VENUE_MIWG_DIR"), filepath.Join("..", "..", "..", "shared", "testdata", "bpmn-miwg"), "/work/shared/testdata/bpmn-miwg"} {
		if _, err := os.Stat(d); d != "" && err == nil {
			dir = d
			break
		}
	}
	if dir == "" {
		t.Skip("MIWG models not present; set VENUE_MIWG_DIR")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.bpmn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 21 {
		t.Errorf("found %d reference models, want 21", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Parse(data)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			nodes, flows := walkIDs(t, data)
			els, parsedFlows := map[string]bool{}, map[string]bool{}
			for _, p := range d.Processes {
				collectParsed(p, els, parsedFlows)
			}
			unsupported := map[string]bool{}
			for _, is := range d.Unsupported {
				unsupported[is.ElementID] = true
			}
			inFile := map[string]bool{}
			for _, id := range nodes {
				inFile[id] = true
				if !els[id] && !unsupported[id] {
					t.Errorf("flow node %s dropped", id)
				}
			}
			for _, id := range flows {
				inFile[id] = true
				if !parsedFlows[id] {
					t.Errorf("sequence flow %s dropped", id)
				}
			}
			for id := range els {
				if !inFile[id] {
					t.Errorf("parsed element %s is not a flow node of the file", id)
				}
			}
			for _, is := range d.Unsupported {
				if !inFile[is.ElementID] && !isProcessID(d, is.ElementID) {
					t.Errorf("issue names unknown id: %+v", is)
				}
			}
			if len(els) != len(nodes) || len(parsedFlows) != len(flows) {
				t.Errorf("parsed %d elements and %d flows; the file has %d and %d", len(els), len(parsedFlows), len(nodes), len(flows))
			}
			t.Logf("%d processes, %d flow nodes, %d sequence flows, %d unsupported issues",
				len(d.Processes), len(els), len(parsedFlows), len(d.Unsupported))
		})
	}
}

func isProcessID(d *Definitions, id string) bool {
	for _, p := range d.Processes {
		if p.ID == id {
			return true
		}
	}
	return false
}
