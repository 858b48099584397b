#!/bin/bash
# End-to-end: duplicate sets played in step by real bot processes
# (docs/FAIRNESS.md, "Sets in step"): sets of every game with chance and
# of Rolit with an opening, 2 to 4 players and Black-Pot's teams, with bots
# that choose at random and a bot that is slow in one game of each set and
# fast in the others; every set ends within its time and verifies, each
# game of a set is played by processes of its own, which live on from set
# to set, and a bot that does not open its commitment forfeits every game
# of its set.  The stepping itself is checked record by record, over
# thousands of sets, in tests/unit/check_match_set.c.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)

# tokens DIR: for each log of DIR in order, the slow-at bot's process token
# (its hello's version), one a line.
tokens() {
	"$PYTHON3" -c '
import glob, json, sys
for log in sorted(glob.glob(sys.argv[1] + "/game-*.jsonl")):
    header = json.loads(open(log).readline())
    print([p for p in header["players"] if p["name"] == "slow-at"][0]["reported_version"])
' "$1"
}

# in_step GAME SETS PLAYERS SLOW_SEAT [PLAY ARGS...]: SETS sets of GAME with
# the slow bot (slow at SLOW_SEAT) and random bots for the other seats.
in_step() {
	local game=$1 sets=$2 players=$3 slow=$4 dir=$TMP/$1-$3 bots=()
	shift 4
	bots=("slow-at=$(zoo slow-at "$slow" 15)")
	for _ in $(seq 2 "$players"); do bots+=("$C"); done
	run timeout 180 "$REFEREE" play "$game" "$@" --duplicate \
		--games $((sets * players)) --out "$dir" "${bots[@]}"
	expect_eq "$RC" 0 "$game, $players players: $sets sets played in step end" || diag_run
	expect_eq "$(grep -c '^set [0-9]*: games' "$OUT")" "$sets" "... each said"
	run "$REFEREE" verify "$dir"
	expect_eq "$RC" 0 "... and verify" || diag_run
	# Game k of every set is played by one process of the slow bot, a
	# process of its own in each game of a set.
	expect_eq "$(tokens "$dir" | awk -v n="$players" '{ t[(NR - 1) % n] = t[(NR - 1) % n] " " $1 }
		END { for (k = 0; k < n; k++) { split(t[k], a, " "); for (i in a) if (a[i] != a[1]) bad = 1; seen[a[1]]++ }
		      for (x in seen) if (seen[x] > 1) bad = 1; print bad ? "no" : "yes" }')" yes \
		"... each game of a set by processes of its own, kept from set to set"
}

in_step bolo 12 2 0 -o target=1000
in_step bolo 5 3 1 -o target=1000
in_step bolo5 12 2 1 -o target=1000
in_step volle-lotte 5 3 2 -o target=1000
in_step black-pot 10 2 0 -o layout=random
in_step black-pot 3 4 3
in_step rolit 10 2 1 -o size=6 --openings 4

# A bot that does not open its commitment in the set's first game forfeits
# every game of the set, before the first move (docs/FAIRNESS.md, item 4).
run "$REFEREE" play bolo --duplicate --games 2 --out "$TMP/reveal" "$C" "$(zoo bad-reveal)"
expect_eq "$RC" 0 "a set with a bad reveal is played" || diag_run
expect_contains "$OUT" "2. bad-reveal           seat 1  score 0  forfeit: fairness: lock: the reveal does not match the commitment" \
	"the bad reveal forfeits the set's first game"
expect_contains "$OUT" "2. bad-reveal           seat 0  score 0  forfeit: fairness: lock: its reveal in the set's first game did not open its commitment" \
	"... and the set's second, where it sits first"
expect_eq "$(grep -c '"type":"abandon"' "$TMP"/reveal/game-00000[12].jsonl | tr '\n' ' ')" \
	"$TMP/reveal/game-000001.jsonl:1 $TMP/reveal/game-000002.jsonl:1 " "both games are abandoned: no key is formed"
run "$REFEREE" verify "$TMP/reveal"
expect_eq "$RC" 0 "both verify" || diag_run
# The second game with its forfeit taken out, signed again: verify
# refuses it.
mkdir "$TMP/unforfeited"
$LOGTOOL resign "$TMP/reveal/game-000002.jsonl" "$TMP/unforfeited/game-000002.jsonl" \
	"$KEYDIR/referee.key" drop forfeit
run "$REFEREE" verify "$TMP/unforfeited/game-000002.jsonl"
expect_eq "$RC" 1 "a later game of the set without the fairness forfeit fails" || diag_run
expect_contains "$OUT" "a bot did not open its commitment in the set's first game, yet no seat forfeited for \"fairness\" here: it forfeits every game of its set" \
	"... saying why"
run "$REFEREE" ladder --format csv "$TMP/reveal"
expect_eq "$(grep -c '^' "$OUT")" 3 "the ladder rates the set" || diag_run
expect_eq "$(awk -F, '$2 == "bad-reveal" { print $11, $14, $15 }' "$OUT")" "2 2 fairness:2" "... the bad reveal losing both games by forfeit" || diag_run

# Black-Pot 2 against 2 (docs/games/black-pot.md, "Forfeits"): the seat
# that forfeits for "fairness" loses for its side, its partner with it, in
# every game of the set; the other side wins each.
run "$REFEREE" play black-pot --duplicate --games 4 --out "$TMP/teams" "$C" "$(zoo bad-reveal)" "$(cbot c2)" "$(cbot c3)"
expect_eq "$RC" 0 "a Black-Pot set of 2 v 2 with a bad reveal is played" || diag_run
expect_eq "$("$PYTHON3" -c '
import glob, json, sys
for path in sorted(glob.glob(sys.argv[1] + "/game-*.jsonl")):
    lines = [json.loads(l) for l in open(path)]
    names = [p["name"] for p in lines[0]["players"]]
    bad = names.index("bad-reveal")
    forfeits = [(r["seat"], r["reason"]) for r in lines if r["type"] == "forfeit"]
    ranks = [r for r in lines if r["type"] == "result"][0]["ranks"]
    print(bad, forfeits == [(bad, "fairness")],
          ranks == [3 if (s - bad) % 2 == 0 else 1 for s in range(4)])
' "$TMP/teams")" "1 True True
0 True True
3 True True
2 True True" "in each game the bad reveal forfeits for fairness, and it and its partner rank last, the other side first"
run "$REFEREE" verify "$TMP/teams"
expect_eq "$RC" 0 "... and the set verifies" || diag_run

done_testing
