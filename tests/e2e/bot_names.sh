#!/usr/bin/env bash
# Every name a C bot's file defines for the others starts with the file's
# own name (dice_turn.c: dice_turn_*) or with that of the header of
# bots/ that declares it (a module's second file, whose functions its
# first file's header declares),
# as the referee's do: a reader finds a function's file by its name.  The
# names are read off the bots' built objects (BOT_OBJECTS from
# Makefile.am), so nothing a file exports escapes the check.
. "$(dirname "$0")/../tools/lib.sh"
export LC_ALL=C

# misnamed HEADERS_DIR OBJECT...: "FILE NAME" for each global name an
# object defines (main and AddressSanitizer's __odr_asan.NAME markers of
# global variables aside) that starts neither with its file's name
# nor with that of a header in HEADERS_DIR declaring it; a file is named
# by its object without the folder, automake's "PROGRAM-" and ".o".
misnamed() {
	local headers=$1 file name h
	shift
	nm -A -P --defined-only "$@" | awk '
		$3 ~ /^[BDRT]$/ && $2 != "main" && $2 !~ /^__odr_asan\./ {
			f = $1; sub(/:$/, "", f); sub(/.*\//, "", f)
			sub(/\.o$/, "", f); sub(/^[^-]*-/, "", f)
			print f, $2 }' | sort -u |
	while read -r file name; do
		case $name in "$file" | "${file}_"*) continue ;; esac
		for h in "$headers"/*.h; do
			h=${h##*/}
			h=${h%.h}
			case $name in "$h" | "${h}_"*) ;; *) continue ;; esac
			grep -qw "$name" "$headers/$h.h" && continue 2
		done
		echo "$file $name"
	done
}

# The check itself finds a misnamed function, and lets pass one named
# after its file and one named after the header that declares it.
mkdir -p "$TMP/h"
printf 'int other_shared(void);\n' >"$TMP/h/other.h"
printf 'int good_one(void) { return 1; }\nint other_shared(void) { return 2; }\n' \
	>"$TMP/good.c"
printf 'int stray_name(void) { return 3; }\n' >"$TMP/bad.c"
for m in good bad; do
	${CC:-cc} -c -o "$TMP/prog-$m.o" "$TMP/$m.c" || exit 99
done
expect_eq "$(misnamed "$TMP/h" "$TMP/prog-good.o" "$TMP/prog-bad.o")" "bad stray_name" \
	"a name that follows neither its file nor a header is found, and only it"

if [ -z "$BOT_OBJECTS" ]; then
	echo "Bail out! BOT_OBJECTS is not set: run it with make check"
	exit 99
fi
objects=()
for o in $BOT_OBJECTS; do
	objects+=("$top_builddir/$o")
done
expect_lt 10 "${#objects[@]}" "the bots' objects are read"
found=$(misnamed "$top_srcdir/bots" "${objects[@]}")
expect_eq "$found" "" "every name the bots' files define follows its file or its header"

done_testing
