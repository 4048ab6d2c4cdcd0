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
