package export

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

func hash8(v string) string {
	h := sha256.Sum256([]byte(v))
	return hex.EncodeToString(h[:])[:8]
}

// Each expected name is worked from the scheme in foldername.go: a safe
// value is its own name; any other is cleaned and takes ~ and eight hex
// digits of its SHA-256.
func TestFolderNames(t *testing.T) {
	long := strings.Repeat("abcdefghij", 30)
	tests := []struct{ name, value, want string }{
		{"a county", "Albany", "Albany"},
		{"a county with a dot and a space", "St. Lawrence", "St. Lawrence"},
		{"an office class", "member_of_assembly", "member_of_assembly"},
		{"letters of other scripts", "Montréal", "Montréal"},
		{"no value", "", "(none)"},
		{"a value spelt (none)", "(none)", "_(none)~" + hash8("(none)")},
		{"climbing out", "../x", "_x~" + hash8("../x")},
		{"a slash", "a/b", "a_b~" + hash8("a/b")},
		{"a backslash", `a\b`, "a_b~" + hash8(`a\b`)},
		{"a line break", "a\nb", "a_b~" + hash8("a\nb")},
		{"a formula", "=cmd", "_cmd~" + hash8("=cmd")},
		{"a device name", "CON", "_CON~" + hash8("CON")},
		{"a device name in lower case with an extension", "nul.txt", "_nul.txt~" + hash8("nul.txt")},
		{"a serial port", "COM1", "_COM1~" + hash8("COM1")},
		{"Com10 is not a device", "Com10", "Com10"},
		{"capitals past a word's first letter are not the canonical case", "COM10", "COM10~" + hash8("COM10")},
		{"a county in capitals", "ALBANY", "ALBANY~" + hash8("ALBANY")},
		{"a county in small letters", "albany", "albany~" + hash8("albany")},
		{"words after an apostrophe and a digit", "O'Brien 3rd Ward", "O'Brien 3rd Ward"},
		{"a small word inside a name is not the canonical case", "Town of Colonie", "Town of Colonie~" + hash8("Town of Colonie")},
		{"a code with an underscore in capitals", "MEMBER_OF_ASSEMBLY", "MEMBER_OF_ASSEMBLY~" + hash8("MEMBER_OF_ASSEMBLY")},
		{"the index's name", "index.csv", "_index.csv~" + hash8("index.csv")},
		{"the index's name in other letter case", "Index.CSV", "_Index.CSV~" + hash8("Index.CSV")},
		{"a hidden name", ".hidden", "hidden~" + hash8(".hidden")},
		{"an option", "-rf", "rf~" + hash8("-rf")},
		{"a trailing dot", "Inc.", "Inc~" + hash8("Inc.")},
		{"only punctuation", "///", "_~" + hash8("///")},
		{"a run of spaces", "a  b", "a b~" + hash8("a  b")},
		{"a right-to-left override", "\u202eexe.txt", "_exe.txt~" + hash8("\u202eexe.txt")},
		{"300 characters", long, long[:48] + "~" + hash8(long)},
		{"a tilde is never kept", "x~deadbeef", "x_deadbeef~" + hash8("x~deadbeef")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := FolderName(tc.value); got != tc.want {
				t.Errorf("FolderName(%q) = %q, want %q", tc.value, got, tc.want)
			}
		})
	}
}

// A folder's name depends on its value alone: a run that holds ALBANY
// beside Albany names Albany's folder as a run without it did, and no two
// of the names are one folder where letter case is ignored.
func TestFolderNamesOfValuesThatDifferInCase(t *testing.T) {
	alone := FolderNames([]string{"Albany", "Kings", ""}, false)
	twins := []string{"Albany", "albany", "ALBANY", "aLBANY", "Kings", "KINGS", "",
		"Kelvin", "Kelvin", // K and the Kelvin sign: one letter to a folding file system
		"Lawrence", "Lawrenceſ", "Lawrences", "Lawrenceſſ"} // s and the long s
	got := FolderNames(twins, false)
	want := map[string]string{"Albany": "Albany", "albany": "albany~" + hash8("albany"),
		"ALBANY": "ALBANY~" + hash8("ALBANY"), "Kings": "Kings", "": "(none)"}
	for v, w := range want {
		if got[v] != w {
			t.Errorf("%q: %q, want %q", v, got[v], w)
		}
	}
	for v, n := range alone {
		if got[v] != n {
			t.Errorf("%q is %q beside its case twins, %q without them", v, got[v], n)
		}
	}
	seen := map[string]string{}
	for v, n := range got {
		k := strings.ToLower(strings.ToUpper(n))
		if other, ok := seen[k]; ok {
			t.Errorf("%q and %q share the folder %q where letter case is ignored", v, other, n)
		}
		seen[k] = v
		if n != FolderName(v) {
			t.Errorf("%q: FolderNames %q, FolderName %q", v, n, FolderName(v))
		}
	}
}

// In a column of codes, small letters are the canonical case.
func TestFolderNamesOfCodes(t *testing.T) {
	got := FolderNames([]string{"governor", "Governor", "member_of_assembly", "OTHER"}, true)
	want := map[string]string{"governor": "governor", "Governor": "Governor~" + hash8("Governor"),
		"member_of_assembly": "member_of_assembly", "OTHER": "OTHER~" + hash8("OTHER")}
	for v, w := range want {
		if got[v] != w {
			t.Errorf("%q: %q, want %q", v, got[v], w)
		}
	}
}

func TestSplitFolder(t *testing.T) {
	for in, want := range map[string]string{"county": "by-county", "office_class": "by-office_class",
		"recipient": "by-recipient", "Board Contact": "by-Board Contact", "a/b": "by-a_b~" + hash8("a/b")} {
		if got := SplitFolder(in); got != want {
			t.Errorf("SplitFolder(%q) = %q, want %q", in, got, want)
		}
	}
}
