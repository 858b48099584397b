#!/usr/bin/env bash
# Every game, end to end: full games between the bundled bots for every
# number of players each game allows, each log accepted by `referee
# verify` and replayed; the options of each game; the threshold and
# greedy bots beating the random ones over a short match.
. "$(dirname "$0")/../tools/lib.sh"

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
	run "$REFEREE" play "${SDK[@]}" "$game" "$@" --out "$dir" "${bots[@]}"
	ok "$([ "$RC" = 0 ] && grep -q '^game 1: ' "$OUT"; echo $?)" "$game, $players players: the game is played" || diag_run
	run "$REFEREE" verify --key "$dir/referee.pub" "$dir/game-000001.jsonl"
	ok "$([ "$RC" = 0 ] && grep -q ": ok: $game, $players players" "$OUT"; echo $?)" "$game, $players players: the log verifies" || diag_run
	run "$REFEREE" replay "$dir/game-000001.jsonl"
	ok "$([ "$RC" = 0 ] && grep -q 'the log verifies' "$OUT" && grep -q '^result:' "$OUT"; echo $?)" "$game, $players players: the replay ends with the result" || diag_run
	expect_not_contains "$dir/game-000001.jsonl" '"type":"forfeit"' "$game, $players players: nobody forfeits"
}

for players in 2 3 4 5 6 7 8; do
	full bolo "$players"
	full volle-lotte "$players"
done
for players in 2 4 8; do
	full bolo5 "$players" -o yahtzee_clause=on
done
bolo5_dir=$LAST_DIR
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
# With first=random draw 0 picks the first seat and draw 1 is the board:
# one shuffle of the 109 cells.
expect_contains "$LAST_DIR/game-000001.jsonl" '"d":0,"kind":"uniform","m":2,' "layout=random: draw 0 picks the first seat"
ok "$(grep -q '"d":1,"kind":"shuffle","deck":\[\([0-9]*,\)\{108\}[0-9]*\]' "$LAST_DIR/game-000001.jsonl"; echo $?)" \
	"layout=random: draw 1 is one shuffle of the 109 cells"
expect_contains "$LAST_DIR/game-000001.jsonl" '"d":2,"kind":"dice","faces":[' "layout=random: draw 2 is the first roll"

# A log written under older rules is named as such, with the release
# that verifies it.
$LOGTOOL resign "$bolo5_dir/game-000001.jsonl" "$TMP/old.jsonl" "$KEYDIR/referee.key" \
	sub 0 '"rules":"bolo5/2"' '"rules":"bolo5/1"'
run "$REFEREE" verify "$TMP/old.jsonl"
expect_eq "$RC $(cat "$OUT")" "1 $TMP/old.jsonl: FAILED: line 1: the log was written under bolo5 rules version 1 (\"bolo5/1\"); this referee verifies version 2 only: verify the log with arena 0.1.x, the release of version 1" \
	"verify names the rules version of an older log and the release that verifies it"

run "$REFEREE" games
expect_contains "$OUT" "black-pot    Black-Pot                   2 or 4 players  rules black-pot/2" "games: black-pot takes 2 or 4 players"
expect_contains "$OUT" "bolo5        Bolo (5 dice, house rules)  2 to 8 players  rules bolo5/2" "games: bolo5 takes 2 to 8 players"
run "$REFEREE" games black-pot
expect_contains "$OUT" "Black-Pot (black-pot), 2 or 4 players, rules black-pot/2" "games black-pot: 2 or 4 players"

# Integer options are plain digits, whatever stands around them.
for value in +5000 " 5000" "5000 " -5000 5e3; do
	expect_exit 2 "$REFEREE" play bolo -o "target=$value" "$CBOT" "$CBOT"
	expect_contains "$ERR" "option 'target' must be an integer 1000..1000000, not '$value' (plain digits only: no sign, spaces or decimal point)" "target='$value' is refused, saying the accepted form"
done

expect_exit 2 "$REFEREE" play black-pot "$CBOT" "$CBOT" "$CBOT"
expect_contains "$ERR" "Black-Pot is for 2 players, or 4 in two teams, not 3" "black-pot refuses 3 players"
expect_exit 2 "$REFEREE" play bolo "$CBOT"
expect_contains "$ERR" "bolo is played by 2 to 8 players, not 1" "bolo refuses 1 player"

# Team results: partners share the result.
IFS=, read -r r0 r1 r2 r3 < <(grep -o '"ranks":\[[0-9,]*\]' "$four_players/game-000001.jsonl" | tr -d '"ranks:[]')
ok "$([ "$r0" = "$r2" ] && [ "$r1" = "$r3" ]; echo $?)" "black-pot, 4 players: partners share their rank ($r0,$r1,$r2,$r3)"

# The strategies beat random play: threshold-py wins about 85% of these
# bolo games, greedy-bp about 95% of these black-pot games; the bounds sit
# some four standard deviations below, where chance alone rarely goes.
expect_exit 0 "$REFEREE" play "${SDK[@]}" bolo --games 40 -o target=3000 "t=$THRESHOLD_PY 350" "r=$CBOT $TMP"
firsts=$(awk '$1 == "t" { print $3 }' "$OUT")
ok "$([ "${firsts:-0}" -ge 24 ]; echo $?)" "threshold-py wins most bolo games against random ($firsts of 40)" || diag_run
expect_exit 0 "$REFEREE" play "${SDK[@]}" black-pot --games 20 "g=$GREEDY" "r=$CBOT $TMP"
firsts=$(awk '$1 == "g" { print $3 }' "$OUT")
ok "$([ "${firsts:-0}" -ge 14 ]; echo $?)" "greedy-bp wins most black-pot games against random ($firsts of 20)" || diag_run

done_testing
