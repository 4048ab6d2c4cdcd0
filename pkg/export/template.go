package export

import "errors"

// WriteTemplate writes a blank input workbook for analysts.
func WriteTemplate(path string) error { return errors.New("export: template not written yet") }
