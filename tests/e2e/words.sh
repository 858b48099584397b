#!/bin/bash
# End-to-end: the bot's own words per move (docs/PROTOCOL.md, "info";
# docs/REPLAY.md, "The bot's own words").  A turn reply's "info" goes into
# the log beside the action (cut at 256 bytes on a character boundary,
# ignored when not a string) and never changes the game; the log still
# verifies, and verify refuses an info the referee would never write;
# stderr lines are marked with the move they came during; the text
# replay, the HTML replay and the report show both per move, and a
# forfeit with the bot's last words; a game and seat that two files claim
# gets no lines.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"
KEY="$KEYDIR/referee.key"

# moves LOG: the squares played, in order, on one line.
moves() {
	grep -o '"action":"[A-H][0-9]"' "$1" | cut -d'"' -f4 | tr '\n' ' '
}

# --- info in the log, beside the action; the game is the same without it -----------------
A="a=$(zoo annotate)"
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --out "$TMP/w" "$A" "b=$(zoo annotate)"
LOG="$TMP/w/game-000001.jsonl"
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --out "$TMP/plain" "a=$(zoo first-legal)" "b=$(zoo first-legal)"
expect_eq "$(moves "$LOG")" "$(moves "$TMP/plain/game-000001.jsonl")" \
	"bots that send info play the game of bots that do not (info never affects the game)"
grep '"type":"action"' "$LOG" | head -n 1 | grep -qE '^\{"seq":[0-9]+,"prev":"[0-9a-f]{64}","type":"action","seat":0,"action":"[A-H][1-8]","us":[0-9]+,"cpu_us":[0-9]+,"info":"turn 1: [A-H][1-8]"\}$'
ok $? "the first action record carries the bot's info after its times" || diag "$(grep -m1 '"type":"action"' "$LOG")"
expect_eq "$(grep -c '"info":"turn [0-9]*: [A-H][1-8]"' "$LOG")" 60 "every one of the 60 actions has its info"
expect_exit 0 "$REFEREE" verify "$LOG"
expect_contains "$OUT" ": ok: rolit, 2 players, 60 actions, signed by key" "a log with info verifies"

# --- stderr marked with the move ----------------------------------------------------------
# Each line of the referee's starts with the byte 0x1e (shown here as R).
expect_eq "$(sed -n 1,5p "$TMP/w/b.stderr" | sed 's/game_id [0-9a-f]*/game_id ID/' | tr '\036\n' 'R|')" \
	"R=== arena: each line of the referee's starts with the record separator ===|R=== arena: game 1 (game_id ID), seat 1, rolit ===|R=== arena: move 2 ===|thinking about turn 1|chose $(moves "$LOG" | cut -d' ' -f2)|" \
	"b's stderr: the file's mark, the game's, then move 2's before what it wrote during move 2"
expect_eq "$(grep -c $'^\x1e=== arena: move [0-9]* ===$' "$TMP/w/a.stderr")" 30 "a's stderr: one mark for each of its 30 moves"
expect_eq "$(grep -c '=== arena: move' "$TMP/plain/a.stderr")" 0 "a bot that writes nothing to stderr gets no marks"

# --- the text replay ----------------------------------------------------------------------
expect_exit 0 "$REFEREE" replay "$LOG" --move 3
FIRST3=$(moves "$LOG" | cut -d' ' -f3)
expect_eq "$(sed -n '3,5p' "$OUT")" "  info: turn 2: $FIRST3
  stderr: thinking about turn 2
  stderr: chose $FIRST3" "replay --move 3: the bot's info and its stderr lines of move 3"

# --- cut, escaped, ignored -----------------------------------------------------------------
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --out "$TMP/odd" "long=$(zoo annotate long)" \
	"esc=$(zoo annotate escape)"
L=$TMP/odd/game-000001.jsonl
expect_eq "$("$PYTHON3" -c '
import json, sys
infos = [r.get("info") for r in map(json.loads, open(sys.argv[1])) if r["type"] == "action" and r["seat"] == 0]
print(len(infos), set(len(i.encode()) for i in infos), set(infos) == {"\u00e9" * 128})' "$L")" "30 {256} True" \
	"300 bytes of info are cut to 256 bytes, on a character boundary (128 of 150 e-acute)"
expect_contains "$L" '"info":"turn 1 \u001b[2J\nforged"' "the log keeps an escape and a newline of info as JSON escapes"
expect_exit 0 "$REFEREE" replay "$L" --move 2
expect_eq "$(sed -n 3p "$OUT")" '  info: turn 1 \x1b[2J\x0aforged' "the text replay shows them escaped, on one line"
expect_eq "$(grep -c $'\x1b' "$OUT")" 0 "... no escape character reaches the terminal"
expect_exit 0 "$REFEREE" verify "$L"
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --out "$TMP/num" "n=$(zoo annotate number)" "$(zoo first-legal)"
expect_eq "$(grep -c '"info"' "$TMP/num/game-000001.jsonl")" 0 "an info that is not a string is ignored, not logged"
expect_eq "$(grep -c '"type":"forfeit"' "$TMP/num/game-000001.jsonl")" 0 "... and costs the bot nothing"

