# Sourced by the bench scripts: put_section NAME SECTION OUT replaces the
# part of OUT between the NAME:begin and NAME:end markers with the file
# SECTION (which holds both markers), appends it when OUT has none, and
# creates OUT when missing. Text outside the markers stays as it is.
put_section() {
	local name=$1 section=$2 out=$3
	mkdir -p "$(dirname "$out")"
	if [ -f "$out" ] && grep -q "$name:begin" "$out" && grep -q "$name:end" "$out"; then
		awk -v sec="$section" -v b="$name:begin" -v e="$name:end" '
			index($0, b) { while ((getline l < sec) > 0) print l; skip = 1; next }
			index($0, e) { skip = 0; next }
			!skip' "$out" >"$section.out"
		cp "$section.out" "$out"
	elif [ -f "$out" ]; then
		{ echo; cat "$section"; } >>"$out"
	else
		{ echo "# Performance"; echo; cat "$section"; } >"$out"
	fi
}
