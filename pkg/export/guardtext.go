package export

// GuardText is the guard every text cell of the outputs passes through
// (formula injection, control characters), for a table the command line
// writes itself (`batch check --format csv`).
func GuardText(s string) string { return guardText(s) }
