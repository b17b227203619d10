package process

import (
	"github.com/venueplatform/venue/api"
	"github.com/venueplatform/venue/workflows/bpmn"
	"github.com/venueplatform/venue/workflows/engine"
)

// engineVariables are written by the interpreter itself: the decision a
// gateway routes on, who started, and the multi-instance counters.
var engineVariables = map[string]bool{
	engine.OutcomeVariable: true, "initiator": true, "businessKey": true, "loopCounter": true,
	"nrOfInstances": true, "nrOfCompletedInstances": true, "nrOfActiveInstances": true, "nrOfApprovals": true, "nrOfRejections": true,
}

// startVariables keeps what a starter may set: with a start form, only its
// fields (validated); without one, anything but the variables the process
// sets itself. Every refused variable is named ("variables.<name>").
func startVariables(d *Definition, vars map[string]any) (map[string]any, error) {
	var fields []field
	if form, ok := d.forms()[d.StartForm]; ok && d.StartForm != "" {
		var err error
		if fields, err = ParseSchema(string(form.Schema)); err != nil {
			return nil, err
		}
	}
	inForm := map[string]bool{}
	for _, f := range fields {
		inForm[f.Name] = true
	}
	reserved := reservedVariables(d)
	var c api.Check
	for _, name := range sortedStrings(vars) {
		switch {
		case engineVariables[name] || (reserved[name] && !inForm[name]):
			c.Add("variables."+name, "process.variable_reserved", map[string]any{"Name": name})
		case fields != nil && !inForm[name]:
			c.Add("variables."+name, "process.variable_not_in_form", map[string]any{"Name": name})
		}
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	if fields == nil {
		return vars, nil
	}
	return CheckData(fields, vars, nil)
}

// reservedVariables are what the definition's own steps write: the fields
// a user task's form lets its assignee write (an approver's opinion must be
// theirs, not prefilled by the starter) and the named results of script and
// service tasks.
func reservedVariables(d *Definition) map[string]bool {
	out := map[string]bool{}
	def, err := bpmn.Parse([]byte(d.XML))
	if err != nil {
		return out
	}
	forms := d.forms()
	for _, p := range def.Processes {
		if p.ID == d.ProcessID || d.ProcessID == "" {
			reserveIn(p, forms, out)
		}
	}
	return out
}

func reserveIn(p *bpmn.Process, forms map[string]FrozenForm, out map[string]bool) {
	for _, id := range p.Order {
		el := p.Elements[id]
		switch {
		case el.SubProcess != nil:
			reserveIn(el.SubProcess, forms, out)
		case el.Script != nil && el.Script.Result != "":
			out[el.Script.Result] = true
		case el.Service != nil && el.Service.Result != "":
			out[el.Service.Result] = true
		case el.User != nil && el.User.FormKey != "":
			form, ok := forms[el.User.FormKey]
			if !ok {
				continue
			}
			fields, err := ParseSchema(string(form.Schema))
			if err != nil {
				continue
			}
			for _, f := range fields {
				if perm, set := el.User.FieldPerms[f.Name]; !set || perm == "write" {
					out[f.Name] = true
				}
			}
		}
	}
}
