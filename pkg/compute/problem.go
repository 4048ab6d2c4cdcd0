package compute

// Problem is one thing wrong with an input the tool could not read as a
// vacancy (a cell, a row, a sheet with no header row), or one thing an
// analyst should know of rows read all the same (a note): where it is,
// the column and the value as found, a plain sentence, and a stable Code,
// as conflicts have one, that a script can match without reading the
// sentence. Ingest finds problems; the outputs list them (Errors,
// errors.csv, Summary's notes).
type Problem struct {
	Source  Source
	Column  string // the input column's header text; "" for a whole-row problem
	Value   string // the cell's text as found
	Message string // a plain sentence: what is wrong and what would be right
	Code    string // the kind of problem: one of the Problem codes below
}

// Problem codes.
const (
	// BadValue: a cell's value is not one its column takes (not a date,
	// not a county, an unknown cause).
	BadValue = "BAD_VALUE"
	// CellUnreadable: a cell that cannot be read as it stands: longer
	// than a spreadsheet's cell, holding a NUL byte or a spreadsheet
	// error value, a formula with no saved value, a damaged cell.
	CellUnreadable = "CELL_UNREADABLE"
	// RowUnreadable: a row that cannot be read whole: a line that is not
	// CSV, a row too long to read, cells past the header or missing, a
	// row number the sheet uses twice.
	RowUnreadable = "ROW_UNREADABLE"
	// SheetNotRead: a sheet that holds data but no header row.
	SheetNotRead = "SHEET_NOT_READ"
	// Note: not a problem with a row but what the analyst should know of
	// rows read all the same (a hidden sheet, merged cells, a guessed
	// encoding, a total row left out, a column carried through unread).
	Note = "NOTE"
)
