#!/bin/sh
# The league server's soak (docs/LEAGUE-SERVER.md, "The server"): a league of
# six bench/first_legal_bot bots with 60 games played, served by
# `referee league serve --no-play`, under SOAK_SECONDS (default 180; a
# night is 28800) of hostile clients (bench/web_soak.py: deep, huge and
# garbage archives uploaded over and over, bodies sent a byte a second,
# idle connections renewed from four addresses) while a normal reader's
# requests are timed.  Prints the server's memory, descriptors, threads
# and temporary files at the start, every SOAK_EVERY seconds (default
# 600) with the reads and uploads so far, and at the end (SOAK_PAUSE:
# seconds an upload thread waits between uploads, default 0, for a soak
# that leaves the machine to other work); then whether
# the server survived (alive, and nothing on its stderr), the reader's
# latencies (p50, p99), the uploads' answers, and the files left: in the
# server's TMPDIR, and in the league's folder past what it held before.
# As root the league is nobody's and the server drops to nobody (--user).
#
# Run `make bench-web-soak` (or `make` first). Environment: SOAK_SECONDS,
# SOAK_EVERY, SOAK_PAUSE, PYTHON3.
set -eu

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
seconds=${SOAK_SECONDS:-180}
every=${SOAK_EVERY:-600}
pause=${SOAK_PAUSE:-0}
. "$(dirname "$0")/web_league.sh"
league_of_six 60
token=$("$referee" league user add "$tmp/league" soak | tail -1)
serve_user
mkdir -m 0777 "$tmp/servertmp"
files() { find "$tmp/league" "$tmp/servertmp" | sort; }
files >"$tmp/before"
# shellcheck disable=SC2086 # $user is empty or two words
TMPDIR=$tmp/servertmp "$referee" league serve "$tmp/league" --no-play $user \
	--uploads-per-minute 100000 --listen "127.0.0.1:$port" >/dev/null 2>"$tmp/serve.err" &
server=$!
sleep 1

# server_state WHEN: one line of what the server holds (its descriptors
# read as its owner or root; "?" where the kernel hides them).
server_state() {
	status=/proc/$server/status
	rss=$(sed -n 's/^VmRSS:[[:space:]]*//p' "$status" 2>/dev/null)
	fds="?"
	[ ! -r "/proc/$server/fd" ] || fds=$(find "/proc/$server/fd" -mindepth 1 | wc -l)
	echo "$1: server rss ${rss:-gone}, fds $fds," \
		"threads $(sed -n 's/^Threads:[[:space:]]*//p' "$status" 2>/dev/null)," \
		"temporary files $(find "$tmp/servertmp" -mindepth 1 2>/dev/null | wc -l)," \
		"load $(cut -d' ' -f1-3 /proc/loadavg)"
}
echo "the league's server under hostile clients for $seconds s"
server_state start
begun=$(date +%s)
# a second at a time, so that killing it leaves no long sleep behind
(at=0; while sleep 1; do
	at=$((at + 1))
	[ $((at % every)) -ne 0 ] || server_state "at $(($(date +%s) - begun)) s"
done) &
sampler=$!
clients=0
"$python3" "$top_srcdir/bench/web_soak.py" "$port" "$token" "$seconds" \
	/games/000001/game-000001 "$every" "$pause" || clients=$?
kill "$sampler"
server_state end
if [ "$clients" = 0 ] && kill -0 "$server" 2>/dev/null && [ ! -s "$tmp/serve.err" ] &&
   curl -sf -o /dev/null "http://127.0.0.1:$port/api/ladder"; then
	survived=yes
else
	survived="no: $( [ "$clients" = 0 ] || echo "a read failed or a 5xx answer; ")$(head -c 500 "$tmp/serve.err")"
fi
echo "server survived: $survived (load: $(cut -d' ' -f1-3 /proc/loadavg))"
kill "$server"
wait "$server" || true
server=
files >"$tmp/after"
echo "files left: $(comm -13 "$tmp/before" "$tmp/after" | wc -l)"
comm -13 "$tmp/before" "$tmp/after" | sed "s|^$tmp/||" | head -20
