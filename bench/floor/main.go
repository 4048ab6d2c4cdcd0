// Command floor is the lower bound of `batch run` (issue 6): it reads an
// input the way ingest does (excelize's streaming reader, raw values; or
// encoding/csv) and writes as many sheets, rows and cells as `batch run`
// writes for that input, with the same writers and settings (excelize
// stream writers, all open at once; level-1 deflate zipped straight to the
// file; encoding/csv behind a 256 KiB buffer; temporary files synced and
// renamed), but computes nothing: input cells are copied raw and the
// computed columns hold fixed values of a realistic size.
//
// What it writes is counted, not derived:
//
//	-from DIR     a previous `batch run` output folder for the same input:
//	              the record counts of vacancies.csv, deadlines.csv,
//	              conflicts.csv and errors.csv, and the row counts of the
//	              Summary, Calendar and Rules sheets of results.xlsx
//	              (and the vacancies whose severity is error or warning:
//	              export fills those rows and links their conflicts cell)
//	-vacancies N, -deadlines N, -conflicts N, -errors N, -links N,
//	-summary-rows N, -calendar-rows N, -rules-rows N
//	              set (or override) a count
//
// Without either, every data row is a vacancy with 11 deadline rows and one
// conflict row, one in five is highlighted (linked), and 1 % of the rows add
// an Errors row: guesses, printed.
// Deadline and conflict rows are spread evenly over the vacancies, error
// rows over the input rows; the first N non-blank data rows become the
// vacancies. Columns: the contract's, plus the input's extra columns.
//
//	go run ./bench/floor -in /tmp/in.xlsx -out /tmp/floor -from /tmp/out
package main

import (
	"archive/zip"
	"bufio"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/flate"
	"github.com/xuri/excelize/v2"

	"batch/pkg/export"
)

// The contract's output columns, as export writes them.
var (
	vacancyColumns  = export.Header("Vacancies")
	deadlineColumns = export.Header("Deadlines")
	conflictColumns = export.Header("Conflicts")
	errorColumns    = export.Header("Errors")
	calendarColumns = export.Header("Calendar")
	ruleColumns     = export.Header("Rules")
	summaryColumns  = []string{"item", "value"}
)

// inputColumns are the contract's input columns (and their aliases),
// squashed; anything else in the header is carried through.
var inputColumns = map[string]string{
	"vacancyid": "vacancy_id", "id": "vacancy_id", "ref": "vacancy_id",
	"office": "office", "officetitle": "office", "position": "office",
	"officeclass": "office_class", "class": "office_class",
	"district": "district", "county": "county", "incumbent": "incumbent",
	"cause": "cause", "reason": "cause", "event": "cause",
	"eventdate": "event_date", "date": "event_date", "dateofevent": "event_date",
	"termstart": "term_start", "termend": "term_end",
	"appointable": "appointable", "maybeappointed": "appointable",
	"proclamationdate": "proclamation_date", "specialelectiondate": "special_election_date",
	"specialsessiondate": "special_session_date", "nextfulltermyear": "next_full_term_year",
	"notes": "notes",
}

func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

