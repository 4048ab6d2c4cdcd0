package ingest

// ColumnKey is the form under which two header texts name the same column:
// case, spaces, underscores and punctuation ignored, as the header of
// every input is matched. The pipeline uses it to merge carried-through
// columns that sheets spell differently ("Board Contact", "board_contact").
func ColumnKey(header string) string {
	if k := squash(header); k != "" {
		return k
	}
	return header
}
