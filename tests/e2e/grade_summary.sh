#!/usr/bin/env bash
# referee grade --summary (docs/ANALYSIS.md, "Against optimal play"): over
# fixed logs of bolo5 to 1000, each bot's games, mean errors per game, its
# expected score against the optimal bot (1/2 less them) and its mean
# score, each with its 95% interval, as exact numbers, in JSON and text;
# the same numbers as the per-game grades give; a game without exact
# values is named and left out (exit 3) while the others are summed; bad
# usage is refused.
. "$(dirname "$0")/../tools/lib.sh"

FIXTURES="$top_srcdir/tests/fixtures/grade_summary"
FIXTURE="$top_srcdir/tests/fixtures/grade/bolo5-1000.jsonl"

# query PYTHON: what the Python expression prints, over `summary`, the
# summary read from $OUT.
query() {
	"$PYTHON3" -c "import json, sys
summary = json.load(open(sys.argv[1]))
print($1)" "$OUT"
}

# Three games of threshold-bot against expect-bot and one of win-bot
# against expect-bot, bolo5 to 1000.
expect_exit 0 "$REFEREE" grade --summary --format json "$FIXTURES" "$FIXTURE"
expect_eq "$(wc -l <"$OUT")" 1 "--summary --format json: one line"
expect_eq "$(cat "$OUT")" '{"bots":[{"name":"threshold-c-350","games":3,"error":0.006402060435353722,"error_ci":0.012547807880142113,"against_optimal":0.49359793956464626,"against_optimal_ci":0.012547807880142113,"score":0.33333333333333331,"score_ci":0.65332132818001809},{"name":"expect-bot","games":4,"error":0.011021536860858938,"error_ci":0.021601815301564162,"against_optimal":0.48897846313914106,"against_optimal_ci":0.021601815301564162,"score":0.75,"score_ci":0.48999099613501351},{"name":"win-bot","games":1,"error":0.035378884723228088,"error_ci":null,"against_optimal":0.46462111527677191,"against_optimal_ci":null,"score":0,"score_ci":null}]}' \
	"each bot's games, errors per game, expected score against the optimal bot and score, exactly"

# The same numbers from the per-game grades: the mean of the errors, the
# interval 1.959963984540054 standard errors (the ladder's), 1/2 less the mean.
run "$REFEREE" grade --format json "$FIXTURES" "$FIXTURE"
cp "$OUT" "$TMP/grades"
expect_exit 0 "$REFEREE" grade --summary --format json "$FIXTURES" "$FIXTURE"
cat >"$TMP/recompute.py" <<'PY'
import json, math, sys

summary = json.load(open(sys.argv[1]))
grades = [json.loads(line) for line in open(sys.argv[2])]
names = sorted({n for g in grades for n in g["players"]})


def mean_ci(xs):
    mean = 0.0
    for x in xs:
        mean += x
    mean /= len(xs)
    squares = 0.0
    for x in xs:
        squares += (x - mean) * (x - mean)
    half = 1.959963984540054 * math.sqrt(squares / (len(xs) - 1) / len(xs)) \
        if len(xs) > 1 else None
    return mean, half


want = []
for name in names:
    seats = [(g, s) for g in grades for s in (0, 1) if g["players"][s] == name]
    error, error_ci = mean_ci([g["seats"][s]["error"] for g, s in seats])
    score, score_ci = mean_ci([g["result"][s] for g, s in seats])
    want.append({"name": name, "games": len(seats), "error": error,
                 "error_ci": error_ci, "against_optimal": 0.5 - error,
                 "against_optimal_ci": error_ci, "score": score,
                 "score_ci": score_ci})
want.sort(key=lambda b: (b["error"], b["name"]))
print(summary == {"bots": want})
PY
expect_eq "$("$PYTHON3" "$TMP/recompute.py" "$OUT" "$TMP/grades")" True \
	"the summary is the per-game grades' errors and results, summed"

# For people: a line a bot.
expect_exit 0 "$REFEREE" grade --summary "$FIXTURES" "$FIXTURE"
expect_eq "$(cat "$OUT")" "$(cat <<'EOF'
games  error per game, 95%   against optimal, 95%  score, 95%            name
    3    0.64% +-  1.25%     0.4936 +- 0.0125      0.3333 +- 0.6533      threshold-c-350
    4    1.10% +-  2.16%     0.4890 +- 0.0216      0.7500 +- 0.4900      expect-bot
    1    3.54%               0.4646                0.0000                win-bot
EOF
)" "the text: a line a bot, best first (the least error per game), the mean alone under two games"

# A game without exact values: named, left out, the others summed.
RUN_LIMIT=120 run "$REFEREE" play rolit --games 1 --seed 61 --no-sandbox --no-limits \
	--out "$TMP/rolit" "$BOTS/random-bot" "$BOTS/random-bot"
expect_exit 3 "$REFEREE" grade --summary --format json "$TMP/rolit" "$FIXTURE"
expect_eq "$(cat "$ERR")" "referee grade: $TMP/rolit/game-000001.jsonl: no exact values for rolit: only two-player bolo and bolo5 have them" \
	"a rolit log: named with the reason"
expect_eq "$(query '[(b["name"], b["games"], b["error_ci"]) for b in summary["bots"]]')" \
	"[('expect-bot', 1, None), ('win-bot', 1, None)]" "the bolo5 game is summed, without intervals"
expect_exit 3 "$REFEREE" grade --summary --format json "$TMP/rolit"
expect_eq "$(cat "$OUT")" '{"bots":[]}' "no game with exact values: no bot"

# Usage.
expect_exit 0 "$REFEREE" grade --help
expect_contains "$OUT" "  --summary      instead of each game, a line a bot (by name) over its"
expect_exit 2 "$REFEREE" grade --summary
expect_contains "$ERR" "referee grade: no log or folder given"

done_testing
