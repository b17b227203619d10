package bpmn

import "github.com/venueplatform/venue/workflows/expression"

// TranslateExpression turns JUEL into expr-lang (see expression.Translate).
func TranslateExpression(s string) (string, error) { return expression.Translate(s) }

func isJUEL(s string) bool { return expression.IsTemplate(s) }
