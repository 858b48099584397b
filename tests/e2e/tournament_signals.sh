#!/usr/bin/env bash
# End-to-end: SIGINT or SIGTERM to a running tournament stops it cleanly:
# exit status 2 with "stopped by SIGINT (Ctrl-C); run again with --resume", every
# worker, bot and bot's child gone, the logs finished so far intact; and
# --resume then plays every game exactly once and lists every cut log, one
# moved aside but not yet listed too.  kill -9 of the referee leaves no
# process of any bot's sandbox either.  A second run or --resume
# of a folder in use is refused.  And the main process sleeps while its
# workers play.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

# A slow bot (so that games are in progress when the signal comes), one
# that keeps sleeping children (which the parent-death signal alone would
# not stop), and the C random bot: 3 tables of 12 games.
cat >"$TMP/t.json" <<JSON
{
  "name": "signals", "game": "rolit", "options": {"size": 4}, "games": 12,
  "bots": [
    {"name": "slow", "command": "$PYTHON3 $ZOO/slow.py $TMP 40"},
    {"name": "spawner", "command": "$PYTHON3 $ZOO/spawner.py $TMP 3"},
    {"name": "random", "command": "$CBOT $TMP"}
  ]
}
JSON

# wait_playing DIR WHAT: waits until the run in DIR has finished 3 games
# and the spawner bot is running, and says so.
wait_playing() {
	local finished
	for _ in $(seq 200); do
		finished=$(finished_games "$1/run.jsonl" 2>/dev/null | wc -l)
		[ "${finished:-0}" -ge 3 ] && pgrep -f "$ZOO/spawner.py $TMP" >/dev/null && break
		sleep 0.05
	done
	pgrep -f "$ZOO/spawner.py $TMP" >/dev/null
	ok $? "$2: bots are running"
}

# stop_run NAME SIGNAL STATUS: a run into $TMP/NAME, stopped by SIGNAL to
# the referee once bots are playing; its exit status must be STATUS.
stop_run() {
	local pid
	"$REFEREE" tournament "$TMP/t.json" --out "$TMP/$1" --concurrency 2 \
		>"$TMP/$1.out" 2>"$TMP/$1.err" </dev/null &
	pid=$!
	wait_playing "$TMP/$1" "$1"
	kill -"$2" "$pid"
	wait "$pid"
	expect_eq "$?" "$3" "$1: SIG$2 stops the run, exit status $3"
}

# stop_case SIGNAL [group]: starts a run, sends SIGNAL once a few games
# have finished (bots are playing then) to the referee, or with "group" to
# its whole process group as Ctrl-C does (the workers get it too), checks
# the stop, then resumes.
stop_case() {
	local sig=$1 mode=${2:-} dir="$TMP/$1$2" pid finished target
	sig=$sig${mode:+ to the group}
	setsid "$REFEREE" tournament "$TMP/t.json" --out "$dir" --concurrency 2 \
		>"$TMP/$1$2.out" 2>"$TMP/$1$2.err" </dev/null &
	pid=$!
	target=$pid
	[ -n "$mode" ] && target=-$pid
	wait_playing "$dir" "$sig"
	kill -"$1" -- "$target"
	wait "$pid"
	expect_eq "$?" 2 "$sig: the run exits with status 2"
	expect_contains "$TMP/$1$2.err" "referee tournament: stopped by SIG$1$([ "$1" = INT ] && echo " (Ctrl-C)"); run again with --resume to finish" \
		"$sig: it says it was stopped and how to finish"
	assert_no_leftovers "$sig: no worker, bot or bot's child is left"
	expect_eq "$(tail -1 "$dir/run.jsonl" | grep -c '"type":"signature"')" 0 "$sig: the manifest is not signed"
	finished=$(finished_games "$dir/run.jsonl" | wc -l)
	run "$REFEREE" verify --key "$dir/referee.pub" $(finished_games "$dir/run.jsonl" |
		awk -v dir="$dir" '{ printf "%s/games/%06d.jsonl\n", dir, $1 }')
	ok "$([ "$RC" -eq 0 ] && [ "$(grep -c ': ok:' "$OUT")" -eq "$finished" ]; echo $?)" \
		"$sig: the $finished logs finished before the stop verify" || diag_run

	expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$dir" --resume --concurrency 2
	expect_contains "$OUT" "36 games" "$sig: --resume completes the 36 games"
	# It says it resumes: the games finished before (those listed, and
	# any whose complete log the stop kept from the manifest), and each
	# log the stop cut, set aside.
	resumed=$(sed -n 's/.*: resumed: \([0-9]*\) of 36 games were finished, \([0-9]*\) to play$/\1 \2/p' "$ERR")
	ok "$(read -r before left <<<"$resumed" && [ "$before" -ge "$finished" ] &&
		[ $((before + left)) -eq 36 ]; echo $?)" "$sig: --resume says how many games were finished ($resumed)" ||
		diag "$(cat "$ERR")"
	expect_eq "$(grep -c ': game [0-9]* was cut by the stop: its log is set aside as games/aborted/[0-9]*\.aborted-1\.jsonl, and the game is played again$' "$ERR")" \
		"$(grep -c '"type":"aborted".*"log"' "$dir/run.jsonl")" "$sig: --resume names each log the stop cut, set aside"
	expect_eq "$(tail -1 "$dir/run.jsonl" | grep -c '"type":"signature"')" 1 "$sig: the resumed manifest is signed"
	expect_eq "$(finished_games "$dir/run.jsonl" | sort -u | wc -l)" 36 \
		"$sig: every game is finished"
	expect_eq "$(finished_games "$dir/run.jsonl" | sort | uniq -d | wc -l)" 0 \
		"$sig: no game is finished twice"
	# The README's glob: the logs set aside are out of its way.
	run "$REFEREE" verify --key "$dir/referee.pub" "$dir"/games/*.jsonl
	expect_eq "$RC $(grep -c ': ok:' "$OUT")" "0 36" "$sig: all 36 logs of games/*.jsonl verify"
	expect_eq "$(ls "$dir/games/aborted" 2>/dev/null)" \
		"$(grep '"type":"aborted".*"log"' "$dir/run.jsonl" | sed 's/.*"log":"games\/aborted\/\([^"]*\)".*/\1/' | sort)" \
		"$sig: the logs set aside are in games/aborted/, as the manifest lists them"
	expect_exit 0 "$REFEREE" verify "$dir"
	assert_no_leftovers "$sig: no process left after the resumed run"
}

