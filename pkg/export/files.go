package export

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
)

// Output file names (CONTRACT.md).
const (
	resultsName   = "results.xlsx"
	vacanciesName = "vacancies.csv"
	deadlinesName = "deadlines.csv"
	conflictsName = "conflicts.csv"
	errorsName    = "errors.csv"
	icsName       = "deadlines.ics"
	summaryName   = "summary.json"
)

// A temporary file is ".<final name>.tmp-<pid>-<random>" beside its final
// name, so the rename into place never crosses file systems: the template
// is written so. Earlier versions wrote their outputs so too, and their
// spill files in ".batch-tmp.tmp-<pid>-<random>": removeStale clears what
// a killed run of theirs left in an output folder. The pid tells a killed
// run's leftovers from a live run's.
var tempPattern = regexp.MustCompile(`^\.(results\.xlsx|vacancies\.csv|deadlines\.csv|conflicts\.csv|errors\.csv|deadlines\.ics|summary\.json|batch-tmp)\.tmp-([0-9]+)-[0-9a-f]{16}$`)

func tempName(final string) (string, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("export: make a temporary name: %w", err)
	}
	return "." + final + ".tmp-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(b[:]), nil
}

// removeStale deletes temporaries that earlier runs, since killed, left in
// dir. Those of a process still alive are left alone.
func removeStale(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("export: read output folder %s: %w", dir, err)
	}
	for _, e := range entries {
		m := tempPattern.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		pid, err := strconv.Atoi(m[2])
		if err != nil || processAlive(pid) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return fmt.Errorf("export: remove stale temporary: %w", err)
		}
	}
	return nil
}

// tempFile is one output being written under its temporary name.
type tempFile struct {
	final string // full final path
	path  string // full temporary path
	f     *os.File
}

func createTemp(dir, final string) (*tempFile, error) {
	name, err := tempName(final)
	if err != nil {
		return nil, err
	}
	t := &tempFile{final: filepath.Join(dir, final), path: filepath.Join(dir, name)}
	t.f, err = os.OpenFile(t.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, fmt.Errorf("export: create %s: %w", t.path, err)
	}
	return t, nil
}

// finish syncs and closes the file: its bytes are on disk before any
// rename happens.
func (t *tempFile) finish() error {
	if t.f == nil {
		return nil
	}
	err := t.f.Sync()
	if cerr := t.f.Close(); err == nil {
		err = cerr
	}
	t.f = nil
	if err != nil {
		return fmt.Errorf("export: write %s: %w", t.final, err)
	}
	return nil
}

func (t *tempFile) rename() error {
	if err := os.Rename(t.path, t.final); err != nil {
		return fmt.Errorf("export: put %s in place: %w", t.final, err)
	}
	t.path = ""
	return nil
}

// remove closes and deletes the temporary, if it is still there.
func (t *tempFile) remove() {
	if t.f != nil {
		_ = t.f.Close()
		t.f = nil
	}
	if t.path != "" {
		if err := os.Remove(t.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return
		}
		t.path = ""
	}
}

// syncDir makes the renames durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
