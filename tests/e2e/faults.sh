#!/bin/bash
# End-to-end: misbehaving bots (tests/zoo) against the random bots.  Each
# fault costs the bot the game with the exact reason of PROTOCOL.md, in the
# log and on stdout; the game still completes and its log verifies; the
# referee keeps its deadlines, leaves no process and no fd behind, and
# restarts a bot that died for the next game.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)
PY=$(pybot)
case_number=0

# fault_case NAME BOT REASON DETAIL [PLAY FLAGS...]: BOT (a zoo command)
# in seat 0 against the C random bot (or $OPPONENT), one game, must forfeit for REASON
# with DETAIL (the start of the message) and lose; sets LOG, CASE and
# PLAY_MS, the time the referee took.
fault_case() {
	local name=$1 bot=$2 reason=$3 detail=$4
	shift 4
	case_number=$((case_number + 1))
	CASE="$TMP/case-$case_number"
	mkdir "$CASE"
	LOG="$CASE/game.jsonl"
	expect_exit 0 "$REFEREE" play rolit "$@" --log "$LOG" "$name=$bot" "${OPPONENT:-$C}"
	PLAY_MS=$ELAPSED_MS
	grep -qE "^  2\\. $name +seat 0  score [0-9]+  forfeit: $reason: " "$OUT" &&
		grep -qF -e "forfeit: $reason: $detail" "$OUT"
	ok $? "$name: stdout says it lost: forfeit: $reason: $detail" || diag_run
	grep -qE "^\\{\"seq\":[0-9]+,\"prev\":\"[0-9a-f]{64}\",\"type\":\"forfeit\",\"seat\":0,\"reason\":\"$reason\",\"detail\":\"" "$LOG"
	ok $? "$name: the log has a forfeit of seat 0 with \"reason\":\"$reason\"" || diag "$(grep forfeit "$LOG")"
	expect_eq "$(grep -c '"type":"result"' "$LOG")" 1 "$name: the game has a result"
	expect_eq "$(ranks_of "$LOG")" "2,1" "$name: the result ranks it second"
	run "$REFEREE" verify "$LOG"
	ok "$([ "$RC" -eq 0 ] && grep -q ': ok: rolit, 2 players' "$OUT"; echo $?)" "$name: the log verifies" || diag_run
	assert_no_leftovers "$name: no process left over"
}

