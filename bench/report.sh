#!/bin/sh
# The report of a large tournament (`make bench-report`): 4,200 games of
# Bolo between four of the bundled bots (a two-player round robin of 700
# games a pair, no sandbox, so the run takes a minute or two), then `referee report` over its
# folder three times: from nothing, again with nothing new (every page
# kept), and after 100 new games (the last 100 logs taken out of what the
# last build kept, so their pages of replays are made again).
# Prints for each build its wall time, its CPU time (user+sys, the
# referee and its workers) and the size of the site, and the size of a
# game's replay on average.  Each figure is the median of three runs.
#
# Builds nothing: run `make` first.  Environment: BENCH_REPORT_GAMES
# (default 4200, a multiple of 12).
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
bots=$top_builddir/bots
games=${BENCH_REPORT_GAMES:-4200}

# The referee and the bots come with `make`; /usr/bin/time with Debian's
# package of that name.
if [ ! -x "$referee" ] || [ ! -x "$bots/random-bot" ] || [ ! -x "$bots/threshold-bot" ] ||
	[ ! -x /usr/bin/time ]; then
	echo "bench/report.sh: run 'make' first, and install /usr/bin/time (package 'time')" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-report.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

cat >"$tmp/t.json" <<JSON
{"name": "bench-report", "game": "bolo", "players": 2, "games": $((games / 6)), "sandbox": false,
 "bots": [{"name": "random", "command": "$bots/random-bot"},
	  {"name": "bank-300", "command": "$bots/threshold-bot 300"},
	  {"name": "bank-500", "command": "$bots/threshold-bot 500"},
	  {"name": "bank-1000", "command": "$bots/threshold-bot 1000"}],
 "seed": "7265706f7274"}
JSON
"$referee" tournament "$tmp/t.json" --out "$tmp/run" --concurrency 2 >/dev/null 2>&1
echo "$games games of bolo: $(du -sm "$tmp/run/games" | cut -f1) MB of logs"

# build NAME SITE: one `referee report` of the run into SITE; prints
# "NAME WALL CPU MB".
build() {
	/usr/bin/time -f "%e %U %S" -o "$tmp/time" "$referee" report "$tmp/run" -o "$2" \
		>/dev/null 2>&1 || true
	read -r wall user sys <"$tmp/time"
	echo "$1 $wall $(echo "$user $sys" | awk '{ print $1 + $2 }') $(du -sm "$2" | cut -f1)"
}

# median NAME: the median of the three lines for NAME in $tmp/runs.
median() {
	grep "^$1 " "$tmp/runs" | sort -n -k2 | sed -n 2p
}

: >"$tmp/runs"
# Each round builds from nothing into a folder of its own, the earlier
# rounds' kept until the end: ext4 without a journal passes over the
# inodes freed in the last minutes when it makes a file, so thousands of
# pages made just after thousands were deleted cost the kernel more time
# than the build.
for round in 1 2 3; do
	build fresh "$tmp/site$round" >>"$tmp/runs"
	build unchanged "$tmp/site$round" >>"$tmp/runs"
	head -n -100 "$tmp/site$round/replays/games.jsonl" >"$tmp/kept"
	mv "$tmp/kept" "$tmp/site$round/replays/games.jsonl"
	build 100-new "$tmp/site$round" >>"$tmp/runs"
done
echo "build      wall s  CPU s  site MB"
for name in fresh unchanged 100-new; do
	median "$name" | awk '{ printf "%-10s %6s %6s %8s\n", $1, $2, $3, $4 }'
done
pages=$(ls "$tmp/site3/replays" | grep -c html)
echo "replays: $pages pages, $(( $(cat "$tmp/site3/replays"/*.html | wc -c) / games )) bytes a game on average"
