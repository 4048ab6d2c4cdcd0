package ingest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"batch/pkg/compute"
	"batch/pkg/ingest/internal/sheetscan"
)

// What a sheet shows a person differently from what it holds (issue 35):
// merged cells, whose value lives in their first cell only; hidden rows
// and sheets, and filters, whose rows are there though unseen. Every row
// is read; what a person would not have seen is named (a note, and
// FileStats.Hidden), and a merged cell gives its value to the cells below
// it, as the person who merged it meant.

// computedFrom reports whether the column at position i is one the
// vacancy is computed from (not notes, not carried through).
func (m *mapping) computedFrom(i int) bool {
	return i >= 0 && i < len(m.cols) && m.cols[i].field != fExtra && m.cols[i].field != fNotes
}

// mergeRange is one merged range of a sheet, 1-based and inclusive.
type mergeRange struct {
	ref                      string
	top, left, bottom, right int

	// Of its first cell, once its row is read: the value, the cell
	// format and type (a merged date cell stays a date cell below).
	value string
	style int
	typ   byte
	seen  bool
	// The rows below the first that it gave the value to.
	filled, firstFilled, lastFilled int
}

// parseRange reads a range reference such as "D2:D4" ("D2" alone is one
// cell).
func parseRange(ref string) (mergeRange, bool) {
	a, b, found := strings.Cut(ref, ":")
	if !found {
		b = a
	}
	m := mergeRange{ref: ref}
	var ok1, ok2 bool
	m.left, m.top, ok1 = cellPlace(a)
	m.right, m.bottom, ok2 = cellPlace(b)
	if !ok1 || !ok2 {
		return m, false
	}
	if m.right < m.left {
		m.left, m.right = m.right, m.left
	}
	if m.bottom < m.top {
		m.top, m.bottom = m.bottom, m.top
	}
	return m, true
}

// cellPlace is the 1-based column and row of a reference such as "AB12"
// ("$AB$12" too).
func cellPlace(ref string) (col, row int, ok bool) {
	ref = strings.ReplaceAll(ref, "$", "")
	col, ok = cellColumn(ref)
	if !ok {
		return 0, 0, false
	}
	i := strings.IndexFunc(ref, func(r rune) bool { return r >= '0' && r <= '9' })
	row, err := strconv.Atoi(ref[i:])
	return col, row, err == nil
}

// sheetMerges are a sheet's merged ranges, sorted by their first row, and
// the ones covering the row being read.
type sheetMerges struct {
	list   []mergeRange
	next   int   // the first of list not yet met
	active []int // of list: the ranges over the current row
	// leftOut counts the merges past sheetscan.MaxMerges.
	leftOut int
}

// setTail gives the rows what the sheet says after them, read before the
// first row (the sheet checked first).
func (r *sheetRows) setTail(t *sheetscan.Tail) {
	r.tail, r.tailKnown = *t, true
	r.merges = newSheetMerges(t)
}

func newSheetMerges(t *sheetscan.Tail) *sheetMerges {
	if len(t.Merges) == 0 {
		return nil
	}
	ms := &sheetMerges{leftOut: t.MergesLeftOut}
	for _, ref := range t.Merges {
		if m, ok := parseRange(ref); ok && (m.bottom > m.top || m.right > m.left) {
			ms.list = append(ms.list, m)
		}
	}
	slices.SortStableFunc(ms.list, func(a, b mergeRange) int { return a.top - b.top })
	return ms
}

// merged gives row n (below the header on headerRow) the values of the
// merged ranges above it: the first cell's value goes to the cells of the
// range's first column below it, where they are empty. A range merged
// across columns is one cell, its first: its other columns are left
// blank, for copying an office into the district beside it would be a
// wrong answer, not a reading.
func (r *sheetRows) merged(n, headerRow int) {
	ms := r.merges
	if ms == nil {
		return
	}
	for ms.next < len(ms.list) && ms.list[ms.next].top <= n {
		if m := &ms.list[ms.next]; m.top > headerRow && m.bottom >= n {
			ms.active = append(ms.active, ms.next)
		}
		ms.next++
	}
	keep := ms.active[:0]
	for _, k := range ms.active {
		m := &ms.list[k]
		i := m.left - 1
		switch {
		case n == m.top:
			if i < len(r.cells) {
				m.value, m.style, m.typ = r.cells[i], r.styles[i], r.types[i]
			}
			m.seen = true
		case m.seen && n <= m.bottom && m.value != "" && (i >= len(r.cells) || r.cells[i] == ""):
			r.setCell(i, m.value, m.style, m.typ)
			if m.filled == 0 {
				m.firstFilled = n
			}
			m.filled++
			m.lastFilled = n
		}
		if m.bottom > n {
			keep = append(keep, k)
		}
	}
	ms.active = keep
}

// setCell stores a value in the current row at the 0-based column i.
func (r *sheetRows) setCell(i int, value string, style int, typ byte) {
	for len(r.cells) <= i {
		r.cells = append(r.cells, "")
		r.styles = append(r.styles, 0)
		r.types = append(r.types, 'n')
		r.has = append(r.has, false)
	}
	r.cells[i], r.styles[i], r.types[i], r.has[i] = value, style, typ, true
}

