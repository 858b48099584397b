#!/usr/bin/env bash
# End-to-end: the per-bot process limit (--max-processes, "processes") in
# the sandbox and without it, the whole group of a bot stopped with it, and
# what the verbs say when bubblewrap is missing or cannot work here (or
# bot-exec, run between it and the bot, whose own cases are here too), or
# when --no-sandbox turns it off (tests/e2e/sandbox.sh tests what a bot can
# and cannot do in the sandbox).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
# Where this user can have no control group for a bot, the cases of the
# bots' control groups skip, and the others pass --no-limits.
limits=()
no_control_group && limits=(--no-limits)

# --- --max-processes in the bot's control group: a cap for that bot alone -----------
# The kernel counts the tasks of the bot's group: bubblewrap's two
# processes and the bot are 3 of the 10, whoever else runs.  Going past
# the limit is a forfeit ("processes"), and the group is killed with it.
spawner() {
	echo "spawner=$PYTHON3 '$ZOO/spawner.py' '$TMP' $1"
}
if no_control_group; then
	ok 0 "--max-processes in the control group # SKIP $NO_CONTROL_GROUP"
else
	mkdir "$TMP/capped"
	LOG="$TMP/capped/game.jsonl"
	expect_exit 0 "$REFEREE" play rolit -o size=4 --max-processes 10 --log "$LOG" "$(spawner 40)" "$(cbot)"
	expect_contains "$LOG.spawner.stderr" "spawner: started 7 of 40 children" "--max-processes 10: the spawner gets 7 children"
	expect_contains "$LOG.spawner.stderr" "spawner: fork failed: Resource temporarily unavailable" "--max-processes 10: the 8th fork fails"
	expect_contains "$OUT" 'forfeit: processes: went past its limit of 10 processes (answering "hello")' "--max-processes 10: going past it is a forfeit"
	grep -q '"type":"forfeit","seat":0,"reason":"processes"' "$LOG"
	ok $? "--max-processes 10: the log says why"
	expect_eq "$(grep -c '"type":"result"' "$LOG")" 1 "--max-processes: the game completes"
	assert_no_leftovers "--max-processes: no process left over"

	# Without --max-processes a sandboxed bot still has a cap of its own (64),
	# so a fork bomb stops there; without the sandbox there is none.
	mkdir "$TMP/nproc" "$TMP/nproc-bot"
	cat >"$TMP/nproc-bot/bot.sh" <<-'SH'
	#!/bin/sh
	awk '/Max processes/ { print "nproc", $3, $4 }' /proc/self/limits >&2
	exec "$@"
	SH
	expect_exit 0 "$REFEREE" play rolit -o size=4 --log "$TMP/nproc/game.jsonl" "shown=sh '$TMP/nproc-bot/bot.sh' $CBOT '$TMP'" "$(cbot)"
	expect_contains "$TMP/nproc/game.jsonl.shown.stderr" "nproc 64 64" "sandbox: 64 processes by default"
	expect_exit 0 "$REFEREE" play rolit -o size=4 --max-processes 100 --log "$TMP/nproc/game100.jsonl" "shown=sh '$TMP/nproc-bot/bot.sh' $CBOT '$TMP'" "$(cbot)"
	expect_contains "$TMP/nproc/game100.jsonl.shown.stderr" "nproc 100 100" "sandbox: --max-processes 100 replaces the default"
fi

# --- --max-processes without the sandbox ------------------------------------------
# RLIMIT_NPROC counts every process of the user in its user namespace, and
# the kernel never applies it to root: as root the referee runs as a user
# of its own; as a normal user, whose other processes (make check's other
# tests among them) come and go while it plays, in a user namespace of its
# own, where only the referee's and its bots' processes count.
unprivileged
uid=$AS_UID
py=$AS_PYTHON3
spawner() {
	echo "spawner=$py '$ZOO/spawner.py' '$TMP' $1"
}
if [ "$(id -u)" -eq 0 ]; then
	counted=$(ps -u "$uid" --no-headers | wc -l)
else
	AS=(unshare --map-current-user)
	counted=0
fi
# Room for the referee and the two bots, and a few children.
limit=$((counted + 8))

