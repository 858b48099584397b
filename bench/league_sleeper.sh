#!/usr/bin/env bash
# bench/league_sleeper.sh [REFEREE] [SECONDS] [HELLO_MS] [MOVE_MS] [ADD_AT]:
# a bot asleep within its clock (tests/zoo/sleeper.py, HELLO_MS at hello and
# MOVE_MS a move, default 3000 and 200) among three copies of random-bot, a
# league of rolit 6x6 run for SECONDS (default 60) on 2 workers; a fifth bot
# added ADD_AT seconds in (default 20).  Prints the quick bots' games a second
# between them (from 5 s to ADD_AT), the sleeper's games, and how long the
# added bot waited for its first game (at most SECONDS + 120 s is waited).
# The figures are in bench/README.md ("The league beside a sleeper").
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
R=${1:-$top/referee/referee} T=${2:-60} H=${3:-3000} M=${4:-200} ADD=${5:-20}
W=$(mktemp -d) L=$W/league
trap 'rm -rf "$W"' EXIT
games_of() { "$R" league ladder "$L" --format json |
	python3 -c 'import json, sys; print(sum(r["games"] for r in json.load(sys.stdin)["ladder"] if r["name"] == sys.argv[1]))' "$1"; }
quick() { echo $(( ($(games_of q1) + $(games_of q2) + $(games_of q3) - $(games_of sleeper)) / 2 )); }
"$R" league init "$L" --game rolit -o size=6 >/dev/null
for b in q1 q2 q3 n; do mkdir -p "$W/$b" && cp "$top/bots/random-bot" "$W/$b/bot"; done
for b in q1 q2 q3; do "$R" league add "$L" $b "$W/$b/bot" >/dev/null; done
"$R" league add "$L" sleeper "$top/tests/zoo/sleeper.py $W $H $M" >/dev/null
"$R" league run "$L" --for "${T}s" --concurrency 2 >"$W/out" 2>"$W/err" &
runner=$!
sleep 5
q0=$(quick) s0=$(games_of sleeper) t0=$(date +%s%N)
sleep $((ADD - 5))
q1=$(quick) s1=$(games_of sleeper) t1=$(date +%s%N)
"$R" league add "$L" n "$W/n/bot" >/dev/null
added=$(date +%s%N)
while [ "$(games_of n)" -eq 0 ] && [ $(( ($(date +%s%N) - added) / 1000000000 )) -lt $((T + 120)) ]; do
	sleep 0.5
done
first=$(( ($(date +%s%N) - added) / 1000000 ))
[ "$(games_of n)" -gt 0 ] || first=">$first"
kill -TERM $runner 2>/dev/null
wait $runner
awk -v q=$((q1 - q0)) -v s=$((s1 - s0)) -v ns=$((t1 - t0)) -v f="$first" 'BEGIN {
	printf "quick bots: %d games in %.1f s, %.2f games/s; the sleeper: %d games; the added bot'"'"'s first game after %s ms\n", q, ns / 1e9, q / (ns / 1e9), s, f }'
