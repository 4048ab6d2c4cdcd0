package pipeline

// UsageError is a command line that cannot be run as given (standard
// input twice; an input where the run would write an output): the
// command line's mistake, not the inputs' (exit 2 in the CLI). Nothing
// was read or written.
type UsageError struct{ msg string }

func (e UsageError) Error() string { return "pipeline: " + e.msg }
