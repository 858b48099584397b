#!/bin/sh
# The ladder and verification at scale (`make bench-ladder`).  A small real
# Rolit tournament is played, then bench/ladder_gen scales it to 10k, 100k
# and 1M games: a manifest written and signed by the referee's own journal
# writer, and a hard link per game to one of the real logs.  For each size
# it prints the CPU time (user+sys) and peak memory of `referee ladder`
# over the folder; then verify's speed on real 8x8 Rolit logs of the
# bench's first_legal_bot (~69 lines each) with -j 1 and -j 2, in logs per
# second of wall time and per CPU second.  Each figure is the median of
# three runs: a shared machine's speed wanders from one second to the next.  With ORDO set to an Ordo binary
# (github.com/michiguel/Ordo; not in Debian), the same games are written as
# PGN (`ladder --format pgn`, not timed) and Ordo's CPU time and memory to
# rate them are printed alongside, measured in the same run.
#
# Builds nothing: run `make` and `make bench` first.  Environment:
# BENCH_LADDER_SIZES (default "10000 100000 1000000"), BENCH_VERIFY_LOGS
# (real logs made for verify, default 4000), ORDO.
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
bot=$top_builddir/bench/first_legal_bot
gen=$top_builddir/bench/ladder_gen
random_bot=$top_builddir/bots/random-bot
sizes=${BENCH_LADDER_SIZES:-10000 100000 1000000}
verify_logs=${BENCH_VERIFY_LOGS:-4000}
ordo=${ORDO:-}

for f in "$referee" "$bot" "$gen" "$random_bot"; do
	if [ ! -x "$f" ]; then
		echo "bench/ladder.sh: $f is missing: run 'make' and 'make bench' first" >&2
		exit 2
	fi
done
if [ ! -x /usr/bin/time ]; then
	echo "bench/ladder.sh: needs /usr/bin/time (Debian package 'time') to measure CPU time and memory" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-ladder.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
# The tests' convention: the default signing key folder is ours alone.
export XDG_DATA_HOME="$tmp/data"

"$referee" keygen "$tmp/key" >/dev/null
cat >"$tmp/bench.json" <<JSON
{
	"name": "bench-ladder",
	"game": "rolit",
	"players": 2,
	"format": "round-robin",
	"games": 4,
	"bots": [
		{"name": "first-legal-1", "command": "$bot"},
		{"name": "first-legal-2", "command": "$bot"},
		{"name": "random-1", "command": "$random_bot"},
		{"name": "random-2", "command": "$random_bot"}
	],
	"seed": "62656e6368"
}
JSON
"$referee" tournament "$tmp/bench.json" --out "$tmp/template" \
	--key "$tmp/key/referee.key" >/dev/null 2>"$tmp/tournament.err" || {
	cat "$tmp/tournament.err" >&2
	exit 1
}


echo "ladder over a tournament folder (signed manifest, hard-linked logs)"
printf '%10s %12s %10s %12s %10s\n' games "CPU s" "peak MB" "Ordo CPU s" "Ordo MB"
# median3 OUT COMMAND...: runs COMMAND three times under /usr/bin/time and
# writes to OUT the "user sys maxrss" line of the run of median CPU time.
median3() {
	local out=$1
	shift
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S %M' -o "$tmp/run$i" "$@" >/dev/null
	done
	cat "$tmp/run1" "$tmp/run2" "$tmp/run3" |
		awk '{ print $1 + $2, $0 }' | sort -n | sed -n '2s/^[^ ]* //p' >"$out"
}

for n in $sizes; do
	"$gen" "$tmp/template" "$tmp/scaled" "$n" "$tmp/key/referee.key"
	sync  # the kernel writing the new files back would share the cores
	median3 "$tmp/time" "$referee" ladder "$tmp/scaled" --key "$tmp/key/referee.pub"
	echo "- -" >"$tmp/ordo-time"
	if [ -n "$ordo" ]; then
		"$referee" ladder "$tmp/scaled" --key "$tmp/key/referee.pub" \
			--format pgn >"$tmp/games.pgn"
		median3 "$tmp/ordo-time" "$ordo" -p "$tmp/games.pgn" -z 200.2409 -o "$tmp/ordo.txt"
		rm -f "$tmp/games.pgn"
	fi
	paste -d ' ' "$tmp/time" "$tmp/ordo-time" | awk -v n="$n" '{
		ordo = $4 == "-" ? "-" : sprintf("%.2f", $4 + $5)
		mb = $4 == "-" ? "-" : sprintf("%.0f", $6 / 1024)
		printf "%10d %12.2f %10.0f %12s %10s\n", n, $1 + $2, $3 / 1024, ordo, mb
	}'
	rm -rf "$tmp/scaled"
	sync
done
echo "(target: <= 1 s CPU, <= 200 MB at 1M; the ladder checks the manifest's chain"
echo " and signature and lists the folder, which Ordo, reading PGN, does not)"

echo
echo "verify over $verify_logs real 2-player 8x8 Rolit logs (first_legal_bot)"
"$referee" play rolit --games "$verify_logs" --out "$tmp/logs" \
	--key "$tmp/key/referee.key" "$bot" "$bot" >/dev/null 2>&1
sync
"$referee" verify "$tmp"/logs/game-*.jsonl >/dev/null  # into the page cache
printf '%4s %10s %10s %14s %14s\n' jobs "wall s" "CPU s" "logs/s (wall)" "logs/CPU s"
for j in 1 2; do
	for i in 1 2 3; do
		start=$(date +%s.%N)
		/usr/bin/time -f '%U %S' -o "$tmp/time" "$referee" verify -j "$j" \
			"$tmp"/logs/game-*.jsonl >"$tmp/verify.txt"
		end=$(date +%s.%N)
		echo "$start $end $(cat "$tmp/time")"
	done | awk -v j="$j" -v n="$verify_logs" '{ print $2 - $1, $3 + $4 }' | sort -n |
		sed -n 2p | awk -v j="$j" -v n="$verify_logs" '{
		# (a few logs may take less CPU than time(1) counts: 0.00 s)
		cpu = $2 > 0 ? sprintf("%14.0f", n / $2) : sprintf("%14s", "-")
		printf "%4d %10.2f %10.2f %14.0f %s\n", j, $1, $2, n / $1, cpu
	}'
done
echo "(target: >= 15000 logs/s on 2 cores; on a busy machine, logs per CPU second"
echo " times the cores is the quiet-machine estimate)"
