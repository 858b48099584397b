#!/usr/bin/env bash
# End-to-end: each bot's control group (docs/PROTOCOL.md "Limits", docs/SANDBOX.md
# "The control group").  Bots that take more than their share of
# memory (their /tmp, /dev/shm, many small processes), processes or
# stderr each forfeit alone with the right reason; a bot that spins
# while its opponent thinks, or a machine loaded from outside, costs the
# opponent nothing on the CPU clock; the referee needs a control group,
# or says how to get one.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

greedy() {
	echo "greedy=$PYTHON3 '$ZOO/greedy.py' '$TMP' $*"
}

# --- stderr: the limit is per bot per match ----------------------------------------
# A bot that writes two lines of 1 MiB and exits each game keeps
# 3,000,000 bytes in all, not in each process: two whole lines (two
# newlines) and 902,848 bytes of the third, 2,999,998 x.
expect_exit 0 "$REFEREE" play rolit -o size=4 --games 6 --max-stderr 3000000 --out "$TMP/flood" "$(greedy flood 2)" "$(cbot)"
expect_eq "$(tr -cd x <"$TMP/flood/greedy.stderr" | wc -c)" 2999998 "flood: 3,000,000 bytes of its stderr are kept over 6 games"
expect_eq "$(grep -c '^\[stderr truncated after 3000000 bytes\]$' "$TMP/flood/greedy.stderr")" 1 "flood: cut once"

# --- the CPU clock --------------------------------------------------------------------
# burn: 100 ms of CPU a move.  Alone, then against a bot whose 40
# processes, each in a session of its own, spin while it is not on move:
# frozen, they cost burn nothing.
burn="burn=$PYTHON3 '$ZOO/greedy.py' '$TMP' burn 100"
expect_exit 0 "$REFEREE" play rolit -o size=6 --move-ms 400 --games 4 --out "$TMP/quiet" "$burn" "$(cbot)"
read -r quiet_cpu quiet_wall _ <<<"$(cpu_of "$TMP/quiet")"
diag "alone: burn's moves took $quiet_cpu us of CPU, $quiet_wall us of wall time (medians)"
for spin in spin spin-nosid; do
	# Four games of 40 spinners take far longer than the usual minute
	# on a loaded machine (sanitizer builds, other tests on every core).
	RUN_LIMIT=300 expect_exit 0 "$REFEREE" play rolit -o size=6 --move-ms 400 --games 4 --out "$TMP/$spin" "$burn" "$(greedy "$spin" 40)"
	read -r spun_cpu spun_wall spun_late _ <<<"$(cpu_of "$TMP/$spin")"
	diag "against 40 spinners ($spin): $spun_cpu us of CPU, $spun_wall us of wall time"
	expect_eq "$spun_late" 0 "$spin: burn loses no move on time"
	expect_lt "$((spun_cpu * 10))" "$((quiet_cpu * 11))" "$spin: burn is charged within 10% of its time alone"
	assert_no_leftovers "$spin: no spinner is left"
done

# A bot is frozen while the other thinks, its helpers too, unless its
# tournament entry lets it ponder: then they run while burn thinks (burn's
# 100 ms a move), on its own CPU share.
helper_ms() { # FOLDER: the CPU its helper had between its first and last turns
	sed -n 's/^greedy: helper CPU \([0-9]*\) ms$/\1/p' "$1/stderr/table0001-watch.stderr" |
		awk 'NR == 1 { first = $1 } { last = $1 } END { print last - first }'
}
# against_burn FILE MODE PONDER: a tournament file of 2 games of greedy
# MODE (allowed to ponder or not) against burn.
against_burn() {
	cat >"$1" <<-JSON
	{"name": "$2", "game": "rolit", "options": {"size": 4}, "games": 2,
	 "time": {"move_ms": 400},
	 "bots": [{"name": "$2", "command": "$PYTHON3 $ZOO/greedy.py $TMP $2", "ponder": $3},
	          {"name": "burn", "command": "$PYTHON3 $ZOO/greedy.py $TMP burn 100"}]}
	JSON
}
for ponder in false true; do
	against_burn "$TMP/ponder-$ponder.json" watch "$ponder"
	expect_exit 0 "$REFEREE" tournament "$TMP/ponder-$ponder.json" --out "$TMP/ponder-$ponder" --quiet
