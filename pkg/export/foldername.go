package export

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The folders of a split run (CONTRACT.md, "Exports per recipient") are
// named for their values, so that a mail rule or a script can find a
// county's folder by its name, night after night. A name must be safe on
// Windows, macOS and Linux whatever the value holds: no path separator or
// other character Windows refuses (< > : " / \ | ? *), no control or
// invisible character, no reserved device name (CON, PRN, AUX, NUL,
// COM0–9, LPT0–9, with or without an extension), no leading dot (hidden on
// Unix, and ".." climbs) or dash (read as an option by shell commands), no
// trailing dot or space (Windows drops them), and a bounded length.
//
// The scheme:
//   - a value that is such a name as it is keeps it: "Albany",
//     "St. Lawrence", "member_of_assembly";
//   - any other value is cleaned (each run of characters outside letters,
//     digits, space, - _ . ( ) & ' becomes one "_"; leading dots, dashes
//     and spaces and trailing dots and spaces go; a reserved name gets a
//     leading "_"; at most 48 characters are kept) and gets "~" and the
//     first eight hex digits of the SHA-256 of the value itself: "a/b" is
//     "a_b~…", "CON" is "_CON~…", a 300-character value is 48 of them and
//     the hash. Since "~" is never kept from a value, a cleaned name
//     never equals a kept one, and the hash tells cleaned ones apart;
//   - rows with no value go to "(none)"; a value spelt "(none)" is not
//     kept as it is.
//
// The name depends on the value alone, so it is the same every run, and
// no two values can share a folder on a file system that ignores letter
// case (Windows, macOS): of the spellings of one word in letter case
// (Albany, ALBANY, albany) only one, its canonical case, keeps its name as
// it is, and every other takes the hash, whether or not the run holds the
// canonical one. The canonical case is the first letter of each word
// capitalised and the rest in small letters ("Albany", "St. Lawrence",
// "O'Brien", "3rd Ward"); for a value holding an underscore, and for
// every value of a column of codes (office_class, cause: CodeFolders),
// small letters throughout ("member_of_assembly", "governor"). So
// adding a row whose value is ALBANY beside Albany never renames Albany's
// folder: ALBANY's is ALBANY~… from the start. A name the split writes
// beside the folders (index.csv), in any case, is reserved like a device
// name. Only if two hashes of eight digits met (one chance in four
// billion) would a run give those values the whole hash.

// NoValueFolder holds the rows whose split column is blank.
const NoValueFolder = "(none)"

const (
	folderMaxRunes = 48
	folderMaxBytes = 144 // a name with its hash stays well under 255 bytes
	folderHashLen  = 8
)

// SplitFolder is the folder under the output folder that holds a split's
// folders: "by-county", "by-office_class", "by-recipient".
func SplitFolder(column string) string {
	name, kept := cleanFolderName(column)
	if !kept {
		name += "~" + valueHash(column, folderHashLen)
	}
	return splitPrefix + name
}

// splitPrefix heads the name of a split's folder.
const splitPrefix = "by-"

// FolderName is the folder that holds the rows of value, "" for those with
// none (see the scheme above).
func FolderName(value string) string { return folderName(value, false) }

// CodeFolders reports whether the contract column holds codes in small
// letters, whose canonical case is small letters throughout.
func CodeFolders(column string) bool {
	switch column {
	case "office_class", "cause", "appointable":
		return true
	}
	return false
}

func folderName(value string, codes bool) string {
	if value == "" {
		return NoValueFolder
	}
	name, kept := cleanFolderName(value)
	if kept && value == canonicalCase(value, codes) {
		return name
	}
	return name + "~" + valueHash(value, folderHashLen)
}