# --- verify refuses an info the referee never writes ------------------------------------------
N=$(grep -n '"type":"action"' "$LOG" | head -n 1 | cut -d: -f1)
$LOGTOOL resign "$LOG" "$TMP/long.jsonl" "$KEY" sub $((N - 1)) '"info":"turn 1: ' "\"info\":\"$(printf 'x%.0s' $(seq 260))"
expect_exit 1 "$REFEREE" verify "$TMP/long.jsonl"
expect_contains "$OUT" "FAILED: line $N: \"info\" is a string of 1 to 256 bytes, as the referee cuts a bot's words" \
	"verify: an info of 262 bytes, signed, fails"
$LOGTOOL resign "$LOG" "$TMP/number.jsonl" "$KEY" sub $((N - 1)) '"info":"turn 1: [A-H][1-8]"' '"info":7'
expect_exit 1 "$REFEREE" verify "$TMP/number.jsonl"
expect_contains "$OUT" "FAILED: line $N: \"info\" is a string of 1 to 256 bytes" "verify: an info that is a number fails"
sed '0,/"info":"turn 1: /s//"info":"turn 9: /' "$LOG" >"$TMP/changed.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/changed.jsonl"
expect_contains "$OUT" "$TMP/changed.jsonl: FAILED: line $((N + 1)): " "verify: a changed info breaks the chain (info is signed)"