// mergedAfter is, for a sheet read as it was checked (Options.CheckAsRead),
// ErrRescan when the merges found after its rows cover rows below the
// header: those rows were read without the values the merges give them.
func (r *sheetRows) mergedAfter(headerRow int) error {
	if r.tailKnown || !r.checked {
		return nil
	}
	r.tail, r.tailKnown = *r.sc.Tail(), true
	ms := newSheetMerges(&r.tail)
	if ms == nil {
		return nil
	}
	for _, m := range ms.list {
		if m.top > headerRow && m.bottom > m.top {
			return fmt.Errorf("%w (%s, sheet %q: cells %s are merged over rows below the header)", ErrRescan, shownPath(r.wb.path), r.name, m.ref)
		}
	}
	r.merges = ms // merged across columns only: notes, no value moves
	return nil
}

// mergeNotes notes each merged range below the header: what it gave the
// cells below its first, or that it is read as one cell.
func (r *sheetRows) mergeNotes(s *sink, headerRow int) {
	ms := r.merges
	if ms == nil {
		return
	}
	src := compute.Source{File: s.file, Sheet: r.name}
	for _, m := range ms.list {
		if m.top <= headerRow {
			continue
		}
		first := columnLetters(m.left) + strconv.Itoa(m.top)
		var msg string
		switch {
		case m.filled > 0:
			rows := fmt.Sprintf("row %d", m.firstFilled)
			if m.lastFilled > m.firstFilled {
				rows = fmt.Sprintf("rows %d to %d", m.firstFilled, m.lastFilled)
			}
			msg = fmt.Sprintf("cells %s are merged: the value %s of %s is read in %s too, as the merge shows it", m.ref, quote(m.value), first, rows)
		case m.bottom > m.top:
			msg = fmt.Sprintf("cells %s are merged, but %s is blank: nothing was given to the rows below", m.ref, first)
		}
		if m.right > m.left {
			blank := "column " + columnLetters(m.right)
			if m.right > m.left+1 {
				blank = fmt.Sprintf("columns %s to %s", columnLetters(m.left+1), columnLetters(m.right))
			}
			across := fmt.Sprintf("cells %s are merged across columns: read as one cell, %s (%s left blank)", m.ref, first, blank)
			if msg != "" {
				across = msg + "; " + strings.TrimPrefix(across, "cells "+m.ref+" are ")
			}
			msg = across
		}
		s.note(compute.Problem{Source: src, Message: msg})
	}
	if ms.leftOut > 0 {
		s.note(compute.Problem{Source: src, Message: fmt.Sprintf("the sheet merges more than %d ranges: the %d after them were not read", sheetscan.MaxMerges, ms.leftOut)})
	}
}

// filter is the range of the sheet's filter when one is set on a column,
// "" else; known once the rows are read.
func (r *sheetRows) filter() string {
	t := &r.tail
	if !r.tailKnown && r.checked {
		t = r.sc.Tail()
	}
	if t.Filtering {
		return t.Filter
	}
	return ""
}

// maxHiddenRows bounds HiddenPart.Rows: a filter may hide thousands.
const maxHiddenRows = 20

// row records a hidden row below the header that was read.
func (h *HiddenPart) row(n int) {
	if len(h.Rows) < maxHiddenRows {
		h.Rows = append(h.Rows, n)
	}
	h.RowCount++
}

// hiddenNote names, in FileStats.Hidden and a note, a sheet read though
// hidden, its hidden rows and its filter.
func (s *sink) hiddenNote(h HiddenPart) {
	if h.State == "" && h.RowCount == 0 && h.Filter == "" {
		return
	}
	var parts []string
	switch h.State {
	case "":
		h.State = "visible"
	case "veryHidden":
		parts = append(parts, "the sheet is very hidden (only a macro or the VBA editor shows it again)")
	default:
		parts = append(parts, "the sheet is hidden (Format > Hide)")
	}
	if h.RowCount > 0 {
		rows := make([]string, len(h.Rows))
		for i, n := range h.Rows {
			rows[i] = strconv.Itoa(n)
		}
		list := strings.Join(rows, ", ")
		if more := h.RowCount - len(h.Rows); more > 0 {
			list += fmt.Sprintf(" and %d more", more)
		}
		word := "row"
		if h.RowCount > 1 {
			word = "rows"
		}
		by := "hidden"
		if h.Filter != "" {
			by = "hidden by the filter on " + h.Filter
		}
		parts = append(parts, fmt.Sprintf("%s %s %s %s", word, list, isAre(h.RowCount), by))
	} else if h.Filter != "" {
		parts = append(parts, "a filter is set on "+h.Filter+" (it hides no row)")
	}
	s.stats.Hidden = append(s.stats.Hidden, h)
	s.note(compute.Problem{Source: compute.Source{File: s.file, Sheet: h.Sheet},
		Message: strings.Join(parts, "; ") + ": every row was read all the same; check that the hidden ones are meant to be vacancies"})
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