type counts struct {
	vacancies, deadlines, conflicts, errors int
	links                                   int // highlighted vacancies: their conflicts cell links to Conflicts
	summary, calendar, rules                int
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("floor", flag.ContinueOnError)
	in := fs.String("in", "", "input workbook (.xlsx) or .csv")
	out := fs.String("out", "floor-out", "output folder")
	from := fs.String("from", "", "a previous `batch run` output folder to take the counts from")
	var set counts
	for _, f := range []struct {
		p    *int
		name string
	}{{&set.vacancies, "vacancies"}, {&set.deadlines, "deadlines"}, {&set.conflicts, "conflicts"},
		{&set.errors, "errors"}, {&set.links, "links"}, {&set.summary, "summary-rows"}, {&set.calendar, "calendar-rows"}, {&set.rules, "rules-rows"}} {
		fs.IntVar(f.p, f.name, -1, "rows of that table (overrides -from)")
	}
	maxRows := fs.Int("max-rows", 1<<20, "rows per sheet before a continuation sheet (Excel's limit)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *in == "" {
		return errors.New("-in FILE is required")
	}
	start := time.Now()

	// Counts: defaults, then -from, then flags.
	c := counts{vacancies: -1, deadlines: -1, conflicts: -1, errors: -1, links: -1, summary: 40, calendar: 30, rules: 40}
	source := "guessed"
	if *from != "" {
		var err error
		if c, err = countsFrom(*from); err != nil {
			return err
		}
		source = "from " + *from
	}
	for _, p := range []struct{ dst, src *int }{{&c.vacancies, &set.vacancies}, {&c.deadlines, &set.deadlines},
		{&c.conflicts, &set.conflicts}, {&c.errors, &set.errors}, {&c.links, &set.links}, {&c.summary, &set.summary},
		{&c.calendar, &set.calendar}, {&c.rules, &set.rules}} {
		if *p.src >= 0 {
			*p.dst = *p.src
		}
	}

	rd, err := openInput(*in)
	if err != nil {
		return err
	}
	defer rd.close()

	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	w, err := newWriter(*out, *maxRows, rd.extra)
	if err != nil {
		return err
	}
	defer w.abort()

	// One goroutine reads, this one writes, as the pipeline does.
	batches := make(chan [][]string, 4)
	readErr := make(chan error, 1)
	go func() {
		defer close(batches)
		batch := make([][]string, 0, 1024)
		err := rd.each(func(cells []string) error {
			batch = append(batch, cells)
			if len(batch) == cap(batch) {
				batches <- batch
				batch = make([][]string, 0, 1024)
			}
			return nil
		})
		if len(batch) > 0 {
			batches <- batch
		}
		readErr <- err
	}()
	// The counts depend on the number of data rows only when guessed, and
	// that is known only at the end; guesses use a running estimate instead.
	guess := c.vacancies < 0
	n := 0
	for batch := range batches {
		for _, cells := range batch {
			if guess {
				// Every row a vacancy; 11 deadline rows and one conflict row
				// each; an error row every 100 rows.
				w.vacancy(cells, 11, 1, n%5 == 0)
				if n%100 == 99 {
					w.problem(cells)
				}
			} else if n < c.vacancies {
				w.vacancy(cells, spread(n, c.deadlines, c.vacancies), spread(n, c.conflicts, c.vacancies),
					spread(n, max(c.links, 0), c.vacancies) > 0)
			}
			n++
			if w.err != nil {
				return w.err
			}
		}
	}
	if err := <-readErr; err != nil {
		return err
	}
	if !guess && c.vacancies > n {
		fmt.Fprintf(os.Stderr, "floor: warning: %d vacancies asked for, the input has %d data rows\n", c.vacancies, n)
	}
	if !guess {
		// Error rows are spread over the input rows; write them now that
		// the row count is known (their order does not matter to the cost).
		for i := 0; i < c.errors; i++ {
			w.problem([]string{"13/45/2020"})
		}
	}
	if guess {
		c.vacancies, c.deadlines, c.conflicts, c.errors, c.links = n, 11*n, n, n/100, (n+4)/5
	}
	if err := w.commit(c, n); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "floor: %d input rows; wrote %d vacancies (%d linked), %d deadline, %d conflict, %d error rows (counts %s) in %s\n",
		n, c.vacancies, c.links, c.deadlines, c.conflicts, c.errors, source, time.Since(start).Round(time.Millisecond))
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(os.Stderr, "floor: heap in use at the end %d MB, from the OS %d MB\n", ms.HeapInuse>>20, ms.Sys>>20)
	return nil
}

// spread is how many of total rows the i-th of n items gets, evenly.
func spread(i, total, n int) int {
	if n <= 0 {
		return 0
	}
	return (i+1)*total/n - i*total/n
}

