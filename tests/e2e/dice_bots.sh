#!/usr/bin/env bash
# The dice bots, expect-bot and win-bot: their pages show exactly the
# tables they print, expect-bot --endgame plays bolo's end for the score
# it must reach, they pass check-bot on every dice game (in the sandbox
# too), a tournament of them at the default time control has no forfeit
# and verifies, and bad usage is refused.
. "$(dirname "$0")/../tools/lib.sh"

# Copies in $TMP, so that lib.sh finds them by $TMP, and so that they are
# seen to need nothing outside their own folder.
cp "$BOTS/expect-bot" "$BOTS/win-bot" "$TMP/" || exit 99
EXPECT="$TMP/expect-bot"
WIN="$TMP/win-bot"

# doc_shows BOT DOC: `BOT --table` prints lines that DOC holds, in a row.
doc_shows() {
	local bot=$1 doc=$top_srcdir/docs/bots/$2 first lines
	run "$bot" --table
	first=$(grep -nFx -e "$(head -n 1 "$OUT")" "$doc" | head -n 1 | cut -d: -f1)
	lines=$(wc -l <"$OUT")
	ok "$([ "$RC" = 0 ] && [ "$lines" -gt 3 ] && [ -n "$first" ] &&
		sed -n "${first},$((first + lines - 1))p" "$doc" | cmp -s - "$OUT"; echo $?)" \
		"docs/bots/$2 shows what ${bot##*/} --table prints" || diag_run
}
doc_shows "$EXPECT" expect-bot.md
doc_shows "$WIN" win-bot.md
run "$EXPECT" --table bolo5
expect_eq "$(grep -c '^bolo5: ' "$OUT") $(grep -c '^  threshold ' "$OUT")" "1 4" \
	"expect-bot --table bolo5: one game, its 4 thresholds"

# Bad usage: exit 2 and a message saying what to do.
expect_exit 2 "$EXPECT" --table yahtzee
expect_contains "$ERR" "expect-bot: no game yahtzee: use bolo, bolo5 or volle-lotte"
expect_exit 2 "$EXPECT" --depth 3
expect_contains "$ERR" "usage: expect-bot"
expect_exit 2 "$WIN" --depth 3
expect_contains "$ERR" "usage: win-bot"

# between_rolls BOT-ARGS SCORES TOTAL DICE STATE: the action of expect-bot
# (with BOT-ARGS) as seat 1 of 2-player bolo, between rolls with the turn
# total TOTAL and DICE dice to roll, STATE the view's phase fields.
between_rolls() {
	local id=0123456789abcdef0123456789abcdef
	printf '%s\n' \
		'{"type":"start","game":"bolo","rules":"bolo/1","game_id":"'$id'","options":{},"seat":1,"players":["a","b"],"time":{"move_ms":1000,"game_ms":0,"clock":"cpu"}}' \
		'{"type":"turn","seat":1,"state":{"players":2,"you":1,"to_move":1,"scores":'"$2"',"forfeited":[],"turn_total":'"$3"',"dice_left":'"$4"',"set_aside":[],"roll":[],"keeps":[],"target":10000,"opened":[true,true],'"$5"'},"legal":["bank","roll"],"time_left_ms":1000}' |
		timeout 20 "$EXPECT" $1 | tail -n 1
}
# The last turn, 600 behind the leader, 550 in hand and 2 dice to roll: a
# bank scores more than the dice are expected to add, but loses the game.
last='"phase":"final_round","leader":0,"final_round":[0],"contenders":[],"sudden_death_turns":0'
expect_eq "$(between_rolls "" '[10000,9400]' 550 2 "$last")" '{"action":"bank"}' \
	"expect-bot banks 550 in its last turn 600 behind"
expect_eq "$(between_rolls --endgame '[10000,9400]' 550 2 "$last")" '{"action":"roll"}' \
	"expect-bot --endgame rolls on for the 600 it needs"
expect_eq "$(between_rolls --endgame '[10000,9400]' 650 2 "$last")" '{"action":"bank"}' \
	"expect-bot --endgame banks once past the leader"
# Sudden death, 400 behind: to stay in, a bank must go past the other.
sudden='"phase":"sudden_death","leader":0,"final_round":[],"contenders":[0,1],"sudden_death_turns":3'
expect_eq "$(between_rolls "" '[10400,10000]' 350 2 "$sudden")" '{"action":"bank"}' \
	"expect-bot banks 350 in sudden death 400 behind"
