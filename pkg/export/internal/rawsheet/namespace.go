package rawsheet

import (
	"bytes"
	"io"
	"strings"
)

// excelize starts every worksheet and the styles part with one root tag
// declaring fifty namespaces, SpreadsheetML's main one twice: as the
// default and as x. Gnumeric warns about that for every such part
// ("Someone just declared the same namespace … with a different
// prefix"); no element or attribute of these parts uses x, so its
// declaration is dropped from the root tag as the part is written.

// redundantMain is the declaration dropped.
var redundantMain = []byte(` xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`)

// rootLimit bounds how much of a part is held while its root tag is
// looked for: excelize's is about 5 KB.
const rootLimit = 64 << 10

// hasExcelizeRoot reports whether a part is one excelize writes with that
// root tag.
func hasExcelizeRoot(name string) bool {
	return name == "xl/styles.xml" || strings.HasPrefix(name, "xl/worksheets/") && strings.HasSuffix(name, ".xml")
}

// dropRedundantMain is b with the declaration taken out of its root tag,
// and whether the root tag was found in b.
func dropRedundantMain(b []byte) ([]byte, bool) {
	end := rootTagEnd(b)
	if end < 0 {
		return b, false
	}
	i := bytes.Index(b[:end], redundantMain)
	if i < 0 {
		return b, true
	}
	out := make([]byte, 0, len(b)-len(redundantMain))
	out = append(out, b[:i]...)
	return append(out, b[i+len(redundantMain):]...), true
}

// rootTagEnd is the position of the '>' that ends the first element's
// start tag (after the XML declaration), or -1 when b does not hold it
// whole.
func rootTagEnd(b []byte) int {
	i := 0
	for {
		lt := bytes.IndexByte(b[i:], '<')
		if lt < 0 {
			return -1
		}
		i += lt
		if i+1 < len(b) && (b[i+1] == '?' || b[i+1] == '!') {
			gt := bytes.IndexByte(b[i:], '>')
			if gt < 0 {
				return -1
			}
			i += gt + 1
			continue
		}
		var quote byte
		for j := i + 1; j < len(b); j++ {
			switch c := b[j]; {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == '>':
				return j
			}
		}
		return -1
	}
}

// rootFilter writes a part through dropRedundantMain: it holds the first
// bytes until the root tag is whole, then passes everything on.
type rootFilter struct {
	w    io.Writer
	held []byte
	done bool
}

func (f *rootFilter) Write(p []byte) (int, error) {
	if f.done {
		return f.w.Write(p)
	}
	f.held = append(f.held, p...)
	out, found := dropRedundantMain(f.held)
	if !found && len(f.held) < rootLimit {
		return len(p), nil
	}
	f.done, f.held = true, nil
	if _, err := f.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// flush writes what is held: a part shorter than its root tag.
func (f *rootFilter) flush() error {
	if f == nil || f.done {
		return nil
	}
	f.done = true
	_, err := f.w.Write(f.held)
	f.held = nil
	return err
}
