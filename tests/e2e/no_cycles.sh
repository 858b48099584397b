#!/usr/bin/env bash
# No two of the referee's modules call each other, not even round a longer
# circle: each module can then be read, tested and changed knowing only
# the ones below it.  The calls are read off the built objects (those of
# libreferee.a and of the referee program, REFEREE_OBJECTS from
# Makefile.am; tests/tools/calls.sh), so any symbol a module takes from
# another counts, and tsort names the modules of each circle it finds.
. "$(dirname "$0")/../tools/lib.sh"
. "$top_srcdir/tests/tools/calls.sh"
export LC_ALL=C

# circles CALLS: the modules of each circle tsort finds in CALLS, one
# circle a line; nothing when there is none.
circles() {
	cut -d' ' -f1,2 "$1" | sort -u | tsort 2>&1 >/dev/null | awk '
		/input contains a loop:$/ { if (line != "") print line; line = ""; next }
		{ sub(/^tsort: /, ""); line = line (line == "" ? "" : " ") $0 }
		END { if (line != "") print line }'
}

# check NAME CALLS WANT: whether CALLS has a circle is WANT (yes or no);
# circles found where none should be are shown, each module of one, then
# the calls between the modules of all of them.
check() {
	local name=$1 calls=$2 want=$3 found
	found=$(circles "$calls")
	expect_eq "$([ -n "$found" ] && echo yes || echo no)" "$want" "$name"
	[ "$want" = no ] && [ -n "$found" ] || return 0
	printf '%s\n' "$found" | sed 's/^/#   circle: /'
	printf '%s\n' $found | sort -u >"$TMP/members"
	awk 'NR == FNR { member[$1] = 1; next }
	     member[$1] && member[$2] { print "#   " $1 " -> " $2 ": " $3 }' \
		"$TMP/members" "$calls"
}

# The detector itself finds a circle of two modules made for it.
printf 'int b(void);\nint a(void) { return b(); }\n' >"$TMP/one.c"
printf 'int a(void);\nint b(void) { return a(); }\n' >"$TMP/two.c"
printf 'int a(void);\nint c(void) { return a(); }\n' >"$TMP/three.c"
for m in one two three; do
	${CC:-cc} -c -o "$TMP/$m.o" "$TMP/$m.c" || exit 99
done
calls "$TMP" "$TMP/one.o" "$TMP/three.o" >"$TMP/chain"
check "a chain of calls is no circle" "$TMP/chain" no
calls "$TMP" "$TMP/one.o" "$TMP/two.o" "$TMP/three.o" >"$TMP/circle"
check "two modules that call each other are a circle" "$TMP/circle" yes

if [ -z "$REFEREE_OBJECTS" ]; then
	echo "Bail out! REFEREE_OBJECTS is not set: run it with make check"
	exit 99
fi
objects=()
for o in $REFEREE_OBJECTS; do
	objects+=("$top_builddir/$o")
done
calls "$top_builddir" "${objects[@]}" >"$TMP/referee"
expect_lt 100 "$(wc -l <"$TMP/referee")" \
	"the calls between the referee's ${#objects[@]} objects are read"
check "no circle among the referee's modules" "$TMP/referee" no

done_testing
