#!/usr/bin/env bash
# A person at the terminal as a seat (`referee play rolit human BOT`),
# played through a pseudo-terminal: the game told as `replay` tells it,
# their colour named, the legal actions numbered (a keep with its
# points), a number, a typed action or a keep's dice in any order
# accepted, a wrong answer asked again, no time limit, Ctrl-D resigns.
. "$(dirname "$0")/../tools/lib.sh"

PTY="$PYTHON3 $top_srcdir/tests/tools/pty_run.py"
C="random=$CBOT $TMP"
PROMPT="action (1-"
# Answers "1" to every prompt of a game (a 6x6 rolit has 32 moves).
firsts=()
for _ in $(seq 20); do firsts+=(--step "$PROMPT" 1); done

run $PTY "${firsts[@]}" -- "$REFEREE" play rolit -o size=6 -o first=seat0 \
	--log "$TMP/game.jsonl" human "$C"
expect_eq "$RC" 0 "a game with a person at the terminal ends"
expect_eq "$(grep -a -c '^human (seat 0, red), your move:' "$OUT")" 16 "the person is asked for each of their 16 moves, their colour named"
expect_eq "$(grep -a -A5 'your move:' "$OUT" | head -4 | tr -d '\r')" "human (seat 0, red), your move:
   1. E3
   2. C5
   3. E5" "the legal actions are numbered"
expect_eq "$(sed -n '/your move:/q;p' "$OUT" | tr -d '\r' | grep -c '^[34] \.\.[BR][GY]\.\.$')" 2 \
	"the board is shown before the first move"
expect_contains "$OUT" 'move 1: seat 0 (human) places a ball on E3 ("E3", ' "a number picks that action"
expect_contains "$OUT" 'move 2: seat 1 (random) places a ball on ' "the opponent's moves are shown"
ok "$(grep -aqE '^  [12]\. human +seat 0  score [0-9]+'$'\r''?$' "$OUT"; echo $?)" "the person finishes without a forfeit" || diag_run
run "$REFEREE" verify "$TMP/game.jsonl"
expect_eq "$RC" 0 "the game's log verifies"
expect_contains "$TMP/game.jsonl" '"name":"human","command":"human"' "the log names the seat"

# A typed action in any case; a wrong answer is asked again; Ctrl-D resigns.
run $PTY --step "$PROMPT" ZZ --step "legal actions above" c5 --step "$PROMPT" '^D' -- \
	"$REFEREE" play rolit -o size=6 -o first=seat0 human "$C"
expect_eq "$RC" 0 "a resigned game still ends well"
expect_contains "$OUT" "'ZZ' is not one of the 3 legal actions above" "a wrong answer is refused"
expect_contains "$OUT" 'move 1: seat 0 (human) places a ball on C5 ("C5", ' "a typed action picks that action"
expect_contains "$OUT" "you resigned" "Ctrl-D resigns"
expect_contains "$OUT" 'forfeit: exit: the player resigned (end of input) before answering "turn"' \
	"resigning is a forfeit, told as such"

# No time limit for the person (the bot keeps its own); --human NAME.
run $PTY --delay 0.5 --step "$PROMPT" 1 --step "$PROMPT" '^D' -- \
	"$REFEREE" play rolit -o size=6 -o first=seat0 --move-ms 200 --human alice "$C"
expect_contains "$OUT" 'move 1: seat 0 (alice) places a ball on E3 ("E3", ' "a move after 500 ms with --move-ms 200 counts"
expect_contains "$OUT" "alice (seat 0, red), your move:" "--human NAME names the person"
expect_not_contains "$OUT" "timeout" "the person has no time limit"

# Bolo against a deterministic bot that declines the fairness exchange, as
# the person does: the seed makes the dice.  Each keep is listed with its
# points and typed in an order of its own ("5 1 5", "[5,1]").
run $PTY --step "$PROMPT" "5 1 5" --step "$PROMPT" roll --step "$PROMPT" "[5,1]" \
	--step "$PROMPT" '^D' -- "$REFEREE" play bolo --seed 04 -o first=seat0 human "b=$(zoo first-legal)"
expect_eq "$RC" 0 "a bolo game with a person at the terminal ends"
tr -d '\r' <"$OUT" | stderr_sans_fallback - | sed -E 's/, [0-9.]+ (us|ms)\)$/)/' >"$TMP/bolo.txt"
cat >"$TMP/bolo.want" <<'EOF'

play begins: seat 0 starts
scores: 0 0
seat 0 to move, turn total 0, roll 1 2 2 3 5 5 6, set aside []

human (seat 0), your move:
   1. keep 1 (100 points)
   2. keep 5 (50 points)
   3. keep 1 5 (150 points)
   4. keep 5 5 (100 points)
   5. keep 1 5 5 (200 points)
action (1-5, or the action itself; Ctrl-D resigns): 5 1 5

move 1: seat 0 (human) sets aside 1 5 5 for 200 ({"keep":[1,5,5]})
scores: 0 0
seat 0 to move, turn total 200, 4 dice to roll, set aside [1 5 5]

human (seat 0), your move:
   1. roll
action (1-1, or the action itself; Ctrl-D resigns): roll

move 2: seat 0 (human) rolls 4 dice ("roll")
scores: 0 0
seat 0 to move, turn total 200, roll 1 3 4 5, set aside [1 5 5]

human (seat 0), your move:
   1. keep 1 (100 points)
   2. keep 5 (50 points)
   3. keep 1 5 (150 points)
action (1-3, or the action itself; Ctrl-D resigns): [5,1]

move 3: seat 0 (human) sets aside 1 5 for 150 ({"keep":[1,5]})
scores: 0 0
seat 0 to move, turn total 350, 2 dice to roll, set aside [1 1 5 5 5]

human (seat 0), your move:
   1. roll
action (1-1, or the action itself; Ctrl-D resigns): 
you resigned

seat 0 (human) forfeits: exit: the player resigned (end of input) before answering "turn"
scores: 0 0
seat 0 to move, turn total 350, 2 dice to roll, set aside [1 1 5 5 5]

game 1: 3 actions, game_id e9bef999b736239984c3c7c7cb49f4bc
  1. b                    seat 1  score 0
  2. human                seat 0  score 0  forfeit: exit: the player resigned (end of input) before answering "turn"
EOF
ok "$(diff "$TMP/bolo.want" "$TMP/bolo.txt" >"$TMP/bolo.diff"; echo $?)" \
	"bolo at the terminal: keeps with their points, typed in any order, Ctrl-D resigns" ||
	diag "$(cat "$TMP/bolo.diff")"
run $PTY --step "$PROMPT" "KEEP 5,1" --step "$PROMPT" '^D' -- \
	"$REFEREE" play bolo --seed 04 -o first=seat0 human "b=$(zoo first-legal)"
expect_contains "$OUT" 'move 1: seat 0 (human) sets aside 1 5 for 150 ({"keep":[1,5]}, ' \
	"a keep typed as the word and its dice, in any order and case"

assert_no_leftovers
done_testing
