package compute

import "reflect"

// Deep copies of the law's values. An edition is written as the one
// before it with what its act changed; a copy that shared the earlier
// edition's slices would change that edition too (a window moved from 40
// to 60 days in a copy moved E4's). Clone copies every slice, pointer and
// map, by reflection, so a field added later is copied as well
// (TestCloneIsDeep changes every field of a copy to show it).

// Clone is a deep copy of the edition.
func (e Edition) Clone() Edition { return deepCopy(e) }

// Clone is a deep copy of the act.
func (a YearAct) Clone() YearAct { return deepCopy(a) }

// Clone is a deep copy of the fill rules.
func (f FillRules) Clone() FillRules { return deepCopy(f) }

func deepCopy[T any](v T) T {
	return cloneValue(reflect.ValueOf(&v).Elem()).Interface().(T)
}

// cloneValue copies v, following slices, pointers, maps and the exported
// fields of structs; unexported fields are copied as they are (the law's
// are plain values: Edition.to is a Date).
func cloneValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			n.Index(i).Set(cloneValue(v.Index(i)))
		}
		return n
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type().Elem())
		n.Elem().Set(cloneValue(v.Elem()))
		return n
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		n := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			n.SetMapIndex(cloneValue(it.Key()), cloneValue(it.Value()))
		}
		return n
	case reflect.Struct:
		n := reflect.New(v.Type()).Elem()
		n.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if f := n.Field(i); f.CanSet() {
				f.Set(cloneValue(v.Field(i)))
			}
		}
		return n
	}
	return v
}
