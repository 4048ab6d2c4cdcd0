#!/usr/bin/env bash
# Makes a 64-bit Wine prefix in which the Windows build of batch (and its test
# binaries) start: builds stub.c with mingw-w64 into the prefix's
# bcryptprimitives.dll (Go's ProcessPrng, which Wine 8 lacks; and the switch
# BATCH_WINE_NO_SYMLINKS=1, which makes Wine refuse symbolic links as Windows
# does for an account without admin rights or Developer Mode).
#
#   scripts/wine/prefix.sh [PREFIX]     default: $WINEPREFIX, else ~/.cache/batch-wine
#
# Needs wine (Debian's wine and wine64, 8.x) and mingw-w64's C compiler
# (gcc-mingw-w64-x86-64-win32); .ci/run installs them when it may. Run
# programs in the prefix with scripts/wine/wine.sh. Idempotent: a prefix
# already made gets only a fresh DLL when stub.c is newer.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=${1:-${WINEPREFIX:-$HOME/.cache/batch-wine}}
cc=""
for c in x86_64-w64-mingw32-gcc x86_64-w64-mingw32-gcc-win32 x86_64-w64-mingw32-gcc-posix; do
  if command -v "$c" >/dev/null; then cc=$c; break; fi
done
command -v wine >/dev/null || { echo "prefix.sh: wine is not installed (Debian: apt-get install wine wine64)" >&2; exit 1; }
[ -n "$cc" ] || { echo "prefix.sh: mingw-w64's C compiler is not installed (Debian: apt-get install gcc-mingw-w64-x86-64-win32)" >&2; exit 1; }
export WINEPREFIX=$prefix WINEDEBUG=-all WINEARCH=win64
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)
export WINEPREFIX=$prefix
dll=$prefix/drive_c/windows/system32/bcryptprimitives.dll
if [ ! -f "$prefix/system.reg" ]; then
  # wineboot returns before the prefix is whole; wineserver -w waits for it.
  timeout 300 wineboot -i >/dev/null 2>&1 || { echo "prefix.sh: wineboot failed in $prefix" >&2; exit 1; }
  timeout 300 wineserver -w
fi
[ -d "$prefix/drive_c/windows/system32" ] || { echo "prefix.sh: wineboot made no prefix in $prefix" >&2; exit 1; }
if [ ! -f "$dll" ] || [ "$here/stub.c" -nt "$dll" ] || ! grep -q ProcessPrng "$dll"; then
  "$cc" -shared -O2 -s -Wall -Wextra -Werror -o "$dll.new" "$here/stub.c" -ladvapi32
  mv "$dll.new" "$dll"
fi
echo "wine prefix ready: $prefix ($(wine --version))"