# --- one fault of each kind --------------------------------------------------------------
fault_case silent "$(zoo silent.sh)" timeout "no reply within 300 ms" --clock wall --start-ms 300 --move-ms 300
expect_lt "$PLAY_MS" 2000 "silent: a hello that never comes costs --start-ms, not more"
fault_case silent-turn "$(zoo silent-turn.sh)" timeout "no reply within 300 ms" --clock wall --move-ms 300
expect_lt "$PLAY_MS" 2000 "silent-turn: a turn that never comes costs --move-ms, not more"
expect_lt 299 "$PLAY_MS" "silent-turn: the referee waits the whole --move-ms"
expect_eq "$(grep -c '"type":"action","seat":0' "$LOG")" 0 "silent-turn: no action from it"
fault_case trickle "$(zoo trickle)" timeout "no reply within 500 ms" --clock wall --move-ms 500
expect_lt "$PLAY_MS" 3000 "trickle: the deadline is for the whole line, not for each read"
fault_case ignore-term "$(zoo ignore-term.sh)" timeout "no reply within 300 ms" --clock wall --move-ms 300
expect_lt "$PLAY_MS" 2000 "ignore-term: killed after the grace period"
fault_case crash-at-start "$(zoo crash-at-start.sh)" exit "the bot exited with status 3"
sed -n 2p "$LOG" | grep -qE '^\{"seq":1,"prev":"[0-9a-f]{64}","type":"forfeit","seat":0,"reason":"exit",'
ok $? "crash-at-start: the forfeit is the first record after the header" || diag "$(sed -n 2p "$LOG")"
fault_case exit-mid-game "$(zoo exit-mid-game 3)" exit "the bot exited with status 0"
expect_eq "$(grep -c '"type":"action","seat":0,' "$LOG")" 3 "exit-mid-game: it played 3 moves first"
fault_case grandchild "$(zoo grandchild)" exit "the bot exited with status 7" --move-ms 5000
expect_lt "$PLAY_MS" 3000 "grandchild: its exit is seen at once, though a grandchild holds its stdout"
fault_case close-stdout "$(zoo close-stdout)" exit "the bot is still running" --move-ms 5000
expect_lt "$PLAY_MS" 3000 "close-stdout: a closed stdout is seen at once"
fault_case garbage "$(zoo garbage)" bad-json "not valid JSON (error near byte 0): this is not JSON (stdout carries only the replies: write logs and debugging output to stderr)"
fault_case dup-key "$(zoo dup-key)" bad-json 'duplicate key "action": {"action":"'
fault_case huge-line "$(zoo huge-line)" line-too-long "a reply line passed 65536 bytes" --move-ms 5000
expect_lt "$PLAY_MS" 3000 "huge-line: cut off at the limit, not at the deadline"
fault_case huge-line-small "$(zoo huge-line)" line-too-long "a reply line passed 1000 bytes" --max-line 1000
fault_case no-action "$(zoo no-action)" bad-reply 'the reply to a turn has no "action"'
fault_case illegal-occupied "$(zoo illegal-move occupied)" illegal-action "D4 is occupied" -o first=seat0
grep -qE '"type":"action","seat":0,"action":"D4","us":[0-9]+,"cpu_us":[0-9]+\}$' "$LOG"
ok $? "illegal-occupied: the illegal action stays in the log"
fault_case illegal-offboard "$(zoo illegal-move offboard)" illegal-action "I1 is off the 8x8 board (A1 to H8)"
fault_case illegal-name "$(zoo illegal-move notsquare)" illegal-action '"d3" is not a square name'
fault_case illegal-number "$(zoo illegal-move number)" illegal-action 'the action must be a JSON string naming a square'
fault_case chatty "$(zoo chatty turn)" unexpected-output "wrote to stdout when no reply was due (stdout carries only the replies: write logs and debugging output to stderr)"
fault_case chatty-hello "$(zoo chatty hello)" unexpected-output "wrote to stdout when no reply was due (stdout carries only the replies: write logs and debugging output to stderr)"
expect_eq "$(grep -c '"type":"action","seat":0' "$LOG")" 0 "chatty-hello: faulted before any move"
fault_case bad-commit "$(zoo bad-commit)" fairness 'commit: "commitment" must be 32 bytes as 64 lowercase hex digits'
fault_case bad-reveal "$(zoo bad-reveal wrong)" fairness "lock: the reveal does not match the commitment"
expect_contains "$LOG" '"type":"abandon"' "bad-reveal: no key, the game is abandoned"
expect_eq "$(grep -c '"type":"action"' "$LOG")" 0 "bad-reveal: no move is played"
run "$REFEREE" replay "$LOG"
expect_contains "$OUT" "no match key could be formed: the game is abandoned" "bad-reveal: replay says the game was abandoned"
# The evidence: the bytes it revealed, then its forfeit quoting its reply.
REVEALED=$(sed -n 's/.*"type":"bot-reveal","seat":0,"contribution":"\([0-9a-f]\{64\}\)"}$/\1/p' "$LOG")
expect_eq "${#REVEALED}" 64 "bad-reveal: the log records the 32 bytes it revealed"
grep -A1 -F '"type":"bot-reveal","seat":0,' "$LOG" | tail -n 1 | grep -qF \
	"\"type\":\"forfeit\",\"seat\":0,\"reason\":\"fairness\",\"detail\":\"lock: the reveal does not match the commitment (the reply: {\\\"reveal\\\":\\\"$REVEALED\\\"})\"}"
ok $? "bad-reveal: its forfeit follows, quoting what it sent"
fault_case no-reveal "$(zoo bad-reveal none)" fairness "lock: committed but did not reveal (the reply: {})"
expect_contains "$LOG" '"type":"abandon"' "no-reveal: the game is abandoned"
grep -A1 -F '"type":"bot-reveal","seat":0,"contribution":null}' "$LOG" | tail -n 1 | grep -qF \
	'"type":"forfeit","seat":0,"reason":"fairness","detail":"lock: committed but did not reveal (the reply: {})"}'