# (Unless nobody cannot run the interpreter either.)
if ! "${AS[@]}" true 2>/dev/null; then
	ok 0 "--max-processes # SKIP this user cannot have a user namespace of its own (${AS[*]})"
elif "${AS[@]}" test -x "$REFEREE" -a -r "$ZOO/spawner.py" -a -x "$CBOT"; then
	# Unlimited, it starts all 40 (so the limit is what stops it below).
	LOG="$TMP/free.jsonl"
	expect_exit 0 "${AS[@]}" "$REFEREE" play rolit --no-sandbox --no-limits -o size=4 --log "$LOG" "$(spawner 40)" "$(cbot)"
	expect_contains "$LOG.spawner.stderr" "spawner: started 40 of 40 children" "no limit: all 40 children start"
	assert_no_leftovers "no limit: its 40 children are stopped with it"

	LOG="$TMP/limited.jsonl"
	expect_exit 0 "${AS[@]}" "$REFEREE" play rolit --no-sandbox --no-limits -o size=4 --max-processes "$limit" --log "$LOG" "$(spawner 40)" "$(cbot)"
	expect_contains "$LOG.spawner.stderr" "spawner: fork failed: Resource temporarily unavailable" \
		"--max-processes $limit: its fork fails"
	started=$(sed -n 's/^spawner: started \([0-9]*\) of 40 children$/\1/p' "$LOG.spawner.stderr")
	expect_lt "${started:-40}" 40 "--max-processes $limit: it starts fewer children than it wants"
	expect_eq "$(grep -c '"type":"result"' "$LOG")" 1 "--max-processes: the game completes"
	group=$(sed -n 's/^spawner: process group \([0-9]*\)$/\1/p' "$LOG.spawner.stderr")
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		pgrep -g "${group:-none}" >/dev/null 2>&1 || break
		sleep 0.1
	done
	[ -n "$group" ] && ! pgrep -g "$group" >/dev/null
	ok $? "--max-processes: no process of its group ($group) is left after the game"
	assert_no_leftovers "--max-processes: no process left over"

	expect_exit 2 "$REFEREE" play rolit --max-processes lots "$(cbot)" "$(cbot)"
	expect_contains "$ERR" "--max-processes takes a whole number from 0 to 4194304, not 'lots'" "--max-processes: a bad value is named"

	# The tournament file's "processes" reaches the bots too.
	cat >"$TMP/p.json" <<-JSON
	{
	  "name": "processes", "game": "rolit", "options": {"size": 4}, "games": 2,
	  "sandbox": false, "containment": false,
	  "bots": [
	    {"name": "spawner", "command": "$py $ZOO/spawner.py $TMP 40"},
	    {"name": "random", "command": "$CBOT $TMP"}
	  ],
	  "limits": {"processes": $limit}
	}
	JSON
	expect_exit 0 "${AS[@]}" "$REFEREE" tournament "$TMP/p.json" --out "$TMP/p" --concurrency 1
	expect_contains "$TMP/p/stderr/table0001-spawner.stderr" "spawner: fork failed" \
		"\"limits\": {\"processes\": $limit}: its fork fails"
	assert_no_leftovers "\"processes\": no process left over"
	sed -i "s/\"processes\": $limit/\"processes\": -1/" "$TMP/p.json"
	expect_exit 2 "$REFEREE" tournament "$TMP/p.json" --out "$TMP/p2"
	expect_contains "$ERR" '"processes"' "\"processes\": -1 is refused, naming the field"
else
	ok 0 "--max-processes # SKIP user $uid cannot run $REFEREE and the bots"
fi

