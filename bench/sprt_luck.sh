#!/bin/sh
# What --luck-adjusted buys `referee sprt` (docs/ANALYSIS.md, "Luck-adjusted
# verdicts"): on two close pairs of bots in two-player games at the default
# target (win-bot against expect-bot in bolo, threshold-bot 350 against 400
# in bolo5), the same SPRT (bounds 0 and 10 Elo) run BENCH_SPRT_RUNS times
# (default 5) each way: duplicate sets alone (--duplicate), luck-adjusted
# scores (--luck-adjusted) and both; for each way the verdicts and the
# pairs to them (mean and median), then how many times the pairs of
# duplicate sets alone the luck-adjusted ways need.  Not part of `make
# check`.  BENCH_SPRT_MAX_PAIRS (default 5000) caps a run.
set -eu
top_builddir=${top_builddir:-.}
REFEREE=$top_builddir/referee/referee
BOTS=$top_builddir/bots
runs=${BENCH_SPRT_RUNS:-5}
max=${BENCH_SPRT_MAX_PAIRS:-5000}
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-sprt-luck.XXXXXX")
trap 'rm -rf "$work"' EXIT

# way NAME GAME A B ARGS...: the runs of one way, a line "VERDICT PAIRS"
# each in $work/NAME, and its summary line.
way() {
	name=$1 game=$2 a=$3 b=$4
	shift 4
	: >"$work/$name"
	i=0
	while [ "$i" -lt "$runs" ]; do
		if ! "$REFEREE" sprt "$game" --elo0 0 --elo1 10 --no-sandbox --no-limits \
			--trusted-bots --concurrency 2 --quiet --max-pairs "$max" "$@" \
			"a=$a" "b=$b" >"$work/out" 2>"$work/err"; then
			echo "$game: $name: a run failed: $(grep -v -- --no-sandbox "$work/err" | tail -1)"
		fi
		sed -n 's/^\(H[01] accepted\|no verdict\) after \([0-9]*\) pairs.*/\1 \2/p' "$work/out" |
			sed 's/ accepted//; s/no verdict/none/' >>"$work/$name"
		i=$((i + 1))
	done
	sort -n -k2 "$work/$name" | awk -v game="$game" -v name="$name" '
		{ n++; p[n] = $2; sum += $2; v[$1]++ }
		END {
			med = n % 2 ? p[(n + 1) / 2] : (p[n / 2] + p[n / 2 + 1]) / 2
			printf "%s: %-22s H1 %d, H0 %d, none %d; pairs: mean %.1f, median %.1f\n",
				game, name, v["H1"], v["H0"], v["none"], sum / n, med
		}'
}

# ratio GAME WAY: the mean pairs of duplicate sets alone over WAY's.
ratio() {
	awk -v game="$1" -v name="$2" '
		FNR == 1 { f++ }
		{ s[f] += $2; n[f]++ }
		END { printf "%s: duplicate sets alone need %.1f times the pairs of %s\n",
			game, (s[1] / n[1]) / (s[2] / n[2]), name }' \
		"$work/duplicate" "$work/$2"
}

pair() {
	game=$1 a=$2 b=$3
	echo "$game: $(basename "$a") against $(basename "$b"), bounds 0 and 10 Elo, $runs runs a way"
	way duplicate "$game" "$a" "$b" --duplicate
	way luck-adjusted "$game" "$a" "$b" --luck-adjusted
	way luck-adjusted+duplicate "$game" "$a" "$b" --luck-adjusted --duplicate
	ratio "$game" luck-adjusted
	ratio "$game" luck-adjusted+duplicate
}

pair bolo "$BOTS/win-bot" "$BOTS/expect-bot"
pair bolo5 "$BOTS/threshold-bot 350" "$BOTS/threshold-bot 400"
