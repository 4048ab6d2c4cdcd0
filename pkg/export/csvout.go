package export

import (
	"bufio"
	"encoding/csv"
	"fmt"
)

// csvTable is one CSV output: UTF-8 without a byte-order mark, a header
// row, "\n" line ends, never split however long.
type csvTable struct {
	file *tempFile
	buf  *bufio.Writer
	w    *csv.Writer
	rec  []string
}

func newCSVTable(create func(string) (*tempFile, error), name string, header []string) (*csvTable, error) {
	t, err := create(name)
	if err != nil {
		return nil, err
	}
	c := &csvTable{file: t, buf: bufio.NewWriterSize(t.f, 256<<10)}
	c.w = csv.NewWriter(c.buf)
	// Carried-through columns keep the input's header text: guarded like
	// any other text the tool writes.
	for _, h := range header {
		c.rec = append(c.rec, guardText(h))
	}
	if err := c.w.Write(c.rec); err != nil {
		t.remove()
		return nil, fmt.Errorf("export: write %s: %w", name, err)
	}
	return c, nil
}

func (c *csvTable) write(vals []value) error {
	c.rec = c.rec[:0]
	for _, v := range vals {
		c.rec = append(c.rec, v.csv())
	}
	if err := c.w.Write(c.rec); err != nil {
		return fmt.Errorf("export: write %s: %w", c.file.final, err)
	}
	return nil
}

func (c *csvTable) finish() error {
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return fmt.Errorf("export: write %s: %w", c.file.final, err)
	}
	if err := c.buf.Flush(); err != nil {
		return fmt.Errorf("export: write %s: %w", c.file.final, err)
	}
	return c.file.finish()
}