stop_case INT
stop_case TERM
stop_case INT group

# One run per folder: while a run goes on, a second run or --resume of
# its folder is refused at once, naming the running referee, and touches
# nothing: the first run finishes every game once, with no "resumed"
# record.
second_run_case() {
	local dir="$TMP/busy" pid busy
	"$REFEREE" tournament "$TMP/t.json" --out "$dir" --concurrency 2 \
		>"$TMP/busy.out" 2>"$TMP/busy.err" </dev/null &
	pid=$!
	wait_playing "$dir" "busy"
	busy="referee tournament: $dir is in use by another run (referee process $pid): wait for it to end, or stop it, before running or resuming this tournament there"
	for resume in --resume ""; do
		expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$dir" $resume --concurrency 2
		expect_eq "$(head -n 1 "$ERR")" "$busy" "busy: a second run${resume:+ with $resume} is refused, naming the running one"
		expect_lt "$ELAPSED_MS" 2000 "busy: ... at once"
	done
	wait "$pid"
	expect_eq "$?" 0 "busy: the first run finishes"
	expect_eq "$(finished_games "$dir/run.jsonl" | sort -u | wc -l) $(finished_games "$dir/run.jsonl" | wc -l)" "36 36" \
		"busy: the first run finished each of its 36 games once"
	expect_eq "$(grep -c '"type":"resumed"' "$dir/run.jsonl")" 0 "busy: the manifest was written by the first run alone"
	expect_exit 0 "$REFEREE" verify "$dir"
	expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$dir"
	expect_eq "$(head -n 1 "$ERR")" "referee tournament: $dir already holds a tournament: add --resume to continue it, or choose another --out" \
		"busy: once it has ended, the folder is free again"
}
second_run_case

# kill -9 of the referee mid-run: its workers take every process of every
# bot's sandbox with them, the folder's lock goes with them, and --resume
# finishes the run.  A resume typed while those workers still stop waits
# for them rather than refusing: here the lock held 1.5 s more by another
# process, the id of the referee killed still in it.
kill_case() {
	local dir="$TMP/kill9" holder
	stop_run kill9 KILL 137
	assert_no_leftovers "kill -9: no worker, bot, sandbox or bot's child is left"
	flock -n "$dir/run.lock" -c "touch '$TMP/held'; sleep 1.5" &
	holder=$!
	expect_eventually held "kill -9: another process holds the folder's lock" \
		sh -c "[ -e '$TMP/held' ] && echo held"
	expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$dir" --resume --concurrency 2
	expect_lt 1000 "$ELAPSED_MS" "kill -9: --resume waits for the workers of the referee that has ended"
	wait "$holder"
	expect_eq "$(finished_games "$dir/run.jsonl" | sort -u | wc -l)" 36 "kill -9: --resume finishes every game"
	expect_exit 0 "$REFEREE" verify "$dir"
}
kill_case