ok $? "no-reveal: the log records that it revealed nothing, then its forfeit"
fault_case late "$(zoo misbehave late)" timeout 'no reply within 300 ms to "turn"' --clock wall --move-ms 300
fault_case partial-line "$(zoo misbehave partial)" timeout 'no reply within 300 ms to "turn"' --clock wall --move-ms 300
fault_case flood "$(zoo misbehave flood)" unexpected-output "wrote to stdout when no reply was due (stdout carries only the replies: write logs and debugging output to stderr)"
fault_case bad-utf8 "$(zoo misbehave badutf8)" bad-json "the line is not valid UTF-8"
fault_case nul-byte "$(zoo misbehave nul)" bad-json "the line contains a NUL byte"
fault_case deep-json "$(zoo misbehave deep)" bad-json "not valid JSON"
fault_case huge-number "$(zoo misbehave hugenum)" bad-json "a number is too large for a double"
fault_case segv "$(zoo misbehave segv)" exit 'the bot was killed by signal 11 (Segmentation fault) before answering "turn"'
fault_case exec-other "$(zoo misbehave exec)" exit 'the bot exited with status 0 before answering "turn"'
fault_case spin "$(zoo spin)" exit "the bot was killed by signal 24 (CPU time limit exceeded)" --cpu-seconds 1 --move-ms 10000
expect_lt "$PLAY_MS" 8000 "spin: --cpu-seconds 1 stops it long before --move-ms"
# Its control group's limit: the kernel kills it on the spot, and only it
# (given 20 s a move: filling 200 MiB took more than the default second
# of CPU on a loaded machine, and it lost on time instead).
if no_control_group; then
	ok 0 "hog: a memory forfeit # SKIP $NO_CONTROL_GROUP"
else
	fault_case hog "$(zoo hog)" memory 'went past its memory limit of 200 MiB (the kernel killed a process of it) (answering "turn")' --memory-mb 200 --move-ms 20000
fi
fault_case slow "$(zoo slow 100)" timeout "no reply within " --clock wall --game-ms 500
grep -qE '"type":"action","seat":0,' "$LOG" && [ "$(grep -c '"type":"action","seat":0,' "$LOG")" -le 5 ]
ok $? "slow: --game-ms 500 runs out after a few moves of 100 ms"

# A fairness fault in 3 players: no key, so the game ends at once and the
# two others share first place.
mkdir "$TMP/abandon3"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --log "$TMP/abandon3/game.jsonl" "bad-reveal=$(zoo bad-reveal wrong)" "$C" "$PY"
expect_eq "$(ranks_of "$TMP/abandon3/game.jsonl")" "3,1,1" "abandoned 3-player game: the others share first place"
expect_contains "$OUT" "  3. bad-reveal " "abandoned 3-player game: the bot at fault is 3rd on stdout"

# A fault as seat 1, against the Python bot.
mkdir "$TMP/seat1"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --log "$TMP/seat1/game.jsonl" "$PY" "garbage=$(zoo garbage)"
expect_contains "$TMP/seat1/game.jsonl" '"type":"forfeit","seat":1,"reason":"bad-json"' "seat 1 forfeits for bad-json"
expect_eq "$(ranks_of "$TMP/seat1/game.jsonl")" "1,2" "seat 1 ranks second"

# --- a bot that cannot be started ---------------------------------------------------------------
expect_exit 2 "$REFEREE" play rolit "$C" "no-such-bot-$$ '$TMP'"
expect_contains "$ERR" "referee play: program 'no-such-bot-$$' not found in PATH" "a missing program: named in the message"
expect_exit 2 "$REFEREE" play rolit "$C" "$TMP/nothing-here '$TMP'"
expect_contains "$ERR" "referee play: cannot run '$TMP/nothing-here': No such file or directory" "a missing path: named in the message"
printf '#!/bin/sh\nexit 0\n' >"$TMP/not-executable"
expect_exit 2 "$REFEREE" play rolit "$C" "$TMP/not-executable '$TMP'"
expect_contains "$ERR" "referee play: cannot run '$TMP/not-executable': Permission denied" "a file that is not executable: named"
expect_not_contains "$OUT" "game 1" "no game is played when a bot cannot start"
assert_no_leftovers "a bot that cannot start: the others are stopped"

