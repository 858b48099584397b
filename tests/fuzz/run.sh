#!/bin/sh
# `make fuzz`: builds every harness of tests/fuzz with clang's libFuzzer
# and AddressSanitizer/UBSan, apart from the main build (its objects are
# in tests/fuzz/build of the build tree, from the sources that
# Makefile.am lists for the referee library), then runs each for
# FUZZ_SECONDS (default 60) seconds.  A fuzzer starts from its corpus in
# the tree, tests/fuzz/corpus/NAME, and from the crashers kept there (so
# that clang's UBSan, stricter than gcc's, checks them again), but writes
# what it finds to tests/fuzz/build/corpus/NAME, so the tree's corpus only
# grows by hand; a crashing input goes to tests/fuzz/crashers/NAME in the
# tree, where regress.sh runs it in every `make check` once it is fixed.
# Set FUZZ_HARNESSES to run only some ("replay verify"; all by default),
# CC to another clang, FUZZ_FLAGS to pass libFuzzer more flags.  Exit
# status 1 when a fuzzer found something.
set -u
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_HARNESSES=${FUZZ_HARNESSES:-reply actions tournament log replay verify report ladder league archive grade words env}
FUZZ_FLAGS=${FUZZ_FLAGS:-}
CC=${CC:-clang}
case $CC in *clang*) ;; *) CC=clang ;; esac

fuzz=$top_srcdir/tests/fuzz
build=$top_builddir/tests/fuzz/build
SANITIZE="-fsanitize=address,undefined -fno-sanitize-recover=all"
# PKGLIBEXECDIR as Makefile.am's AM_CPPFLAGS defines it (where bot-exec
# is installed), from `make fuzz`.
CFLAGS="-std=c11 -D_GNU_SOURCE -g -O1 -fno-omit-frame-pointer $SANITIZE \
-I$top_srcdir -I$top_srcdir/referee -I$top_builddir -I$top_builddir/referee \
-DPKGLIBEXECDIR=\"${PKGLIBEXECDIR:?make fuzz gives it}\""
# The libraries of configure.ac that the referee's library links with.
packages="libsodium libcjson libseccomp libdeflate nettle sqlite3 libmicrohttpd libarchive"
CFLAGS="$CFLAGS $(pkg-config --cflags $packages)" || exit 2
LIBS="$(pkg-config --libs $packages) -lm" || exit 2

# The C files of the referee's libraries (the games', the values' and its
# own), as Makefile.am lists them (without its comments), the generated
# html_assets.c and values_tables.c among them.
sources=$(sed -n -e '/^games_libarena_games_a_SOURCES/,/^$/p' \
	-e '/^VALUES_SOLVER =/,/^$/p' -e '/^values_libarena_values_a_SOURCES/,/^$/p' \
	-e '/^nodist_values_libarena_values_a_SOURCES/,/^$/p' \
	-e '/^referee_libreferee_a_SOURCES/,/^$/p' "$top_srcdir/Makefile.am" |
	sed '/^#/d' | tr ' \t\\' '\n\n\n' | grep '\.c$') || {
	echo "run.sh: no referee library sources in Makefile.am" >&2
	exit 2
}

mkdir -p "$build/obj" || exit 2
rm -f "$build/failed"
# stale OBJ FILE: whether OBJ is older than its source FILE or than a
# header its last compile read (OBJ.d, the compiler's list): a changed
# struct in a header must rebuild every object that holds one.
stale() {
	local dep
	[ -e "$1" ] && [ -e "$1.d" ] && [ ! "$2" -nt "$1" ] || return 0
	for dep in $(sed -e '1s/^[^:]*://' -e 's/\\$//' "$1.d"); do
		[ ! "$dep" -nt "$1" ] || return 0
	done
	return 1
}
# The objects out of date, as many compiled at once as there are cores.
cores=$(nproc 2>/dev/null || echo 1)
running=0
objects=
for src in $sources; do
	obj=$build/obj/$(echo "$src" | tr / _ | sed 's/\.c$/.o/')
	file=$top_srcdir/$src
	[ -e "$file" ] || file=$top_builddir/$src # generated
	if stale "$obj" "$file"; then
		echo "  CC       $src"
		{ $CC $CFLAGS -fsanitize=fuzzer-no-link -MMD -MF "$obj.d" -c "$file" -o "$obj" ||
			{ rm -f "$obj"; : >"$build/failed"; }; } &
		running=$((running + 1))
		[ "$running" -lt "$cores" ] || { wait; running=0; }
	fi
	objects="$objects $obj"
done
wait
[ ! -e "$build/failed" ] || exit 2

# fuzz_env's own: arena_env's C files without Python, as Makefile.am
# lists them.
env_sources=$(sed -n '/^ARENA_ENV_GAME_C =/,/^$/p' "$top_srcdir/Makefile.am" |
	tr ' \t\\' '\n\n\n' | grep '\.c$' | sed "s|^|$top_srcdir/|")

found=0
for name in $FUZZ_HARNESSES; do
	echo "  CCLD     tests/fuzz/fuzz_$name"
	own=
	[ "$name" != env ] || own=$env_sources
	# shellcheck disable=SC2086 # own is a list of files
	$CC $CFLAGS -fsanitize=fuzzer "$fuzz/fuzz_$name.c" "$fuzz/fuzz.c" $own \
		$objects $LIBS -o "$build/fuzz_$name" || exit 2
	mkdir -p "$build/corpus/$name" "$fuzz/crashers/$name" || exit 2
	echo "  FUZZ     $name for $FUZZ_SECONDS s"
	# shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
	"$build/fuzz_$name" -max_total_time="$FUZZ_SECONDS" -timeout=10 \
		-print_final_stats=1 \
		-artifact_prefix="$fuzz/crashers/$name/" $FUZZ_FLAGS \
		"$build/corpus/$name" "$fuzz/corpus/$name" "$fuzz/crashers/$name" \
		>"$build/fuzz_$name.log" 2>&1
	rc=$?
	grep -E '^(stat::number_of_executed_units|stat::new_units_added|Done)' \
		"$build/fuzz_$name.log" | sed 's/^/           /'
	if [ "$rc" -ne 0 ]; then
		found=1
		echo "run.sh: fuzz_$name failed (exit $rc); see $build/fuzz_$name.log" >&2
		grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz: |.*runtime error)' \
			"$build/fuzz_$name.log" | head -n 5 >&2
	fi
done
exit $found
