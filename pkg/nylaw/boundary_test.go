package nylaw_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	c "batch/pkg/compute"
	"batch/pkg/nylaw"
)

// The engine holds no law: no string of pkg/compute's code (comments
// aside) cites a section, names an edition or act of New York's, or names
// one of its deadline codes (but for the filling methods, which are
// compute's own vocabulary). A new edition is then data and tests only.
// lawNames are New York's codes, edition and act ids, local laws and
// officers: what only the law data may name.
func lawNames() map[string]bool {
	names := map[string]bool{}
	for _, id := range nylaw.NewYork.IDs() {
		names[id] = true
	}
	for i := range nylaw.NewYork.Editions {
		e := &nylaw.NewYork.Editions[i]
		names[e.Fill.Duty.Code] = true
		names[e.Fill.Cutoff.CalendarCode] = true
		for _, r := range e.Deadlines {
			names[r.Code] = true
		}
		for _, t := range e.Specials {
			names[t.Window.Code] = true
			for _, r := range t.Rows {
				names[r.Code] = true
			}
		}
	}
	for _, a := range nylaw.NewYork.Acts {
		for _, it := range a.Items {
			names[it.Code] = true
		}
	}
	// The local laws' codes: governing laws, officers, deadline rows and
	// conflicts are data too.
	for _, rg := range nylaw.NewYork.Regimes {
		names[rg.Code] = true
		if n := rg.Notice; n != nil {
			names[n.Conflict.Code] = true
		}
		for _, e := range rg.Editions {
			for _, r := range e.Deadlines {
				names[r.Code] = true
			}
			if v := e.Village; v != nil {
				names[v.Assumed.Code], names[v.Appointer], names[v.BoardAppointer] = true, true, true
				if v.November != nil {
					names[v.November.Conflict.Code] = true
				}
			}
			if ch := e.Charter; ch != nil {
				names[ch.Duty.Code], names[ch.Special.Code], names[ch.Late.Code], names[ch.NextTermNote.Code] = true, true, true, true
				names[ch.Special.Window.Code], names[ch.Officer], names[ch.ActingOfficer] = true, true, true
				for _, r := range ch.Rows {
					names[r.Code] = true
				}
			}
		}
	}
	delete(names, "")
	for _, m := range []c.Method{c.SpecialElection, c.GeneralElection, c.SpecialOrGeneral, c.TemporaryAppointment, c.NoElection, c.NotCovered, c.NotElective} {
		delete(names, string(m))
	}
	return names
}

func TestTheEngineHoldsNoLaw(t *testing.T) { holdsNoLaw(t, "compute", 100) }

// The outputs hold no law either (issue 36): what they say of it, the
// deadlines' words, where papers are filed, the Column guide's statutes
// and editions, comes from the run's law (Calendar.Law()), so that a new
// edition or another state's data changes no line of pkg/export.
func TestTheOutputsHoldNoLaw(t *testing.T) { holdsNoLaw(t, "export", 100) }

// holdsNoLaw fails for each string of the package's code (comments and
// tests aside) that cites a section or names what lawNames holds.
func holdsNoLaw(t *testing.T, pkg string, atLeast int) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", pkg, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := lawNames()
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(node ast.Node) bool {
			lit, ok := node.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			n++
			// A section sign alone is typography (the digest keeps it with
			// the number after it), not a citation.
			if strings.Contains(s, "§") && strings.Trim(s, "§") != "" || names[s] {
				t.Errorf("%s: %s holds law: %q", fset.Position(lit.Pos()), pkg, s)
			}
			return true
		})
	}
	if n < atLeast {
		t.Errorf("only %d strings read", n)
	}
}
