package nylaw_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// No file of the repository cites a document the repository does not hold:
// the law is cited by its statute, or by a page under docs/ (docs/LAW.md).
func TestNoFileCitesAMissingDocument(t *testing.T) {
	root := filepath.Join("..", "..")
	have := map[string]bool{}
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".md") {
			have[d.Name()] = true
		}
		switch filepath.Ext(p) {
		case ".go", ".md", ".py", ".sh", ".yml", ".yaml", ".txt":
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	cite := regexp.MustCompile(`\b[A-Z][A-Z0-9_-]*\.md\b`)
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cite.FindAllString(string(b), -1) {
			if !have[m] {
				t.Errorf("%s cites %s, which is not in the repository", p, m)
			}
		}
	}
}