# --- 4 players: a fault mid-game, the others play on ---------------------------------------------
mkdir "$TMP/four"
LOG="$TMP/four/game.jsonl"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o first=seat0 --log "$LOG" "quitter=$(zoo exit-mid-game 4)" "$C" "$PY" "$C"
expect_contains "$OUT" "game 1: 60 actions" "4 players: the game is played to the full board"
grep -qE '^  4\. quitter +seat 0  score [0-9]+  forfeit: exit: the bot exited with status 0 before answering "turn"$' "$OUT"
ok $? "4 players: the bot that quit is 4th" || diag_run
ranks_of "$LOG" | grep -qE '^4,[1-3],[1-3],[1-3]$'
ok $? "4 players: the result ranks seat 0 last and the others 1 to 3" || diag "$(grep result "$LOG")"
expect_eq "$(grep -c '"type":"action","seat":0,' "$LOG")" 4 "4 players: seat 0 played 4 moves"
expect_eq "$(sed -n '/"type":"forfeit"/,$p' "$LOG" | grep -c '"type":"action","seat":[123],')" 44 \
	"4 players: the 3 others play the 44 moves after the forfeit"
expect_exit 0 "$REFEREE" verify "$LOG"
expect_contains "$OUT" "ok: rolit, 4 players, 60 actions" "4 players: the log verifies"
assert_no_leftovers "4 players: no process left over"

# Two faults: the earlier one ranks below the later one.
mkdir "$TMP/four2"
LOG="$TMP/four2/game.jsonl"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --log "$LOG" "quitter=$(zoo exit-mid-game 2)" "crasher=$(zoo crash-at-start.sh)" "$C" "$PY"
ranks_of "$LOG" | grep -qE '^3,4,[12],[12]$'
ok $? "2 faults in 4 players: the one at the start 4th, the one mid-game 3rd" || diag "$(grep result "$LOG")"
expect_contains "$OUT" "  4. crasher" "2 faults: crasher is 4th on stdout"
expect_contains "$OUT" "  3. quitter" "2 faults: quitter is 3rd on stdout"
expect_exit 0 "$REFEREE" verify "$LOG"
expect_contains "$OUT" "ok: rolit, 4 players, 60 actions" "2 faults: the log verifies"

# Two faults before play: ranked by their order, never the same rank, and
# never dealt: with first=seat0 the first seat still in (seat 2) starts.
mkdir "$TMP/four4"
LOG="$TMP/four4/game.jsonl"
expect_exit 0 "$REFEREE" play "${SDK[@]}" bolo -o first=seat0 -o target=1000 --log "$LOG" \
	"c1=$(zoo crash-at-start.sh)" "c2=$(zoo crash-at-start.sh)" "$C" "$PY"
ranks_of "$LOG" | grep -qE '^(3,4|4,3),[12],[12]$'
ok $? "2 faults before play: ranks 3 and 4, by their order" || diag "$(grep result "$LOG")"
# (Its first roll may score nothing, and then seat 3 makes the first move.)
expect_exit 0 "$REFEREE" replay "$LOG"
expect_contains "$OUT" "play begins: seat 2 starts" \
	"2 faults before play: seat 2, the first seat still in, plays first"
expect_exit 0 "$REFEREE" verify "$LOG"
expect_contains "$OUT" "ok: bolo, 4 players" "2 faults before play: the log verifies"