# --- the whole group, when the referee itself is stopped -------------------------
# Its signal handler kills each bot's process group: the parent-death
# signal would stop the bots but not the children they started.
for sig in TERM INT; do
	DIR="$TMP/stopped-$sig"
	"$REFEREE" play rolit "${limits[@]}" -o size=4 --games 1000 --out "$DIR" "$(spawner 3)" "slow=$(zoo slow 20)" \
		>/dev/null 2>&1 </dev/null &
	pid=$!
	for _ in $(seq 100); do
		grep -q "started 3 of 3" "$DIR/spawner.stderr" 2>/dev/null && break
		sleep 0.05
	done
	expect_eq "$(pgrep -f "sleep.300. $TMP" | wc -l)" 3 "play, SIG$sig: the bot's 3 children are running"
	kill -"$sig" "$pid"
	wait "$pid"
	expect_eq "$?" $((128 + $(kill -l "$sig"))) "play, SIG$sig: the referee ends by the signal"
	assert_no_leftovers "play, SIG$sig: the bot's children are stopped with it"
done

# --- the sandbox without a working bubblewrap ------------------------------------
# Every verb that runs bots stops before any game, saying how to install
# bubblewrap or to pass --no-sandbox.
mkdir "$TMP/no-bwrap"
missing="the sandbox needs bubblewrap (bwrap), which is not installed: apt-get install bubblewrap, or pass --no-sandbox"
expect_exit 2 env PATH="$TMP/no-bwrap" "$REFEREE" play "${limits[@]}" rolit "$CBOT" "$CBOT"
expect_contains "$ERR" "referee play: $missing" "play: a missing bwrap is named, with how to install it"
expect_not_contains "$OUT" "game 1" "play: no game is played without a sandbox"
cat >"$TMP/s.json" <<JSON
{"name": "s", "game": "rolit", "games": 2, "bots": [{"name": "a", "command": "$CBOT"}, {"name": "b", "command": "$CBOT"}]}
JSON
expect_exit 2 env PATH="$TMP/no-bwrap" "$REFEREE" tournament "${limits[@]}" "$TMP/s.json" --out "$TMP/s"
expect_contains "$ERR" "referee tournament: $missing" "tournament: a missing bwrap is named"
expect_exit 2 env PATH="$TMP/no-bwrap" "$REFEREE" sprt "${limits[@]}" rolit --elo0 0 --elo1 10 "$CBOT" "$CBOT"
expect_contains "$ERR" "referee sprt: $missing" "sprt: a missing bwrap is named"
expect_exit 2 env PATH="$TMP/no-bwrap" "$REFEREE" check-bot "${limits[@]}" rolit "$CBOT"
expect_contains "$ERR" "referee check-bot: $missing" "check-bot: a missing bwrap is named"

# --no-sandbox (or "sandbox": false) plays without it, and says once what
# a bot can then do.
warning="each bot runs with all your rights: it can read, change and delete what you can"
expect_exit 0 env PATH="$TMP/no-bwrap" "$REFEREE" play "${limits[@]}" rolit --no-sandbox --games 2 "$CBOT" "$CBOT"
expect_eq "$(grep -c "referee play: --no-sandbox: $warning" "$ERR")" 1 "play --no-sandbox: plays, and says once what a bot can do"
sed -i 's/"games": 2,/"games": 2, "sandbox": false,/' "$TMP/s.json"
expect_exit 0 env PATH="$TMP/no-bwrap" "$REFEREE" tournament "${limits[@]}" "$TMP/s.json" --out "$TMP/s2" --concurrency 2
expect_eq "$(grep -c "referee tournament: the tournament file's \"sandbox\": false: $warning" "$ERR")" 1 "\"sandbox\": false: plays, and says it once, naming it"
expect_exit 2 env PATH="$TMP/no-bwrap" "$REFEREE" tournament "${limits[@]}" "$TMP/s.json" --out "$TMP/s3" --sandbox
expect_contains "$ERR" "referee tournament: $missing" "tournament --sandbox overrides \"sandbox\": false"

# A bwrap that cannot create namespaces (as in some containers): its own
# words are passed on, before any bot starts.
# (Not under /tmp, which root's referee covers with its own to run bwrap.)
bad=$(mktemp -d /var/tmp/arena-bwrap.XXXXXX) || exit 99
trap 'rm -rf "$bad"; cleanup' EXIT
printf '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n' >"$bad/bwrap"
chmod 0755 "$bad" "$bad/bwrap"
expect_exit 2 env PATH="$bad:$PATH" "$REFEREE" play "${limits[@]}" rolit "$CBOT" "$CBOT"
expect_contains "$ERR" "referee play: the sandbox needs bubblewrap to create namespaces, which it cannot do here: bwrap: No permissions to create new namespace; pass --no-sandbox to run the bots without it" \
	"the sandbox: bwrap's own error is reported"
