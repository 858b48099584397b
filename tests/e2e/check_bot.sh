#!/usr/bin/env bash
# `referee check-bot`: the bundled bots pass on every game they play; a bot
# with one fault fails with a line that names it; bad usage is refused.
. "$(dirname "$0")/../tools/lib.sh"

for game in bolo bolo5 volle-lotte rolit black-pot; do
	passes "$game" "$CBOT $TMP"
	passes "$game" "$PYBOT $TMP"
done
for game in bolo bolo5 volle-lotte; do
	passes "$game" "$top_builddir/bots/threshold-bot 400"
	passes "$game" "$PYTHON3 $top_srcdir/bots/threshold_bot.py 400"
done
passes black-pot "$PYTHON3 $top_srcdir/bots/greedy_black_pot.py"

# Every example bot, in each language, passes on its own game.
NODE=${NODE:-node}
for example in bolo bolo5 volle_lotte rolit black_pot; do
	game=${example//_/-}
	passes "$game" "$PYTHON3 $top_srcdir/bots/examples/$example.py"
	if command -v "$NODE" >/dev/null; then
		passes "$game" "$NODE $top_builddir/bots/examples/$example.mjs"
	fi
done
passes rolit "$top_builddir/bots/examples/rolit"
if command -v jq >/dev/null; then
	passes rolit "$top_srcdir/bots/examples/minimal.sh"
fi

# A tournament mixing C, Python and JavaScript bots completes and verifies
# (in the sandbox, the SDKs the scripts import are "readable" for them,
# and the build tree's sdk/python too, which holds arena_bot's compiled
# rules when it is not the source tree: lib.sh's PYTHONPATH names it).
if command -v "$NODE" >/dev/null; then
	cat >"$TMP/mixed.json" <<JSON
{"name": "mixed", "game": "rolit", "options": {"size": 6}, "players": 3, "games": 3,
 "bots": [
  {"name": "c", "command": "$CBOT $TMP"},
  {"name": "py", "command": "$PYTHON3 $top_srcdir/bots/examples/rolit.py $TMP",
   "readable": ["$top_srcdir/sdk/python", "$top_builddir/sdk/python"],
   "pass_env": ["PYTHONPATH"]},
  {"name": "js", "command": "$NODE $top_builddir/bots/examples/rolit.mjs $TMP",
   "readable": ["$top_builddir/sdk/js"]}]}
JSON
	expect_exit 0 "$REFEREE" tournament "$TMP/mixed.json" --out "$TMP/mixed"
	run "$REFEREE" verify "$TMP"/mixed/games/*.jsonl
	ok "$([ "$RC" = 0 ] && [ "$(grep -c ': ok: rolit, 3 players' "$OUT")" = 3 ]; echo $?)" \
		"a tournament of C, Python and JavaScript bots verifies" || diag_run
	expect_eq "$(cat "$TMP"/mixed/games/*.jsonl | grep -c '"type":"forfeit"')" 0 \
		"nobody forfeits in the mixed tournament"
fi
passes rolit "$(zoo minimal)"
expect_contains "$OUT" "declines the fairness exchange" "a bot that declines the exchange is told so"
expect_contains "$OUT" "ok    games 5 to 6, a duplicate set: played at once, each by processes of its own, start naming the set, no commit or lock after the first, end" \
	"after its games, a bot plays a duplicate set"

# A bot that needs a commitment in every game fails the set's second game
# (its first, with the exchange, it plays), with its words on stderr.
run "$REFEREE" check-bot bolo "$(zoo commit-each-game)"
expect_eq "$RC" 1 "a bot that cannot play a set's later game fails"
grep -qE '^  FAIL  game 6, seat 1, move [0-9]+: exit: the bot exited with status 4 before answering "turn"$' "$OUT"
ok $? "the set's game without an exchange is the one it fails, at its first turn" || diag_run
expect_contains "$OUT" "| commit-each-game: a game without a commitment" "its stderr is shown"
expect_not_contains "$OUT" "FAIL  game 5" "the set's first game, with its exchange, passes"
drop_kept

# fails REASON-TEXT BOT [OPTIONS...]: exit 1 and a FAIL line holding the text.
fails() {
	local text=$1 bot=$2
	shift 2
	run "$REFEREE" check-bot rolit "$@" "$bot"
	ok "$([ "$RC" = 1 ] && grep -F "FAIL  game 1, seat 0" "$OUT" | grep -qF ": $text"; echo $?)" \
		"check-bot fails: $text" || diag_run
	drop_kept
}
fails 'illegal-action: D4 is occupied (the action: "D4")' "$(zoo illegal-move occupied)" -o first=seat0
fails 'bad-json: not valid JSON' "$(zoo garbage)"
fails 'timeout: no reply within 300 ms to "turn"' "$(zoo silent-turn.sh)" --clock wall --move-ms 300
fails 'fairness: lock: the reveal does not match the commitment' "$(zoo bad-reveal)"
expect_contains "$OUT" "FAIL  game 1, seat 0: fairness: lock:" "a fault before play has no move number"
expect_contains "$OUT" "the logs and the bot's stderr are kept in /tmp/check-bot." "a failed check keeps its logs"
drop_kept
assert_no_leftovers

# A bot whose replies stay in its output buffer (print without flush, to a
# pipe) never answers hello: the failure says to flush.
mkdir "$TMP/buffered"
printf '%s\n' 'import sys' 'for line in sys.stdin:' '    print("{}")' >"$TMP/buffered/bot.py"
run "$REFEREE" check-bot rolit --clock wall --start-ms 300 "$PYTHON3 $TMP/buffered/bot.py"
expect_contains "$OUT" '  FAIL  starts: timeout: no reply within 300 ms to "hello"' \
	"a bot that keeps its replies in its buffer does not answer hello"
expect_contains "$OUT" '        a bot that runs but does not answer is most often holding its replies in its output buffer: flush standard output after each line (Python: print(..., flush=True); Perl: $| = 1; C: fflush(stdout); Java: System.out.flush())' \
	"... and is told to flush its output"
expect_eq "$RC" 1 "... and fails the check"
drop_kept

# --keep DIR holds the logs and the bot's stderr, however long its path.
KEEP=$TMP/a-folder-with-a-name-long-enough-that-its-path-is-over-sixty-four-bytes/keep
passes rolit "$CBOT $TMP" --games 1 --keep "$KEEP"
ok "$([ -s "$KEEP/game-000001.jsonl" ] && [ -e "$KEEP/bot.stderr" ]; echo $?)" \
	"--keep DIR of a long path holds the log and the bot's stderr" || diag_run

# A fault names the game, the seat and the move, and shows what the bot
# wrote to stderr in that game only; the games after it are played by a
# new process.
run "$REFEREE" check-bot rolit --no-sandbox -o first=seat0 "$(zoo crash-in-game 2)"
expect_contains "$OUT" 'FAIL  game 2, seat 1, move 2: exit: the bot exited with status 9 before answering "turn"' \
	"a crash names its game, seat and move"
expect_eq "$(grep -A2 'FAIL  game 2' "$OUT" | tail -2)" "        the bot's stderr, first and last lines:
        | crash-in-game: giving up in game 2" "a crash shows the bot's stderr lines of that game"
expect_contains "$OUT" "ok    game 3, seat 0: a new process: hello" "the game after a crash starts a new process"
expect_eq "$RC" 1 "a crash fails the check"
drop_kept

# "starts" passes only once hello is answered: a script the interpreter
# cannot open fails it, with the interpreter's own words, and stops there.
run "$REFEREE" check-bot rolit "$PYTHON3 $TMP/no-such-bot.py"
expect_eq "$RC" 1 "a script that cannot be opened fails"
expect_contains "$OUT" 'FAIL  starts: exit: the bot exited with status 2 before answering "hello"' \
	"a script that cannot be opened fails the first check"
expect_contains "$OUT" "| $("$PYTHON3" "$TMP/no-such-bot.py" 2>&1)" "the interpreter's message is shown"
expect_not_contains "$OUT" "ok    starts" "no start is claimed"
expect_eq "$(grep -c 'game 1' "$OUT")" 0 "no game is listed after a failed start"
drop_kept
run "$REFEREE" check-bot rolit "$(zoo crash-at-start.sh)"
expect_contains "$OUT" 'FAIL  starts: exit: the bot exited with status 3 before answering "hello"' \
	"a bot that exits at once fails to start"
drop_kept

# The name a bot gives in hello, and its reply times by message, the
# first turn of each game apart.
run "$REFEREE" check-bot rolit "$CBOT $TMP"
expect_eq "$(head -n 1 "$OUT")" "checking $CBOT $TMP on rolit, 2 players, 4 games against random opponents, then a duplicate set if they pass" \
	"the first line says what is played"
expect_contains "$OUT" 'ok    starts: answers hello as "random-c"' "the hello name is shown"
# Four games in one process, then a set of two, a process each: three
# hellos and goodbyes, six starts and ends, the exchange in five games.
for kind in hello:3 start:6 commit:5 lock:5 end:6 goodbye:3; do
	expect_eq "$(awk -v k="${kind%:*}" '$1 == k {print $2}' "$OUT")" "${kind#*:}" \
		"reply times: ${kind%:*} counted"
done
expect_eq "$(grep -c '^  turn (first of a game) *6 .* ms *1000 ms$' "$OUT")" 1 \
	"reply times: the first turns of 6 games apart, against the budget"
expect_eq "$(grep -c '^  turn  *[0-9][0-9]* .* ms *1000 ms$' "$OUT")" 1 "reply times: the other turns"
expect_not_contains "$OUT" "warn" "a fast bot has no warning"
expect_contains "$OUT" "reply times (CPU clock):" "the clock is named"
expect_eq "$(grep -cE '^  turn  *[0-9]+ +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+ ms +1000 ms$' "$OUT")" 1 \
	"reply times: wall and CPU time, median and max, against the budget"
# By the wall clock, a bot that sleeps; by the CPU clock, one that computes.
run "$REFEREE" check-bot rolit --games 1 --clock wall --move-ms 600 "$(zoo slow 350)"
expect_eq "$RC" 0 "a slow bot within its budget passes"
expect_contains "$OUT" "reply times (wall clock):" "the wall clock is named"
# (350 ms of sleep and the start of a first turn: 425 ms at load 17)
expect_contains "$OUT" "  warn  turn (first of a game): the slowest reply took " \
	"a first turn over half the budget is a warning"
expect_contains "$OUT" "over half the 600 ms budget: a slower machine or a busy one may make it a timeout" \
	"the warning names the budget"
# 100 ms of CPU a turn in a budget of 1000: its wall-clock ceiling (3 s)
# holds on a loaded machine, where 170 ms in 300 (a ceiling of 1.6 s)
# timed out at a load of 10 on 2 cores.  Rolit 4x4: 6 turns a game.
run "$REFEREE" check-bot rolit -o size=4 --games 1 --move-ms 1000 \
	"burn=$PYTHON3 $ZOO/greedy.py $TMP burn 100"
expect_eq "$RC" 0 "a bot that computes within its budget passes" || diag_run
expect_not_contains "$OUT" "  warn  turn: " "a turn under half its CPU budget is no warning"
# The same in a budget of 150: over half, a warning.  Only the warning is
# checked: on a loaded machine a turn may pass the ceiling (1.3 s).
run "$REFEREE" check-bot rolit -o size=4 --games 1 --move-ms 150 \
	"burn=$PYTHON3 $ZOO/greedy.py $TMP burn 100"
expect_contains "$OUT" "  warn  turn: the slowest reply took " "a turn over half its CPU budget is a warning"
expect_contains "$OUT" " ms of CPU, over half the 150 ms budget: a slower machine may make it a timeout" \
	"the warning says the time is CPU time"

# A name meant to play tricks on the terminal is refused, and never shown.
run "$REFEREE" check-bot rolit --games 1 "$(zoo named 'evil^[[2Jbot')"
expect_contains "$OUT" 'FAIL  starts: bad-reply: hello: "name" must not hold a control character' \
	"a hello name with an escape character fails the start"
expect_eq "$(grep -c $'\033' "$OUT")" 0 "no escape character reaches the terminal"
drop_kept

# --players and game options.
run "$REFEREE" check-bot rolit --players 3 -o size=6 --games 3 "$CBOT $TMP"
expect_eq "$RC" 0 "check-bot --players 3 passes"
expect_contains "$OUT" "on rolit, 3 players, 3 games" "--players sets the table"
expect_contains "$OUT" "ok    game 3, seat 2: the same process" "the bot takes the third seat"
expect_exit 2 "$REFEREE" check-bot rolit --players 9 "$CBOT $TMP"
expect_contains "$ERR" "players" "a player count the game does not allow is refused"

mkdir "$TMP/scratch"
TMPDIR=$TMP/scratch run "$REFEREE" check-bot rolit "/nonexistent/bot"
ok "$([ "$RC" = 1 ] && grep -qF "FAIL  starts: cannot run '/nonexistent/bot': No such file or directory" "$OUT"; echo $?)" \
	"a program that cannot run fails the first check" || diag_run
expect_not_contains "$OUT" "are kept in" "... and keeps nothing, having nothing of the bot's to keep"
expect_eq "$(ls -A "$TMP/scratch")" "" "... its folder removed (only the check's keys were in it)"
expect_exit 2 "$REFEREE" check-bot chess "$CBOT"
expect_contains "$ERR" "unknown game 'chess'" "an unknown game is refused"
expect_exit 2 "$REFEREE" check-bot rolit
expect_contains "$ERR" "give a game and one bot" "a missing bot is refused"
expect_exit 0 "$REFEREE" check-bot --help
expect_contains "$OUT" "usage: referee check-bot GAME BOT" "--help shows the usage"

done_testing
