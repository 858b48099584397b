#!/bin/sh
# `referee grade --summary`'s expected score against the optimal bot,
# checked from outside (docs/ANALYSIS.md, "Against optimal play"):
# threshold-bot plays BENCH_SUMMARY_GAMES games (default 2000) of bolo5 at
# the default target against win-bot, the optimal bot there, and as many
# against expect-bot and against random-bot.  Its mean score against
# win-bot, measured, is set against the score predicted from its errors
# per game in the games against each opponent (win-bot's own games
# included), each with its 95% interval.  Not part of `make check`.
set -e
top_builddir=${top_builddir:-.}
PYTHON3=${PYTHON3:-python3}
GAMES=${BENCH_SUMMARY_GAMES:-2000}
REFEREE=$top_builddir/referee/referee
BOTS=$top_builddir/bots
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-summary.XXXXXX")
trap 'rm -rf "$work"' EXIT

for opponent in win-bot expect-bot random-bot; do
	"$REFEREE" play bolo5 --games "$GAMES" --seed 5702 --no-sandbox \
		--no-limits --out "$work/$opponent" "$BOTS/threshold-bot" \
		"$BOTS/$opponent" >/dev/null 2>&1
	"$REFEREE" grade --summary --format json "$work/$opponent" \
		>"$work/$opponent.json"
done
"$PYTHON3" - "$work" <<'PY'
import json, math, sys

work = sys.argv[1]
bots = {}
for opponent in ("win-bot", "expect-bot", "random-bot"):
    rows = json.load(open(f"{work}/{opponent}.json"))["bots"]
    bots[opponent] = next(b for b in rows if b["name"] != opponent)
measured = bots["win-bot"]
print(f"{measured['name']} against win-bot, measured: score "
      f"{measured['score']:.4f} +- {measured['score_ci']:.4f} "
      f"({measured['games']} games of bolo5)")
for opponent, b in bots.items():
    gap = b["against_optimal"] - measured["score"]
    both = math.hypot(b["against_optimal_ci"], measured["score_ci"])
    print(f"  predicted from its games against {opponent:10s}: errors per "
          f"game {b['error']:.4f} +- {b['error_ci']:.4f}, score "
          f"{b['against_optimal']:.4f} +- {b['against_optimal_ci']:.4f}; "
          f"off by {gap:+.4f} ({'within' if abs(gap) <= both else 'OUTSIDE'}"
          f" the intervals, +- {both:.4f})")
PY
