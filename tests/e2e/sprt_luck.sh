#!/usr/bin/env bash
# `referee sprt --luck-adjusted`: the verdict on A's luck-adjusted scores
# (docs/ANALYSIS.md), every line printed as the grades of the pair's logs
# give it (computed again by tests/tools/luck_sprt.py); a clearly weaker
# bot rejected in fewer pairs than the plain test needed on the same
# games; duplicate sets; verify counting the pairs again on their grades;
# and the games without exact values and a bad combination refused before
# any game.
. "$(dirname "$0")/../tools/lib.sh"

LUCK="$PYTHON3 $top_srcdir/tests/tools/luck_sprt.py"
W="w=$BOTS/win-bot"
KEY=$KEYDIR/referee.key

# One pair at a time: its lines are the grades' of its logs, exactly.
expect_exit 0 "$REFEREE" sprt bolo --elo0 0 --elo1 20 --luck-adjusted -o target=1000 \
	--concurrency 1 --out "$TMP/one" "$W" "t=$BOTS/threshold-bot 300"
cp "$OUT" "$TMP/one.out"
"$REFEREE" grade --format json "$TMP/one" >"$TMP/one.json"
expect_eq "$(cat "$TMP/one.out")" "$($LUCK lines "$TMP/one.json" 0 20)" \
	"--luck-adjusted: the hypotheses, each pair's scores and LLR, the verdict, the counts and the variance, as the pairs' grades give them"
expect_contains "$TMP/one.out" "accepted after" "... with a verdict"
pairs=$(grep -c '^pair ' "$TMP/one.out")
verdict=$(grep -o '^H[01] accepted' "$TMP/one.out" | cut -c1-2)
expect_eq "$(sed -n 2p "$TMP/one/run.jsonl" | cut -d, -f3-)" \
	'"type":"sprt","elo0":"0","elo1":"20","alpha":"0.05","beta":"0.05","model":"logistic","max_pairs":10000,"scores":"luck-adjusted"}' \
	"run.jsonl names a test on luck-adjusted scores"
expect_eq "$(tail -2 "$TMP/one/run.jsonl" | head -1 | cut -d, -f3-)" "\"type\":\"verdict\",\"verdict\":\"$verdict\",\"pairs\":$pairs}" \
	"... and its verdict"
expect_exit 0 "$REFEREE" verify "$TMP/one"
expect_eq "$(tail -1 "$OUT")" "$TMP/one: no pair listed dropped" "verify: the verdict the grades of the pairs' logs give"

# Verify counts the pairs again on their grades: another verdict signed
# again is refused, and so is the test said to be on plain scores.
other=$([ "$verdict" = H1 ] && echo H0 || echo H1)
mkdir "$TMP/forged" "$TMP/plain"
cp "$TMP"/one/game-*.jsonl "$TMP/forged/"
cp "$TMP"/one/game-*.jsonl "$TMP/plain/"
$LOGTOOL resign "$TMP/one/run.jsonl" "$TMP/forged/run.jsonl" "$KEY" \
	sub verdict "\"$verdict\",\"pairs\"" "\"$other\",\"pairs\""
expect_exit 1 "$REFEREE" verify "$TMP/forged"
llr=$(grep '^pair ' "$TMP/one.out" | tail -1 | sed 's/.*LLR //')
expect_contains "$OUT" "$TMP/forged/run.jsonl: FAILED: its verdict is $other after $pairs pairs; its pairs' graded logs give $verdict after $pairs (LLR $llr)" \
	"a verdict rewritten and signed again: refused, with the grades' verdict"
$LOGTOOL resign "$TMP/one/run.jsonl" "$TMP/plain/run.jsonl" "$KEY" sub sprt ',"scores":"luck-adjusted"' ''
expect_exit 1 "$REFEREE" verify "$TMP/plain"
expect_contains "$OUT" "$TMP/plain/run.jsonl: FAILED: its verdict is $verdict after $pairs pairs; its pairs' logs give " \
	"the same run said to be on plain scores: refused (the plain results do not give its verdict)"

# A verdict said to come a pair earlier, the deciding pair listed as
# dropped after it (its logs removed), signed again: the pairs before the
# dropped one do not give it, and verify says so (it stopped counting at
# the dropped pair without comparing).
mkdir "$TMP/early"
cp "$TMP"/one/game-*.jsonl "$TMP/early/"
rm "$TMP/early/game-$(printf %06d $((2 * pairs - 1))).jsonl" "$TMP/early/game-$(printf %06d $((2 * pairs))).jsonl"
last=$(grep -n "\"type\":\"finished\",\"game\":$((2 * pairs - 1))," "$TMP/one/run.jsonl" | cut -d: -f1)
$LOGTOOL resign "$TMP/one/run.jsonl" "$TMP/early/run.jsonl" "$KEY" \
	sub "$((last - 1))" "\"type\":\"finished\",\"game\":$((2 * pairs - 1)),.*" "\"type\":\"dropped\",\"games\":[$((2 * pairs - 1)),$((2 * pairs))]}" \
	drop "$last" sub verdict "\"pairs\":$pairs" "\"pairs\":$((pairs - 1))"
