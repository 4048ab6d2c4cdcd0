package compute_test

import (
	"encoding/json"
	"reflect"
	"testing"

	. "batch/pkg/compute"
	"batch/pkg/nylaw"
)

// change sets every leaf reachable from v (strings, numbers, booleans,
// through structs, slices and pointers) to another value, and counts them.
// It walks by reflection, so a field added to the law's types later is
// changed too.
func change(v reflect.Value, n *int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(v.String() + " (changed)")
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			change(v.Index(i), n)
		}
		return
	case reflect.Pointer:
		if !v.IsNil() {
			change(v.Elem(), n)
		}
		return
	case reflect.Map:
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			change(e, n)
			v.SetMapIndex(k, e)
		}
		return
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				change(f, n)
			}
		}
		return
	default:
		return
	}
	*n++
}

func snapshot(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A copy of an edition (or act, or fill rules) shares nothing with the
// original: every field of the copy is changed and the original reads as
// before. A shallow copy fails here (the copy's special window, moved
// from 40 to 60 days, moved E4's too).
func TestCloneIsDeep(t *testing.T) {
	for i := range nylaw.NewYork.Editions {
		orig := &nylaw.NewYork.Editions[i]
		before := snapshot(t, orig)
		cp := orig.Clone()
		n := 0
		change(reflect.ValueOf(&cp).Elem(), &n)
		if n < 100 {
			t.Errorf("%s: only %d fields changed", orig.ID, n)
		}
		if snapshot(t, &cp) == before {
			t.Errorf("%s: the change did not change the copy", orig.ID)
		}
		if after := snapshot(t, orig); after != before {
			t.Errorf("%s: changing every field of a copy changed the original", orig.ID)
		}
		f := orig.Fill.Clone()
		change(reflect.ValueOf(&f).Elem(), &n)
		if snapshot(t, orig) != before {
			t.Errorf("%s: changing a copy of its fill rules changed the original", orig.ID)
		}
	}
	for i := range nylaw.NewYork.Acts {
		orig := &nylaw.NewYork.Acts[i]
		before := snapshot(t, orig)
		cp := orig.Clone()
		n := 0
		change(reflect.ValueOf(&cp).Elem(), &n)
		if snapshot(t, orig) != before {
			t.Errorf("%s: changing every field of a copy changed the original", orig.ID)
		}
	}
	// NewLaw copies too: the data it was built from can change afterwards.
	e4 := nylaw.NewYork.Edition("E4").Clone()
	l := NewLaw(Law{Name: "test", Editions: []Edition{e4}})
	e4.Specials[0].Window.MinDays = 60
	if got := l.Editions[0].Specials[0].Window.MinDays; got != 40 {
		t.Errorf("the law's window moved with its input: %d", got)
	}
}
