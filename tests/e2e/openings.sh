#!/usr/bin/env bash
# Openings (docs/FAIRNESS.md, "Openings"): two deterministic bots replay
# one Rolit game per seating without them and play different games with
# them; the opening's records in the log, `verify` refusing an opening
# move that is not the drawn one, replays marking opening moves, the
# option in `play`, `sprt` and tournament files, and its refusals.
. "$(dirname "$0")/../tools/lib.sh"

FIRST="a=$(zoo first-legal)"
LAST="b=$(zoo last-legal)"
KEY="$KEYDIR/referee.key"   # the default key: it signs every log here

# moves LOG: the squares played, in order, on one line.
moves() {
	grep -o '"action":"[A-H][0-9]"' "$1" | cut -d'"' -f4 | tr '\n' ' '
}

# --- without openings, the same seating plays the same game ---------------------------
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --games 4 --out "$TMP/plain" "$FIRST" "$LAST"
expect_eq "$(moves "$TMP/plain/game-000001.jsonl")" "$(moves "$TMP/plain/game-000003.jsonl")" \
	"without openings: games 1 and 3 (one seating) are the same game"
expect_eq "$(moves "$TMP/plain/game-000002.jsonl")" "$(moves "$TMP/plain/game-000004.jsonl")" \
	"without openings: games 2 and 4 (the other seating) are the same game"

# --- with openings, every game differs -------------------------------------------------
expect_exit 0 "$REFEREE" play rolit -o first=seat0 --openings 4 --seed 01 --games 4 \
	--out "$TMP/open" "$FIRST" "$LAST"
for i in 1 2 3 4; do
	M[$i]=$(moves "$TMP/open/game-00000$i.jsonl")
done
distinct=$(printf '%s\n' "${M[@]}" | sort -u | wc -l)
expect_eq "$distinct" 4 "--openings 4: the 4 games' move lists all differ"
LOG="$TMP/open/game-000001.jsonl"
expect_contains "$LOG" '"game_id":"' "a log was written"
expect_contains "$LOG" '"openings":4,"options":{"size":8,"first":"seat0"}' "the header says how many plies open the game"
B=$(grep -nF '"type":"begin"' "$LOG" | cut -d: -f1)
TYPES=$(sed 's/.*"type":"\([a-z-]*\)".*/\1/' "$LOG" | sed -n "$B,$((B + 9))p" | tr '\n' ' ')
expect_eq "$TYPES" "begin draw action draw action draw action draw action action " \
	"after begin: each opening ply is a draw and then its move"
OPENING=$(grep -nF '"opening":true' "$LOG")
expect_eq "$(echo "$OPENING" | wc -l)" 4 "four moves are marked as opening moves"
sed -n "$((B + 1))p" "$LOG" | grep -qE "^\\{\"seq\":$B,\"prev\":\"[0-9a-f]{64}\",\"type\":\"draw\",\"d\":0,\"kind\":\"uniform\",\"m\":[0-9]+,\"value\":[0-9]+\\}$"
ok $? "the first opening ply is table draw 0, uniform over the legal squares" || diag "$(sed -n "$((B + 1))p" "$LOG")"
sed -n "$((B + 2))p" "$LOG" | grep -qE "^\\{\"seq\":$((B + 1)),\"prev\":\"[0-9a-f]{64}\",\"type\":\"action\",\"seat\":0,\"action\":\"[A-H][1-8]\",\"opening\":true\\}$"
ok $? "an opening move: seat, action and \"opening\": true, no time" || diag "$(sed -n "$((B + 2))p" "$LOG")"
expect_not_contains "$TMP/open/a.stderr" "Traceback" "the bots were never asked for an opening move"
expect_exit 0 "$REFEREE" verify "$TMP"/open/game-*.jsonl
expect_eq "$(grep -c ': ok: rolit, 2 players, 60 actions, signed by key ' "$OUT")" 4 \
	"verify: every log with its opening is ok, the opening moves counted"

# --- verify: the opening move must be the drawn one ---------------------------------------
L=$(echo "$OPENING" | head -n 1 | cut -d: -f1)
DRAWN=$(sed -n "${L}p" "$LOG" | grep -o '"action":"[A-H][0-9]"' | cut -d'"' -f4)
OTHER=$([ "$DRAWN" = A1 ] && echo B1 || echo A1)
fails_with() {
	run "$REFEREE" verify "$2"
	ok "$([ "$RC" -eq 1 ] && grep -qF -e "$2: FAILED: $3" "$OUT"; echo $?)" "$1: FAILED: $3" || diag_run
}
$LOGTOOL resign "$LOG" "$TMP/t1.jsonl" "$KEY" sub $((L - 1)) "\"$DRAWN\"" "\"$OTHER\""
fails_with "another opening move, re-signed" "$TMP/t1.jsonl" \
	"line $L: opening move 1 is not the one drawn: the draw gives seat 0 the move \"$DRAWN\""
$LOGTOOL resign "$LOG" "$TMP/t2.jsonl" "$KEY" sub $((L - 1)) ',"opening":true' ',"us":5'
fails_with "an opening move logged as a bot's, re-signed" "$TMP/t2.jsonl" \
	"line $L: opening move 1 is not the one drawn: the draw gives seat 0 the move \"$DRAWN\""