// countsFrom reads the counts of a previous run's output folder.
func countsFrom(dir string) (counts, error) {
	var c counts
	for _, t := range []struct {
		file string
		dst  *int
	}{{"vacancies.csv", &c.vacancies}, {"deadlines.csv", &c.deadlines}, {"conflicts.csv", &c.conflicts}, {"errors.csv", &c.errors}} {
		n, highlighted, err := csvRecords(filepath.Join(dir, t.file))
		if err != nil {
			return c, err
		}
		*t.dst = n
		if t.file == "vacancies.csv" {
			c.links = highlighted
		}
	}
	f, err := excelize.OpenFile(filepath.Join(dir, "results.xlsx"))
	if err != nil {
		return c, err
	}
	defer func() { _ = f.Close() }()
	for _, t := range []struct {
		sheet string
		dst   *int
	}{{"Summary", &c.summary}, {"Calendar", &c.calendar}, {"Rules", &c.rules}} {
		rows, err := f.Rows(t.sheet)
		if err != nil {
			return c, fmt.Errorf("results.xlsx sheet %s: %w", t.sheet, err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		_ = rows.Close()
		*t.dst = max(n-1, 0) // the header row is written anyway
	}
	return c, nil
}

// csvRecords counts the records after the header (notes may hold line
// breaks), and those whose severity column says error or warning: the rows
// export fills and links.
func csvRecords(path string) (n, highlighted int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer func() { _ = f.Close() }()
	r := csv.NewReader(bufio.NewReaderSize(f, 1<<20))
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	severity := -1
	for n = -1; ; n++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		} else if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", path, err)
		}
		if n == -1 {
			for i, h := range rec {
				if h == "severity" {
					severity = i
				}
			}
		} else if severity >= 0 && severity < len(rec) && (rec[severity] == "error" || rec[severity] == "warning") {
			highlighted++
		}
	}
	return max(n, 0), highlighted, nil
}

// input reads the data rows of every sheet with a header (a row naming
// office and cause), skipping blank rows, title rows and the Calendar sheet.
type input struct {
	f     *excelize.File
	csv   *os.File
	index map[string]int // output column → input column
	extra []string
	first []string // header of the first sheet (CSV: the file)
}

func openInput(path string) (*input, error) {
	in := &input{}
	if strings.EqualFold(filepath.Ext(path), ".csv") {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		in.csv = f
		r := csv.NewReader(bufio.NewReader(f))
		header, err := r.Read()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		in.header(header)
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		return in, nil
	}
	f, err := excelize.OpenFile(path, excelize.Options{RawCellValue: true, UnzipSizeLimit: 1 << 30, UnzipXMLSizeLimit: 128 << 20})
	if err != nil {
		return nil, err
	}
	in.f = f
	// The extra columns are those of the first sheet with a header.
	err = in.sheets(func(header []string) bool { in.header(header); return false }, nil)
	return in, err
}

func (in *input) header(cells []string) {
	in.index = map[string]int{}
	in.extra = nil
	for i, h := range cells {
		if name, ok := inputColumns[squash(h)]; ok {
			in.index[name] = i
		} else if strings.TrimSpace(h) != "" {
			in.extra = append(in.extra, h)
			in.index["extra:"+h] = i
		}
	}
}