done
# A bot idle is frozen once the other has thought for 4 ms
# (referee/bot/bot_freeze.c): its helper may run that long in each of
# burn's moves, and while the freeze lands; never the 100 ms of a move.
frozen=$(helper_ms "$TMP/ponder-false")
pondered=$(helper_ms "$TMP/ponder-true")
read -r _ _ _ moves _ <<<"$(cpu_of "$TMP/ponder-false")"
expect_lt 5 "${moves:-0}" "not pondering: burn made its moves ($moves)"
expect_lt "${frozen:-9999}" "$((moves * 20))" "not pondering: its helper is frozen while burn thinks ($frozen ms in $moves moves of 100 ms)"
expect_lt 300 "${pondered:-0}" "pondering: its helper runs while burn thinks ($pondered ms)"
assert_no_leftovers "ponder: no helper is left"

# The machine loaded by twice as many busy loops as it has cores, from
# outside: the clock is CPU time, so no move is lost.
loops=()
for _ in $(seq $((2 * $(nproc)))); do
	sh -c 'while :; do :; done' &
	loops+=($!)
done
expect_exit 0 "$REFEREE" play rolit -o size=6 --move-ms 400 --games 4 --out "$TMP/loaded" "$burn" "$(cbot)"
kill "${loops[@]}"
wait "${loops[@]}" 2>/dev/null
read -r loaded_cpu loaded_wall loaded_late _ <<<"$(cpu_of "$TMP/loaded")"
diag "on a loaded machine: $loaded_cpu us of CPU, $loaded_wall us of wall time"
expect_eq "$loaded_late" 0 "loaded: burn loses no move on time"
expect_lt "$((loaded_cpu * 10))" "$((quiet_cpu * 11))" "loaded: burn is charged within 10% of its time alone"

# The wall clock is still a ceiling: twice the move's time and a second.
mkdir "$TMP/ceiling"
expect_exit 0 "$REFEREE" play rolit -o size=4 --move-ms 300 --log "$TMP/ceiling/game.jsonl" "silent=$(zoo silent-turn.sh)" "$(cbot)"
expect_contains "$OUT" 'forfeit: timeout: no reply within 1600 ms of wall-clock time (the ceiling of a 300 ms move) to "turn"' \
	"ceiling: a bot that sleeps is stopped at twice its time and a second"
expect_lt 1599 "$ELAPSED_MS" "ceiling: not before"
grep -q '"time":{"move_ms":300,"game_ms":0,"clock":"cpu"}' "$TMP/ceiling/game.jsonl"
ok $? "ceiling: the log's header names the clock"
# A bot that spins is stopped when its CPU time is used.
expect_exit 0 "$REFEREE" play rolit -o size=4 --move-ms 300 "spin=$(zoo spin)" "$(cbot)"
expect_contains "$OUT" 'forfeit: timeout: no reply within 300 ms of CPU time to "turn"' "cpu: a bot that spins is stopped at its CPU time"

# A run's folder of control groups is named by its PID: one left by a run
# whose keeper was killed too (kill -9 of everything) is there when the
# kernel hands that PID to a later referee, which takes the next name and
# keeps its bots in control groups (it fell back to the fallback before).
if no_control_group; then
	ok 0 "a leftover group of the referee's PID # SKIP $NO_CONTROL_GROUP"
