package export

import (
	"slices"

	"batch/pkg/changes"
	"batch/pkg/compute"
)

// tablesOutput is the CSV tables (format csv): vacancies.csv,
// deadlines.csv, conflicts.csv and errors.csv, and changes.csv with a
// comparison. They stay statewide: each row carries its county, and a
// split's index.csv maps the folders.
var tablesOutput = output{files: []string{vacanciesName, deadlinesName, conflictsName, errorsName, changesName},
	slice: statewide, finish: 0, open: openTables}

// tablesSink writes the CSV tables row by row, each encoded on a
// goroutine of its own (csvTable). vacancies.csv opens with the Plan,
// whose carried-through columns its header names.
type tablesSink struct {
	*part
	vacancies, deadlines, conflicts, errors *csvTable
	changes                                 *csvTable
	vals                                    []value
	cf                                      conflictOf // each conflict's, in turn
}

func openTables(p *part) (Sink, error) {
	w := &tablesSink{part: p}
	var err error
	if w.deadlines, err = newCSVTable(p.create, deadlinesName, deadlineColumns); err == nil {
		if w.conflicts, err = newCSVTable(p.create, conflictsName, conflictColumns); err == nil {
			w.errors, err = newCSVTable(p.create, errorsName, errorColumns)
		}
	}
	if err != nil {
		w.Abort()
		return nil, err
	}
	return w, nil
}

func (w *tablesSink) plan(plan *Plan) error {
	var err error
	w.vacancies, err = newCSVTable(w.create, vacanciesName, slices.Concat(vacancyColumns, plan.ExtraColumns))
	return err
}

func (w *tablesSink) tables() []*csvTable {
	return []*csvTable{w.vacancies, w.deadlines, w.conflicts, w.errors}
}

// Vacancy writes the vacancy's deadline rows, then its conflicts (in
// input order) and its Vacancies row.
func (w *tablesSink) Vacancy(v *Rows) error {
	r := v.Result
	if v.Deadlines {
		for i := range r.Deadlines {
			if err := w.deadlines.write(v.deadline(i)); err != nil {
				return err
			}
		}
	}
	if !v.Rest {
		return nil
	}
	for i := range r.Conflicts {
		w.cf = conflictOf{id: r.Vacancy.ID, src: v.source(), c: &r.Conflicts[i], next: r.NextDeadlineDate}
		w.vals = conflictRow(w.vals, &w.cf)
		if err := w.conflicts.write(w.vals); err != nil {
			return err
		}
	}
	return w.vacancies.write(v.vacancy())
}

// Problem writes one row of errors.csv.
func (w *tablesSink) Problem(p *compute.Problem, _ bool) error {
	w.vals = errorRow(w.vals, p)
	return w.errors.write(w.vals)
}

// Finish hands the tables' last rows to their files, synced beside the
// run, and writes changes.csv from the comparison.
func (w *tablesSink) Finish(run *Facts) error {
	for _, c := range w.tables() {
		if err := c.finishBeside(&w.syncs); err != nil {
			return err
		}
	}
	o := run.Changes
	if o == nil || !w.opts.Changes {
		return nil
	}
	t, err := newCSVTable(w.set.Create, changesName, changeColumns)
	if err != nil {
		return err
	}
	w.changes = t
	err = o.Each(func(c *changes.Change) error {
		w.vals = changeRow(w.vals, c)
		return t.write(w.vals)
	})
	if err != nil {
		return err
	}
	return t.finish()
}

// Abort stops the encoders, then removes the files once none is being
// synced.
func (w *tablesSink) Abort() {
	for _, c := range w.tables() {
		if c != nil {
			c.stop()
		}
	}
	if w.changes != nil {
		w.changes.stop()
	}
	_ = w.syncs.Wait()
	for _, c := range append(w.tables(), w.changes) {
		if c != nil {
			c.discard()
		}
	}
}
