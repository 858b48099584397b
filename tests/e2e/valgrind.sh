#!/usr/bin/env bash
# The unit suites and the referee under valgrind (`make check-valgrind`):
# memcheck errors or a leak fail the line.  The Check suites run with
# CK_FORK=no so that valgrind sees the test code itself rather than only
# the runner; the referee plays a short match (with a bot that faults, so
# the forfeit paths run too) and a short tournament, with valgrind on the
# referee and its workers but not on the bots it starts.  Prints TAP.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

if ! command -v valgrind >/dev/null; then
	echo "1..0 # SKIP valgrind is not installed (apt-get install valgrind)"
	exit 0
fi
if grep -q __asan_init "$REFEREE"; then
	echo "1..0 # SKIP built with --enable-sanitizers, which valgrind cannot run"
	exit 0
fi

VALGRIND=(valgrind -q --error-exitcode=1 --leak-check=full
	--child-silent-after-fork=yes --log-file="$TMP/valgrind.%p")
UNIT="$top_builddir/tests/unit"

# vg_case DESCRIPTION CMD...: runs CMD under valgrind; passes when it
# exits 0 (valgrind makes it 1 on any error or definite leak).  Valgrind's
# report is shown when it fails, without the warnings that valgrind 3.19
# prints for pidfd_open (syscall 434), which bot.c does without.
vg_case() {
	local desc=$1
	shift
	rm -f "$TMP"/valgrind.*
	run "${VALGRIND[@]}" "$@"
	ok "$RC" "$desc" || {
		diag_run
		cat "$TMP"/valgrind.* 2>/dev/null | grep -vE 'syscall: 434|You may be able|README_MISSING|Nevertheless we|bug_reports' |
			head -60 | sed 's/^/#   /'
	}
}

# run() gives up after 60 s, too soon for the slower suites here.
run() {
	local start end
	start=$(now_ms)
	timeout -k 5 900 "$@" >"$OUT" 2>"$ERR" </dev/null
	RC=$?
	end=$(now_ms)
	ELAPSED_MS=$((end - start))
}

for suite in "$UNIT"/check_*; do
	[ -x "$suite" ] && [ -f "$suite.c" ] || continue
	name=${suite##*/}
	case $name in
	check_fair)
		# Its "bugs" case checks that misuse aborts, which only a
		# forked test survives: the other cases, one at a time.
		for tcase in "known answers" "draws"; do
			CK_FORK=no CK_RUN_CASE=$tcase vg_case "$name ($tcase) under valgrind" "$suite"
		done ;;
	check_sandbox_seccomp)
		# Valgrind fails the calls it does not know (cachestat,
		# futex_wait...) before the filter sees them: the filter's
		# making only.
		CK_FORK=no CK_RUN_CASE=build vg_case "$name (build) under valgrind" "$suite" ;;
	*)
		CK_FORK=no vg_case "$name under valgrind" "$suite" ;;
	esac
done

DIR="$TMP/play"
vg_case "referee play (3 games, a bot that sends garbage) under valgrind" \
	"$REFEREE" play rolit -o size=4 --games 3 --out "$DIR" "$(cbot)" "garbage=$(zoo garbage)"
expect_eq "$(grep -c 'forfeit: bad-json' "$OUT")" 3 "referee play under valgrind: the 3 forfeits are reported"

cat >"$TMP/t.json" <<JSON
{
  "name": "valgrind", "game": "bolo", "options": {"target": 1000}, "games": 2,
  "bots": [
    {"name": "a", "command": "$CBOT $TMP"},
    {"name": "b", "command": "$BOTS/threshold-bot 300 $TMP"},
    {"name": "c", "command": "$PYTHON3 $ZOO/crash-in-game.py $TMP 1"}
  ]
}
JSON
vg_case "referee tournament (6 games, 2 workers) under valgrind" \
	"$REFEREE" tournament "$TMP/t.json" --out "$TMP/t" --concurrency 2
expect_contains "$OUT" "6 games" "referee tournament under valgrind: every game is played"
vg_case "referee verify of the tournament's folder under valgrind" "$REFEREE" verify "$TMP/t"
# The paths that name problems: a withheld, a planted and an altered log,
# and the same run twice.  Exit status 1 expected; 99 on a valgrind error.
cp -r "$TMP/t" "$TMP/bad"
mv "$TMP/bad/games/000001.jsonl" "$TMP/bad/games/planted.jsonl"
sed -i 's/"us":[0-9]*/"us":1/' "$TMP/bad/games/000002.jsonl"
for verb in verify "ladder --verify"; do
	rm -f "$TMP"/valgrind.*
	run "${VALGRIND[@]}" --error-exitcode=99 "$REFEREE" $verb "$TMP/bad" "$TMP/t" "$TMP/t"
	ok "$([ "$RC" = 1 ] && [ "$(grep -c "$TMP/bad/games/" "$OUT" "$ERR" | awk -F: '{n += $2} END {print n}')" = 3 ]; echo $?)" \
		"referee $verb of a damaged folder under valgrind: exit 1, the 3 logs named" || diag_run
done
assert_no_leftovers

done_testing
