#!/usr/bin/env bash
# End-to-end: hostile bots against the referee, each with the default
# sandbox and, where the referee can still defend itself, again with
# --no-sandbox as an unprivileged user (a uid of its own, when the tests
# run as root): a memory reader (/proc/PID/mem, environ, ptrace of its parent), a
# parent and opponent killer (SIGSTOP, SIGTERM, SIGKILL to all it sees), a
# setsid escaper (a sleeper left in a session of its own) and a setsid fork
# bomb.  Every game must end as it should, and no process of theirs may
# outlive it.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

needs_bubblewrap

# Without the sandbox the bots run as the referee's user: as root, both run
# as that uid (the attacks are a bot's of the same user).
unprivileged
uid=$AS_UID
py=$AS_PYTHON3
# hostile NAME [ARGS...]: the zoo bot NAME as that user may run it.
hostile() {
	local name=$1
	shift
	echo "$name=$py '$ZOO/$name.py' '$TMP' $*"
}
# unboxed CASE: true when the --no-sandbox runs can be made here.
unboxed() {
	"${AS[@]}" test -x "$REFEREE" -a -r "$ZOO/$1.py" -a -x "$CBOT" -a -x "$py" && return 0
	ok 0 "$1 without the sandbox # SKIP user $uid cannot run $REFEREE and the bots"
	return 1
}
# count_sleepers: the escaper's sleepers of this test now running.
count_sleepers() {
	pgrep -f "time.sleep.300. $TMP" | wc -l
}
# tournament_case DIR NAME BOT...: a round robin of the 3 bots given as
# tournament file entries, 2 games a table, with the "time" and "limits"
# of $EXTRA, in DIR; all 6 games must finish with no forfeit.
tournament_case() {
	local dir=$1 name=$2 bots
	shift 2
	bots=$(IFS=,; echo "$*")
	mkdir "$dir"
	cat >"$dir/t.json" <<-JSON
	{"name": "$name", "game": "rolit", "options": {"size": 4}, "games": 2, $EXTRA
	 "bots": [$bots]}
	JSON
	expect_exit 0 "$REFEREE" tournament "$dir/t.json" --out "$dir/out" --concurrency 2
	expect_eq "$(finished_games "$dir/out/run.jsonl" | wc -l)" 6 "$name, sandbox: the tournament finishes its 6 games"
	expect_eq "$(cat "$dir"/out/games/*.jsonl | grep '"type":"forfeit"' |
		grep -vc "\"reason\":\"${FORFEIT_ALLOWED:-none}\"")" 0 \
		"$name, sandbox: nobody forfeits${FORFEIT_ALLOWED:+ but for $FORFEIT_ALLOWED}"
}
# wait_for FILE TEXT: up to 10 s for FILE to hold TEXT.
wait_for() {
	for _ in $(seq 200); do
		grep -qF "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# --- the memory reader ---------------------------------------------------------------
# In the sandbox its parent is the sandbox's own init, and it sees that and
# itself: no process of the referee's.
mkdir "$TMP/mem"
LOG="$TMP/mem/game.jsonl"
expect_exit 0 "$REFEREE" play rolit -o size=4 --log "$LOG" "$(hostile memread)" "$(cbot)"
expect_contains "$LOG.memread.stderr" "memread: parent 1, sees 2 processes" \
	"memread, sandbox: it sees its sandbox's init and itself, not the referee"
expect_not_contains "$OUT" "forfeit:" "memread, sandbox: the game is played"
if unboxed memread; then
	# The referee made itself non-dumpable before any secret existed.
	mkdir -m 0777 "$TMP/mem-open"
	LOG="$TMP/mem-open/game.jsonl"
	expect_exit 0 "${AS[@]}" "$REFEREE" play rolit --no-sandbox --no-limits -o size=4 --log "$LOG" "$(hostile memread)" "$(cbot)"
	expect_contains "$LOG.memread.stderr" "memread: mem: Permission denied" "memread, --no-sandbox: the referee's memory is refused"
	expect_contains "$LOG.memread.stderr" "memread: environ: Permission denied" "memread, --no-sandbox: its environment is refused"
	expect_contains "$LOG.memread.stderr" "memread: ptrace: Operation not permitted" "memread, --no-sandbox: ptrace is refused"
	expect_not_contains "$OUT" "forfeit:" "memread, --no-sandbox: the game is played"
fi
assert_no_leftovers "memread: no process left over"

# --- the parent and opponent killer ----------------------------------------------------
# In the sandbox its signals reach nothing but its own init (which ignores
# them): every game of a tournament is played to the end, nobody forfeits.
EXTRA=
tournament_case "$TMP/kill" killer \
	"{\"name\": \"killer\", \"command\": \"$PYTHON3 $ZOO/killer.py $TMP\"}" \
	"{\"name\": \"random\", \"command\": \"$CBOT $TMP\"}" \
	"{\"name\": \"slow\", \"command\": \"$PYTHON3 $ZOO/slow.py $TMP 20\"}"
expect_eq "$(cat "$TMP"/kill/out/stderr/table*-killer.stderr | grep -c '^killer: 2 of 2 signals sent to 1 processes$')" 2 \
	"killer, sandbox: at each of its 2 tables, it saw only its init"
ok 0 "killer without the sandbox # SKIP a bot of the referee's own user can always signal it"
assert_no_leftovers "killer: no process left over"

# --- the setsid escaper ----------------------------------------------------------------
# Its sleeper runs while the game does and is gone when it ends; with the
# sandbox, also when the referee is killed with SIGKILL.
escape_game() {
	local dir=$1
	shift
	mkdir -m 0777 "$dir"
	timeout 60 "$@" rolit -o size=4 --games 2 --out "$dir" "$(hostile escaper)" "$(hostile slow 300)" \
		>"$dir.out" 2>&1 </dev/null &
	PID=$!
	wait_for "$dir/escaper.stderr" "escaper: sleeper"
}
escape_game "$TMP/esc" "$REFEREE" play
expect_eq "$(count_sleepers)" 1 "escaper, sandbox: its sleeper runs during the game"
wait "$PID"
expect_eq "$?" 0 "escaper, sandbox: the games are played"
expect_not_contains "$TMP/esc.out" "forfeit:" "escaper, sandbox: nobody forfeits"
assert_no_leftovers "escaper, sandbox: the sleeper is gone after the match"

escape_game "$TMP/esc-kill" "$REFEREE" play
expect_eq "$(count_sleepers)" 1 "escaper, sandbox: its sleeper runs before the referee is killed"
pkill -KILL -P "$PID"     # the referee, timeout's child
wait "$PID" 2>/dev/null
assert_no_leftovers "escaper, sandbox: after kill -9 of the referee, nothing of the bots is left"

if unboxed escaper; then
	escape_game "$TMP/esc-open" "${AS[@]}" "$REFEREE" play --no-sandbox --no-limits
	expect_eq "$(count_sleepers)" 1 "escaper, --no-sandbox: its sleeper runs during the game"
	wait "$PID"
	expect_eq "$?" 0 "escaper, --no-sandbox: the games are played"
	expect_not_contains "$TMP/esc-open.out" "forfeit:" "escaper, --no-sandbox: nobody forfeits"
	assert_no_leftovers "escaper, --no-sandbox: the referee, a subreaper, killed the sleeper"
fi

# --- the setsid fork bomb ----------------------------------------------------------------
# In the sandbox, --max-processes 20 counts its own processes alone (its
# control group's tasks, two of them bubblewrap's, and its user
# namespace's processes): the bomb's processes, which say how many they
# see when a fork fails, never see more than 20.  It runs only while the
# bot is on move (the bot is frozen otherwise); should it reach the limit
# before the game ends, that is the bot's forfeit ("processes").  The
# opponent is untouched either way.
mkdir "$TMP/bomb"
LOG="$TMP/bomb/game.jsonl"
expect_exit 0 "$REFEREE" play rolit -o size=4 --max-processes 20 --log "$LOG" "$(hostile forkbomb)" "$(hostile slow 300)"
seen=$(sed -n 's/^forkbomb: fork failed: Resource temporarily unavailable (\([0-9]*\) processes)$/\1/p' \
	"$LOG.forkbomb.stderr" | sort -n | tail -1)
expect_lt "${seen:-0}" 21 "forkbomb, sandbox: at most 20 processes in its sandbox"
expect_not_contains "$(grep ' slow ' "$OUT")" "forfeit:" "forkbomb, sandbox: its opponent plays on, untouched"
grep -E '"type":"forfeit"' "$LOG" | grep -qvE '"seat":0,"reason":"processes"'
ok $((!$?)) "forkbomb, sandbox: no forfeit but the bomb's, for its processes"
assert_no_leftovers "forkbomb, sandbox: nothing of the bomb is left"

# A tournament goes on around it, with the same limit for every bot; the
# bomb may forfeit for its processes, nobody forfeits for anything else.
EXTRA='"time": {"move_ms": 5000}, "limits": {"processes": 20},'
FORFEIT_ALLOWED=processes tournament_case "$TMP/bomb-t" forkbomb \
	"{\"name\": \"forkbomb\", \"command\": \"$PYTHON3 $ZOO/forkbomb.py $TMP\"}" \
	"{\"name\": \"random\", \"command\": \"$CBOT $TMP\"}" \
	"{\"name\": \"spawner\", \"command\": \"$PYTHON3 $ZOO/spawner.py $TMP 5\"}"
expect_eq "$(cat "$TMP"/bomb-t/out/stderr/table*-spawner.stderr | grep -c '^spawner: started 5 of 5 children$')" 2 \
	"forkbomb, sandbox: the other bots start their processes all the same"
assert_no_leftovers "forkbomb, sandbox: nothing of the bomb is left after the tournament"

if unboxed forkbomb; then
	# Without the sandbox the cap counts every process of the user.
	limit=$(($(ps -u "$uid" --no-headers | wc -l) + 30))
	mkdir -m 0777 "$TMP/bomb-open"
	LOG="$TMP/bomb-open/game.jsonl"
	expect_exit 0 "${AS[@]}" "$REFEREE" play rolit --no-sandbox --no-limits -o size=4 --max-processes "$limit" --log "$LOG" \
		"$(hostile forkbomb)" "$(hostile slow 300)"
	expect_contains "$LOG.forkbomb.stderr" "forkbomb: fork failed: Resource temporarily unavailable" \
		"forkbomb, --no-sandbox: the bomb meets the limit"
	expect_not_contains "$OUT" "forfeit:" "forkbomb, --no-sandbox: the game is played, nobody forfeits"
	assert_no_leftovers "forkbomb, --no-sandbox: the referee, a subreaper, killed the whole bomb"
fi

done_testing
