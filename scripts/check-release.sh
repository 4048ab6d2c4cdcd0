#!/usr/bin/env bash
# Checks the archives scripts/release.sh wrote, as a person who downloads
# one would find it: SHA256SUMS matches; each archive unpacks into one
# folder holding the program, README.md and samples/; the program is built
# for the system its name says. The Linux one is run here (`version`,
# then a run on its samples), the Windows amd64 one under Wine
# (scripts/wine/smoke.sh, with its samples: both ways Wine's symbolic links
# can fail). windows/arm64 and the Macs' can only be checked for presence
# and format here.
#
#   scripts/check-release.sh [DIST]      default: dist
#
# Without wine (scripts/wine/prefix.sh says what to install) the Windows
# run is skipped with a line saying so, unless BATCH_NEED_WINE=1 (CI), when
# it fails.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
dist=$(cd "${1:-dist}" && pwd)
fail() { echo "check-release: $*" >&2; exit 1; }
sum=(sha256sum)
command -v sha256sum >/dev/null || sum=(shasum -a 256)
(cd "$dist" && "${sum[@]}" -c --quiet SHA256SUMS) || fail "SHA256SUMS does not match"
[ "$(wc -l <"$dist/SHA256SUMS")" = 5 ] || fail "SHA256SUMS lists $(wc -l <"$dist/SHA256SUMS") archives, want 5"

# bytesAt FILE OFFSET COUNT: the bytes as hex.
bytesAt() { od -An -tx1 -j "$2" -N "$3" "$1" | tr -d ' \n'; }
# format FILE: the executable format and machine, as GOOS-GOARCH.
format() {
  case $(bytesAt "$1" 0 4) in
    7f454c46)
      case $(bytesAt "$1" 18 2) in 3e00) echo linux-amd64 ;; b700) echo linux-arm64 ;; *) echo linux-other ;; esac ;;
    cffaedfe)
      case $(bytesAt "$1" 4 4) in 07000001) echo darwin-amd64 ;; 0c000001) echo darwin-arm64 ;; *) echo darwin-other ;; esac ;;
    4d5a*)
      local pe=$((16#$(bytesAt "$1" 60 4 | sed 's/\(..\)\(..\)\(..\)\(..\)/\4\3\2\1/')))
      [ "$(bytesAt "$1" "$pe" 4)" = 50450000 ] || { echo unknown; return; }
      case $(bytesAt "$1" $((pe + 4)) 2) in 6486) echo windows-amd64 ;; 64aa) echo windows-arm64 ;; *) echo windows-other ;; esac ;;
    *) echo unknown ;;
  esac
}

