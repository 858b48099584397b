#!/bin/sh
# referee grade's figures (docs/ANALYSIS.md, "Figures"): the tables of a
# target not built in, solved, cached and read (bench/values_tables); then
# BENCH_GRADE_GAMES games (default 1000) of win-bot against expect-bot in
# bolo and in bolo5 at the default target, graded: the decisions graded a
# second of the referee's CPU, and the variance of win-bot's
# luck-adjusted score against that of its plain result, with both means
# and their 95% intervals.  Not part of `make check`.
set -e
top_builddir=${top_builddir:-.}
PYTHON3=${PYTHON3:-python3}
GAMES=${BENCH_GRADE_GAMES:-1000}
REFEREE=$top_builddir/referee/referee
BOTS=$top_builddir/bots
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-grade.XXXXXX")
trap 'rm -rf "$work"' EXIT

VALUES_CACHE=$work "$top_builddir/bench/values_tables" ${BENCH_GRADE_TARGETS:-}
for game in bolo bolo5; do
	"$REFEREE" play $game --games "$GAMES" --seed 5601 --no-sandbox \
		--no-limits --out "$work/$game" "$BOTS/win-bot" "$BOTS/expect-bot" \
		>/dev/null 2>&1
	# the CPU of the grade alone, a child of its own shell
	sh -c '"$1" grade --format json "$2" >"$3"; times' sh "$REFEREE" \
		"$work/$game" "$work/$game.json" >"$work/$game.times"
	"$PYTHON3" - "$game" "$work/$game.json" "$work/$game.times" <<'PY'
import json, math, re, sys

game, path, times = sys.argv[1:]
grades = [json.loads(line) for line in open(path)]
# the second line of `times`: the children's user and system time
user, system = (float(m) * 60 + float(s) for m, s in
                re.findall(r"(\d+)m([\d.]+)s", open(times).read().splitlines()[1]))
decisions = sum(1 for g in grades for m in g["moves"] if "played" in m)
print(f"{game}: {len(grades)} games, {decisions} decisions graded in "
      f"{user + system:.2f} s of CPU: {decisions / (user + system):.0f} a second")
for name, key in (("result", "result"), ("luck-adjusted", "adjusted")):
    xs = [g[key][g["players"].index("win-bot")] for g in grades]
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    half = 1.96 * math.sqrt(var / len(xs))
    print(f"{game}: win-bot's {name:13s} mean {mean:.4f} +- {half:.4f}, "
          f"variance {var:.5f}")
    if key == "result":
        plain = var
print(f"{game}: variance of the result / of the luck-adjusted score: "
      f"{plain / var:.1f}")
PY
done
