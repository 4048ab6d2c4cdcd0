//go:build windows

package outdir

import (
	"errors"
	"fmt"

	"golang.org/x/sys/windows"
)

// linkError explains the one refusal a Windows analyst meets: symbolic
// links, which the output folder's outputs are (they point into
// .batch/current, so that a run replaces them all at once), need Developer
// Mode or an administrator's rights there.
func linkError(err error) error {
	if errors.Is(err, windows.ERROR_PRIVILEGE_NOT_HELD) {
		return fmt.Errorf("%w: the output folder's files are symbolic links into .batch/current, and this Windows account may not make them; "+
			"turn on Developer Mode (Settings, System, For developers) or run batch as an administrator, then run it again", err)
	}
	return err
}