A=$(grep -nF '"type":"action"' "$LOG" | sed -n 5p | cut -d: -f1)
$LOGTOOL resign "$LOG" "$TMP/t3.jsonl" "$KEY" sub $((A - 1)) ',"us":' ',"opening":true,"us":'
fails_with "a bot's move marked as an opening move, re-signed" "$TMP/t3.jsonl" \
	"line $A: an opening move after the opening (the header asks for 4 plies)"
$LOGTOOL resign "$LOG" "$TMP/t4.jsonl" "$KEY" sub 0 '"openings":4' '"openings":5'
fails_with "a header asking for more plies, re-signed" "$TMP/t4.jsonl" \
	"line $A: the rules drew here (draw 4) but the log has a 'action' record: a draw is missing"
$LOGTOOL resign "$LOG" "$TMP/t5.jsonl" "$KEY" sub 0 '"openings":4' '"openings":60'
fails_with "a header with too many plies, re-signed" "$TMP/t5.jsonl" \
	"line 1: \"openings\" is an integer from 1 to 32, or absent"

# --- replays mark the opening moves ----------------------------------------------------------
expect_exit 0 "$REFEREE" replay "$LOG"
expect_contains "$OUT" "move 1: seat 0 (a) places a ball on $DRAWN (\"$DRAWN\", opening move, drawn)" \
	"the text replay marks an opening move, without a time"
expect_eq "$(grep -c ', opening move, drawn)$' "$OUT")" 4 "the text replay marks the four opening moves"
expect_exit 0 "$REFEREE" replay --format html "$LOG"
expect_eq "$($PYTHON3 "$top_srcdir/tests/tools/htmltool.py" "$OUT" data | $PYTHON3 -c 'import json, sys
print(" ".join(str(s["move"]) for s in json.load(sys.stdin)["steps"] if s.get("opening")))')" "1 2 3 4" \
	"the HTML replay's document marks moves 1 to 4 as opening moves"

# --- refusals -------------------------------------------------------------------------------
expect_exit 2 "$REFEREE" play black-pot --openings 2 "$FIRST" "$LAST"
expect_eq "$(head -n 1 "$ERR")" "referee play: black-pot takes no openings: only games without chance in play do (rolit); the draws of black-pot already make each game different" \
	"play: a game with chance in play takes no openings"
expect_exit 2 "$REFEREE" play rolit -o size=4 --openings 12 "$FIRST" "$LAST"
expect_eq "$(head -n 1 "$ERR")" "referee play: an opening of 12 plies would end a game of rolit with these options (it lasts 12 moves): give fewer plies" \
	"play: an opening that would end the game is refused"
expect_exit 2 "$REFEREE" play rolit --openings 33 "$FIRST" "$LAST"
expect_contains "$ERR" "--openings" "play: more than 32 plies is refused"
expect_exit 2 "$REFEREE" sprt bolo --elo0 0 --elo1 100 --openings 2 "$FIRST" "$LAST"
expect_eq "$(head -n 1 "$ERR")" "referee sprt: bolo takes no openings: only games without chance in play do (rolit); the draws of bolo already make each game different" \
	"sprt: a game with chance in play takes no openings"

# tournament_file JSON: a tournament file of two bots at 4x4 Rolit with
# "openings": JSON.
tournament_file() {
	cat >"$TMP/t.json" <<EOT
{"name": "op", "game": "rolit", "options": {"size": 4}, "games": 2, "openings": $1,
 "bots": [{"name": "a", "command": "$(zoo first-legal)"}, {"name": "b", "command": "$(zoo last-legal)"}]}
EOT
}
# refused JSON MESSAGE DESCRIPTION: a tournament file with "openings":
# JSON is refused with MESSAGE.
refused() {
	tournament_file "$1"
	expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/refused"
	expect_contains "$ERR" "$TMP/t.json: $2" "tournament: $3"
}
refused '{"plies": 12}' "an opening of 12 plies would end a game of rolit with these options (it lasts 12 moves): give fewer plies" \
	"an opening that would end the game is refused"
refused '{"plies": 40}' "openings: \"plies\" must be an integer from 0 to 32" "more than 32 plies is refused"
refused '{"moves": 2}' "openings: unknown field \"moves\" (the fields: plies, book, order)" \
	"an unknown field of \"openings\" is refused"

# --- a tournament and sprt play openings ------------------------------------------------------
tournament_file '{"plies": 3}'
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/tour"
expect_eq "$(cat "$TMP"/tour/games/*.jsonl | grep -c '"opening":true')" 6 \
	"tournament: each of the 2 games opens with 3 drawn moves"
expect_exit 0 "$REFEREE" verify "$TMP/tour"
expect_exit 0 "$REFEREE" sprt rolit --elo0 0 --elo1 100 -o size=6 --openings 2 --max-pairs 1 \
	--concurrency 1 --out "$TMP/sprt" "$FIRST" "$LAST"
expect_eq "$(cat "$TMP"/sprt/game-*.jsonl | grep -c '"opening":true')" 4 \
	"sprt: each game of the pair opens with 2 drawn moves"

assert_no_leftovers
done_testing
