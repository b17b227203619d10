package tenancy

import (
	"reflect"

	"gorm.io/gorm"
)

type reflectValue = reflect.Value

// eachRow calls fn for every struct the create statement writes.
func eachRow(db *gorm.DB, fn func(reflect.Value)) {
	rv := db.Statement.ReflectValue
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len(); i++ {
			row := reflect.Indirect(rv.Index(i))
			if row.Kind() == reflect.Struct {
				fn(row)
			}
		}
	case reflect.Struct:
		fn(rv)
	}
}

func toUint(v any) uint64 {
	switch n := v.(type) {
	case uint64:
		return n
	case uint:
		return uint64(n)
	case uint32:
		return uint64(n)
	case int64:
		return uint64(n)
	case int:
		return uint64(n)
	}
	return 0
}
