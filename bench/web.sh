#!/bin/sh
# The league server's latency (docs/LEAGUE.md, "The server"): a league of
# six bench/first_legal_bot bots with BENCH_WEB_GAMES games played, served
# by `referee league serve --no-play`, then 100 clients at once (threads
# of Python's standard library, each a new connection a request, as a
# browser's first visit makes, each from an address of its own,
# 127.0.1.K, as the server holds 16 connections at most from one) asking
# each path of the API and the pages in turn.  Prints each path's requests, median and 99th percentile in
# milliseconds, and the requests a second of the whole.  As root the
# league is nobody's and the server drops to nobody (--user).
#
# Run `make bench` (or `make` first). Environment: BENCH_WEB_GAMES
# (default 240), BENCH_WEB_REQUESTS (each client's, default 30), PYTHON3.
set -eu

games=${BENCH_WEB_GAMES:-240}
requests=${BENCH_WEB_REQUESTS:-30}
. "$(dirname "$0")/web_league.sh"
league_of_six "$games"
serve_user
# shellcheck disable=SC2086 # $user is empty or two words
"$referee" league serve "$tmp/league" --no-play $user --listen "127.0.0.1:$port" >/dev/null &
server=$!
echo "the league's server: $games games, 100 clients at once, $requests requests each (load: $(cut -d' ' -f1-3 /proc/loadavg))"
"$python3" - "$port" "$requests" <<'PY'
import http.client, statistics, sys, threading, time
port, each = int(sys.argv[1]), int(sys.argv[2])
paths = ["/api/ladder", "/api/status", "/api/bots/a", "/api/games?bot=a", "/",
         "/bots/a", "/status", "/games/000001/game-000001"]
for _ in range(100):
    try:
        http.client.HTTPConnection("127.0.0.1", port, timeout=5).request("GET", "/api/status")
        break
    except OSError:
        time.sleep(0.1)
times = {p: [] for p in paths}
errors = []
lock = threading.Lock()
def client(k):
    for i in range(each):
        path = paths[(k + i) % len(paths)]
        start = time.perf_counter()
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                           source_address=("127.0.1.%d" % (k + 1), 0))
            c.request("GET", path)
            r = c.getresponse()
            r.read()
            c.close()
            ok = r.status == 200
        except OSError as e:
            ok = False
        took = (time.perf_counter() - start) * 1000
        with lock:
            (times[path] if ok else errors).append(took)
threads = [threading.Thread(target=client, args=(k,)) for k in range(100)]
start = time.perf_counter()
for t in threads: t.start()
for t in threads: t.join()
wall = time.perf_counter() - start
print("%-28s %8s %8s %8s" % ("path", "requests", "p50 ms", "p99 ms"))
for p in paths:
    t = sorted(times[p])
    if t:
        print("%-28s %8d %8.1f %8.1f" % (p, len(t), statistics.median(t), t[min(len(t) - 1, int(len(t) * 0.99))]))
total = sum(len(t) for t in times.values())
print("%d requests in %.1f s: %.0f a second; %d failed" % (total + len(errors), wall, (total + len(errors)) / wall, len(errors)))
sys.exit(1 if errors else 0)
PY
