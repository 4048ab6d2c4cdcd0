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
		{"COM10 is not a device", "COM10", "COM10"},
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

func TestFolderNamesOfValuesThatDifferInCase(t *testing.T) {
	got := FolderNames([]string{"Albany", "albany", "Kings", ""})
	want := map[string]string{"Albany": "Albany~" + hash8("Albany"), "albany": "albany~" + hash8("albany"),
		"Kings": "Kings", "": "(none)"}
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
