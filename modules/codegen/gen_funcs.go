package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/venueplatform/venue/internal/scaled"
)

// Helpers the templates call: each answers one printed fragment.

// queryType is the Go type of a search parameter.
func queryType(f *fieldPlan) string {
	switch f.Type {
	case TypeInteger, TypeMoney:
		return "*int64"
	case TypeBoolean:
		return "*bool"
	case TypeReference:
		return "*uint64"
	}
	return "string"
}

// exactMiss is a Go expression of a search value that the test row does not hold.
func exactMiss(f *fieldPlan) string {
	good, _ := derivedExample(f.Field)
	switch f.Type {
	case TypeInteger, TypeMoney:
		n, _ := strconv.ParseInt(good, 10, 64)
		return strconv.Quote(strconv.FormatInt(n+1, 10))
	case TypeDecimal:
		n, _ := parseDecimal(good, f.Scale)
		return strconv.Quote(scaled.Format(n+1, f.Scale))
	case TypeBoolean:
		return strconv.Quote("false")
	case TypeReference:
		return strconv.Quote("987654321")
	}
	return strconv.Quote("zz-no-match")
}

// rangeMiss is the url.Values entries of a range the test row's value is outside.
func rangeMiss(f *fieldPlan) string {
	good, _ := derivedExample(f.Field)
	from, to := strconv.Quote(f.Name+"From"), strconv.Quote(f.Name+"To")
	switch f.Type {
	case TypeInteger, TypeMoney:
		n, _ := strconv.ParseInt(good, 10, 64)
		return fmt.Sprintf("%s: {%q}", from, strconv.FormatInt(n+1, 10))
	case TypeDecimal:
		n, _ := parseDecimal(good, f.Scale)
		return fmt.Sprintf("%s: {%q}", from, scaled.Format(n+1, f.Scale))
	case TypeDate:
		if good == "9999-12-31" {
			return fmt.Sprintf("%s: {%q}", to, "0001-01-01")
		}
		return fmt.Sprintf("%s: {%q}", from, "9999-12-31")
	}
	if good == "23:59:59" {
		return fmt.Sprintf("%s: {%q}", to, "00:00:00")
	}
	return fmt.Sprintf("%s: {%q}", from, "23:59:59")
}

// columnRender is the TypeScript expression a list cell shows for row r.
func columnRender(f *fieldPlan) string {
	key := f.Key[:len(f.Key)-len(f.Name)]
	switch f.Type {
	case TypeMoney:
		return fmt.Sprintf("displayMoney(r.%s, currencyDigits(r.currency))", f.Name)
	case TypeBoolean:
		return fmt.Sprintf("<Tag color={r.%s ? 'green' : 'default'}>{t(r.%s ? %s : %s)}</Tag>", f.Name, f.Name,
			jsString(key+"ui.yes"), jsString(key+"ui.no"))
	case TypeImage:
		return fmt.Sprintf("(r.%s ? <Image src={r.%s} width={40} /> : null)", f.Name, f.Name)
	case TypeFile:
		return fmt.Sprintf("(r.%s ? <a href={r.%s} target=\"_blank\" rel=\"noreferrer\">{r.%s.split('/').pop()}</a> : null)", f.Name, f.Name, f.Name)
	case TypeReference:
		return fmt.Sprintf("r.%sLabel", f.Name)
	}
	return "r." + f.Name
}

// uniqueField is the first unique field, nil when there is none.
func uniqueField(v *genView) *fieldPlan {
	for _, f := range v.Form {
		if f.Unique {
			return f
		}
	}
	return nil
}

// refBodyDict reports whether a referenced entity's test form reads a dictionary.
func refBodyDict(v *genView) bool {
	for _, f := range v.Refs {
		for _, b := range f.Ref.Body {
			if b.Dict != "" {
				return true
			}
		}
	}
	return false
}

// mdCell is text safe inside a Markdown table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "`", "'", "<", "&lt;", ">", "&gt;").Replace(s)
}

// typeNote describes a field's type for the README.
func typeNote(f *fieldPlan) string {
	switch f.Type {
	case TypeMoney:
		return "money (integer minor units)"
	case TypeDecimal:
		return fmt.Sprintf("decimal, %d places (text)", f.Scale)
	case TypeDate:
		return "date (YYYY-MM-DD)"
	case TypeTime:
		return "time (HH:mm:ss)"
	case TypeEnum:
		return "enum of dictionary `" + f.Dict + "`"
	case TypeReference:
		return "reference to `" + f.Ref.Target.Key() + "` (id)"
	}
	return f.Type
}

// ruleNote lists a field's rules for the README.
func ruleNote(f *fieldPlan) string {
	var out []string
	if f.Required {
		out = append(out, "required")
	}
	if f.Unique {
		out = append(out, "unique")
	}
	switch f.Type {
	case TypeString, TypeText:
		if f.MinLength > 1 {
			out = append(out, fmt.Sprintf("%d–%d characters", f.MinLength, f.MaxRunes))
		} else {
			out = append(out, fmt.Sprintf("at most %d characters", f.MaxRunes))
		}
		if f.Pattern != "" {
			out = append(out, "pattern `"+strings.ReplaceAll(mdCell(f.Pattern), "`", "'")+"`")
		}
	case TypeInteger, TypeMoney, TypeDecimal:
		if f.HasLo || f.HasHi {
			out = append(out, fmt.Sprintf("%s to %s", f.number(f.Lo), f.number(f.Hi)))
		}
	}
	if len(out) == 0 {
		return "–"
	}
	return strings.Join(out, ", ")
}
