#!/bin/sh
# Lean runs (docs/LOGS.md, "Compressed logs"): the same seeded round robin
# of Rolit (8x8) between two bench/first_legal_bot bots, without the
# sandbox, at concurrency 1, played with plain logs and with --compress.
# Prints, for each kind, the bytes of a game's log on average, the games
# played a second, and the logs a second `referee verify` checks of the
# output folder (every log read, hashed, replayed and its signature checked).
#
# Run `make bench` (or `make` first).  Environment: BENCH_COMPRESS_GAMES
# (default 1000).
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
bot=$top_builddir/bench/first_legal_bot
games=${BENCH_COMPRESS_GAMES:-1000}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-c.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$referee" keygen "$tmp/key" >/dev/null
printf '{"name":"lean","game":"rolit","players":2,"games":%s,"seed":"01","sandbox":false,"bots":[{"name":"a","command":"%s"},{"name":"b","command":"%s"}]}\n' \
	"$games" "$bot" "$bot" >"$tmp/t.json"

# seconds COMMAND...: runs it quietly, prints its wall time in seconds.
seconds() {
	start=$(date +%s.%N)
	"$@" >/dev/null 2>&1
	end=$(date +%s.%N)
	echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }'
}

printf '%-11s %6s %14s %9s %14s\n' logs games "bytes a game" games/s "verify logs/s"
for kind in plain compressed; do
	flag=
	[ "$kind" = compressed ] && flag=--compress
	play=$(seconds "$referee" tournament "$tmp/t.json" --out "$tmp/$kind" --concurrency 1 \
		--key "$tmp/key/referee.key" $flag)
	check=$(seconds "$referee" verify "$tmp/$kind" --key "$tmp/key/referee.pub")
	bytes=$(cat "$tmp/$kind"/games/*.jsonl | wc -c)
	awk -v k="$kind" -v g="$games" -v b="$bytes" -v p="$play" -v v="$check" 'BEGIN {
		printf "%-11s %6d %14.0f %9.0f %14.0f\n", k, g, b / g, g / p, g / v }'
done
