#!/usr/bin/env bash
# Every game, end to end: full games between the bundled bots for every
# number of players each game allows, each log accepted by `referee
# verify` and replayed; the options of each game; the threshold and
# greedy bots beating the random ones over a short match.
. "$(dirname "$0")/lib.sh"

THRESHOLD_C="$top_builddir/bots/threshold-bot"
THRESHOLD_PY="$PYTHON3 $top_srcdir/bots/threshold_bot.py"
GREEDY="$PYTHON3 $top_srcdir/bots/greedy_black_pot.py"

# full GAME PLAYERS [OPTIONS...]: one game of random and threshold bots
# (C and Python alternately), verified and replayed.
runs=0
full() {
	local game=$1 players=$2 dir bots=() i
	runs=$((runs + 1))
	dir="$TMP/$runs-$game-$players"
	LAST_DIR=$dir
	shift 2
	for ((i = 0; i < players; i++)); do
		case $((i % 3)) in
		0) bots+=("r$i=$CBOT $TMP") ;;
		1) bots+=("p$i=$PYBOT $TMP") ;;
		2) case $game in
		   bolo|bolo5|volle-lotte) bots+=("t$i=$THRESHOLD_C $((300 + 100 * i))") ;;
		   *) bots+=("c$i=$CBOT $TMP") ;;
		   esac ;;
		esac
	done
	run "$REFEREE" play "$game" "$@" --out "$dir" "${bots[@]}"
	ok "$([ "$RC" = 0 ] && grep -q '^game 1: ' "$OUT"; echo $?)" "$game, $players players: the game is played" || diag_run
	run "$REFEREE" verify --key "$dir/referee.pub" "$dir/game-0001.jsonl"
	ok "$([ "$RC" = 0 ] && grep -q ": ok: $game, $players players" "$OUT"; echo $?)" "$game, $players players: the log verifies" || diag_run
	run "$REFEREE" replay "$dir/game-0001.jsonl"
	ok "$([ "$RC" = 0 ] && grep -q 'the log verifies' "$OUT" && grep -q '^result:' "$OUT"; echo $?)" "$game, $players players: the replay ends with the result" || diag_run
	expect_not_contains "$dir/game-0001.jsonl" '"type":"forfeit"' "$game, $players players: nobody forfeits"
}

for players in 2 3 4 5 6 7 8; do
	full bolo "$players"
	full volle-lotte "$players"
done
for players in 2 4 8; do
	full bolo5 "$players" -o yahtzee_clause=on
done
full bolo 3 -o target=2000
full volle-lotte 2 -o target=2000
for players in 2 3 4; do
	full rolit "$players"
done
full rolit 2 -o size=4
full black-pot 2
full black-pot 4
four_players=$LAST_DIR
full black-pot 2 -o layout=random
expect_contains "$LAST_DIR/game-0001.jsonl" '"kind":"uniform","m":109' "layout=random draws the board"

expect_exit 2 "$REFEREE" play black-pot "$CBOT" "$CBOT" "$CBOT"
expect_contains "$ERR" "Black-Pot is for 2 players, or 4 in two teams, not 3" "black-pot refuses 3 players"
expect_exit 2 "$REFEREE" play bolo "$CBOT"
expect_contains "$ERR" "bolo is played by 2 to 8 players, not 1" "bolo refuses 1 player"

# Team results: partners share the result.
IFS=, read -r r0 r1 r2 r3 < <(grep -o '"ranks":\[[0-9,]*\]' "$four_players/game-0001.jsonl" | tr -d '"ranks:[]')
ok "$([ "$r0" = "$r2" ] && [ "$r1" = "$r3" ]; echo $?)" "black-pot, 4 players: partners share their rank ($r0,$r1,$r2,$r3)"

# The strategies beat random play: threshold-py wins about 85% of these
# bolo games, greedy-bp about 95% of these black-pot games; the bounds sit
# some four standard deviations below, where chance alone rarely goes.
expect_exit 0 "$REFEREE" play bolo --games 40 -o target=3000 "t=$THRESHOLD_PY 350" "r=$CBOT $TMP"
firsts=$(awk '$1 == "t" { print $3 }' "$OUT")
ok "$([ "${firsts:-0}" -ge 24 ]; echo $?)" "threshold-py wins most bolo games against random ($firsts of 40)" || diag_run
expect_exit 0 "$REFEREE" play black-pot --games 20 "g=$GREEDY" "r=$CBOT $TMP"
firsts=$(awk '$1 == "g" { print $3 }' "$OUT")
ok "$([ "${firsts:-0}" -ge 14 ]; echo $?)" "greedy-bp wins most black-pot games against random ($firsts of 20)" || diag_run

done_testing
