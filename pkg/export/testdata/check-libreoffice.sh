#!/bin/sh
# Opens the export's sample workbook in headless LibreOffice Calc: converts
# it to PDF (and a PNG of page 1) and every sheet to CSV, and fails when
# LibreOffice reports an error or writes nothing. A workbook LibreOffice
# must repair does not convert cleanly.
#
#   apt-get install -y libreoffice-calc-nogui poppler-utils
#   sh pkg/export/testdata/check-libreoffice.sh [OUTDIR]
set -eu
cd "$(dirname "$0")/../../.."
out=${1:-$(mktemp -d)}
mkdir -p "$out"
BATCH_EXPORT_SAMPLE="$out/sample" go test -count=1 -run '^TestWriteSample$' ./pkg/export >/dev/null
command -v soffice >/dev/null || { echo "soffice not installed" >&2; exit 2; }
profile="file://$out/lo-profile"
for book in "$out/sample/results.xlsx" "$out/sample/continued/results.xlsx"; do
	name=$(basename "$(dirname "$book")")
	dest="$out/lo/$name"
	mkdir -p "$dest"
	log="$dest/soffice.log"
	soffice -env:UserInstallation="$profile" --headless --convert-to pdf --outdir "$dest" "$book" >"$log" 2>&1
	# 44,34,76,1,,0,false,true,false,false,false,-1: comma, quote, UTF-8,
	# from row 1, …, -1 = every sheet to its own file.
	soffice -env:UserInstallation="$profile" --headless \
		--convert-to 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1' \
		--outdir "$dest" "$book" >>"$log" 2>&1
	if grep -Eqi '(^|[^a-z])error( |:)' "$log"; then
		cat "$log" >&2
		exit 1
	fi
	[ -s "$dest/results.pdf" ] || { echo "no PDF for $book" >&2; exit 1; }
	ls "$dest"/results-*.csv >/dev/null 2>&1 || { echo "no CSV for $book" >&2; exit 1; }
	if command -v pdftoppm >/dev/null; then
		pdftoppm -png -r 60 -f 1 -l 1 "$dest/results.pdf" "$dest/page"
	fi
	echo "$book: $(ls "$dest" | tr '\n' ' ')"
done
echo "LibreOffice opened both workbooks; output in $out/lo"