func isHeader(cells []string) bool {
	office, cause := false, false
	for _, c := range cells {
		switch inputColumns[squash(c)] {
		case "office":
			office = true
		case "cause":
			cause = true
		}
	}
	return office && cause
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// sheets walks the workbook's data sheets: onHeader for each header found
// (return true to read the rows), onRow for each non-blank data row.
func (in *input) sheets(onHeader func([]string) bool, onRow func([]string) error) error {
	for _, name := range in.f.GetSheetList() {
		if strings.EqualFold(name, "Calendar") {
			continue
		}
		rows, err := in.f.Rows(name)
		if err != nil {
			return err
		}
		seen := false
		for rows.Next() {
			cells, err := rows.Columns(excelize.Options{RawCellValue: true})
			if err != nil {
				_ = rows.Close()
				return err
			}
			if !seen {
				if isHeader(cells) {
					seen = true
					if !onHeader(cells) {
						_ = rows.Close()
						return nil
					}
				}
				continue
			}
			if blank(cells) {
				continue
			}
			if err := onRow(cells); err != nil {
				_ = rows.Close()
				return err
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	return nil
}

// each calls fn with every data row, as the output's vacancy cells: the
// input's contract columns in output order then its extra columns. Sheets
// whose header differs are mapped by their own header.
func (in *input) each(fn func([]string) error) error {
	emit := func(cells []string) error {
		get := func(name string) string {
			if i, ok := in.index[name]; ok && i < len(cells) {
				return cells[i]
			}
			return ""
		}
		out := []string{get("vacancy_id"), get("office"), get("office_class"), get("district"), get("county"),
			get("incumbent"), get("cause"), get("event_date"), get("term_end"), get("notes")}
		for _, h := range in.extra {
			out = append(out, get("extra:"+h))
		}
		return fn(out)
	}
	if in.csv != nil {
		r := csv.NewReader(bufio.NewReaderSize(in.csv, 1<<20))
		r.FieldsPerRecord = -1
		if _, err := r.Read(); err != nil {
			return err
		}
		for {
			rec, err := r.Read()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			if blank(rec) {
				continue
			}
			if err := emit(rec); err != nil {
				return err
			}
		}
	}
	extra := in.extra
	return in.sheets(func(h []string) bool {
		in.header(h)
		in.extra = extra // the output keeps the first sheet's extra columns
		return true
	}, emit)
}

func (in *input) close() {
	if in.f != nil {
		_ = in.f.Close()
	}
	if in.csv != nil {
		_ = in.csv.Close()
	}
}

// writer holds every output open at once, as export does.
type writer struct {
	dir     string
	maxRows int
	f       *excelize.File
	header  int // header style
	date    int // date style
	tables  map[string]*table
	files   []*tempFile
	extra   []string
	err     error
	seq     int
}

type table struct {
	base   string
	before string
	header []string
	parts  []string
	sws    []*excelize.StreamWriter
	row    int
	links  int
	csv    *csv.Writer
	buf    *bufio.Writer
	rec    []string
	cells  []any
}

type tempFile struct {
	final, path string
	f           *os.File
}

func createTemp(dir, name string) (*tempFile, error) {
	t := &tempFile{final: filepath.Join(dir, name), path: filepath.Join(dir, "."+name+".floor-tmp")}
	var err error
	t.f, err = os.OpenFile(t.path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	return t, err
}

func (t *tempFile) finish() error {
	if err := t.f.Sync(); err != nil {
		return err
	}
	if err := t.f.Close(); err != nil {
		return err
	}
	return os.Rename(t.path, t.final)
}

func newWriter(dir string, maxRows int, extra []string) (*writer, error) {
	w := &writer{dir: dir, maxRows: maxRows, tables: map[string]*table{}, extra: extra}
	w.f = excelize.NewFile(excelize.Options{TmpDir: dir})
	var err error
	if w.header, err = w.f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true},
		Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"DDEBF7"}}}); err != nil {
		return nil, err
	}
	if w.date, err = w.f.NewStyle(&excelize.Style{CustomNumFmt: strPtr("yyyy-mm-dd")}); err != nil {
		return nil, err
	}
	order := []string{"Summary", "Vacancies", "Deadlines", "Conflicts", "Errors", "Calendar", "Rules"}
	if err := w.f.SetSheetName("Sheet1", order[0]); err != nil {
		return nil, err
	}
	for _, name := range order[1:] {
		if _, err := w.f.NewSheet(name); err != nil {
			return nil, err
		}
	}
	vac := append(append([]string(nil), vacancyColumns...), extra...)
	for _, t := range []struct {
		base, before, csvName string
		header                []string
	}{
		{"Vacancies", "Deadlines", "vacancies.csv", vac},
		{"Deadlines", "Conflicts", "deadlines.csv", deadlineColumns},
		{"Conflicts", "Errors", "conflicts.csv", conflictColumns},
		{"Errors", "Calendar", "errors.csv", errorColumns},
	} {
		tb := &table{base: t.base, before: t.before, header: t.header}
		if err := w.openPart(tb, t.base); err != nil {
			return nil, err
		}
		tf, err := createTemp(dir, t.csvName)
		if err != nil {
			return nil, err
		}
		w.files = append(w.files, tf)
		tb.buf = bufio.NewWriterSize(tf.f, 256<<10)
		tb.csv = csv.NewWriter(tb.buf)
		if err := tb.csv.Write(t.header); err != nil {
			return nil, err
		}
		w.tables[t.base] = tb
	}
	return w, nil
}