expect_not_contains "$OUT" "game 1" "the sandbox: no game is played without it"

# --- bot-exec, the step between bubblewrap and the bot ----------------------------
# Without it the verb stops, naming where it looked; ARENA_BOT_EXEC names
# another.  Run alone, it sets each limit it is given (soft and hard),
# moves the pipes it gets on fds 3 and 4 onto stdin and stdout, and exits
# as a shell would when the program cannot run.
BOT_EXEC=$(dirname "$REFEREE")/bot-exec
expect_exit 2 env ARENA_BOT_EXEC="$TMP/nowhere" "$REFEREE" play "${limits[@]}" rolit "$CBOT" "$CBOT"
expect_contains "$ERR" "referee play: ARENA_BOT_EXEC names '$TMP/nowhere', which is not a program (an absolute path) that can be run" \
	"bot-exec: an ARENA_BOT_EXEC that is not a program stops the verb, named"
expect_exit 0 env ARENA_BOT_EXEC="$BOT_EXEC" "$REFEREE" play "${limits[@]}" rolit "$CBOT" "$CBOT"
echo hello >"$TMP/exec-in"
# (The process cap counts every process of the user: 3000, not a few, so
# that a normal user running other tests at once can still fork here.)
run "$BOT_EXEC" 3000 9 123456789 - /bin/sh -c 'grep -E "^Max (data size|processes|pending signals)" /proc/$$/limits | tr -s " "; cat
	for fd in 3 4; do [ -e /proc/$$/fd/$fd ] && echo "fd $fd open" || echo "fd $fd closed"; done' \
	3<"$TMP/exec-in" 4>"$TMP/exec-out"
expect_eq "$RC" 0 "bot-exec: runs the program"
expect_eq "$(sed -n 1,3p "$TMP/exec-out" | tr '\n' '|')" \
	"Max data size 123456789 123456789 bytes |Max processes 3000 3000 processes |Max pending signals 9 9 signals |" \
	"bot-exec: the data limit, the process cap and the queued signals, soft and hard, are the ones given"
expect_eq "$(sed -n 4p "$TMP/exec-out")" "hello" "bot-exec: fd 3 is the program's stdin, fd 4 its stdout"
expect_eq "$(sed -n 5,6p "$TMP/exec-out" | tr '\n' ' ')" "fd 3 closed fd 4 closed " \
	"bot-exec: neither fd 3 nor fd 4 is left open"
run "$BOT_EXEC" 7 9 - - "$TMP/nowhere" 3</dev/null 4>/dev/null
expect_eq "$RC $(cat "$ERR")" "127 bot-exec: cannot run '$TMP/nowhere': No such file or directory" \
	"bot-exec: a missing program: exit 127, said"
run "$BOT_EXEC" 7 9 - - "$TMP/exec-in" 3</dev/null 4>/dev/null
expect_eq "$RC $(cat "$ERR")" "126 bot-exec: cannot run '$TMP/exec-in': Permission denied" \
	"bot-exec: a file that is not a program: exit 126, said"
run "$BOT_EXEC" 7x 9 - - /bin/true 3</dev/null 4>/dev/null
expect_eq "$RC $(cat "$ERR")" "127 bot-exec: cannot set the limit '7x': Invalid argument" \
	"bot-exec: a limit that is not a number: exit 127, said"
run "$BOT_EXEC" 7 9 - group /bin/true 3</dev/null 4>/dev/null 5>&-
expect_eq "$RC $(cat "$ERR")" "127 bot-exec: cannot enter the control group through 'fd 5': Bad file descriptor" \
	"bot-exec: told to enter a group without its fd: exit 127, said"
run "$BOT_EXEC" 7 9 - -
expect_eq "$RC $(cat "$ERR")" "127 usage: bot-exec NPROC SIGPENDING DATA GROUP PROGRAM [ARG...]" \
	"bot-exec: too few words: exit 127 with its usage"

done_testing
