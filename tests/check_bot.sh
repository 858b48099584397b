#!/usr/bin/env bash
# `referee check-bot`: the bundled bots pass on every game they play; a bot
# with one fault fails with a line that names it; bad usage is refused.
. "$(dirname "$0")/lib.sh"

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
		passes "$game" "$NODE $top_srcdir/bots/examples/$example.mjs"
	fi
done
passes rolit "$top_builddir/bots/examples/rolit"
if command -v jq >/dev/null; then
	passes rolit "$top_srcdir/bots/examples/minimal.sh"
fi

# A tournament mixing C, Python and JavaScript bots completes and verifies
# (in the sandbox, the SDKs the scripts import are "readable" for them).
if command -v "$NODE" >/dev/null; then
	cat >"$TMP/mixed.json" <<JSON
{"name": "mixed", "game": "rolit", "options": {"size": 6}, "players": 3, "games": 3,
 "bots": [
  {"name": "c", "command": "$CBOT $TMP"},
  {"name": "py", "command": "$PYTHON3 $top_srcdir/bots/examples/rolit.py $TMP",
   "readable": ["$top_srcdir/sdk/python"]},
  {"name": "js", "command": "$NODE $top_srcdir/bots/examples/rolit.mjs $TMP",
   "readable": ["$top_srcdir/sdk/js"]}]}
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

# fails REASON-TEXT BOT [OPTIONS...]: exit 1 and a FAIL line holding the text.
fails() {
	local text=$1 bot=$2
	shift 2
	run "$REFEREE" check-bot rolit "$@" "$bot"
	ok "$([ "$RC" = 1 ] && grep -qF -e "FAIL  game 1, seat 0: $text" "$OUT"; echo $?)" \
		"check-bot fails: $text" || diag_run
}
fails 'illegal-action: D4 is occupied (the action: "D4")' "$(zoo illegal-move occupied)" -o first=seat0
fails 'bad-json: not valid JSON' "$(zoo garbage)"
fails 'timeout: no reply within 300 ms to "turn"' "$(zoo silent-turn.sh)" --move-ms 300
fails 'exit: the bot exited with status 3 before answering "hello"' "$(zoo crash-at-start.sh)"
fails 'fairness: lock: the reveal does not match the commitment' "$(zoo bad-reveal)"
expect_contains "$OUT" "the logs and the bot's stderr are kept in /tmp/check-bot." "a failed check keeps its logs"
rm -rf "$(sed -n 's/.*are kept in \(.*\)$/\1/p' "$OUT")"
assert_no_leftovers

run "$REFEREE" check-bot rolit "/nonexistent/bot"
ok "$([ "$RC" = 1 ] && grep -qF "FAIL  starts: cannot run '/nonexistent/bot': No such file or directory" "$OUT"; echo $?)" \
	"a program that cannot run fails the first check" || diag_run
expect_exit 2 "$REFEREE" check-bot chess "$CBOT"
expect_contains "$ERR" "unknown game 'chess'" "an unknown game is refused"
expect_exit 2 "$REFEREE" check-bot rolit
expect_contains "$ERR" "give a game and one bot" "a missing bot is refused"
expect_exit 0 "$REFEREE" check-bot --help
expect_contains "$OUT" "usage: referee check-bot GAME BOT" "--help shows the usage"

done_testing
