#!/bin/sh
# `make check`: runs every fuzz harness, linked with regress.c in the
# normal build, over its seed corpus and its kept crashers
# (tests/fuzz/corpus/NAME and tests/fuzz/crashers/NAME), so that a bug
# the fuzzers found stays fixed.  One TAP line per harness.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}

n=0
failed=0
for name in reply actions tournament log replay verify report ladder league archive grade words env; do
	n=$((n + 1))
	bin=$top_builddir/tests/fuzz/regress_$name
	dirs=
	for d in corpus crashers; do
		[ -d "$top_srcdir/tests/fuzz/$d/$name" ] &&
			dirs="$dirs $top_srcdir/tests/fuzz/$d/$name"
	done
	count=$(find $dirs -type f | wc -l)
	# shellcheck disable=SC2086 # dirs is a list of folders
	if out=$("$bin" $dirs 2>&1); then
		echo "ok $n - fuzz_$name: $count inputs"
	else
		failed=$((failed + 1))
		echo "not ok $n - fuzz_$name: $count inputs"
		# The report of the input that failed: from the last name on.
		printf '%s\n' "$out" |
			awk '/^regress: /{buf=""} {buf=buf $0 "\n"} END{printf "%s", buf}' |
			head -n 60 | sed 's/^/# /'
	fi
done
echo "1..$n"
[ "$failed" -eq 0 ]