expect_exit 1 "$REFEREE" verify "$TMP/early"
expect_contains "$OUT" "$TMP/early/run.jsonl: FAILED: its verdict is $verdict after $((pairs - 1)) pairs; its pairs' graded logs give none after $((pairs - 1)) (LLR " \
	"a verdict a pair before its pairs give it, the rest listed dropped: refused"

# A clearly weaker bot: the plain test's own games, graded, reject it
# (H0) in fewer pairs than the plain test needed.
expect_exit 0 "$REFEREE" sprt bolo --elo0 -10 --elo1 10 -o target=1000 --concurrency 2 \
	--quiet --out "$TMP/weak" "t=$BOTS/threshold-bot 150" "$W"
expect_contains "$OUT" "H0 accepted after" "the plain test rejects threshold-bot 150"
plain=$(grep -o 'H0 accepted after [0-9]*' "$OUT" | grep -o '[0-9]*$')
"$REFEREE" grade --format json "$TMP/weak" >"$TMP/weak.json"
read -r said luck <<<"$($LUCK first "$TMP/weak.json" -10 10)"
diag "the same games: plain H0 after $plain pairs, luck-adjusted $said after $luck"
expect_eq "$said" H0 "... and so do the same games' luck-adjusted scores"
expect_lt "$luck" "$plain" "... in fewer pairs"

# Without --out, the logs graded are kept in a scratch folder, removed
# at the end.
mkdir -m 0777 "$TMP/scratch"
expect_exit 0 env TMPDIR="$TMP/scratch" "$REFEREE" sprt bolo --elo0 -10 --elo1 10 --luck-adjusted \
	-o target=1000 --concurrency 2 --quiet "t=$BOTS/threshold-bot 150" "$W"
expect_contains "$OUT" "H0 accepted after" "without --out: H0"
expect_contains "$OUT" "pairs: t scores " "... on luck-adjusted scores"
expect_eq "$(ls -A "$TMP/scratch")" "" "... and no scratch folder left"

# Duplicate sets, two at a time: H0 on the sets' luck-adjusted scores; the
# logs kept verify, the test counted again on their grades.
expect_exit 0 "$REFEREE" sprt bolo --elo0 -10 --elo1 10 --luck-adjusted --duplicate \
	-o target=1000 --concurrency 2 --out "$TMP/dup" "t=$BOTS/threshold-bot 150" "$W"
sets=$(grep -c '^pair [0-9]*: [01.]* + [01.]*, luck-adjusted [0-9.-]* + [0-9.-]*  LLR ' "$OUT")
expect_contains "$OUT" "H0 accepted after $sets pairs: t scores " "--duplicate --luck-adjusted: H0 after the sets printed"
expect_eq "$(grep -c '^variance a pair: plain [0-9.]*, luck-adjusted [0-9.]*, ratio [0-9.]*$' "$OUT")" 1 \
	"... and the variance a pair of both scores"
expect_exit 0 "$REFEREE" verify "$TMP/dup"
expect_eq "$(grep -c ': ok: ' "$OUT")" "$((2 * sets))" "... its logs verify, the verdict counted again"
assert_no_leftovers "no bot process left"

# No exact values, or bounds the scores cannot take: refused before any game.
expect_exit 3 "$REFEREE" sprt rolit --elo0 0 --elo1 20 --luck-adjusted --out "$TMP/rolit" \
	"$BOTS/random-bot" "$BOTS/random-bot"
expect_eq "$(cat "$ERR")" "referee sprt: --luck-adjusted: no exact values for rolit: only two-player bolo and bolo5 have them" \
	"rolit: exit 3, why"
[ ! -e "$TMP/rolit" ]
ok $? "... before any game: no folder"
expect_exit 3 "$REFEREE" sprt bolo5 -o yahtzee_clause=on --elo0 0 --elo1 20 --luck-adjusted \
	"$BOTS/random-bot" "$BOTS/random-bot"
expect_eq "$(cat "$ERR")" "referee sprt: --luck-adjusted: no exact values for bolo5 with the Yahtzee clause: the tables are solved without it" \
	"bolo5 with the Yahtzee clause: exit 3, why"
expect_exit 2 "$REFEREE" sprt bolo --elo0 0 --elo1 20 --luck-adjusted --normalized \
	"$BOTS/random-bot" "$BOTS/random-bot"
expect_eq "$(cat "$ERR")" "referee sprt: --luck-adjusted takes logistic bounds, not --normalized: a normalized Elo of luck-adjusted scores would be in units of their own spread, not the games'
(see 'referee sprt --help')" "--luck-adjusted --normalized: refused"
expect_eq "$(cat "$OUT")" "" "... before any game"

done_testing
