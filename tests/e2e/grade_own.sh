#!/usr/bin/env bash
# referee grade --own-play (docs/ANALYSIS.md, "Luck of the players' own
# play"): 400 games of bolo5 to 2000 between threshold-bot 300 and 350,
# graded against the two bots' own play, learned from the other half of
# the games: every game graded, labelled not exact and how; the
# luck-adjusted score still result - luck, its mean within four of the
# result's standard errors, its variance more than 50 times below the result's (the
# values of optimal play take out less than half of that); and a folder of more than one pair, a game without values and
# --summary beside it each get their message and exit status.
. "$(dirname "$0")/../tools/lib.sh"

THRESHOLD="$BOTS/threshold-bot"

# grades ARGS...: `referee grade --format json ARGS` into $TMP/grades.
grades() {
	RUN_LIMIT=300 run "$REFEREE" grade --format json "$@"
	cp "$OUT" "$TMP/grades"
	ok "$([ "$RC" = 0 ]; echo $?)" "referee grade --format json $*" || diag_run
}

# query PYTHON: what the Python expression prints over `grades` (the
# grades read) and `stats(key)` (the first bot's mean and variance of
# key: "result" or "adjusted").
query() {
	"$PYTHON3" -c "import json, sys
grades = [json.loads(line) for line in open(sys.argv[1])]
def stats(key):
    xs = [g[key][g[\"players\"].index(\"threshold-c-300\")] for g in grades]
    mean = sum(xs) / len(xs)
    return mean, sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
print($1)" "$TMP/grades"
}

RUN_LIMIT=300 run "$REFEREE" play bolo5 -o target=2000 --games 400 --seed 5605 \
	--no-sandbox --no-limits --out "$TMP/pair" "$THRESHOLD 300" "$THRESHOLD 350"
expect_eq "$RC" 0 "400 games of bolo5 to 2000, threshold-bot 300 against 350"

grades --own-play "$TMP/pair"
expect_eq "$(query 'len(grades), sum(g["exact"] for g in grades)')" "400 0" \
	"--own-play: every game graded, none labelled exact"
expect_eq "$(query 'sorted(set(g["how"].split(":")[0] for g in grades))')" \
	"[\"of the two players' own play, learned from their decisions\"]" \
	"--own-play: how the values were obtained, said"
expect_eq "$(query 'all(abs(g["adjusted"][s] - g["result"][s] + g["seats"][s]["luck"]) < 1e-12 for g in grades for s in (0, 1))')" \
	True "--own-play: the luck-adjusted score is the result less the luck"
# The bots add their own secrets to the draws, so each run plays other
# games: the bound sits four standard errors out, where chance alone
# rarely goes (at 1.96, one run in twenty failed).
expect_eq "$(query 'abs(stats("adjusted")[0] - stats("result")[0]) < 4 * (stats("result")[1] / len(grades)) ** 0.5')" \
	True "--own-play: the luck-adjusted mean within four standard errors of the result's"
own_ratio=$(query 'round(stats("result")[1] / stats("adjusted")[1])')
expect_eq "$(query 'stats("result")[1] / stats("adjusted")[1] > 50')" True \
	"--own-play: the luck-adjusted variance more than 50 times below the result's ($own_ratio)"
grades "$TMP/pair"
expect_eq "$(query "stats('result')[1] / stats('adjusted')[1] < $own_ratio / 2")" True \
	"the values of optimal play take out less than half as much ($(query 'round(stats("result")[1] / stats("adjusted")[1])'))"

# More than one pair; a game without values; --summary beside it.
RUN_LIMIT=300 run "$REFEREE" play bolo5 -o target=2000 --games 2 --seed 5606 \
	--no-sandbox --no-limits --out "$TMP/other" "$THRESHOLD 300" "$BOTS/random-bot"
expect_exit 1 "$REFEREE" grade --own-play "$TMP/pair" "$TMP/other"
expect_contains "$ERR" "--own-play grades the games of one pair of players: this one is not threshold-c-300 against threshold-c-350" \
	"--own-play: a game of another pair is named"
RUN_LIMIT=300 run "$REFEREE" play rolit -o size=4 --games 1 --seed 5607 \
	--no-sandbox --no-limits --out "$TMP/rolit" "$BOTS/random-bot" "$BOTS/random-bot"
expect_exit 1 "$REFEREE" grade --own-play "$TMP/rolit"
expect_contains "$ERR" "no exact values for rolit: only two-player bolo and bolo5 have them" \
	"--own-play: a game without values says why"
expect_exit 2 "$REFEREE" grade --own-play --summary "$TMP/pair"
expect_contains "$ERR" "--own-play and --summary do not go together" \
	"--own-play with --summary: bad usage"

done_testing
