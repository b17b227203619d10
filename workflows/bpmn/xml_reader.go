package bpmn

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
)

// The XML reader: a small namespace-resolved tree of the document, read with
// the limits Parse promises (size, depth, no DOCTYPE), and the attribute
// lookups that accept the engines' dialects.

// Namespaces the parser reads.
const (
	ModelNS    = "http://www.omg.org/spec/BPMN/20100524/MODEL"
	CamundaNS  = "http://camunda.org/schema/1.0/bpmn"
	FlowableNS = "http://flowable.org/bpmn"
	ActivitiNS = "http://activiti.org/bpmn"
)

// Engines whose attributes mean the same as ours, in order of preference
// when a model carries more than one (a model moved between engines).
var engineNS = []string{CamundaNS, FlowableNS, ActivitiNS}

// ErrDoctype is returned for documents with a DOCTYPE or other markup
// declaration: BPMN never needs one, and entity declarations are how
// billion-laughs and external-entity attacks start.
var ErrDoctype = errors.New("bpmn: DOCTYPE and entity declarations are not allowed")

// xnode is one element of the document.
type xnode struct {
	name  xml.Name
	attrs []xml.Attr
	kids  []*xnode
	text  strings.Builder
	line  int
}

func (n *xnode) attr(space, local string) string {
	for _, a := range n.attrs {
		if a.Name.Local == local && a.Name.Space == space {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}

// bpmnAttr reads an unqualified attribute (BPMN's own attributes carry no
// prefix; a few tools qualify them with the model namespace anyway).
func (n *xnode) bpmnAttr(local string) string {
	if v := n.attr("", local); v != "" {
		return v
	}
	return n.attr(ModelNS, local)
}

// engineAttr reads the first non-empty attribute local among the Camunda,
// Flowable and Activiti namespaces.
func (n *xnode) engineAttr(local string) string {
	for _, ns := range engineNS {
		if v := n.attr(ns, local); v != "" {
			return v
		}
	}
	return ""
}

// setting reads one of our settings: venue:<local>, else the engine
// attribute named engineLocal ("" = no engine equivalent).
func (n *xnode) setting(local, engineLocal string) string {
	if v := n.attr(ExtensionNS, local); v != "" {
		return v
	}
	if engineLocal != "" {
		return n.engineAttr(engineLocal)
	}
	return ""
}

func (n *xnode) child(space, local string) *xnode {
	for _, k := range n.kids {
		if k.name.Local == local && k.name.Space == space {
			return k
		}
	}
	return nil
}

func (n *xnode) children(space, local string) []*xnode {
	var out []*xnode
	for _, k := range n.kids {
		if k.name.Local == local && k.name.Space == space {
			out = append(out, k)
		}
	}
	return out
}

// extension returns our elements named local inside extensionElements.
func (n *xnode) extension(local string) []*xnode {
	var out []*xnode
	for _, ext := range n.children(ModelNS, "extensionElements") {
		out = append(out, ext.children(ExtensionNS, local)...)
	}
	return out
}

func (n *xnode) textTrim() string { return strings.TrimSpace(n.text.String()) }

func charsetReader(label string, input io.Reader) (io.Reader, error) {
	enc, err := ianaindex.IANA.Encoding(label)
	if err != nil || enc == nil {
		enc, err = htmlindex.Get(label)
	}
	if err != nil || enc == nil {
		return nil, fmt.Errorf("bpmn: unsupported encoding %q", label)
	}
	return enc.NewDecoder().Reader(input), nil
}

func readTree(data []byte) (*xnode, error) {
	if len(data) > MaxDocumentSize {
		return nil, fmt.Errorf("bpmn: document is %d bytes; the limit is %d", len(data), MaxDocumentSize)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charsetReader
	var root *xnode
	var stack []*xnode
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("bpmn: %w", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			line, _ := dec.InputPos()
			return nil, fmt.Errorf("%w (line %d)", ErrDoctype, line)
		case xml.StartElement:
			if len(stack) >= MaxDepth {
				line, _ := dec.InputPos()
				return nil, fmt.Errorf("bpmn: elements nested deeper than %d (line %d)", MaxDepth, line)
			}
			line, _ := dec.InputPos()
			n := &xnode{name: t.Name, attrs: t.Attr, line: line}
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("bpmn: more than one root element (line %d)", line)
				}
				root = n
			} else {
				top := stack[len(stack)-1]
				top.kids = append(top.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if root == nil {
		return nil, errors.New("bpmn: empty document")
	}
	return root, nil
}
