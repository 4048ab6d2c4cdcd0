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
func TestTheEngineHoldsNoLaw(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "compute", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
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
			if strings.Contains(s, "§") || names[s] {
				t.Errorf("%s: the engine holds law: %q", fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
	if n < 100 {
		t.Errorf("only %d strings read", n)
	}
}
