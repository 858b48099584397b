#!/usr/bin/env bash
# No two of the referee's modules call each other, not even round a longer
# circle, nor two of the bots, the SDK's C and the values: each module can then be read, tested and changed knowing only
# the ones below it.  The calls are read off the built objects (those of
# libreferee.a and of the referee program, REFEREE_OBJECTS from
# Makefile.am; the others' VALUES_OBJECTS, SDK_OBJECTS and BOT_OBJECTS;
# tests/tools/calls.sh), so any symbol a module takes from
# another counts, and tsort names the modules of each circle it finds.
. "$(dirname "$0")/../tools/lib.sh"
. "$top_srcdir/tests/tools/calls.sh"
. "$top_srcdir/tests/tools/circles.sh"
export LC_ALL=C

# check NAME CALLS WANT: whether CALLS has a circle is WANT (yes or no);
# circles found where none should be are shown, each module of one, then
# the calls between the modules of all of them.
check() {
	check_circles "$1" "$2" "$3" '#   %s -> %s: %s'
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

if [ -z "$REFEREE_OBJECTS" ] || [ -z "$VALUES_OBJECTS" ] || [ -z "$SDK_OBJECTS" ] ||
	[ -z "$BOT_OBJECTS" ]; then
	echo "Bail out! REFEREE_OBJECTS, VALUES_OBJECTS, SDK_OBJECTS or BOT_OBJECTS is not set: run it with make check"
	exit 99
fi
# hold WHOSE OBJECT...: the calls between the built OBJECTs (paths under
# the build) are read, and make no circle.
hold() {
	local whose=$1 o objects=()
	shift
	for o in "$@"; do
		objects+=("$top_builddir/$o")
	done
	calls "$top_builddir" "${objects[@]}" >"$TMP/edges"
	expect_lt 100 "$(wc -l <"$TMP/edges")" \
		"the calls between the ${#objects[@]} objects of $whose are read"
	check "no circle among the modules of $whose" "$TMP/edges" no
}
# shellcheck disable=SC2086 # the lists are words
hold "the referee" $REFEREE_OBJECTS
# shellcheck disable=SC2086
hold "the bots, the SDK and the values" $VALUES_OBJECTS $SDK_OBJECTS $BOT_OBJECTS

done_testing
