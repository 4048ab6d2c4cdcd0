package main

import (
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The command line talks to the pipeline, which wires the layers below
// (LAW-AS-DATA's smaller move 4, issue 36): besides pipeline it reads
// compute's vocabulary (dates, severities, results, the law's rules) and
// runs the mail step, and reaches no other package of the project.
func TestTheCommandLineTalksToThePipeline(t *testing.T) {
	allowed := map[string]bool{"batch/pkg/pipeline": true, "batch/pkg/compute": true, "batch/pkg/mail": true}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(gotoken.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "batch/pkg/") && !allowed[path] {
				t.Errorf("%s imports %s", f, path)
			}
		}
	}
}
