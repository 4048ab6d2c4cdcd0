#!/usr/bin/env bash
# Runs a Windows program under Wine in batch's prefix (made on first use by
# prefix.sh): the Windows build of batch, or a package's test binary:
#
#   scripts/wine/wine.sh ./batch.exe run 'samples\statewide.xlsx' -o out
#   GOOS=windows go test -exec "$PWD/scripts/wine/wine.sh" ./pkg/outdir
#
# BATCH_WINE_NO_SYMLINKS=1 makes symbolic links refused, as on a Windows PC
# without admin rights or Developer Mode; unset, Wine 8's own answer stands
# (success, and no link made). The prefix is $WINEPREFIX, else
# ~/.cache/batch-wine. The exit status is the program's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export WINEPREFIX=${WINEPREFIX:-$HOME/.cache/batch-wine}
if [ ! -f "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ] || [ "$here/stub.c" -nt "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ]; then
  mkdir -p "$(dirname "$WINEPREFIX")"
  # go test runs several packages' binaries at once: one makes the prefix.
  exec 9>"$WINEPREFIX.lock"
  flock 9
  "$here/prefix.sh" "$WINEPREFIX" >&2
  exec 9>&-
fi
export WINEDEBUG=${WINEDEBUG:--all} WINEDLLOVERRIDES=bcryptprimitives=n,b
if [ -t 1 ]; then
  exec wine "$@"
fi
# Wine's server and services, started with the first program, outlive it
# and hold what it was given as standard output and error: go test would
# wait a minute for the test's output to close. They get files instead,
# shown once the program ends.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set +e
wine "$@" >"$tmp/out" 2>"$tmp/err"
code=$?
set -e
cat "$tmp/out"
cat "$tmp/err" >&2
exit "$code"
