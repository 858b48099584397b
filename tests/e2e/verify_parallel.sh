#!/usr/bin/env bash
# End-to-end: `referee verify -j N` checks many logs on N processes and
# prints exactly what one process prints, in the order of its arguments:
# the same lines, the same first failure of each tampered log, the same
# exit status; each log is read once; and bad -j values are refused.
. "$(dirname "$0")/../tools/lib.sh"

expect_exit 0 "$REFEREE" play rolit -o size=6 --games 40 --out "$TMP/run" "$(cbot)" "$(cbot random-too)"
logs=("$TMP"/run/game-*.jsonl)
expect_eq "${#logs[@]}" 40 "40 logs to check"
# Three logs go bad in different ways: a changed byte, a cut tail, and a
# log that is not there at all.
$LOGTOOL byte "${logs[7]}" "$TMP/run/bad-byte.jsonl" 3
head -n 20 "${logs[30]}" >"$TMP/run/cut.jsonl"
list=("${logs[@]:0:7}" "$TMP/run/bad-byte.jsonl" "${logs[@]:7:23}"
	"$TMP/run/cut.jsonl" "$TMP/run/missing.jsonl" "${logs[@]:30}")

run "$REFEREE" verify -j 1 "${list[@]}"
cp "$OUT" "$TMP/serial.out"
cp "$ERR" "$TMP/serial.err"
expect_eq "$RC" 2 "one process: exit 2 when a log cannot be read"
expect_eq "$(grep -c ': ok: rolit' "$TMP/serial.out")" 40 "one process: the 40 good logs are ok"
expect_eq "$(grep -c ': FAILED: ' "$TMP/serial.out")" 2 "one process: the two damaged logs fail"
for jobs in 2 3 8; do
	run "$REFEREE" verify -j "$jobs" "${list[@]}"
	expect_eq "$RC" 2 "-j $jobs: the same exit status"
	cmp -s "$OUT" "$TMP/serial.out"
	ok $? "-j $jobs: the same lines in the same order, the same first failures" ||
		diff "$TMP/serial.out" "$OUT" | head -10 | sed 's/^/#   /'
	cmp -s "$ERR" "$TMP/serial.err"
	ok $? "-j $jobs: the same message for the missing log" || diag_run
done
expect_exit 0 "$REFEREE" verify --jobs 2 "${logs[@]}"
expect_eq "$(grep -c ': ok: ' "$OUT")" 40 "--jobs 2 over good logs: all ok, exit 0"
run "$REFEREE" verify -j 2 "${logs[@]:0:7}" "$TMP/run/bad-byte.jsonl"
expect_eq "$RC" 1 "-j 2: exit 1 when a log fails"
expect_contains "$OUT" "bad-byte.jsonl: FAILED: line 5: \"prev\" is not the hash of line 4" "the failure names the line after the changed one"

# Each log is read once, whatever else verify checks of it: a tournament
# folder of duplicate sets (the manifest's hash, ranks and deals, the
# sets side by side) and a play folder (its run.jsonl's hashes and
# deals), on one process and on two.
cat >"$TMP/sets.json" <<JSON
{"name": "sets", "game": "bolo", "options": {"target": 1000}, "players": 2,
 "games": 4, "duplicate": true,
 "bots": [{"name": "a", "command": "$CBOT '$TMP' a"}, {"name": "b", "command": "$CBOT '$TMP' b"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/sets.json" --out "$TMP/sets"
expect_exit 0 "$REFEREE" play rolit -o size=6 --games 6 --out "$TMP/play" "$(cbot)" "$(cbot random-too)"
# opened_once FOLDER DESCRIPTION JOBS COUNT: verify -j JOBS of FOLDER passes and opens each
# of its COUNT game logs once (strace of verify and its workers).
opened_once() {
	local log more= count=0
	# (LeakSanitizer, in a sanitizer build, cannot run under ptrace.)
	expect_exit 0 strace -f -qq -e trace=open,openat -o "$TMP/trace" \
		env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		"$REFEREE" verify -j "$3" "$1"
	for log in "$1"/games/[0-9]*.jsonl "$1"/game-*.jsonl; do
		[ -e "$log" ] || continue
		count=$((count + 1))
		[ "$(grep -cF "\"$log\"" "$TMP/trace")" = 1 ] || more="$more $(basename "$log")"
	done
	ok "$([ -z "$more" ] && [ "$count" = "$4" ]; echo $?)" \
		"$2, -j $3: verify opens each of its $4 logs once" ||
		diag "$count logs; opened more than once:$more"
}
if [ "$(id -u)" != 0 ]; then
	ok 0 "verify opens each log once # SKIP as root only: the referee makes itself undumpable, so strace shows another user its paths as addresses"
elif command -v strace >/dev/null; then
	for jobs in 1 2; do
		opened_once "$TMP/sets" "a tournament of duplicate sets" "$jobs" 4
		opened_once "$TMP/play" "a play folder" "$jobs" 6
	done
else
	ok 0 "verify opens each log once # SKIP strace is not installed (install-packages adds it)"
fi

expect_exit 2 "$REFEREE" verify -j 0 "${logs[0]}"
expect_contains "$ERR" "-j" "-j 0 is refused, naming the flag"
expect_exit 2 "$REFEREE" verify "${logs[0]}" -j
expect_contains "$ERR" "-j needs a value" "-j without a value says what it needs"
done_testing
