#!/usr/bin/env bash
# An environment game saved as a log (arena_env's save_log()): for each
# game, game 1 of a seed played in arena_env, choosing as the
# env-choice-bot bots of `referee play --seed` do, is saved and holds the
# referee's records of that game, from the commitment to the reveal (but
# for the chain, the times and the signature); `referee verify` refuses
# it, `referee verify --unsigned` checks it through the rules and `referee
# replay` shows it; an unsigned log changed, with or without its chain
# made again, fails with what was changed; a signed log still verifies
# with --unsigned.
. "$(dirname "$0")/../tools/lib.sh"

LOGTOOL="$top_srcdir/tests/tools/logtool.py"
export ARENA_ENV_PATH="$top_builddir/sdk/python"
UNSIGNED="not signed: no referee ran this game (a game of arena_env), its play was checked through the rules"
SEEDED="seeded: dice were predictable to whoever knew the seed"

# saved GAME PLAYERS [KEY=VALUE...]: the environment's log of game 1 of
# seed 00 is $TMP/GAME.jsonl, the referee's of the same game
# $TMP/GAME/game-000001.jsonl, and they hold the same records.
saved() {
	local game=$1 players=$2
	shift 2
	choice_play "$game" "$players" 00 1 "$TMP/$game" "$@"
	ok "$RC" "referee play $game --seed 00, $players players" || diag_run
	run "$PYTHON3" "$top_srcdir/tests/tools/env_log.py" "$game" "$players" 00 \
		"$TMP/$game.jsonl" "$TMP/$game/game-000001.jsonl" "$@"
	expect_eq "$RC $(cat "$OUT")" "0 same records" \
		"save_log() of $game, $players players: the referee's records of the same game"
}

# actions LOG: how many action records LOG has.
actions() {
	grep -c '"type":"action"' "$1"
}

saved bolo 2
saved bolo5 2
saved volle-lotte 3
saved rolit 4
saved black-pot 4

LOG=$TMP/bolo.jsonl
run "$REFEREE" verify "$LOG"
expect_eq "$RC $(cat "$OUT")" "1 $LOG: FAILED: line 1: the log says no referee ran its game (\"refereed\": false, a game of arena_env): it is not signed and proves nothing of who played; referee verify --unsigned checks its play through the rules" \
	"verify without --unsigned refuses an unsigned log, exit 1"
for game in bolo bolo5 volle-lotte rolit black-pot; do
	players=$(sed -n 's/.*"players":\[//p' "$TMP/$game.jsonl" | grep -o '"seat"' | wc -l)
	run "$REFEREE" verify --unsigned "$TMP/$game.jsonl"
	expect_eq "$RC $(cat "$OUT")" \
		"0 $TMP/$game.jsonl: ok: $game, $players players, $(actions "$TMP/$game.jsonl") actions, $UNSIGNED; $SEEDED" \
		"verify --unsigned checks the $game log through the rules, exit 0"
done
run "$REFEREE" verify --unsigned "$TMP/rolit/game-000001.jsonl"
expect_eq "$RC $(sed 's/signed by key [0-9a-f]*,.*/signed/' "$OUT")" \
	"0 $TMP/rolit/game-000001.jsonl: ok: rolit, 4 players, 60 actions, signed" \
	"verify --unsigned still checks a signed log's signature"

run "$REFEREE" replay "$TMP/rolit.jsonl"
expect_eq "$RC $(tail -n 1 "$OUT")" "0 the log verifies; $UNSIGNED" \
	"replay shows the unsigned log and says what it is"
expect_contains "$OUT" "move 60: seat " "replay shows the unsigned log's last move"

# --- changed -------------------------------------------------------------------
# fails WHAT FILE MESSAGE: verify --unsigned FILE fails, exit 1, with MESSAGE.
fails() {
	run "$REFEREE" verify --unsigned "$2"
	expect_eq "$RC $(cat "$OUT")" "1 $2: FAILED: $3" "$1: exit 1, \"$3\""
}
line_of() { # TYPE: the first line of a record of TYPE in $LOG
	grep -nF "\"type\":\"$1\"" "$LOG" | head -n 1 | cut -d: -f1
}
A=$(line_of action)
sed "${A}s/\"us\":0/\"us\":1/" "$LOG" >"$TMP/us.jsonl"
fails "an action's time changed" "$TMP/us.jsonl" \
	"line $((A + 1)): \"prev\" is not the hash of line $A: a line was changed, removed or reordered"
D=$(line_of draw)
# The first die of the first roll: a 1 becomes a 2, anything else a 1.
sed "$((D + 1)){s/\"faces\":\[1,/\"faces\":[2,/;t;s/\"faces\":\[[2-6],/\"faces\":[1,/}" "$LOG" >"$TMP/faces.jsonl"
"$PYTHON3" "$LOGTOOL" rechain "$TMP/faces.jsonl" "$TMP/faces2.jsonl"
fails "a roll's faces changed, the chain made again" "$TMP/faces2.jsonl" \
	"line $((D + 1)): draw 1 is not what the match key gives"
R=$(line_of result)
sed "${R}s/\"ranks\":\[2,1\]/\"ranks\":[1,2]/" "$LOG" >"$TMP/ranks.jsonl"
"$PYTHON3" "$LOGTOOL" rechain "$TMP/ranks.jsonl" "$TMP/ranks2.jsonl"
fails "the ranks swapped, the chain made again" "$TMP/ranks2.jsonl" \
	"line $R: the result is not the one the rules give"
sed "1s/\"refereed\":false/\"refereed\":true/" "$LOG" >"$TMP/true.jsonl"
"$PYTHON3" "$LOGTOOL" rechain "$TMP/true.jsonl" "$TMP/true2.jsonl"
fails "\"refereed\": true" "$TMP/true2.jsonl" "line 1: \"refereed\" is either false or absent"
sed "1s/,\"refereed\":false//" "$LOG" >"$TMP/absent.jsonl"
"$PYTHON3" "$LOGTOOL" rechain "$TMP/absent.jsonl" "$TMP/absent2.jsonl"
fails "\"refereed\": false taken out" "$TMP/absent2.jsonl" \
	"line $(wc -l <"$LOG"): the log is incomplete: it does not end with a signature (the game did not finish, or the log was cut)"
"$REFEREE" keygen "$TMP/keys" >/dev/null
# resign signs in place of the last line: a line to sign in place of.
{ cat "$LOG"; printf '{"seq":0,"prev":"%064d","type":"signature"}\n' 0; } >"$TMP/tosign.jsonl"
"$PYTHON3" "$LOGTOOL" resign "$TMP/tosign.jsonl" "$TMP/signed.jsonl" "$TMP/keys/referee.key"
fails "an unsigned log with a signature added" "$TMP/signed.jsonl" \
	"line $(($(wc -l <"$LOG") + 1)): a log that says no referee ran its game (\"refereed\": false) has no signature"

assert_no_leftovers
done_testing