else
	# shellcheck disable=SC2016 # expanded by the inner shell, whose PID the referee keeps
	bash -c 'own=$(sed -n "s/^[0-9]*:freezer:\(.*\)$/\1/p" /proc/self/cgroup)
	if [ -n "$own" ]; then dir=/sys/fs/cgroup/freezer${own%/}/arena-$$
	else dir=/sys/fs/cgroup$(sed -n "s/^0:://p" /proc/self/cgroup)/arena-$$; fi
	mkdir "$dir" && echo "$dir" >"$1/leftover" &&
		exec "$2" play rolit -o size=4 --log "$1/leftover.jsonl" "$3" "$3"' \
		_ "$TMP" "$REFEREE" "$(cbot)" >/dev/null 2>"$TMP/leftover.err"
	grep -q '"containment":"control groups' "$TMP/leftover.jsonl"
	ok $? "a leftover group of the referee's PID: its bots are in control groups all the same"
	leftover=$(cat "$TMP/leftover")
	for _ in $(seq 100); do # the keeper removes the run's own once it ended
		[ -d "$leftover-2" ] || break
		sleep 0.1
	done
	[ -d "$leftover" ] && [ ! -d "$leftover-2" ]
	ok $? "... the leftover is left as it was, and the run's own folder is gone"
	rmdir "$leftover"
fi

# --- without a control group -----------------------------------------------------------
expect_exit 0 "$REFEREE" play rolit -o size=4 --no-limits --log "$TMP/nolimits.jsonl" "$(cbot)" "$(cbot)"
expect_eq "$(cat "$ERR")" "referee play: --no-limits: the bots run uncontained (all the memory, CPU and processes they want; moves timed by the wall clock): for trusted bots only" "--no-limits says in one line what it gives up"
grep -q '"clock":"wall"' "$TMP/nolimits.jsonl"
ok $? "--no-limits: moves are timed by the wall clock"
expect_exit 2 "$REFEREE" play rolit --clock sometimes "$(cbot)" "$(cbot)"
expect_contains "$ERR" "--clock takes cpu or wall, not 'sometimes'" "--clock: a bad value is named"

# --- the fallback: a user who can have no control group --------------------------------
# (a normal user on a cgroup v1 machine, as this project's CI, or on v2
# without a delegated scope): the bots are contained all the same, by the
# sandbox's PID namespace, rlimits and tmpfs sizes (docs/PROTOCOL.md
# "Limits").  As root, a user of its own plays; with a control group of
# its own, this part has nothing to test.
unprivileged
root_python3=$PYTHON3
PYTHON3=$AS_PYTHON3 # for greedy() and zoo(), as that user
burn="burn=$PYTHON3 '$ZOO/greedy.py' '$TMP' burn 100"
as_user() { # RUN_LIMIT'ed run of the referee as that user
	run "${AS[@]}" "$REFEREE" "$@"
}
# What a run says first under the fallback, as its log header does.
# The clock counts the children the kernel reaps where the kernel lets a
# normal user count its own processes (kernel.perf_event_paranoid 2 or
# less: referee/bot/task_clock.h).
FALLBACK_MEMORY="private memory per process, memory of its processes together (read every 10 ms of a move and at each stop), /tmp and /dev/shm by size, processes in its namespace; no bound on memory that no process maps, no CPU cap"
if [ "$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 3)" -le 2 ]; then
	FALLBACK_LIMITS="stopped off move, CPU time of all its processes (a kernel counter they inherit), $FALLBACK_MEMORY"
else
	FALLBACK_LIMITS="stopped off move, CPU time of its processes, $FALLBACK_MEMORY, no CPU time of children the kernel reaps"
fi
FALLBACK_LINE="no control group can be had here: the bots are contained without one ($FALLBACK_LIMITS: docs/SANDBOX.md)"
mkdir -m 0777 "$TMP/fb"
as_user play rolit -o size=4 --log "$TMP/fb/probe.jsonl" "$(cbot)" "$(cbot)"
if ! grep -q '"containment":"fallback' "$TMP/fb/probe.jsonl"; then
	ok 0 "the fallback # SKIP this user has a control group of its own here"
