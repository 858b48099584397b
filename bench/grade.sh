#!/bin/sh
# referee grade's figures (bench/README.md, "Analysis: grades, luck and verdicts"): the tables of a
# target not built in, solved, cached and read (bench/values_tables); then
# BENCH_GRADE_GAMES games (default 1000) of each pair, win-bot against
# expect-bot and threshold-bot 300 against threshold-bot 350, in bolo and
# in bolo5 at the default target, graded: the decisions graded a second
# of the referee's CPU, and the variance of the first bot's
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
# grade GAME NAME BOT BOT: the pair's games played and graded, and the
# figures of the first bot (NAME, as the referee names it).
grade() {
	game=$1 name=$2
	out=$work/$game-$name
	"$REFEREE" play "$game" --games "$GAMES" --seed 5601 --no-sandbox \
		--no-limits --out "$out" "$3" "$4" >/dev/null 2>&1
	# the CPU of the grade alone, a child of its own shell
	sh -c '"$1" grade --format json "$2" >"$3"; times' sh "$REFEREE" \
		"$out" "$out.json" >"$out.times"
	"$PYTHON3" - "$game" "$name" "$out.json" "$out.times" <<'PY'
import json, math, re, sys

game, name, path, times = sys.argv[1:]
grades = [json.loads(line) for line in open(path)]
# the second line of `times`: the children's user and system time
user, system = (float(m) * 60 + float(s) for m, s in
                re.findall(r"(\d+)m([\d.]+)s", open(times).read().splitlines()[1]))
# `times` counts hundredths: a short run's few games may take none
cpu = max(user + system, 0.01)
decisions = sum(1 for g in grades for m in g["moves"] if "played" in m)
print(f"{game}: {len(grades)} games, {decisions} decisions graded in "
      f"{user + system:.2f} s of CPU: {decisions / cpu:.0f} a second")
for what, key in (("result", "result"), ("luck-adjusted", "adjusted")):
    xs = [g[key][g["players"].index(name)] for g in grades]
    mean = sum(xs) / len(xs)
    var = sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)
    half = 1.96 * math.sqrt(var / len(xs))
    print(f"{game}: {name}'s {what:13s} mean {mean:.4f} +- {half:.4f}, "
          f"variance {var:.5f}")
    if key == "result":
        plain = var
print(f"{game}: variance of the result / of the luck-adjusted score: "
      f"{plain / var:.1f}")
PY
}

for game in bolo bolo5; do
	grade $game win-bot "$BOTS/win-bot" "$BOTS/expect-bot"
	grade $game threshold-c-300 "$BOTS/threshold-bot 300" "$BOTS/threshold-bot 350"
done
