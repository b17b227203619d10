package expression

import (
	"reflect"
	"time"
)

// SizeOf estimates the bytes a value takes as JSON, stopping past limit
// (the interpreter bounds an instance's variables with it).
func SizeOf(v any, limit int64) int64 { return sizeOf(v, limit, 1) }

// sizeOf estimates the bytes a value takes when printed or encoded as JSON
// (strings counted stringFactor times, for escaping), stopping as soon as the
// estimate passes limit. The walk costs at most limit/8 visits, so a value
// that shares one array many times over (a DAG a few lets can build) is
// measured without being expanded.
func sizeOf(v any, limit int64, stringFactor int64) int64 {
	w := sizer{limit: limit, factor: stringFactor}
	w.walk(reflect.ValueOf(v), 0)
	return w.n
}

type sizer struct {
	n, limit, factor int64
}

func (w *sizer) add(n int64) bool {
	w.n += n
	return w.n <= w.limit
}

func (w *sizer) walk(v reflect.Value, depth int) bool {
	// Each level of nesting costs its indentation when encoded.
	if !w.add(8 + 2*int64(depth)) {
		return false
	}
	if depth > 256 {
		w.n = w.limit + 1
		return false
	}
	if !v.IsValid() {
		return true
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return true
		}
		return w.walk(v.Elem(), depth)
	case reflect.String:
		return w.add(int64(v.Len()) * w.factor)
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return w.add(int64(v.Len()) * 2)
		}
		for i := 0; i < v.Len(); i++ {
			if !w.walk(v.Index(i), depth+1) {
				return false
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if !w.walk(it.Key(), depth+1) || !w.walk(it.Value(), depth+1) {
				return false
			}
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			return w.add(40)
		}
		for i := 0; i < v.NumField(); i++ {
			if !w.walk(v.Field(i), depth+1) {
				return false
			}
		}
	default:
		return w.add(24)
	}
	return true
}

// lenOf is the length of a string, slice, array or map, else 0.
func lenOf(v any) int64 {
	switch x := v.(type) {
	case string:
		return int64(len(x))
	case []any:
		return int64(len(x))
	case map[string]any:
		return int64(len(x))
	case nil:
		return 0
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.String, reflect.Slice, reflect.Array, reflect.Map:
		return int64(rv.Len())
	}
	return 0
}

// leaves counts the elements flatten would answer, stopping past limit.
func leaves(v any, limit int64) int64 {
	var n int64
	var walk func(reflect.Value, int) bool
	walk = func(rv reflect.Value, depth int) bool {
		for rv.IsValid() && rv.Kind() == reflect.Interface && !rv.IsNil() {
			rv = rv.Elem()
		}
		if depth > 256 {
			n = limit + 1
			return false
		}
		if !rv.IsValid() || (rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array) {
			n++
			return n <= limit
		}
		n++ // visiting an array costs as much as a leaf, so the walk stays bounded
		for i := 0; i < rv.Len(); i++ {
			if !walk(rv.Index(i), depth+1) {
				return false
			}
		}
		return n <= limit
	}
	walk(reflect.ValueOf(v), 0)
	return n
}