else
	expect_eq "$RC" 0 "fallback: a game is played without --no-limits"
	expect_eq "$(grep -cFx "referee play: $FALLBACK_LINE" "$ERR")" 1 \
		"fallback: play says once, before its game, the limits that hold and those that do not"
	expect_contains "$TMP/fb/probe.jsonl" "\"containment\":\"fallback (no control group): $FALLBACK_LIMITS\"" \
		"fallback: the log header says what contains the bots"
	run "$REFEREE" verify "$TMP/fb/probe.jsonl"
	expect_eq "$RC" 0 "fallback: its log verifies"
	# Spinners in sessions of their own and not: all stopped off move.
	for spin in spin spin-nosid; do
		RUN_LIMIT=300 as_user play rolit -o size=6 --move-ms 400 --games 4 --out "$TMP/fb/$spin" "$burn" "$(greedy "$spin" 40)"
		expect_eq "$RC" 0 "fallback, $spin: the games are played"
		read -r spun_cpu spun_wall spun_late _ <<<"$(cpu_of "$TMP/fb/$spin")"
		diag "fallback, against 40 spinners ($spin): $spun_cpu us of CPU, $spun_wall us of wall time"
		expect_eq "$spun_late" 0 "fallback, $spin: burn loses no move on time"
		expect_lt "$((spun_cpu * 10))" "$((quiet_cpu * 11))" "fallback, $spin: burn is charged within 10% of its time alone"
		assert_no_leftovers "fallback, $spin: no spinner is left"
	done
	# A chain of processes racing the stop, each forking the next and
	# exiting at once, every millisecond of its CPU, saying when: stopped
	# off move all the same, unless it may ponder (then it runs while burn
	# thinks, 100 ms of CPU a move).  Between its reply and its next turn,
	# it runs for the 4 ms before the others are stopped and the stop
	# itself: a few links, more on a loaded machine (37 in a turn once,
	# under a heavy load), so their number proves nothing; but once the
	# stop has landed, no link may come until the thaw that follows burn's
	# reply.  The stop lands within the first half of burn's move (4 ms
	# of grace and the stop, against 100 ms of burn's CPU, which a loaded
	# machine stretches as much): not one link may be made in the
	# second half of any of burn's moves.  A stop that does not hold lets
	# the chain run through them (30 to 50 links in each).
	in_burn() { # FOLDER: the links made in the second halves of burn's moves, and the moves
		"$PYTHON3" - "$1/stderr/table0001-race.stderr" "$1/stderr/table0001-burn.stderr" <<-'PY'
		import re, sys
		links = [float(t) for line in open(sys.argv[1]) if line.startswith("greedy: links at")
		         for t in line.split()[3:]]
		moves = [(float(a), float(b)) for a, b in
		         re.findall(r"^greedy: burnt from (\S+) to (\S+)$", open(sys.argv[2]).read(), re.M)]
		print(sum(1 for t in links for a, b in moves if (a + b) / 2 <= t <= b), len(moves))
		PY
	}
	for ponder in false true; do
		against_burn "$TMP/fb/race-$ponder.json" race "$ponder"
		RUN_LIMIT=300 as_user tournament "$TMP/fb/race-$ponder.json" --out "$TMP/fb/race-$ponder" --quiet
		expect_eq "$RC" 0 "fallback, race (ponder $ponder): the games are played"
		links=$(sed -n 's/^greedy: chain off move \([0-9]*\)$/\1/p' "$TMP/fb/race-$ponder/stderr/table0001-race.stderr" | sort -n | tr '\n' ' ')
		read -r during moves <<<"$(in_burn "$TMP/fb/race-$ponder")"
		diag "fallback, race (ponder $ponder): the links of the chain made off move, by turn, sorted: $links; in the second halves of burn's $moves moves: $during"
		expect_lt 4 "${moves:-0}" "fallback, race (ponder $ponder): burn says when it moved"
		if [ "$ponder" = false ]; then
			expect_eq "${during:-none}" 0 "fallback, race: the chain is stopped off move, every turn (no link in the second half of any of burn's moves)"
		else
			expect_lt "$moves" "${during:-0}" "fallback, race pondering: the chain runs off move (more links in the second halves of burn's moves than moves)"
		fi
		assert_no_leftovers "fallback, race (ponder $ponder): no link of the chain is left"
	done
	# A tournament says once, after its pre-flight, that the fallback contains
	# the bots and what it does not cover; with control groups it says nothing.
	against_burn "$TMP/fb/said.json" spin false
	as_user tournament "$TMP/fb/said.json" --out "$TMP/fb/said"
	expect_eq "$(grep -c 'contained without one' "$ERR")" 1 "fallback: a tournament says once that no control group contains its bots"
	expect_contains "$ERR" "spin: $FALLBACK_LINE" \
		"fallback: ... in one line naming the limits that hold and those that do not, as the header does"
	if ! no_control_group; then
		run "$REFEREE" tournament "$TMP/fb/said.json" --out "$TMP/fb/said-root"
		expect_not_contains "$ERR" "contained without one" "control groups: the tournament says nothing of a fallback"
	fi
	# Their opponent plays in Python: a C bot of a sanitizer build maps
	# its shadow memory writable, which RLIMIT_DATA of --memory-mb refuses.
	steady="steady=$PYTHON3 '$ZOO/greedy.py' '$TMP' burn 1"
	# /tmp and /dev/shm are as big as the memory limit.
	for mode in tmp shm; do
		folder=/tmp
		[ "$mode" = shm ] && folder=/dev/shm
		as_user play rolit -o size=4 --memory-mb 100 --log "$TMP/fb/$mode.jsonl" "$(greedy "$mode")" "$steady"
		expect_eq "$RC" 0 "fallback, $mode: the game is played"
		expect_contains "$TMP/fb/$mode.jsonl.greedy.stderr" "greedy: $folder full after 100 MiB: No space left on device" \
			"fallback, $mode: $folder holds 100 MiB of --memory-mb 100"
		expect_eq "$(grep -c '"type":"forfeit"' "$TMP/fb/$mode.jsonl")" 0 "fallback, $mode: nobody forfeits"
	done
	# Processes: counted in the bot's own user namespace.
	as_user play rolit -o size=4 --max-processes 20 --log "$TMP/fb/bomb.jsonl" "$(greedy bomb)" "$steady"
	bombed=$(sed -n 's/^greedy: fork failed after \([0-9]*\): .*/\1/p' "$TMP/fb/bomb.jsonl.greedy.stderr")
	expect_lt "${bombed:-99}" 20 "fallback, bomb: fewer than 20 processes ($bombed children)"
	assert_no_leftovers "fallback, bomb: nothing of it is left"
	# Memory per process (RLIMIT_DATA) ...
	as_user play rolit -o size=4 --memory-mb 50 --move-ms 20000 --log "$TMP/fb/spread50.jsonl" "$(greedy spread 2 64)" "$steady"
	expect_contains "$TMP/fb/spread50.jsonl.greedy.stderr" "greedy: 0 of 2 children filled 64 MiB" \
		"fallback, spread: no process gets past --memory-mb 50"
	# ... and of all its processes together: 4 of 120 MiB each under
	# --memory-mb 400 is a forfeit, every process of it killed; 2 are
	# not, nor a pool of 3 children forked from a parent of 150 MiB,
	# sharing its pages (a sum of each one's resident pages counts them
	# 4 times: over 400 MiB, as the bot says).
	held_case() { # NAME MODE N MIB: greedy MODE N MIB under --memory-mb 400
		as_user play rolit -o size=4 --memory-mb 400 --move-ms 20000 --log "$TMP/fb/$1.jsonl" "$(greedy "$2" "$3" "$4")" "$steady"
		expect_eq "$RC" 0 "fallback, $1: the game is played"
		assert_no_leftovers "fallback, $1: nothing of it is left"
	}
	held_case held spread 4 120
	expect_contains "$OUT" 'forfeit: memory: went past its memory limit of 400 MiB (its processes held more together; all of them were killed) (answering "turn")' \
		"fallback, held: 4 processes of 120 MiB forfeit for memory under --memory-mb 400"
	expect_contains "$TMP/fb/held.jsonl" '"type":"forfeit","seat":0,"reason":"memory",' "fallback, held: the log says why"
	expect_eq "$(grep -c '"type":"forfeit"' "$TMP/fb/held.jsonl")" 1 "fallback, held: its opponent plays on"
	held_case within spread 2 120
	expect_contains "$TMP/fb/within.jsonl.greedy.stderr" "greedy: 2 of 2 children filled 120 MiB" "fallback, within: its children hold 240 MiB"
	expect_eq "$(grep -c '"type":"forfeit"' "$TMP/fb/within.jsonl")" 0 "fallback, within: 2 processes of 120 MiB do not forfeit"
	held_case pool shared 3 150
	resident=$(sed -n 's/^greedy: 3 children share 150 MiB, resident \([0-9]*\) MiB in all$/\1/p' "$TMP/fb/pool.jsonl.greedy.stderr")
	expect_lt 600 "${resident:-0}" "fallback, pool: its processes' resident pages add up to over 600 MiB ($resident)"
	expect_eq "$(grep -c '"type":"forfeit"' "$TMP/fb/pool.jsonl")" 0 "fallback, pool: pages shared by a fork count once: no forfeit"
	# The clock is the CPU time of the bot's processes.
	as_user play rolit -o size=4 --move-ms 300 "spin=$(zoo spin)" "$steady"
	expect_contains "$OUT" 'forfeit: timeout: no reply within 300 ms of CPU time to "turn"' "fallback, cpu: a bot that spins is stopped at its CPU time"
	# Without the sandbox, nothing can contain them: the log says so.
	as_user play rolit -o size=4 --no-sandbox --log "$TMP/fb/open.jsonl" "$(cbot)" "$(cbot)"
	expect_eq "$RC" 0 "fallback, --no-sandbox: the game is played"
	expect_contains "$TMP/fb/open.jsonl" '"clock":"wall"},"containment":"none: no limits, for trusted bots only"' \
		"fallback, --no-sandbox: uncontained, on the wall clock, as the log header says"
