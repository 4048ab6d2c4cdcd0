package synth

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"batch/pkg/compute"
)

type cellKind uint8

const (
	textCell cellKind = iota
	dateCell
	numberCell
)

// cell is one value of a row as a writer sees it.
type cell struct {
	kind cellKind
	text string
	date compute.Date
	mdy  bool // date shown as m/d/yyyy
	num  int
}

func dateCellOf(v dateVal) cell {
	if v.text != "" || v.d.IsZero() {
		return cell{text: v.text}
	}
	return cell{kind: dateCell, date: v.d, mdy: v.mdy}
}

// cells appends the row's values in the order of Columns.
func (r *row) cells(dst []cell) []cell {
	if r.blank {
		for range Columns {
			dst = append(dst, cell{})
		}
		return dst
	}
	district := cell{text: r.district}
	if r.districtNum > 0 {
		district = cell{kind: numberCell, num: r.districtNum}
	}
	year := cell{text: r.nextYearText}
	if r.nextYearText == "" && r.nextYear > 0 {
		year = cell{kind: numberCell, num: r.nextYear}
	}
	return append(dst,
		cell{text: r.id}, cell{text: r.office}, cell{text: r.class}, district, cell{text: r.county},
		cell{text: r.incumbent}, cell{text: r.cause}, dateCellOf(r.event), dateCellOf(r.termStart),
		dateCellOf(r.termEnd), cell{text: r.appointable}, dateCellOf(r.proclamation),
		dateCellOf(r.special), dateCellOf(r.session), year, cell{text: r.notes},
		cell{text: r.contact}, cell{text: r.enteredBy})
}

// csvText is a cell as CSV text: ISO dates, or m/d/yyyy where the row
// shows them so.
func (c cell) csvText() string {
	switch c.kind {
	case dateCell:
		if c.mdy {
			return mdy(c.date)
		}
		return c.date.String()
	case numberCell:
		return strconv.Itoa(c.num)
	}
	return c.text
}

// WriteCSV writes opts.Rows generated rows under a header of Columns. Dates
// are text in mixed spellings (mostly YYYY-MM-DD); memory stays flat.
func WriteCSV(w io.Writer, opts Options) error {
	g := newGenerator(opts)
	cw := csv.NewWriter(w)
	if err := cw.Write(Columns); err != nil {
		return fmt.Errorf("synth: write csv: %w", err)
	}
	record := make([]string, len(Columns))
	cells := make([]cell, 0, len(Columns))
	for i := 0; i < opts.Rows; i++ {
		r := g.next(i)
		cells = r.cells(cells[:0])
		for j, c := range cells {
			record[j] = c.csvText()
		}
		if err := cw.Write(record); err != nil {
			return fmt.Errorf("synth: write csv row %d: %w", i+1, err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("synth: write csv: %w", err)
	}
	return nil
}
