#!/usr/bin/env bash
# A person at the terminal as a seat (`referee play rolit human BOT`),
# played through a pseudo-terminal: the board before each of their turns,
# the legal actions numbered, a number or a typed action accepted, a
# wrong answer asked again, no time limit, Ctrl-D resigns.
. "$(dirname "$0")/lib.sh"

PTY="$PYTHON3 $top_srcdir/tests/pty_run.py"
C="random=$CBOT $TMP"
PROMPT="action (1-"
# Answers "1" to every prompt of a game (a 6x6 rolit has 32 moves).
firsts=()
for _ in $(seq 20); do firsts+=(--step "$PROMPT" 1); done

run $PTY "${firsts[@]}" -- "$REFEREE" play rolit -o size=6 -o first=seat0 \
	--log "$TMP/game.jsonl" human "$C"
expect_eq "$RC" 0 "a game with a person at the terminal ends"
expect_eq "$(grep -a -c '^human (seat 0), your move:' "$OUT")" 16 "the person is asked for each of their 16 moves"
expect_eq "$(grep -a -A5 'your move:' "$OUT" | head -4 | tr -d '\r')" "human (seat 0), your move:
   1. E3
   2. C5
   3. E5" "the legal actions are numbered"
expect_eq "$(sed -n '/your move:/q;p' "$OUT" | tr -d '\r' | grep -c '^[34] \.\.[BR][GY]\.\.$')" 2 \
	"the board is shown before the first move"
expect_contains "$OUT" 'seat 0 (human) plays "E3"' "a number picks that action"
expect_contains "$OUT" 'seat 1 (random) plays ' "the opponent's moves are shown"
ok "$(grep -aqE '^  [12]\. human +seat 0  score [0-9]+'$'\r''?$' "$OUT"; echo $?)" "the person finishes without a forfeit" || diag_run
run "$REFEREE" verify "$TMP/game.jsonl"
expect_eq "$RC" 0 "the game's log verifies"
expect_contains "$TMP/game.jsonl" '"name":"human","command":"human"' "the log names the seat"

# A typed action in any case; a wrong answer is asked again; Ctrl-D resigns.
run $PTY --step "$PROMPT" ZZ --step "legal actions above" c5 --step "$PROMPT" '^D' -- \
	"$REFEREE" play rolit -o size=6 -o first=seat0 human "$C"
expect_eq "$RC" 0 "a resigned game still ends well"
expect_contains "$OUT" "'ZZ' is not one of the 3 legal actions above" "a wrong answer is refused"
expect_contains "$OUT" 'seat 0 (human) plays "C5"' "a typed action picks that action"
expect_contains "$OUT" "human resigns" "Ctrl-D resigns"
expect_contains "$OUT" 'forfeit: exit: the bot left the game (end of input) before answering "turn"' \
	"resigning is a forfeit"

# No time limit for the person (the bot keeps its own); --human NAME.
run $PTY --delay 0.5 --step "$PROMPT" 1 --step "$PROMPT" '^D' -- \
	"$REFEREE" play rolit -o size=6 -o first=seat0 --move-ms 200 --human alice "$C"
expect_contains "$OUT" 'seat 0 (alice) plays "E3"' "a move after 500 ms with --move-ms 200 counts"
expect_contains "$OUT" "alice (seat 0), your move:" "--human NAME names the person"
expect_not_contains "$OUT" "timeout" "the person has no time limit"

assert_no_leftovers
done_testing
