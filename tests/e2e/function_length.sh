#!/usr/bin/env bash
# No function of the project's C is longer than 100 lines (docs/HACKING.md,
# "Layout by folder"; the house's limit): a function that outgrows it is
# doing two jobs and gets split.  The lengths are universal-ctags's view of
# each function, from its first line to its closing brace, over the C files
# git lists outside tests/ (a test's table of cases may run long).  Before
# it trusts ctags it checks that ctags sees a 101-line function as one, so
# that a ctags that reads no ends cannot make this pass.  The verbs of
# referee/cmd/ keep to the 60 lines the house aims at: each reads its
# options and runs, the work being below it.
. "$(dirname "$0")/../tools/lib.sh"
export LC_ALL=C

LIMIT=100
CMD_LIMIT=60
CTAGS=$(command -v ctags-universal || command -v ctags)
if [ -z "$CTAGS" ] || ! "$CTAGS" --version 2>/dev/null | grep -q '^Universal Ctags'; then
	ok 0 "functions of at most $LIMIT lines # SKIP universal-ctags is not installed (./install-packages brings it)"
	done_testing
fi
if [ "$(git -C "$top_srcdir" rev-parse --show-toplevel 2>/dev/null)" != \
	"$(cd "$top_srcdir" && pwd -P)" ]; then
	ok 0 "functions of at most $LIMIT lines # SKIP $top_srcdir is no git checkout: its files are not all there"
	done_testing
fi

# lengths FILE...: "LINES FILE FUNCTION" for each function of the FILEs.
lengths() {
	"$CTAGS" --languages=C --kinds-C=f --fields=+ne -o - "$@" |
		awk -F'\t' '{ start = end = ""
			for (i = 4; i <= NF; i++) {
				if ($i ~ /^line:/) start = substr($i, 6)
				if ($i ~ /^end:/) end = substr($i, 5)
			}
			if (start != "" && end != "") print end - start + 1, $2, $1 }'
}

# The probe: one function of 101 lines (its name, its braces and 98 lines
# between them), and one of 100.
{
	echo 'static int long_one(void)'
	echo '{'
	echo '	int n = 0;'
	for _ in $(seq 96); do echo '	n++;'; done
	echo '	return n;'
	echo '}'
	echo 'int short_one(void)'
	echo '{'
	for _ in $(seq 96); do echo '	long_one();'; done
	echo '	return 0;'
	echo '}'
} >"$TMP/probe.c"
expect_eq "$(lengths "$TMP/probe.c" | sort -k3 | tr '\n' ';')" \
	"101 $TMP/probe.c long_one;100 $TMP/probe.c short_one;" \
	"ctags measures a function from its first line to its closing brace"

(cd "$top_srcdir" && git ls-files '*.c' | grep -v '^tests/' >"$TMP/files")
(cd "$top_srcdir" && lengths $(cat "$TMP/files")) | sort -rn >"$TMP/lengths"
expect_eq "$(awk -v max=$LIMIT '$1 > max' "$TMP/lengths")" "" \
	"no function of the project's C is over $LIMIT lines"
expect_eq "$(awk -v max=$CMD_LIMIT '$1 > max && $2 ~ /^referee\/cmd\//' "$TMP/lengths")" "" \
	"no function of referee/cmd/ is over $CMD_LIMIT lines"
diag "the longest: $(head -3 "$TMP/lengths" | tr '\n' ';')"

done_testing
