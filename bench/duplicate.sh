#!/bin/sh
# What duplicate sets buy and cost (`make bench-duplicate`): two close
# pairs of bots in 2-player bolo to 3,000 points (threshold-bot 350
# against 500, and 400 against 450), each played by `referee sprt` as
# plain seat-swapped pairs (the dice of each game independent) and as
# duplicate sets (--duplicate: both games deal each seat the same dice).
# For each way, the same number of pairs: the variance of a pair's score
# (its mean over its two games: 0, 1/2 or 1 in bolo, which has no draws),
# the wall and CPU time per pair (a set plays its two games at once, in
# step, each on bot processes of its own that live on from set to set;
# without the sandbox too, to show what the sandbox adds); then the ratio
# of the variances, and the pairs and the wall time that SPRTs with the
# same bounds took to a verdict (the medians of a few runs).
#
# Builds nothing: run `make` first.  Environment: BENCH_DUPLICATE_PAIRS
# (pairs each way, default 500), BENCH_DUPLICATE_RUNS (SPRTs each way,
# default 3), BENCH_DUPLICATE_CONCURRENCY (default 2).
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
bot=$top_builddir/bots/threshold-bot
pairs=${BENCH_DUPLICATE_PAIRS:-500}
runs=${BENCH_DUPLICATE_RUNS:-3}
jobs=${BENCH_DUPLICATE_CONCURRENCY:-2}

if [ ! -x "$referee" ] || [ ! -x "$bot" ] || [ ! -x /usr/bin/time ]; then
	echo "bench/duplicate.sh: run 'make' first, and install /usr/bin/time (package 'time')" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-duplicate.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# sprt A B ARGS...: `referee sprt` of threshold-bot A against B in bolo to
# 3000 with ARGS; its stdout in $tmp/out, "WALL CPU" seconds in $tmp/time.
sprt() {
	a=$1 b=$2
	shift 2
	/usr/bin/time -f "%e %U %S" -o "$tmp/time.raw" "$referee" sprt bolo -o target=3000 \
		--concurrency "$jobs" "$@" "a=$bot $a" "b=$bot $b" >"$tmp/out" 2>/dev/null
	awk '{ print $1, $2 + $3 }' "$tmp/time.raw" >"$tmp/time"
}

# fixed A B WAY ARGS...: $pairs pairs, the bounds out of reach (+-690),
# and a row: the way, the mean and variance of a pair's score, the wall
# and CPU time per pair; the variance also in $tmp/var.WAY.
fixed() {
	a=$1 b=$2 way=$3
	shift 3
	sprt "$a" "$b" --elo0 -1 --elo1 1 --alpha 1e-300 --beta 1e-300 \
		--max-pairs "$pairs" "$@"
	# The last line's counts: LL n LD n DD/WL n WD n WW n.
	tail -n 1 "$tmp/out" | sed 's/.*LL \([0-9]*\) LD \([0-9]*\) DD\/WL \([0-9]*\) WD \([0-9]*\) WW \([0-9]*\),.*/\1 \2 \3 \4 \5/' |
		awk -v way="$way" -v time="$(cat "$tmp/time")" -v varfile="$tmp/var.$way" '{
			n = $1 + $2 + $3 + $4 + $5
			for (i = 1; i <= 5; i++) { x = (i - 1) / 4; m += $i * x; q += $i * x * x }
			m /= n; v = q / n - m * m
			split(time, t, " ")
			printf "%-24s %6d %7.3f %9.4f %9.1f %9.1f\n", way, n, m, v,
				1000 * t[1] / n, 1000 * t[2] / n
			printf "%.6f\n", v >varfile
		}'
}

# decide A B WAY ARGS...: $runs SPRTs with ARGS; "the median pairs, the
# median wall time (the verdicts)".
decide() {
	a=$1 b=$2 way=$3
	shift 3
	: >"$tmp/decided"
	i=0
	while [ "$i" -lt "$runs" ]; do
		sprt "$a" "$b" "$@"
		sed -n 's/^\(H[01]\) accepted after \([0-9]*\) pairs.*/\2 \1/p; s/^no verdict after \([0-9]*\) pairs.*/\1 none/p' \
			"$tmp/out" | tr '\n' ' ' >>"$tmp/decided"
		cut -d' ' -f1 "$tmp/time" >>"$tmp/decided"
		i=$((i + 1))
	done
	awk '{ print $3 }' "$tmp/decided" | sort -n >"$tmp/walls"
	sort -n "$tmp/decided" | awk -v way="$way" -v walls="$(tr '\n' ' ' <"$tmp/walls")" '
		{ n[NR] = $1; v = v " " $2 }
		END { split(walls, w, " "); m = int((NR + 1) / 2)
		      printf "%s: %d pairs, %.1f s to a verdict (%s )\n", way, n[m], w[m], v }'
}

# compare A B ELO0 ELO1: both ways, the ratio, and the SPRTs.
compare() {
	echo "threshold-bot $1 against $2, bolo to 3000, $pairs pairs each way, concurrency $jobs:"
	printf "%-24s %6s %7s %9s %9s %9s\n" "" pairs score var/pair "wall ms" "CPU ms"
	fixed "$1" "$2" plain
	fixed "$1" "$2" duplicate --duplicate
	fixed "$1" "$2" "duplicate, no sandbox" --duplicate --no-sandbox --trusted-bots
	awk '{ v[NR] = $1 } END { printf "variance per pair: %.1fx less with duplicate sets\n", v[1] / v[2] }' \
		"$tmp/var.plain" "$tmp/var.duplicate"
	echo "SPRT elo0 $3, elo1 $4 (logistic, alpha = beta = 0.05), median of $runs runs:"
	decide "$1" "$2" "  plain" --elo0 "$3" --elo1 "$4" --max-pairs 100000
	decide "$1" "$2" "  duplicate" --elo0 "$3" --elo1 "$4" --max-pairs 100000 --duplicate
	echo
}

compare 350 500 0 20
compare 400 450 0 10
