package xlsx

import "github.com/xuri/excelize/v2"

// maxWidthColumns is how many columns of a sheet get a width of their own;
// the columns past it share one width. excelize's SetColWidth flattens
// every column set so far on each call (quadratic in the columns, slow at
// thousands of carried-through columns), so the calls are few and the one
// wide range comes last, when little has been set before it.
const maxWidthColumns = 256

// setColWidths sets the widths of columns 1..len(widths) on a stream
// writer before its first row: one call per run of equal widths among the
// first maxWidthColumns, then one call for all the rest at their widest.
func setColWidths(sw *excelize.StreamWriter, widths []float64) error {
	head := widths[:min(len(widths), maxWidthColumns)]
	for i := 0; i < len(head); {
		j := i + 1
		for j < len(head) && head[j] == head[i] {
			j++
		}
		if err := sw.SetColWidth(i+1, j, head[i]); err != nil {
			return err
		}
		i = j
	}
	if len(widths) > len(head) {
		w := 0.0
		for _, x := range widths[len(head):] {
			w = max(w, x)
		}
		if err := sw.SetColWidth(len(head)+1, len(widths), w); err != nil {
			return err
		}
	}
	return nil
}
