package process_test

import (
	"fmt"
	"strings"
	"testing"
)

// Models of the engine tests of issue 11 are written once and run in the
// dialects Camunda Modeler 5 and Flowable export: "P:" stands for the BPMN
// prefix and "E:" for the engine's extension prefix. Our own settings
// (venue:rejectMode) sit next to theirs, as they do in migrated models.
var dialects = []string{"camunda", "flowable"}

const modelNS = "http://www.omg.org/spec/BPMN/20100524/MODEL"

func dialect(name, content string) string {
	messages := `<P:message id="msg_cancel" name="cancel"/>`
	switch name {
	case "camunda":
		r := strings.NewReplacer("P:", "bpmn:", "E:", "camunda:")
		return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="` + modelNS + `" xmlns:camunda="http://camunda.org/schema/1.0/bpmn"
  xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn" exporter="Camunda Modeler" exporterVersion="5.19.0">
  ` + r.Replace(messages) + `
  <bpmn:process id="p" isExecutable="true" camunda:historyTimeToLive="180">` + r.Replace(content) + `</bpmn:process>
</bpmn:definitions>`
	case "flowable":
		r := strings.NewReplacer("P:", "", "E:", "flowable:")
		return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="` + modelNS + `" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:venue="http://venueplatform.io/schema/bpmn/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  targetNamespace="http://www.flowable.org/processdef">
  ` + r.Replace(messages) + `
  <process id="p" isExecutable="true">` + r.Replace(content) + `</process>
</definitions>`
	}
	panic("no dialect " + name)
}

// flow is a sequence flow in dialect notation, with an optional condition.
func flow(id, from, to string, cond ...string) string {
	if len(cond) > 0 {
		return fmt.Sprintf(`<P:sequenceFlow id="%s" sourceRef="%s" targetRef="%s"><P:conditionExpression xsi:type="P:tFormalExpression"><![CDATA[%s]]></P:conditionExpression></P:sequenceFlow>`, id, from, to, cond[0])
	}
	return fmt.Sprintf(`<P:sequenceFlow id="%s" sourceRef="%s" targetRef="%s"/>`, id, from, to)
}

func timer(kind, value string) string {
	return `<P:timerEventDefinition><P:` + kind + ` xsi:type="P:tFormalExpression">` + value + `</P:` + kind + `></P:timerEventDefinition>`
}

// eachDialect runs a test once per dialect.
func eachDialect(t *testing.T, fn func(t *testing.T, d string)) {
	for _, d := range dialects {
		t.Run(d, func(t *testing.T) { fn(t, d) })
	}
}
