#!/bin/bash
# End-to-end: `referee verify` checks that the games of a duplicate set
# seat the same bots, by name and by command, in n different rotations of
# game 0's seating (docs/FAIRNESS.md, "Duplicate sets").  Honest sets of
# 2, 3 and 4 players (Black-Pot 2 vs 2) pass; a set seated twice the same
# way, one with another bot in a seat (another name, or a name run with
# another command) and, in 3 players, one seated in a way that is not a
# rotation, each forged with tests/tools/logtool.py (re-chained and
# re-signed with the referee's own key, so that every log still verifies
# alone), fail with exit 1, naming the set and the game.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C="$CBOT '$TMP'"

# set_id OUT K: the id of set K as `play` printed it in OUT.
set_id() {
	sed -n "s/^set $2: games [0-9]* to [0-9]*, set_id \([0-9a-f]*\)\$/\1/p" "$1"
}

# forge NAME FROM LOG [EDIT]...: folder $TMP/NAME holding the logs of
# folder FROM, LOG among them re-signed with EDITs (logtool.py resign).
forge() {
	local name=$1 from=$2 log=$3
	shift 3
	mkdir "$TMP/$name"
	cp "$from"/game-*.jsonl "$TMP/$name/"
	$LOGTOOL resign "$from/$log" "$TMP/$name/$log" "$KEYDIR/referee.key" "$@"
	F=$TMP/$name
}

# refused SET DESCRIPTION WHAT: verify of the forged folder $F fails
# (exit 1), each of its logs ok alone, and its last line is "set SET:
# FAILED: WHAT".
refused() {
	expect_exit 1 "$REFEREE" verify "$F"
	expect_eq "$(grep -c ': ok: ' "$OUT") $(tail -n 1 "$OUT")" \
		"$(ls "$F" | wc -l) set $1: FAILED: $3" "$2"
}

# --- honest sets pass ---------------------------------------------------------------
D2=$TMP/two
expect_exit 0 "$REFEREE" play bolo -o target=2000 --games 2 --duplicate --out "$D2" "a=$C a" "b=$C b"
S2=$(set_id "$OUT" 1)
expect_eq "$(head -n 1 "$D2/game-000002.jsonl" | grep -o '"name":"[a-z]*"' | tr '\n' ' ')" \
	'"name":"b" "name":"a" ' "2 players: game 1 of the set seats the bots in the other rotation"
D3=$TMP/three
expect_exit 0 "$REFEREE" play bolo -o target=2000 --games 3 --duplicate --out "$D3" "a=$C a" "b=$C b" "c=$C c"
S3=$(set_id "$OUT" 1)
D4=$TMP/four
expect_exit 0 "$REFEREE" play black-pot --games 8 --duplicate --out "$D4" "a=$C a" "b=$C b" "c=$C c" "d=$C d"
run "$REFEREE" verify "$D2" "$D3" "$D4"
expect_eq "$RC $(grep -c ': ok: ' "$OUT") $(wc -l <"$OUT")" "0 13 13" \
	"honest sets of 2, 3 and 4 players (two Black-Pot sets, 2 vs 2) verify, each log ok and no set refused" || diag_run

# --- 2 players --------------------------------------------------------------------
forge twice "$D2" game-000002.jsonl seats header 1,0
expect_eq "$(head -n 1 "$F/game-000002.jsonl" | grep -o '"name":"[a-z]*"' | tr '\n' ' ')" \
	'"name":"a" "name":"b" ' "forged: game 1 of the set seated as game 0"
refused "$S2" "a set seated twice the same way is refused" \
	"games 0 ($F/game-000001.jsonl) and 1 ($F/game-000002.jsonl) seat the bots the same way, a, b: each game of a set seats them in a rotation of its own"
expect_exit 1 "$REFEREE" verify "$F/game-000002.jsonl" "$F/game-000001.jsonl"
expect_eq "$(tail -n 1 "$OUT")" "set $S2: FAILED: games 0 ($F/game-000001.jsonl) and 1 ($F/game-000002.jsonl) seat the bots the same way, a, b: each game of a set seats them in a rotation of its own" \
	"... given as logs, in any order, too"

forge other "$D2" game-000002.jsonl sub header '"name":"a"' '"name":"x"'
refused "$S2" "a set with another bot in a seat is refused" \
	"game 1 ($F/game-000002.jsonl) seats \"x\" in seat 1, a bot not at game 0's table ($F/game-000001.jsonl: a, b)"

forge command "$D2" game-000002.jsonl sub header "(\"name\":\"a\",\"command\":\"[^\"]*)' a\"" "\\1' z\""
refused "$S2" "a bot of the same name run with another command is another bot" \
	"game 1 ($F/game-000002.jsonl) runs \"a\" with the command \"$C z\", game 0 ($F/game-000001.jsonl) with \"$C a\": another bot"

# --- 3 players ------------------------------------------------------------------------
forge mirrored "$D3" game-000002.jsonl seats header 1,0,2
refused "$S3" "3 players: a seating that is not a rotation is refused" \
	"game 1 ($F/game-000002.jsonl) seats c, b, a: not a rotation of game 0's seating, a, b, c ($F/game-000001.jsonl)"

forge same "$D3" game-000003.jsonl seats header 2,0,1
refused "$S3" "3 players: games 1 and 2 seated the same way are refused" \
	"games 1 ($F/game-000002.jsonl) and 2 ($F/game-000003.jsonl) seat the bots the same way, b, c, a: each game of a set seats them in a rotation of its own"

forge stranger "$D3" game-000003.jsonl sub header '"name":"c"' '"name":"x"'
refused "$S3" "3 players: another bot in a seat is refused" \
	"game 2 ($F/game-000003.jsonl) seats \"x\" in seat 0, a bot not at game 0's table ($F/game-000001.jsonl: a, b, c)"

done_testing