fi

PYTHON3=$root_python3

# --- memory, processes as a control group names them ---------------------------------
needs_control_group "the faults of a control group's limits"
# --- memory, processes: each forfeits alone, with its reason ------------------------
# greedy_case NAME REASON DETAIL [PLAY FLAGS...]: the greedy bot in mode NAME
# against the C random bot; it must forfeit for REASON with DETAIL, its
# opponent must win untouched, the log verify and nothing be left.
case_number=0
greedy_case() {
	local mode=$1 reason=$2 detail=$3
	shift 3
	case_number=$((case_number + 1))
	mkdir "$TMP/case-$case_number"
	LOG="$TMP/case-$case_number/game.jsonl"
	expect_exit 0 "$REFEREE" play rolit -o size=4 "$@" --log "$LOG" "$(greedy "$mode")" "$(cbot)"
	expect_contains "$OUT" "2. greedy               seat 0  score" "$mode: it loses"
	expect_contains "$OUT" "forfeit: $reason: $detail" "$mode: it forfeits for $reason"
	grep -qE "^\\{\"seq\":[0-9]+,\"prev\":\"[0-9a-f]{64}\",\"type\":\"forfeit\",\"seat\":0,\"reason\":\"$reason\"," "$LOG"
	ok $? "$mode: the log says why"
	expect_eq "$(grep -c '"type":"forfeit"' "$LOG")" 1 "$mode: its opponent plays on untouched"
	run "$REFEREE" verify "$LOG"
	expect_eq "$RC" 0 "$mode: the log verifies"
	assert_no_leftovers "$mode: no process of it is left"
}
# 1024 MiB by default, its tmpfs included: the kernel kills it, not the
# referee or the opponent.  Writing 1 GiB takes more than the default
# second of CPU on a loaded machine (two sanitizer builds' tests at once).
greedy_case tmp memory 'went past its memory limit of 1024 MiB (the kernel killed a process of it) (answering "turn")' --move-ms 20000
expect_contains "$LOG.greedy.stderr" "=== arena: game 1" "tmp: its stderr file is kept"
greedy_case shm memory 'went past its memory limit of 300 MiB (the kernel killed a process of it) (answering "turn")' --memory-mb 300
# 24 processes of 64 MiB each: the limit is the group's, not a process's.
greedy_case spread memory 'went past its memory limit of 1024 MiB (the kernel killed a process of it) (answering "turn")' --move-ms 20000
# A fork bomb meets the group's process limit (64 by default, threads
# included): going past it is a forfeit, and the whole group dies.
greedy_case bomb processes 'went past its limit of 64 processes (answering "turn")'
bombed=$(sed -n 's/^greedy: fork failed after \([0-9]*\): .*/\1/p' "$LOG.greedy.stderr")
expect_lt "${bombed:-99}" 64 "bomb: it had fewer than 64 processes ($bombed children)"
greedy_case bomb processes 'went past its limit of 20 processes (answering "turn")' --max-processes 20

