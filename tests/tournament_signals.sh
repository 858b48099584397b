#!/usr/bin/env bash
# End-to-end: SIGINT or SIGTERM to a running tournament stops it cleanly:
# exit status 2 with "stopped by signal N; run again with --resume", every
# worker, bot and bot's child gone, the logs finished so far intact; and
# --resume then plays every game exactly once.  And the main process
# sleeps while its workers play.
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/tests/lib.sh"

LOGS='[0-9][0-9][0-9][0-9][0-9][0-9].jsonl'   # game logs, not set-aside ones

# A slow bot (so that games are in progress when the signal comes), one
# that keeps sleeping children (which the parent-death signal alone would
# not stop), and the C random bot: 3 tables of 6 games.
cat >"$TMP/t.json" <<JSON
{
  "name": "signals", "game": "rolit", "options": {"size": 4}, "games": 6,
  "bots": [
    {"name": "slow", "command": "$PYTHON3 $ZOO/slow.py $TMP 40"},
    {"name": "spawner", "command": "$PYTHON3 $ZOO/spawner.py $TMP 3"},
    {"name": "random", "command": "$CBOT $TMP"}
  ]
}
JSON

# stop_case SIGNAL [group]: starts a run, sends SIGNAL once a few games
# have finished (bots are playing then) to the referee, or with "group" to
# its whole process group as Ctrl-C does (the workers get it too), checks
# the stop, then resumes.
stop_case() {
	local sig=$1 mode=${2:-} number dir="$TMP/$1$2" pid finished target
	number=$(kill -l "$sig")
	sig=$sig${mode:+ to the group}
	setsid "$REFEREE" tournament "$TMP/t.json" --out "$dir" --concurrency 2 \
		>"$TMP/$1$2.out" 2>"$TMP/$1$2.err" </dev/null &
	pid=$!
	target=$pid
	[ -n "$mode" ] && target=-$pid
	for _ in $(seq 200); do
		finished=$(finished_games "$dir/manifest.jsonl" 2>/dev/null | wc -l)
		[ "${finished:-0}" -ge 3 ] && break
		sleep 0.05
	done
	pgrep -f "$ZOO/spawner.py $TMP" >/dev/null
	ok $? "$sig: bots are running when the signal comes"
	kill -"$1" -- "$target"
	wait "$pid"
	expect_eq "$?" 2 "$sig: the run exits with status 2"
	expect_contains "$TMP/$1$2.err" "referee tournament: stopped by signal $number; run again with --resume to finish" \
		"$sig: it says it was stopped and how to finish"
	assert_no_leftovers "$sig: no worker, bot or bot's child is left"
	expect_eq "$(tail -1 "$dir/manifest.jsonl" | grep -c '"type":"signature"')" 0 "$sig: the manifest is not signed"
	finished=$(finished_games "$dir/manifest.jsonl" | wc -l)
	run "$REFEREE" verify --key "$dir/referee.pub" $(finished_games "$dir/manifest.jsonl" |
		awk -v dir="$dir" '{ printf "%s/games/%06d.jsonl\n", dir, $1 }')
	ok "$([ "$RC" -eq 0 ] && [ "$(grep -c ': ok:' "$OUT")" -eq "$finished" ]; echo $?)" \
		"$sig: the $finished logs finished before the stop verify" || diag_run

	expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$dir" --resume --concurrency 2
	expect_contains "$OUT" "18 games" "$sig: --resume completes the 18 games"
	expect_eq "$(tail -1 "$dir/manifest.jsonl" | grep -c '"type":"signature"')" 1 "$sig: the resumed manifest is signed"
	expect_eq "$(finished_games "$dir/manifest.jsonl" | sort -u | wc -l)" 18 \
		"$sig: every game is finished"
	expect_eq "$(finished_games "$dir/manifest.jsonl" | sort | uniq -d | wc -l)" 0 \
		"$sig: no game is finished twice"
	run "$REFEREE" verify --key "$dir/referee.pub" "$dir"/games/$LOGS
	expect_eq "$(grep -c ': ok:' "$OUT")" 18 "$sig: all 18 logs verify"
	assert_no_leftovers "$sig: no process left after the resumed run"
}

stop_case INT
stop_case TERM
stop_case INT group

# The main process only waits for its workers: its own CPU time (utime +
# stime of /proc/PID/stat, children not counted) stays a small part of
# the wall time.  Three workers, so that the one that writes is not
# always the first polled.
main_cpu_case() {
	local dir="$TMP/cpu" pid start wall ticks=0 t hz
	hz=$(getconf CLK_TCK)
	start=$(now_ms)
	"$REFEREE" tournament "$TMP/t.json" --out "$dir" --concurrency 3 \
		>"$TMP/cpu.out" 2>"$TMP/cpu.err" </dev/null &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		# Not once it is a zombie: its workers' time is added then.
		t=$(awk '$3 != "Z" {print $14 + $15}' "/proc/$pid/stat" 2>/dev/null)
		[ -n "$t" ] && [ "$t" -gt "$ticks" ] && ticks=$t
		sleep 0.05
	done
	wait "$pid"
	expect_eq "$?" 0 "cpu: the run finishes"
	wall=$(($(now_ms) - start))
	expect_lt 1000 "$wall" "cpu: the run lasts long enough to measure"
	diag "main process: $((ticks * 1000 / hz)) ms of CPU in $wall ms"
	expect_lt "$((ticks * 1000 / hz * 5))" "$wall" "cpu: the main process used under 20% of the wall time"
}
main_cpu_case

done_testing