func strPtr(s string) *string { return &s }

func (w *writer) openPart(t *table, name string) error {
	// As export: no stale dimension, column widths, a frozen header.
	if err := w.f.SetSheetDimension(name, ""); err != nil {
		return err
	}
	sw, err := w.f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	if err := sw.SetColWidth(1, len(t.header), 16); err != nil {
		return err
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	head := make([]any, len(t.header))
	for i, h := range t.header {
		head[i] = excelize.Cell{StyleID: w.header, Value: h}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	t.parts = append(t.parts, name)
	t.sws = append(t.sws, sw)
	t.row, t.links = 1, 0
	return nil
}

// add writes one row to the table's sheet (continuing on "Base (n)" past
// the row limit) and to its CSV file. dates marks the date columns; link
// puts a hyperlink on that column (−1 for none).
func (w *writer) add(t *table, vals []string, dates []bool, link int) {
	if w.err != nil {
		return
	}
	if t.row >= w.maxRows {
		name := t.base + " (" + strconv.Itoa(len(t.parts)+1) + ")"
		if _, err := w.f.NewSheet(name); err != nil {
			w.err = err
			return
		}
		if err := w.f.MoveSheet(name, t.before); err != nil {
			w.err = err
			return
		}
		if w.err = w.openPart(t, name); w.err != nil {
			return
		}
	}
	t.row++
	t.cells = t.cells[:0]
	for i, v := range vals {
		switch {
		case v == "":
			t.cells = append(t.cells, nil)
		case i < len(dates) && dates[i]:
			t.cells = append(t.cells, excelize.Cell{StyleID: w.date, Value: 46356}) // 2026-11-30
		default:
			t.cells = append(t.cells, v)
		}
	}
	sheet := t.parts[len(t.parts)-1]
	switch {
	case link >= 0 && t.links < linkLimit:
		t.links++
		ref, _ := excelize.CoordinatesToCellName(link+1, t.row)
		if w.err = w.f.SetCellHyperLink(sheet, ref, "Conflicts!A2", "Location"); w.err != nil {
			return
		}
	case link >= 0:
		// Past the limit export links through a formula cell.
		t.cells[link] = excelize.Cell{Value: vals[link], Formula: `HYPERLINK("#'Conflicts'!A2","` + vals[link] + `")`}
	}
	if w.err = t.sws[len(t.sws)-1].SetRow("A"+strconv.Itoa(t.row), t.cells); w.err != nil {
		return
	}
	w.err = t.csv.Write(vals)
}

// linkLimit is export's excelLinkLimit: real hyperlinks per sheet, formula
// links after.
const linkLimit = 4096

// Fixed values of a realistic size for the computed columns.
const (
	basis       = "Pub. Off. Law § 42(1); Elec. Law § 6-158(1)"
	explanation = "The vacancy occurred before September 20, so it is filled at this year's general election; designating petitions are due by the ninth Thursday before the primary."
	citation    = "Elec. Law § 6-158(1)"
	day         = "2026-11-30" // every date column: a date cell in the workbook, ISO text in CSV
	message     = "The special election date is outside the 30 to 40 days after the proclamation."
)

var (
	vacancyDates  = []bool{8: true, 9: true, 11: true, 12: true, 13: true, 14: true, 15: true, 17: true}
	deadlineDates = []bool{3: true, 4: true, 5: true, 10: true}
	conflictDates = []bool{7: true}
)

// vacancy writes one Vacancies row (raw input cells and fixed computed
// ones) and its deadline and conflict rows.
func (w *writer) vacancy(in []string, deadlines, conflicts int, highlighted bool) {
	w.seq++
	id := in[0]
	if id == "" {
		id = "in.xlsx:Sheet:" + strconv.Itoa(w.seq+1)
	}
	link, codes, severity := -1, "", ""
	if conflicts > 0 {
		codes, severity = "AFTER_SEPT_20", "info"
	}
	if highlighted {
		link, codes, severity = 18, "SPECIAL_WINDOW", "error"
	}
	vals := []string{id, "in.xlsx:Vacancies:" + strconv.Itoa(w.seq+1), in[1], in[2], in[3], in[4], in[5], in[6],
		day, day, "general_election", day, day, day, "", day, "designating_petition", day,
		codes, severity, basis, explanation, in[9]}
	vals = append(vals, in[10:]...)
	w.add(w.tables["Vacancies"], vals, vacancyDates, link)
	for i := 0; i < deadlines; i++ {
		w.add(w.tables["Deadlines"], []string{id, "designating_petition", "window", day, day, day, "no", "yes",
			"", "passed", day, citation}, deadlineDates, -1)
	}
	for i := 0; i < conflicts; i++ {
		w.add(w.tables["Conflicts"], []string{id, "in.xlsx:Vacancies:" + strconv.Itoa(w.seq+1), "error",
			"SPECIAL_WINDOW", "special_election_date", message, "Pub. Off. Law § 42(3)", day}, conflictDates, -1)
	}
}

func (w *writer) problem(in []string) {
	w.add(w.tables["Errors"], []string{"in.xlsx:Vacancies", strconv.Itoa(w.seq + 2), "event_date", in[0],
		"event_date \"13/45/2020\" is not a date: write YYYY-MM-DD, M/D/YYYY or a date cell"}, nil, -1)
}

// small writes one of the small sheets (Summary, Calendar, Rules).
func (w *writer) small(name string, header []string, rows int) error {
	if err := w.f.SetSheetDimension(name, ""); err != nil {
		return err
	}
	sw, err := w.f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	head := make([]any, len(header))
	for i, h := range header {
		head[i] = excelize.Cell{StyleID: w.header, Value: h}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	for r := 0; r < rows; r++ {
		vals := make([]any, len(header))
		for i := range vals {
			vals[i] = "value " + strconv.Itoa(i)
		}
		if err := sw.SetRow("A"+strconv.Itoa(r+2), vals); err != nil {
			return err
		}
	}
	return sw.Flush()
}

func (w *writer) commit(c counts, inputRows int) error {
	if w.err != nil {
		return w.err
	}
	for _, name := range []string{"Vacancies", "Deadlines", "Conflicts", "Errors"} {
		t := w.tables[name]
		last, _ := excelize.ColumnNumberToName(len(t.header))
		for i, sw := range t.sws {
			lastRow := w.maxRows
			if i == len(t.sws)-1 {
				lastRow = t.row
			}
			if err := w.f.AutoFilter(t.parts[i], "A1:"+last+strconv.Itoa(max(lastRow, 2)), nil); err != nil {
				return err
			}
			if err := sw.Flush(); err != nil {
				return err
			}
		}
		t.csv.Flush()
		if err := t.csv.Error(); err != nil {
			return err
		}
		if err := t.buf.Flush(); err != nil {
			return err
		}
	}
	if err := w.small("Summary", summaryColumns, c.summary); err != nil {
		return err
	}
	if err := w.small("Calendar", calendarColumns, c.calendar); err != nil {
		return err
	}
	if err := w.small("Rules", ruleColumns, c.rules); err != nil {
		return err
	}
	xf, err := createTemp(w.dir, "results.xlsx")
	if err != nil {
		return err
	}
	w.files = append(w.files, xf)
	w.f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		zw := zip.NewWriter(xf.f)
		zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) {
			return flate.NewWriter(out, flate.BestSpeed)
		})
		return zw
	})
	if _, err := w.f.WriteToBuffer(); err != nil {
		return err
	}
	js, err := createTemp(w.dir, "summary.json")
	if err != nil {
		return err
	}
	w.files = append(w.files, js)
	enc := json.NewEncoder(js.f)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{"floor": true, "input_rows": inputRows, "vacancies": c.vacancies,
		"deadlines": c.deadlines, "conflicts": c.conflicts, "errors": c.errors}); err != nil {
		return err
	}
	for _, t := range w.files {
		if err := t.finish(); err != nil {
			return err
		}
	}
	w.files = nil
	return nil
}

func (w *writer) abort() {
	_ = w.f.Close()
	for _, t := range w.files {
		_ = t.f.Close()
		_ = os.Remove(t.path)
	}
}
