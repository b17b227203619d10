package codegen

import "strings"

// Words a generated name may not be: the generated code quotes nothing by
// hand, so a name must be an ordinary identifier in Go, TypeScript and SQL.
var (
	goReserved = words(`break case chan const continue default defer else fallthrough for func go goto if import
		interface map package range return select struct switch type var
		any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string
		uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag
		len make max min new panic print println real recover`)

	tsReserved = words(`break case catch class const continue debugger default delete do else enum export extends
		false finally for function if import in instanceof new null return super switch this throw true try typeof
		var void while with implements interface let package private protected public static yield await async
		arguments eval undefined constructor prototype tostring valueof hasownproperty`)

	sqlReserved = words(`abort action add after all alter always analyze and as asc attach autoincrement before
		begin between bigint binary blob both by call cascade case cast change char character check collate column
		condition constraint continue convert create cross current current_date current_time current_timestamp
		current_user cursor database databases day_hour deferrable deferred delete desc describe detach distinct
		div do double drop each else elseif end escape except exclude exclusive exists exit explain fail false
		fetch filter first float following for force foreign from full fulltext generated glob grant group groups
		having if ignore immediate in index indexed initially inner inout insert instead int integer intersect
		interval into is isnull join key keys kill last leading leave left like limit lines load lock long loop
		match materialized mod natural no not nothing notnull null nulls numeric of offset on option or order
		others out outer over partition plan pragma precision preceding primary procedure purge query raise range
		read real recursive references regexp reindex release rename repeat replace require restrict return
		returning revoke right rlike row rows savepoint schema select separator set show smallint spatial sql
		ssl starting table temp temporary terminated then ties tinyint to trailing transaction trigger true
		unbounded undo union unique unlock unsigned update usage use using vacuum values varchar view virtual
		when where while window with without write xor year_month zerofill`)

	// Names the generated code itself gives to columns, properties or query
	// parameters of every entity.
	generatedNames = words(`id merchantId venueId createdAt updatedAt deletedAt pageNo pageSize keyword tableName
		current currency`)

	// Modules of the product (built or planned) and packages the generated
	// code imports: a generated module must not take their name.
	takenModules = words(`sys cuisine advert onboarding process codegen shop configure order orders printing report
		auto api platform internal workflows cmd console docs deploy module modules main test vendor third_party
		context strings time fmt errors net http regexp strconv slices sort testing utf8 unicode json gorm dbx
		tenancy platformtest url path os io bytes math sync log`)
)

// Table prefixes of the product's own modules.
var takenTablePrefixes = []string{"sys_", "cuisine_", "advert_", "process_", "onboarding_", "codegen_", "schema_"}

func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[strings.ToLower(w)] = true
	}
	return out
}

// reservedIn names the language that reserves w ("" when none does).
func reservedIn(w string) string {
	lw := strings.ToLower(w)
	switch {
	case goReserved[lw]:
		return "Go"
	case tsReserved[lw]:
		return "TypeScript"
	case sqlReserved[lw]:
		return "SQL"
	}
	return ""
}
