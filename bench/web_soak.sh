#!/bin/sh
# The league server's soak (docs/LEAGUE.md, "The server"): a league of
# six bench/first_legal_bot bots with 60 games played, served by
# `referee league serve --no-play`, under SOAK_SECONDS (default 180; a
# night is 28800) of hostile clients (bench/web_soak.py: deep, huge and
# garbage archives uploaded over and over, bodies sent a byte a second,
# idle connections renewed from four addresses) while a normal reader's
# requests are timed.  Prints whether the server survived (alive, and
# nothing on its stderr), the reader's latencies (p50, p99), the
# uploads' answers, and the files left: in the server's TMPDIR, and in
# the league's folder past what it held before.  As root the league is
# nobody's and the server drops to nobody (--user).
#
# Run `make bench-web-soak` (or `make` first). Environment: SOAK_SECONDS,
# PYTHON3.
set -eu

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
seconds=${SOAK_SECONDS:-180}
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
echo "the league's server under hostile clients for $seconds s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
clients=0
"$python3" "$top_srcdir/bench/web_soak.py" "$port" "$token" "$seconds" /games/000001/game-000001 ||
	clients=$?
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
