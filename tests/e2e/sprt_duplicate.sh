#!/usr/bin/env bash
# `referee sprt --duplicate`: each pair a duplicate set whose two games
# deal each seat the same dice, played with bot processes of their own, on
# several workers; a clearly stronger bot reaches H1; the logs kept are
# whole sets that verify together, those of the sets in flight at the
# verdict removed; no bot left behind; refused without the sandbox unless
# the bots are trusted.
. "$(dirname "$0")/../tools/lib.sh"

T="t=$BOTS/threshold-bot 350 $TMP"
C=$(cbot r)

# sets LOGS...: each log's set id and game in it ("ID K"), in order.
sets() {
	sed -n '1s/.*"set":{"id":"\([0-9a-f]*\)","game":\([0-9]\),"of":2}.*/\1 \2/p' "$@"
}

# A threshold strategy against random moves, in bolo to 3,000 points (to
# 1,000, luck wins the random bot one game in some sets and its split sets
# may turn the test to H0): H1 with one set at a time and two at once.
for n in 1 2; do
	D=$TMP/d$n
	expect_exit 0 "$REFEREE" sprt bolo --elo0 0 --elo1 200 -o target=3000 --duplicate \
		--concurrency "$n" --out "$D" "$T" "$C"
	pairs=$(grep -c '^pair ' "$OUT")
	expect_contains "$OUT" "H1 accepted after $pairs pairs: t scores" "--concurrency $n: H1 after the sets printed"
	expect_eq "$(sed -n '/^H1 accepted after/{n;p;}' "$OUT" | cut -d: -f1)" "$pairs pairs, $((2 * pairs)) games" \
		"--concurrency $n: a set counts as one pair"
	expect_eq "$(cd "$D" && echo game-*.jsonl)" "$(printf 'game-%06d.jsonl ' $(seq $((2 * pairs))) | sed 's/ $//')" \
		"--concurrency $n: the logs of the sets counted, no other"
	for f in "$D"/game-*.jsonl; do sets "$f"; done >"$TMP/sets$n"
	expect_eq "$(awk '{print $2}' "$TMP/sets$n" | paste -sd ' ')" "$(yes '0 1' | head -n "$pairs" | paste -sd ' ')" \
		"--concurrency $n: games 2k-1 and 2k are games 0 and 1 of a set"
	expect_eq "$(awk 'NR % 2 {id = $1; next} $1 == id' "$TMP/sets$n" | wc -l) $(cut -d' ' -f1 "$TMP/sets$n" | sort -u | wc -l)" \
		"$pairs $pairs" "--concurrency $n: both games of a pair in one set, a set of its own for each pair"
	expect_exit 0 "$REFEREE" verify --key "$D/referee.pub" "$D"
	expect_eq "$(grep -c ': ok: ' "$OUT") $(wc -l <"$OUT") $(tail -1 "$OUT" | sed -E 's/^[^:]*: //; s/^(no pair|[0-9]+ pairs?) listed dropped( after the verdict, uncounted, (its|their) logs removed)?$/N listed dropped/')" \
		"$((2 * pairs)) $((2 * pairs + 1)) N listed dropped" \
		"--concurrency $n: every log ok, every set whole, and the pairs dropped counted"
done
# The first game seats t first, the second r, each dealt seat 0's dice.
first_roll() {
	grep -m1 '"type":"draw","seat":0,"turn":0,"roll":0,' "$1" | sed 's/.*"faces"/"faces"/; s/,"dealt":[0-9]*}$/}/'
}
expect_eq "$(first_roll "$TMP/d1/game-000001.jsonl")" "$(first_roll "$TMP/d1/game-000002.jsonl")" \
	"both games of a set deal seat 0 the same first roll"
! grep -q '"type":"draw","d":' "$TMP/d1/game-000001.jsonl" "$TMP/d1/game-000002.jsonl"
ok $? "no roll of a set's game is a table draw"

# Slow random moves, so that sets are in flight at the verdict: they are
# stopped, their unfinished logs removed, and what is kept still verifies.
D=$TMP/slow
expect_exit 0 "$REFEREE" sprt bolo --elo0 0 --elo1 200 -o target=3000 --duplicate \
	--concurrency 3 --out "$D" "$T" "r=$(zoo slow 5)"
pairs=$(grep -c '^pair ' "$OUT")
expect_contains "$OUT" "H1 accepted after $pairs pairs: t scores" "slow sets three at once: H1"
expect_eq "$(cd "$D" && echo game-*.jsonl)" "$(printf 'game-%06d.jsonl ' $(seq $((2 * pairs))) | sed 's/ $//')" \
	"the logs of the sets in flight at the verdict are removed"
expect_exit 0 "$REFEREE" verify --key "$D/referee.pub" "$D"
expect_eq "$(grep -c ': ok: ' "$OUT") $(grep -vc 'listed dropped after the verdict' "$OUT")" "$((2 * pairs)) $((2 * pairs))" \
	"every set kept is whole and verifies (the pairs dropped counted on a line of their own)"
assert_no_leftovers "no bot process left after the verdict stopped the sets in flight"

# Without the sandbox only trusted bots play duplicate sets.
expect_exit 2 "$REFEREE" sprt bolo --elo0 0 --elo1 200 --duplicate --no-sandbox "$T" "$C"
expect_eq "$(cat "$ERR")" "referee sprt: --duplicate with --no-sandbox: a bot could read the set's draws (dice, cards, who starts) in the logs of its other games before its own game deals them; add --trusted-bots if you trust the bots not to
(see 'referee sprt --help')" "--duplicate with --no-sandbox: refused"
expect_eq "$(cat "$OUT")" "" "... before any game"
expect_exit 0 "$REFEREE" sprt bolo --elo0 0 --elo1 200 -o target=3000 --duplicate --no-sandbox \
	--trusted-bots --max-pairs 2 --out "$TMP/trusted" "$T" "$C"
expect_contains "$OUT" "no verdict after 2 pairs: t scores" "--trusted-bots: the sets are played without the sandbox"
expect_exit 0 "$REFEREE" verify --key "$TMP/trusted/referee.pub" "$TMP/trusted"
assert_no_leftovers

done_testing