# In a tournament the others' games go on.
cat >"$TMP/t.json" <<JSON
{"name": "greedy", "game": "rolit", "options": {"size": 4}, "games": 2,
 "time": {"move_ms": 20000},
 "bots": [
  {"name": "tmp", "command": "$PYTHON3 $ZOO/greedy.py $TMP tmp"},
  {"name": "bomb", "command": "$PYTHON3 $ZOO/greedy.py $TMP bomb"},
  {"name": "random", "command": "$CBOT $TMP"},
  {"name": "random2", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/t" --quiet
run "$REFEREE" verify "$TMP/t"
expect_eq "$RC" 0 "tournament: the whole folder verifies"
expect_contains "$OUT" "12 games finished" "tournament: every game is played"
reasons=$(cat "$TMP"/t/games/*.jsonl | sed -n 's/.*"type":"forfeit","seat":[0-9],"reason":"\([a-z]*\)".*/\1/p' | sort | uniq -c | tr -s ' ' | tr '\n' ',')
# (When the two meet, the first to move forfeits and the game ends.)
expect_eq "$reasons" " 5 memory, 5 processes," "tournament: the greedy bots forfeit each of their games, for their reason, and nobody else"
assert_no_leftovers "tournament: nothing is left"
# The ladder shows each bot's CPU time beside its wall time: every turn
# of these games was timed by the CPU clock.
run "$REFEREE" ladder "$TMP/t" --format csv
expect_eq "$(awk -F, '$2 == "random" { print ($16 == $20 && $16 > 0) }' "$OUT")" 1 \
	"ladder: every turn of random has its CPU time"
# Whether every bot of the ladder's json on stdin has a CPU time for each turn.
all_cpu_timed() {
	"$PYTHON3" -c 'import json, sys; print(all(b.get("cpu_ms", {}).get("turns", 0) == b["reply_ms"]["turns"] for b in json.load(sys.stdin)["ladder"]))'
}
run "$REFEREE" ladder "$TMP/t" --format json
expect_eq "$(all_cpu_timed <"$OUT")" True "ladder: the json has the CPU times"
run "$REFEREE" ladder "$TMP/t"
expect_contains "$OUT" "CPU med   CPU p95" "ladder: the table has the CPU times"
expect_exit 0 "$REFEREE" report "$TMP/t"
expect_eq "$("$PYTHON3" "$top_srcdir/tests/tools/htmltool.py" "$TMP/t/report/index.html" data | all_cpu_timed)" True \
	"report: the bots' CPU times are in the report, as in the ladder"

done_testing
