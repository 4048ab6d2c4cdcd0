package ingest

import (
	"path/filepath"
	"strings"
)

// SourceNames names each input as its rows' sources will (Options.Name):
// by its base name, or, when another input shares it (a/v.csv and
// b/v.csv), by the shortest tail of its path that no other input's path
// ends in, with forward slashes. Standard input is "-"; the same path
// given twice keeps one name.
func SourceNames(paths []string) []string {
	elems := make([][]string, len(paths))
	for i, p := range paths {
		if p == "-" {
			elems[i] = []string{"-"}
			continue
		}
		elems[i] = strings.Split(filepath.ToSlash(filepath.Clean(p)), "/")
	}
	names := make([]string, len(paths))
	for i, e := range elems {
		k := 1
		for ; k < len(e); k++ {
			if !tailOfAnother(elems, i, e[len(e)-k:]) {
				break
			}
		}
		names[i] = strings.Join(e[len(e)-k:], "/")
		if names[i] == "" { // a path of the root alone
			names[i] = paths[i]
		}
	}
	return names
}

// tailOfAnother reports whether some other input's path, not the same
// as input i's, ends in the elements tail.
func tailOfAnother(elems [][]string, i int, tail []string) bool {
	for j, e := range elems {
		if j == i || len(e) < len(tail) || equalElems(e, elems[i]) {
			continue
		}
		if equalElems(e[len(e)-len(tail):], tail) {
			return true
		}
	}
	return false
}

func equalElems(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