# Three faults leave one seat: the game ends at once and it wins.
mkdir "$TMP/four3"
LOG="$TMP/four3/game.jsonl"
expect_exit 0 "$REFEREE" play rolit --log "$LOG" "g1=$(zoo garbage)" "g2=$(zoo garbage)" "$C" "g3=$(zoo garbage)"
ranks_of "$LOG" | grep -qE '^[234],[234],1,[234]$'
ok $? "3 faults in 4 players: the seat left wins" || diag "$(grep result "$LOG")"
expect_eq "$(grep -c '"type":"forfeit"' "$LOG")" 3 "3 faults: three forfeits"
expect_exit 0 "$REFEREE" verify "$LOG"
expect_contains "$OUT" "ok: rolit, 4 players" "3 faults: the log verifies"

# --- restarts: a bot that crashes in game 2 of 5 ---------------------------------------------------
# (It counts its starts in files of $TMP, out of the sandbox's reach.)
DIR="$TMP/restart"
expect_exit 0 "$REFEREE" play rolit --no-sandbox --games 5 --out "$DIR" "crashy=$(zoo crash-in-game 2)" "$C"
expect_eq "$(grep -c 'forfeit:' "$OUT")" 1 "restart: one forfeit in 5 games"
expect_contains "$OUT" "forfeit: exit: the bot exited with status 9" "restart: the crash is reported"
expect_eq "$(cat "$TMP/crash-in-game.hellos")" 2 "restart: a fresh process said hello after the crash"
expect_eq "$(cat "$TMP/crash-in-game.games")" 5 "restart: it was started in all 5 games"
expect_eq "$(grep -l '"type":"forfeit"' "$DIR"/game-000*.jsonl | tr '\n' ' ')" "$DIR/game-000002.jsonl " "restart: only game 2 has a forfeit"
grep -qE '^crashy +5 +[0-5] +[12]\.[0-9]{2} +1$' "$OUT"
ok $? "restart: the summary counts 5 games and 1 forfeit for it" || diag_run
expect_eq "$(grep -c '^game [3-5]: 60 actions' "$OUT")" 3 "restart: games 3 to 5 are played to the end"
expect_exit 0 "$REFEREE" verify "$DIR"/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit' "$OUT")" 5 "restart: the 5 logs verify"
assert_no_leftovers "restart: no process left over"

# A bot that crashes at start in every game is restarted (and forfeits) every game.
DIR="$TMP/always"
expect_exit 0 "$REFEREE" play rolit --games 3 --out "$DIR" "crasher=$(zoo crash-at-start.sh)" "$C"
grep -qE '^crasher +3 +0 +2\.00 +3$' "$OUT"
ok $? "crash at every start: 3 games, 3 forfeits" || diag_run
expect_exit 0 "$REFEREE" verify "$DIR"/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit, 2 players, 0 actions' "$OUT")" 3 "crash at every start: the 3 logs verify"

# A bot whose program is gone after game 1 cannot be restarted: it
# forfeits the games after, and the match goes on.  (In the sandbox it
# could not remove itself.)
printf '#!/bin/sh\n# removes itself, then exits with status 5\nrm -f "$0"\nexit 5\n' >"$TMP/vanish.sh"
chmod +x "$TMP/vanish.sh"
DIR="$TMP/vanish"
expect_exit 0 "$REFEREE" play rolit --no-sandbox --games 3 --out "$DIR" "vanish=$TMP/vanish.sh" "$C"
expect_contains "$OUT" "forfeit: exit: the bot exited with status 5" "vanish: game 1 is lost as it exits"
expect_eq "$(grep -c "forfeit: exit: cannot start the bot: cannot run '$TMP/vanish.sh': No such file or directory" "$OUT")" 2 \
	"vanish: games 2 and 3 are lost as it cannot be started"
expect_exit 0 "$REFEREE" verify "$DIR"/game-000*.jsonl
expect_eq "$(grep -c ': ok: rolit, 2 players, 0 actions' "$OUT")" 3 "vanish: the 3 logs verify"

