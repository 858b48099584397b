#!/usr/bin/env bash
# `referee ladder --luck-adjusted`: beside the ladder of the results,
# never instead, the bots rated from their luck-adjusted scores (the
# fixed logs of tests/fixtures/luck-ladder: win-bot and threshold-bot 300
# and 500, six games of bolo to 1,000 each pair), in the table, csv and
# json, each number as tests/tools/luck_ladder.py computes it again from
# `referee grade`; the games without exact values (rolit, three players)
# and the formats it does not go with refused.
. "$(dirname "$0")/../tools/lib.sh"

F=$top_srcdir/tests/fixtures/luck-ladder
LOGS=("$F/t3-t5" "$F/w-t3" "$F/w-t5")

expect_exit 0 "$REFEREE" ladder --luck-adjusted "${LOGS[@]}"
cp "$OUT" "$TMP/table"
expect_contains "$TMP/table" "crosstable (row's points against column, of the games between them)" \
	"the table: the ladder of the results is there"
expect_eq "$(sed -n '/^luck-adjusted/,$p' "$TMP/table")" "luck-adjusted (each game's result less its luck; docs/ANALYSIS.md):
rank  bot                       elo       95%  games  result  adjusted   var res   var adj
   1  win-bot                 +29.4  +/- 64.2     12  0.3333    0.5624   0.24242   0.07015
   2  threshold-c-300         +25.1  +/- 43.4     12  0.6667    0.5532   0.24242   0.02536
   3  threshold-c-500         -54.5  +/- 77.0     12  0.5000    0.3845   0.27273   0.08464
variance a game (seat 0's score): result 0.25163, luck-adjusted 0.06473, ratio 3.9" \
	"... and after it the luck-adjusted ladder: win-bot first, last by its results"
expect_exit 0 "$REFEREE" ladder "${LOGS[@]}"
expect_eq "$(cat "$OUT")" "$(sed '/^luck-adjusted/,$d' "$TMP/table" | sed '$d')" \
	"the ladder of the results is the one printed without --luck-adjusted"

expect_exit 0 "$REFEREE" ladder --luck-adjusted --format csv "${LOGS[@]}"
cp "$OUT" "$TMP/csv"
expect_eq "$(head -1 "$TMP/csv" | cut -d, -f1-4)" "rank,bot,elo,status" "csv: the ladder's csv first"
"$REFEREE" grade --format json "${LOGS[@]}" | $PYTHON3 "$top_srcdir/tests/tools/luck_ladder.py" >"$TMP/want.csv"
expect_eq "$(sed '1,/^$/d' "$TMP/csv")" "$(cat "$TMP/want.csv")" \
	"... then after a blank line the luck-adjusted ladder, each number as computed again from the grades"
expect_eq "$(sed '1,/^$/d' "$TMP/csv" | cut -d, -f2,3,4)" "bot,elo,ci95
win-bot,29.42,64.21
threshold-c-300,25.08,43.36
threshold-c-500,-54.50,77.01" "... its ratings and 95% intervals"

expect_exit 0 "$REFEREE" ladder --luck-adjusted --format json "${LOGS[@]}"
expect_eq "$($PYTHON3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
l = d["luck_adjusted"]
print(len(d["ladder"]), l["games"], [b["bot"] for b in l["ladder"]],
      round(l["variance"]["ratio"], 1), round(l["ladder"][0]["elo"], 2))' "$OUT")" \
	"3 18 ['win-bot', 'threshold-c-300', 'threshold-c-500'] 3.9 29.42" \
	"json: the ladder and its \"luck_adjusted\" member, in one object"

# Duplicate sets: the games of a set share their dice, so the intervals
# are grouped by set (the header's "set" "id"), as the reference computes
# them; not the intervals of the same games taken one by one.
"$REFEREE" play bolo --duplicate --games 40 --seed 5656 -o target=1000 --out "$TMP/sets" \
	"$BOTS/win-bot" "$BOTS/threshold-bot" >/dev/null 2>&1
expect_exit 0 "$REFEREE" ladder --luck-adjusted --format csv "$TMP/sets"
sed '1,/^$/d' "$OUT" >"$TMP/sets.csv"
"$REFEREE" grade --format json "$TMP/sets" >"$TMP/sets.json"
$PYTHON3 "$top_srcdir/tests/tools/luck_ladder.py" <"$TMP/sets.json" >"$TMP/want.csv"
expect_eq "$(cat "$TMP/sets.csv")" "$(cat "$TMP/want.csv")" \
	"duplicate sets: each number as computed again, the intervals grouped by set"
LUCK_LADDER_BY_GAME=1 $PYTHON3 "$top_srcdir/tests/tools/luck_ladder.py" <"$TMP/sets.json" >"$TMP/by-game.csv"
expect_eq "$(cut -d, -f2,3 "$TMP/sets.csv")" "$(cut -d, -f2,3 "$TMP/by-game.csv")" \
	"... the same ratings as the games taken one by one"
[ "$(cut -d, -f4 "$TMP/sets.csv")" != "$(cut -d, -f4 "$TMP/by-game.csv")" ]
ok $? "... but not their intervals"
expect_eq "$(cut -d, -f2 "$TMP/sets.csv" | sed 1d | sort | tr '\n' ' ')" "threshold-c-350 win-bot " \
	"... the two bots rated"

# No exact values: no ladder, exit status 3 and why.
"$REFEREE" play rolit --games 1 --out "$TMP/rolit" "$BOTS/random-bot" "$BOTS/random-bot" >/dev/null 2>&1
expect_exit 3 "$REFEREE" ladder --luck-adjusted "$TMP/rolit"
expect_eq "$(cat "$ERR")" "referee ladder: --luck-adjusted: $TMP/rolit/game-000001.jsonl: no exact values for rolit: only two-player bolo and bolo5 have them" \
	"rolit: exit 3, why"
expect_eq "$(cat "$OUT")" "" "... and no ladder"
"$REFEREE" play bolo --games 1 -o target=1000 --out "$TMP/three" "$BOTS/random-bot" \
	"$BOTS/random-bot" "$BOTS/random-bot" >/dev/null 2>&1
expect_exit 3 "$REFEREE" ladder --luck-adjusted "$TMP/three"
expect_eq "$(cat "$ERR")" "referee ladder: --luck-adjusted: $TMP/three/game-000001.jsonl: no exact values for bolo with 3 players: only two-player games have them" \
	"three players: exit 3, why"
expect_exit 2 "$REFEREE" ladder --luck-adjusted --format pgn "${LOGS[@]}"
expect_eq "$(cat "$ERR")" "referee ladder: --luck-adjusted is shown beside the table, csv or json, not --format pgn
(see 'referee ladder --help')" "--format pgn: refused"

done_testing