# readme_cmd DIR runs the lines of the README's first cmd block (```bat,
# the analysts' first run; the Task Scheduler's blocks follow) as
# written, through Wine's cmd.exe, in the unpacked folder DIR: its
# quoting, backslashes and drive letters. C:\Users\Ana Smith\County inbox
# holds a workbook and Excel's lock file beside it; H: is a folder of the
# prefix's own. `start` (Excel) is not run.
readme_cmd() {
  local dir=$1 prefix=${WINEPREFIX:-$HOME/.cache/batch-wine} line code n=0
  local inbox="$prefix/drive_c/users/Ana Smith/County inbox"
  mkdir -p "$inbox" "$work/h"
  cp "$dir/samples/statewide.xlsx" "$inbox/albany.xlsx"
  printf '\005Alice' >"$inbox/~\$albany.xlsx"
  ln -sfn "$work/h" "$prefix/dosdevices/h:"
  while IFS= read -r line; do
    line=${line%$'\r'}
    case $line in "" | start\ *) continue ;; esac
    # In a .cmd file, as typed: Wine would quote a line given as an
    # argument again on its way to cmd.exe.
    printf '@echo off\r\n%s\r\nexit /b %%ERRORLEVEL%%\r\n' "$line" >"$dir/readme-line.cmd"
    set +e
    (cd "$dir" && "$here/wine/wine.sh" cmd /c readme-line.cmd) >"$work/cmd.out" 2>&1
    code=$?
    set -e
    rm -f "$dir/readme-line.cmd"
    case "$line:$code" in
      *" run "*:0 | *" check "*:0 | *" check "*:3) echo "ok: README (cmd): $line  [exit $code]"; n=$((n + 1)) ;;
      *) cat "$work/cmd.out" >&2; rm -rf "$prefix/drive_c/users/Ana Smith" "$prefix/dosdevices/h:"; fail "README (cmd): $line: exit $code" ;;
    esac
  done < <(awk '/^```bat$/ && !done {on = 1; next} /^```/ && on {on = 0; done = 1} on' "$dir/README.md")
  [ "$n" -ge 3 ] || fail "README's cmd block: $n lines run"
  [ -s "$work/h/Vacancies/July/results.xlsx" ] && [ -s "$work/h/Vacancies/July/deadlines.ics" ] || fail "README (cmd): no H:\\Vacancies\\July\\results.xlsx and deadlines.ics"
  rm -rf "$prefix/drive_c/users/Ana Smith" "$prefix/dosdevices/h:"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in windows-amd64 windows-arm64 darwin-arm64 darwin-amd64 linux-amd64; do
  archive=$(cd "$dist" && ls batch-v*-"$target".* 2>/dev/null || true)
  [ -n "$archive" ] || fail "no archive for $target in $dist"
  name=${archive%.zip}
  name=${name%.tar.gz}
  mkdir "$work/$target"
  case $archive in
    *.zip)
      if command -v unzip >/dev/null; then
        (cd "$work/$target" && unzip -q "$dist/$archive")
      else
        (cd "$work/$target" && python3 -m zipfile -e "$dist/$archive" .) || fail "neither unzip nor python3 to unpack $archive"
      fi ;;
    *.tar.gz) tar -xzf "$dist/$archive" -C "$work/$target" ;;
  esac
  top=$(ls "$work/$target")
  [ "$top" = "$name" ] || fail "$archive unpacks into '$top', want one folder $name"
  dir=$work/$target/$name
  program=batch
  [ "${target%-*}" = windows ] && program=batch.exe
  for f in "$program" README.md samples/statewide.xlsx samples/statewide.csv samples/calendar.csv; do
    [ -s "$dir/$f" ] || fail "$archive holds no $f"
  done
  [ "${target%-*}" = windows ] || [ -x "$dir/$program" ] || fail "$archive: $program is not executable"
  cmp -s "$dir/README.md" "$here/../README.md" || fail "$archive: README.md is not the project's"
  got=$(format "$dir/$program")
  [ "$got" = "$target" ] || fail "$archive: $program is built for $got"
  echo "ok: $archive ($(wc -c <"$dist/$archive") bytes): $program for $got, README.md, samples/"
done

if [ "$(uname -s)-$(uname -m)" = Linux-x86_64 ]; then
  dir=$(echo "$work"/linux-amd64/batch-v*)
  said=$("$dir/batch" version)
  case $said in "batch version v"*"(commit "*) ;; *) fail "linux-amd64: version says: $said" ;; esac
  echo "ok: linux-amd64: $said"
  (cd "$dir" && ./batch run -q --as-of 2026-11-30 samples/statewide.xlsx) || fail "linux-amd64: run on its samples failed"
  [ -s "$dir/out/results.xlsx" ] || fail "linux-amd64: the run wrote no out/results.xlsx"
  echo "ok: linux-amd64: run samples/statewide.xlsx wrote out/results.xlsx"
fi

dir=$(echo "$work"/windows-amd64/batch-v*)
if command -v wine >/dev/null; then
  said=$("$here/wine/wine.sh" "$dir/batch.exe" version | tr -d '\r')
  case $said in "batch version v"*"(commit "*) ;; *) fail "windows-amd64: version says: $said" ;; esac
  echo "ok: windows-amd64 under Wine: $said"
  # As the README tells an analyst: in the unpacked folder, the samples.
  (cd "$dir" && "$here/wine/wine.sh" batch.exe run -q --as-of 2026-11-30 'samples\statewide.xlsx') || fail "windows-amd64: batch.exe run samples\\statewide.xlsx: exit $?"
  [ -s "$dir/out/results.xlsx" ] || fail "windows-amd64: no out\\results.xlsx"
  if /usr/bin/python3 -c 'import openpyxl' 2>/dev/null; then
    /usr/bin/python3 -c 'import sys, openpyxl; wb = openpyxl.load_workbook(sys.argv[1]); print("ok: windows-amd64: openpyxl opens out\\results.xlsx:", ", ".join(wb.sheetnames))' "$dir/out/results.xlsx" ||
      fail "windows-amd64: openpyxl cannot open out\\results.xlsx"
  fi
  "$here/wine/smoke.sh" "$dir/batch.exe" "$dir/samples"
  BATCH_WINE_NO_SYMLINKS=1 "$here/wine/smoke.sh" "$dir/batch.exe" "$dir/samples"
  readme_cmd "$dir"
elif [ "${BATCH_NEED_WINE:-}" = 1 ]; then
  fail "wine is not installed: the Windows archive cannot be run"
else
  echo "wine is not installed: the Windows archive was checked for format only"
fi
echo "the archives in $dist check out"