# --- a forfeit and the bot's last words ---------------------------------------------------------
cat >"$TMP/t.json" <<JSON
{"name": "words", "game": "rolit", "options": {"first": "seat0"}, "players": 2, "games": 2,
 "bots": [{"name": "calm", "command": "$(zoo annotate)"},
          {"name": "rash", "command": "$(zoo annotate illegal-at=5)"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/t" --quiet
expect_exit 0 "$REFEREE" replay "$TMP/t/games/000001.jsonl"
expect_eq "$(grep -A 9 '^seat 1 (rash) forfeits: illegal-action' "$OUT" | sed -n '2p;8,10p')" "  its last words: info: turn 5: A1
    stderr: [move 8] chose D2
    stderr: [move 10] thinking about turn 5
    stderr: [move 10] chose A1" "replay: the forfeit shows rash's last info, then its last 8 lines with their moves" || diag "$(grep -A 10 forfeits "$OUT")"
expect_exit 0 "$REFEREE" report "$TMP/t"
expect_eq "$("$PYTHON3" -c '
import json, sys
for line in list(open(sys.argv[1]))[1:]:
    e = json.loads(line)["entry"]
    print(e["log"], json.dumps(e["forfeits"]))' "$TMP/t/report/replays/games.jsonl")" \
	'games/000001.jsonl [{"seat": 1, "reason": "illegal-action", "last_words": "[move 10] chose A1"}]
games/000002.jsonl [{"seat": 0, "reason": "illegal-action", "last_words": "[move 9] chose A1"}]' \
	"report: each forfeit in the games list has the bot's last words"

if [ -n "$BROWSER" ]; then
	dump_dom "file://$TMP/t/report/index.html" "$TMP/index.dom"
	expect_eq "$($HTMLTOOL "$TMP/index.dom" attr href a class=forfeit-link | head -n 1)" \
		"replays/000001.html#game=000001&forfeit=1" "report page: the forfeit links to its step in the replay"
	expect_eq "$($HTMLTOOL "$TMP/index.dom" attr title a class=forfeit-link | head -n 1)" \
		"its last words: [move 10] chose A1" "... with the bot's last words as its title"
	dump_dom "file://$TMP/t/report/replays/000001.html#game=000001&forfeit=1" "$TMP/forfeit.dom"
	expect_eq "$($HTMLTOOL "$TMP/forfeit.dom" text div class=last-words)" "its last words: info: turn 5: A1" \
		"replay page at the forfeit: the bot's last info"
	expect_contains "$TMP/forfeit.dom" "[move 10] chose A1" "... and its last lines"
	replay_page="$TMP/page.html"
	expect_exit 0 "$REFEREE" replay "$LOG" --format html -o "$replay_page"
	dump_dom "file://$replay_page#move=3" "$TMP/move3.dom"
	expect_eq "$($HTMLTOOL "$TMP/move3.dom" text div class=info)" "info: turn 2: $FIRST3" "replay page, move 3: the info"
	expect_eq "$($HTMLTOOL "$TMP/move3.dom" text pre class=stderr)" "thinking about turn 2
chose $FIRST3" "replay page, move 3: the stderr lines"
	expect_eq "$($HTMLTOOL "$TMP/move3.dom" count span class=says)" 60 "replay page: each move in the list shows its info"
fi

# --- games played at once: each game's words are its own ---------------------------------------
# A game's lines are those between its mark and the next game's mark in
# a file, so processes that play at once write files of their own: a
# duplicate set's games (each on processes of its own), a league's
# workers.  tell-game says its game's id at each turn, slowly enough that
# the games overlap; every replay shows a line at each of its bots' turns,
# each naming that game.
# own_words LOG...: "LINES STRAYS TURNS" over the logs: the stderr lines
# their replays show, those of them naming another game, the bots' turns.
own_words() {
	local lines=0 strays=0 turns=0 log id
	for log in "$@"; do
		# A league's logs are gzip-compressed: read as their lines.
		id=$(gzip -dcf "$log" | "$PYTHON3" -c 'import json, sys; print(json.loads(sys.stdin.readline())["game_id"])')
		turns=$((turns + $(gzip -dcf "$log" | grep '"type":"action"' | grep -vc '"opening":true')))
		"$REFEREE" replay "$log" >"$TMP/own.txt"
		lines=$((lines + $(grep -c '^  stderr: in ' "$TMP/own.txt")))
		strays=$((strays + $(grep '^  stderr: in ' "$TMP/own.txt" | grep -vc " in $id\$")))
	done
	echo "$lines $strays $turns"
}
cat >"$TMP/d.json" <<JSON
{"name": "at-once", "game": "rolit", "options": {"size": 6}, "players": 2, "games": 4, "duplicate": true,
 "bots": [{"name": "t", "command": "$(zoo tell-game)"}, {"name": "u", "command": "$(zoo tell-game)"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/d.json" --out "$TMP/d" --concurrency 1 --quiet
expect_eq "$(cd "$TMP/d/stderr" && echo table0001-t*)" "table0001-t.game2.stderr table0001-t.stderr" \
	"a duplicate tournament: a stderr file for each game of a set"
read -r lines strays turns <<<"$(own_words "$TMP"/d/games/0*.jsonl)"
expect_lt 100 "$turns" "... its 4 games were played"
expect_eq "$lines $strays" "$turns 0" "... each game's replay shows its bots' words at each turn, and no other game's"
expect_exit 0 "$REFEREE" play rolit -o size=6 --games 2 --duplicate --out "$TMP/p" "t=$(zoo tell-game)" "u=$(zoo tell-game)"
expect_eq "$(cd "$TMP/p" && echo u*.stderr)" "u.game2.stderr u.stderr" "play --duplicate: a stderr file for each game of a set"
expect_eq "$(own_words "$TMP"/p/game-*.jsonl | cut -d' ' -f1-2)" "$(own_words "$TMP"/p/game-*.jsonl | cut -d' ' -f3) 0" \
	"... each game's replay shows its bots' words at each turn, and no other game's"
# A forfeit in the set's second game shows the stderr of that game's
# process (its own file), not of the first game's.
expect_exit 0 "$REFEREE" play rolit -o size=6 --games 2 --duplicate --out "$TMP/q" "t=$(zoo tell-game 1)" "u=$(zoo tell-game)"
GAME2=$("$PYTHON3" -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["game_id"])' "$TMP/q/game-000002.jsonl")
expect_eq "$(sed -n '/^game 2:/,$p' "$OUT" | grep -c '^     | tell-game: giving up in game 1 of its set$')" 1 \
	"play --duplicate: a forfeit in the set's second game shows that game's stderr"
expect_eq "$(sed -n '/^game 2:/,$p' "$OUT" | grep '^     | in ' | sort -u)" "     | in $GAME2" "... and no line of the first game's"
W=$TMP/league
"$REFEREE" league init "$W" --game rolit -o size=6 >/dev/null
expect_exit 0 "$REFEREE" league add "$W" t "$(zoo tell-game)"
expect_exit 0 "$REFEREE" league add "$W" u "$(zoo tell-game) u"
expect_exit 0 "$REFEREE" league run "$W" --games 8 --concurrency 2 --batch 1
expect_eq "$(cd "$W/stderr" && echo t-v1*.stderr)" "t-v1.2.game2.stderr t-v1.2.stderr t-v1.game2.stderr t-v1.stderr" \
	"league run --concurrency 2: a stderr file for each worker and game of a set"
read -r lines strays turns <<<"$(own_words "$W"/runs/000001/game-*.jsonl)"
expect_lt 200 "$turns" "... its 8 games were played"
expect_eq "$lines $strays" "$turns 0" "... each game's replay (which finds a league's stderr/) shows its bots' words at each turn, and no other game's"

# --- two sections of one game and seat ----------------------------------------------------------
# A copy of seat 0's section in another file, put there by hand (no bot
# can write the referee's byte: tests/e2e/stderr_forged.sh), claims the
# same game and seat: neither is shown (the replay cannot tell which is
# the referee's).
sed -n $'1,/^\x1e=== arena: move 3 ===$/p' "$TMP/w/a.stderr" | sed '$d' >"$TMP/w/forger.stderr"
echo "I am a, and I resign" >>"$TMP/w/forger.stderr"
expect_exit 0 "$REFEREE" replay "$LOG" --move 1
expect_eq "$(grep -c 'stderr:' "$OUT")" 0 "a game and seat claimed twice: no stderr lines shown for it"
expect_exit 0 "$REFEREE" replay "$LOG" --move 2
expect_eq "$(grep -c 'stderr:' "$OUT")" 2 "... the other seat's lines are still shown"
assert_no_leftovers
done_testing
