package outdir

// isNameTooLong: Plan 9 says so in words only.
func isNameTooLong(error) bool { return false }