# A stop between the two steps of setting a cut log aside (its move into
# games/aborted/, then its "aborted" record) leaves the log there,
# unlisted: the resume lists it under its name, and the game's next cut
# log takes the next name rather than that one.  The move is made by hand
# here, after a stop that cut game 1.
orphan_case() {
	local dir="$TMP/orphan" kept
	cat >"$TMP/orphan.json" <<JSON
{ "name": "orphan", "game": "rolit", "options": {"size": 4}, "games": 2,
  "bots": [{"name": "slow", "command": "$PYTHON3 $ZOO/slow.py $TMP 300"}, {"name": "random", "command": "$CBOT $TMP"}] }
JSON
	cut_game_1() { # [--resume]: a run stopped by SIGTERM while it plays game 1
		local pid
		"$REFEREE" tournament "$TMP/orphan.json" --out "$dir" --concurrency 1 "$@" \
			>"$TMP/orphan.out" 2>"$TMP/orphan.err" </dev/null &
		pid=$!
		expect_eventually yes "orphan: game 1 is being played${1:+ again}" \
			sh -c "[ \"\$(grep -c . '$dir/games/000001.jsonl' 2>/dev/null)\" -ge 3 ] && echo yes"
		kill -TERM "$pid"
		wait "$pid"
		expect_eq "$?" 2 "orphan: SIGTERM stops the run${1:+ again}"
	}
	cut_game_1
	mkdir -p "$dir/games/aborted"
	mv "$dir/games/000001.jsonl" "$dir/games/aborted/000001.aborted-1.jsonl"
	kept=$(sha256sum <"$dir/games/aborted/000001.aborted-1.jsonl")
	cut_game_1 --resume
	expect_contains "$TMP/orphan.err" "game 1 was cut by the stop: its log is set aside as games/aborted/000001.aborted-1.jsonl" \
		"orphan: the resume names the log left unlisted"
	expect_exit 0 "$REFEREE" tournament "$TMP/orphan.json" --out "$dir" --resume --concurrency 1
	expect_eq "$(ls "$dir/games/aborted")" "$(printf '000001.aborted-1.jsonl\n000001.aborted-2.jsonl')" \
		"orphan: game 1's second cut log takes the next name"
	expect_eq "$(sha256sum <"$dir/games/aborted/000001.aborted-1.jsonl")" "$kept" "orphan: the first is kept as it was"
	expect_eq "$(grep -o '"log":"games/aborted/[^"]*"' "$dir/run.jsonl")" \
		"$(printf '"log":"games/aborted/000001.aborted-1.jsonl"\n"log":"games/aborted/000001.aborted-2.jsonl"')" \
		"orphan: the manifest lists both"
	expect_exit 0 "$REFEREE" verify "$dir"
	expect_exit 0 "$REFEREE" ladder "$dir"
}
orphan_case

# edit STATEMENT: $TMP/v.json is t.json with the Python STATEMENT applied
# to it, as f.
edit() {
	"$PYTHON3" -c 'import json, sys
f = json.load(open(sys.argv[1]))
exec(sys.argv[3])
json.dump(f, open(sys.argv[2], "w"))' "$TMP/t.json" "$TMP/v.json" "$1"
}

# versions_ok DIR: how many finished games' logs do not name, seat by
# seat, the command of the bot's version the manifest had before the
# game's finished record; and 1 when some game finished after a new
# version, else 0.
versions_ok() {
	"$PYTHON3" - "$1" <<'PY'
import json, sys
bad = new = versioned = 0
for line in open(sys.argv[1] + "/run.jsonl"):
    r = json.loads(line)
    if r["type"] == "run":
        commands = [b["command"] for b in r["file"]["bots"]]
    elif r["type"] == "bot":
        commands[r["bot"]] = r["entry"]["command"]
        versioned = 1
    elif r["type"] == "finished":
        for g in r["games"]:
            header = json.loads(open("%s/games/%06d.jsonl" % (sys.argv[1], g["game"])).readline())
            logged = [p["command"] for p in header["players"]]
            bad += logged != [commands[b] for b in g["seats"]]
            new += versioned
print(bad, int(new > 0))
PY
}

# Resuming after fixing a bot: a changed command, workdir, readable, env
# or pass_env resumes, and the manifest records the bot's new version,
# which plays its games from there on; a change of anything else is
# refused, naming the field, and touches nothing.
version_case() {
	local dir="$TMP/version" sum refused change field
	stop_run version INT 2
	sum=$(sha256sum <"$dir/run.jsonl")
	refused="is not what the run was started with: a resumed run may change how a bot is run (its command, workdir, readable, env and pass_env: its next games are played by the new version) and add bots at the end of \"bots\" (their tables are added to the schedule), nothing that changes the schedule or the games; put it back, or start a new run with another --out"
	for change in 'f["games"] = 6|games' 'f["time"] = {"move_ms": 500}|time' \
		'f["options"]["size"] = 6|options.size' \
		'f["bots"][2]["ponder"] = True|bots[2].ponder'; do
		field=${change#*|}
		edit "${change%|*}"
		expect_exit 2 "$REFEREE" tournament "$TMP/v.json" --out "$dir" --resume
		expect_eq "$(grep '^referee tournament:' "$ERR")" "referee tournament: cannot resume $dir: \"$field\" $refused" \
			"version: a change of \"$field\" is refused, naming it"
	done
	edit 'f["bots"][0]["name"] = "slower"'
	expect_exit 2 "$REFEREE" tournament "$TMP/v.json" --out "$dir" --resume
	expect_eq "$(grep '^referee tournament:' "$ERR")" "referee tournament: cannot resume $dir: \"bots[0].name\" is 'slower', not 'slow': the run's bots keep their places, and a new bot is added at the end of \"bots\" (its tables are added to the schedule); put 'slow' back in place 0, or start a new run with another --out" \
		"version: a bot renamed is refused, naming it"
	edit 'f["bots"].pop()'
	expect_exit 2 "$REFEREE" tournament "$TMP/v.json" --out "$dir" --resume
	expect_eq "$(grep '^referee tournament:' "$ERR")" "referee tournament: cannot resume $dir: \"bots\" lacks 1 of the run's 3 bots: a bot cannot be removed from a run, whose games stand (new bots are added at the end of \"bots\"); put it back, or start a new run with another --out" \
		"version: a bot removed is refused"
	expect_eq "$(sha256sum <"$dir/run.jsonl")" "$sum" "version: the refused resumes left the manifest as it was"
	edit 'f["bots"][1]["command"] = "'"$CBOT $TMP"'"; f["bots"][2]["env"] = {"ARENA_TEST": "1"}; f["concurrency"] = 2'
	expect_exit 0 "$REFEREE" tournament "$TMP/v.json" --out "$dir" --resume
	expect_eq "$(grep 'new version' "$ERR")" "$dir: a new version of bot 'spawner' plays its games from here on
$dir: a new version of bot 'random' plays its games from here on" "version: the resumed run names each bot's new version"
	expect_eq "$(grep '"type":"bot"' "$dir/run.jsonl" | sed 's/.*"type"/"type"/')" \
		"\"type\":\"bot\",\"bot\":1,\"entry\":{\"name\":\"spawner\",\"command\":\"$CBOT $TMP\"}}
\"type\":\"bot\",\"bot\":2,\"entry\":{\"name\":\"random\",\"command\":\"$CBOT $TMP\",\"env\":{\"ARENA_TEST\":\"1\"}}}" \
		"version: the manifest records each new version of an entry"
	expect_eq "$(versions_ok "$dir")" "0 1" \
		"version: each game was played by the version the manifest had when it finished, the new ones too"
	expect_exit 0 "$REFEREE" verify "$dir"
	expect_exit 0 "$REFEREE" ladder "$dir"
	expect_contains "$OUT" "36 games" "version: the ladder rates the 36 games"
}
version_case

# The main process only waits for its workers: its own CPU time (utime +
# stime of /proc/PID/stat, children not counted) stays a small part of
# the wall time while the games are played, from when the manifest is
# made (after the pre-flight, which starts every bot once from the main
# process).  Three workers, so that the one that writes is not always the
# first polled.
main_cpu_case() {
	local dir="$TMP/cpu" pid start=0 wall ticks=0 base=-1 t hz
	hz=$(getconf CLK_TCK)
	"$REFEREE" tournament "$TMP/t.json" --out "$dir" --concurrency 3 \
		>"$TMP/cpu.out" 2>"$TMP/cpu.err" </dev/null &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		# Not once it is a zombie: its workers' time is added then.
		t=$(awk '$3 != "Z" {print $14 + $15}' "/proc/$pid/stat" 2>/dev/null)
		[ -n "$t" ] && [ "$t" -gt "$ticks" ] && ticks=$t
		if [ "$base" -lt 0 ] && [ -e "$dir/run.jsonl" ]; then
			base=$ticks start=$(now_ms)
		fi
		sleep 0.05
	done
	wait "$pid"
	expect_eq "$?" 0 "cpu: the run finishes"
	ok "$([ "$base" -ge 0 ]; echo $?)" "cpu: its manifest was seen while it ran"
	wall=$(($(now_ms) - start))
	ticks=$((ticks - base))
	expect_lt 1000 "$wall" "cpu: the games last long enough to measure"
	diag "main process: $((ticks * 1000 / hz)) ms of CPU in $wall ms of games"
	expect_lt "$((ticks * 1000 / hz * 5))" "$wall" "cpu: the main process used under 20% of the wall time of the games"
}
main_cpu_case

done_testing