// canonicalCase is the one spelling in letter case of value that keeps
// its name (see the scheme above). It is the same for every spelling of
// value in letter case, Unicode's foldings included (K and the Kelvin
// sign, s and the long s).
func canonicalCase(value string, codes bool) string {
	lowerAll := codes || strings.ContainsRune(value, '_')
	var b strings.Builder
	b.Grow(len(value))
	prev := ' '
	for _, r := range value {
		low := unicode.ToLower(unicode.ToUpper(r))
		wordStart := !unicode.IsLetter(prev) && !unicode.IsDigit(prev)
		if !lowerAll && wordStart && unicode.IsLetter(r) {
			b.WriteRune(unicode.ToUpper(low))
		} else {
			b.WriteRune(low)
		}
		prev = r
	}
	return b.String()
}

// FolderNames names the folders of a run's values: FolderName, except
// where two hashed names meet but for letter case (a collision of their
// hashes), which take the whole hash.
// codes: the values are those of a column of codes (CodeFolders).
func FolderNames(values []string, codes bool) map[string]string {
	out := make(map[string]string, len(values))
	for _, v := range values {
		out[v] = folderName(v, codes)
	}
	for _, hashLen := range []int{folderHashLen, 2 * sha256.Size} {
		clash := clashing(out)
		if len(clash) == 0 {
			break
		}
		for _, v := range clash {
			if v == "" {
				continue // (none) is never hashed: the value it meets is
			}
			name, _ := cleanFolderName(v)
			out[v] = name + "~" + valueHash(v, hashLen)
		}
	}
	return out
}

// clashing lists, sorted, the values whose folder names are equal but for
// letter case.
func clashing(names map[string]string) []string {
	by := map[string][]string{}
	for v, n := range names {
		k := strings.ToLower(n)
		by[k] = append(by[k], v)
	}
	var out []string
	for _, vs := range by {
		if len(vs) > 1 {
			out = append(out, vs...)
		}
	}
	sort.Strings(out)
	return out
}

func valueHash(v string, n int) string {
	h := sha256.Sum256([]byte(v))
	return hex.EncodeToString(h[:])[:n]
}

// cleanFolderName is value made safe as a folder name, and whether that is
// value itself.
func cleanFolderName(value string) (string, bool) {
	var b strings.Builder
	replaced := false
	for _, r := range value {
		if r == utf8.RuneError || !folderRune(r) {
			if !strings.HasSuffix(b.String(), "_") || !replaced {
				b.WriteByte('_')
			}
			replaced = true
			continue
		}
		replaced = false
		b.WriteRune(r)
	}
	name := strings.TrimLeft(b.String(), ". -")
	name = strings.TrimRight(name, ". ")
	name = collapseSpaces(name)
	if n := []rune(name); len(n) > folderMaxRunes {
		name = string(n[:folderMaxRunes])
	}
	for len(name) > folderMaxBytes {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	name = strings.TrimRight(name, ". ")
	if name == "" {
		name = "_"
	}
	if reservedName(name) {
		name = "_" + name
	}
	return name, name == value
}

// folderRune reports whether r may stand in a folder name as it is.
func folderRune(r rune) bool {
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return true
	}
	return strings.ContainsRune(" -_.()&'", r)
}

func collapseSpaces(s string) string {
	for strings.Contains(s, "  ") {
		s = strings.ReplaceAll(s, "  ", " ")
	}
	return s
}

// reservedName reports whether Windows reserves name (a device, whatever
// the extension) or the split does ("(none)", and index.csv, the file it
// writes beside the folders), in any letter case.
func reservedName(name string) bool {
	if strings.EqualFold(name, NoValueFolder) || strings.EqualFold(name, indexName) {
		return true
	}
	base, _, _ := strings.Cut(name, ".")
	base = strings.ToUpper(strings.TrimRight(base, " "))
	switch base {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$":
		return true
	}
	if len(base) == 4 && (strings.HasPrefix(base, "COM") || strings.HasPrefix(base, "LPT")) &&
		base[3] >= '0' && base[3] <= '9' {
		return true
	}
	return false
}