# --- no fd leaks ------------------------------------------------------------------------------------
# fdprobe records, at every start message, how many fds its parent (the
# referee) has open; a bot that exits mid-game is stopped and restarted in
# every game.  The referee's fds at the start of each game must be the same
# in every game, and the probe must have no fd above 2: the referee's own
# fds are close-on-exec, and so are any it inherited (a make jobserver's).
# (Without the sandbox, whose own process would be the probe's parent.)
# The referee is non-dumpable, so only root reads its /proc/PID/fd.
DIR="$TMP/fds"
expect_exit 0 "$REFEREE" play rolit --no-sandbox --games 8 --out "$DIR" "probe=$(zoo fdprobe)" "quitter=$(zoo exit-mid-game 2)" "$C"
expect_eq "$(grep -c 'forfeit: exit' "$OUT")" 8 "fds: the quitter fails in each of 8 games"
expect_eq "$(wc -l <"$TMP/fdprobe.log")" 8 "fds: 8 samples"
if [ "$(id -u)" = 0 ]; then
	expect_eq "$(cut -d' ' -f1 "$TMP/fdprobe.log" | sort -u | wc -l)" 1 "fds: the referee has as many fds at the start of each game"
	diag "the referee's fds at each start: $(cut -d' ' -f1 "$TMP/fdprobe.log" | tr '\n' ' ')"
else
	expect_eq "$(cut -d' ' -f1 "$TMP/fdprobe.log" | sort -u)" unreadable \
		"fds: a bot of the referee's own user cannot read the non-dumpable referee's fds"
	ok 0 "fds: the referee has as many fds at the start of each game # SKIP only root can read the non-dumpable referee's /proc/PID/fd"
fi
expect_eq "$(cut -d' ' -f2 "$TMP/fdprobe.log" | sort -u | tr -d '\n')" 0 "fds: a bot inherits no fd of the referee's"
assert_no_leftovers "fds: no process left over"

# --- the referee killed mid-game ----------------------------------------------------------------------
# Its bots die with it (parent-death signal) and the log it leaves is
# reported incomplete.
mkdir "$TMP/killed"
LOG="$TMP/killed/game.jsonl"
"$REFEREE" play rolit --log "$LOG" "slow=$(zoo slow 30)" "$C" >/dev/null 2>&1 &
referee_pid=$!
for ((i = 0; i < 100; i++)); do
	moves=$(grep -c '"type":"action"' "$LOG" 2>/dev/null)
	[ "${moves:-0}" -ge 6 ] && break
	sleep 0.05
done
kill -TERM "$referee_pid"
wait "$referee_pid"
expect_eq "$?" 143 "killed: the referee ends on SIGTERM"
assert_no_leftovers "killed: its bots die with it"
run "$REFEREE" verify "$LOG"
ok "$([ "$RC" -eq 1 ] && grep -qE 'FAILED: line [0-9]+: the log (is incomplete|ends in the middle of a line)' "$OUT"; echo $?)" \
	"killed: the log it leaves is reported incomplete" || diag_run

# --- stderr is kept, capped ----------------------------------------------------------------------
DIR="$TMP/noisy"
expect_exit 0 "$REFEREE" play rolit --max-stderr 1000 --out "$DIR" "noisy=$(zoo noisy)" "$C"
# The file opens with the referee's lines, each after its byte 0x1e: the
# file's, then the game's (not counted).
expect_eq "$(head -n 2 "$DIR/noisy.stderr" | grep -c $'^\x1e=== arena: \\(each line of the referee.s starts with the record separator\\|game 1 (game_id [0-9a-f]*), seat 0, rolit\\) ===$')" 2 \
	"stderr: the file opens with the referee's line and the game's, each after byte 0x1e"
expect_eq "$(tail -n +3 "$DIR/noisy.stderr" | head -c 1000 | tr -d x | tr -d '\n' | wc -c)" 0 "stderr: the next 1000 bytes are the bot's"
expect_eq "$(tail -n 1 "$DIR/noisy.stderr")" "[stderr truncated after 1000 bytes]" "stderr: cut at --max-stderr with a marker"
expect_eq "$(tail -n +3 "$DIR/noisy.stderr" | wc -c)" 1036 "stderr: nothing after the marker"
expect_contains "$OUT" "game 1: 60 actions" "stderr: the noisy bot plays its game"

done_testing