expect_eq "$(between_rolls --endgame '[10400,10000]' 350 2 "$sudden")" '{"action":"roll"}' \
	"expect-bot --endgame rolls on for more than the other"
# bolo5, 9000 banked (a threshold of 1000), 400 in hand, four 6s rolled:
# expect-bot sets all four aside for 1600 and 5 dice to roll; with
# --endgame three, 1000 with a quiet 6 left behind, to bank and win.
id=0123456789abcdef0123456789abcdef
printf '%s\n' \
	'{"type":"start","game":"bolo5","rules":"bolo5/1","game_id":"'$id'","options":{},"seat":0,"players":["a","b"],"time":{"move_ms":1000,"game_ms":0,"clock":"cpu"}}' \
	'{"type":"turn","seat":0,"state":{"players":2,"you":0,"to_move":0,"scores":[9000,5000],"forfeited":[],"turn_total":400,"dice_left":4,"set_aside":[1],"roll":[6,6,6,6],"keeps":[{"keep":[6,6,6],"points":600},{"keep":[6,6,6,6],"points":1200}],"target":10000,"on_board":[true,true],"thresholds":[1000,350],"must_roll":false,"yahtzee_clause":false,"triples":[],"rerolled":false,"winner":-1},"legal":[{"keep":[6,6,6]},{"keep":[6,6,6,6]}],"time_left_ms":1000}' \
	>"$TMP/bolo5-win.jsonl"
expect_eq "$(timeout 20 "$EXPECT" <"$TMP/bolo5-win.jsonl" | tail -n 1)" \
	'{"action":{"keep":[6,6,6,6]}}' "expect-bot keeps four 6s for the most points"
expect_eq "$(timeout 20 "$EXPECT" --endgame <"$TMP/bolo5-win.jsonl" | tail -n 1)" \
	'{"action":{"keep":[6,6,6]}}' "expect-bot --endgame keeps three 6s, to bank and win"

for game in bolo bolo5 volle-lotte; do
	passes "$game" "$EXPECT"
	passes "$game" "$WIN"
done
passes bolo "$EXPECT --endgame"
passes bolo5 "$EXPECT --endgame"
# More than 2 players: win-bot plays them as expect-bot does.
run "$REFEREE" play bolo5 --games 3 "win=$WIN" "$CBOT $TMP" "$CBOT $TMP"
ok "$([ "$RC" = 0 ] && grep -qE '^win +3 +[0-9]+ +[0-9.]+ +0$' "$OUT"; echo $?)" \
	"win-bot plays 3-player bolo5 without a forfeit" || diag_run

# Not a dice game: the bot says so and gives up (a forfeit, not a hang).
run "$REFEREE" play rolit --out "$TMP/rolit" "$EXPECT" "$CBOT $TMP"
expect_contains "$TMP/rolit/expect-bot.stderr" \
	"expect-bot: rolit is not a dice game: it plays bolo, bolo5 and volle-lotte" \
	"expect-bot refuses rolit and says which games it plays"

# check-bot sandboxes them by default, wherever the build lives.
passes bolo5 "$BOTS/win-bot"
passes volle-lotte "$BOTS/expect-bot"

# Every dice game at the default time control: no forfeit, logs verify.
for game in bolo bolo5 volle-lotte; do
	cat >"$TMP/$game.json" <<JSON
{"name": "$game", "game": "$game", "players": 2, "games": 4,
 "bots": [
  {"name": "expect", "command": "$EXPECT"},
  {"name": "win", "command": "$WIN"},
  {"name": "bank", "command": "$BOTS/threshold-bot 350 $TMP"}]}
JSON
	expect_exit 0 "$REFEREE" tournament "$TMP/$game.json" --out "$TMP/t-$game"
	expect_eq "$(finished_games "$TMP/t-$game/run.jsonl" | wc -l)" 12 \
		"$game: the 12 games of the tournament finish"
	expect_eq "$(cat "$TMP/t-$game"/games/*.jsonl | grep -c '"type":"forfeit"')" 0 \
		"$game: nobody forfeits at the default time control"
	run "$REFEREE" verify "$TMP/t-$game"/games/*.jsonl
	ok "$([ "$RC" = 0 ] && [ "$(grep -c ': ok: ' "$OUT")" = 12 ]; echo $?)" \
		"$game: every log verifies" || diag_run
done

assert_no_leftovers
done_testing
