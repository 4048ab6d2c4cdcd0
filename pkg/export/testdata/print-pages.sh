#!/bin/sh
# Prints how many pages each sheet of a workbook takes when LibreOffice
# prints it to PDF, and the whole workbook's count; keeps the PDFs (and,
# with PNG=1, every page as a PNG) in OUTDIR.
#
#   apt-get install -y libreoffice-calc poppler-utils
#   sh pkg/export/testdata/print-pages.sh results.xlsx [OUTDIR]
set -eu
book=$(realpath "$1")
cd "$(dirname "$0")/../../.."
out=${2:-$(mktemp -d)}
mkdir -p "$out"
out=$(realpath "$out")
profile="file://$out/lo-profile"
pdf() { soffice -env:UserInstallation="$profile" --headless --convert-to pdf --outdir "$2" "$1" >/dev/null 2>&1; }
mkdir -p "$out/all"
pdf "$book" "$out/all"
echo "workbook: $(pdfinfo "$out/all/$(basename "${book%.*}").pdf" | awk '/^Pages:/ {print $2}') pages"
go build -o "$out/onesheet" ./pkg/export/testdata/onesheet
for sheet in $(unzip -p "$book" xl/workbook.xml | grep -o '<sheet [^>]*name="[^"]*"' | sed 's/.*name="\([^"]*\)"/\1/' | tr ' ' '~'); do
	name=$(echo "$sheet" | tr '~' ' ')
	safe=$(echo "$sheet" | tr -c 'A-Za-z0-9\n' '_')
	mkdir -p "$out/$safe"
	"$out/onesheet" "$book" "$name" "$out/$safe/$safe.xlsx"
	pdf "$out/$safe/$safe.xlsx" "$out/$safe"
	echo "$name: $(pdfinfo "$out/$safe/$safe.pdf" | awk '/^Pages:/ {print $2}') pages"
	if [ "${PNG:-0}" = 1 ]; then
		pdftoppm -png -r 70 "$out/$safe/$safe.pdf" "$out/$safe/page"
	fi
done
