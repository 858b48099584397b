#!/bin/sh
# The league server's latency (docs/LEAGUE-SERVER.md, "The server"): a league of
# six bench/first_legal_bot bots of BENCH_WEB_GAMES games (default
# 100,000), served by `referee league serve --no-play`, asked by 100
# clients at once (bench/web_clients.py) each path of the API and the
# pages in turn, BENCH_WEB_REQUESTS times each (default 30): first each
# client once every BENCH_WEB_PACE seconds (default 1; the pages ask
# every 3 s), the latency a reader sees, then each as fast as it is
# answered, the server flat out.  Prints each path's requests, median
# and 99th percentile in milliseconds, the requests a second, and the
# server's CPU a request, then each path's CPU a request, asked alone.  As root the league is nobody's and the server
# drops to nobody (--user).
#
# BENCH_WEB_PLAYED games (default 5,000) are played; the league then
# holds copies of that run (runs/000002 and on, each a copy of
# runs/000001's folder, its logs hard links) until it has
# BENCH_WEB_GAMES, and `league rebuild` makes its index from them all, as
# for a league that played the same games again and again: a league of
# 100,000 games played for real took 58 minutes and 847 MB here.  Its
# stderr files are those of the games played (a real league's grow with
# every game: bench/README.md has the figures of both).
#
# Run `make bench` (or `make` first). Environment: BENCH_WEB_GAMES,
# BENCH_WEB_PLAYED, BENCH_WEB_REQUESTS, BENCH_WEB_PACE, PYTHON3.
set -eu

games=${BENCH_WEB_GAMES:-100000}
played=${BENCH_WEB_PLAYED:-5000}
requests=${BENCH_WEB_REQUESTS:-30}
pace=${BENCH_WEB_PACE:-1}
[ "$played" -le "$games" ] || played=$games
. "$(dirname "$0")/web_league.sh"
start=$(date +%s)
league_of_six "$played"
echo "the league: $played games played in $(( $(date +%s) - start )) s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
start=$(date +%s)
league_copies "$games"
echo "... copied to $games games and indexed again in $(( $(date +%s) - start )) s"
serve_user
# shellcheck disable=SC2086 # $user is empty or two words
"$referee" league serve "$tmp/league" --no-play $user --listen "127.0.0.1:$port" >/dev/null &
server=$!
# clients PACE: the clients' figures, and the server's CPU a request.
clients() {
	ticks=$(awk '{ print $14 + $15 }' "/proc/$server/stat")
	"$python3" "$(dirname "$0")/web_clients.py" "$port" "$requests" "$1" | tee "$tmp/clients"
	awk -v t0="$ticks" -v hz="$(getconf CLK_TCK)" -v n="$(tail -1 "$tmp/clients" | cut -d' ' -f1)" \
		'{ printf "the server'"'"'s CPU: %.2f ms a request\n", ($14 + $15 - t0) * 1000 / hz / n }' \
		"/proc/$server/stat"
}
echo "the league's server: $games games, 100 clients at once, $requests requests each, one every $pace s (load: $(cut -d' ' -f1-3 /proc/loadavg))"
clients "$pace"
echo "the same, each asking as soon as answered (load: $(cut -d' ' -f1-3 /proc/loadavg))"
clients 0
echo "each path alone, $requests requests in a row (load: $(cut -d' ' -f1-3 /proc/loadavg))"
"$python3" "$(dirname "$0")/web_clients.py" "$port" "$requests" cpu "$server"
