"""The clients of bench/web.sh: `web_clients.py PORT REQUESTS PACE_S`, or
`web_clients.py PORT REQUESTS cpu PID`.

100 clients at once, threads of Python's standard library, each a new
connection a request, as a browser's first visit makes, each from an
address of its own (127.0.1.K, as the server holds 16 connections at
most from one), asking each path of the API and the pages in turn,
REQUESTS each.  With PACE_S > 0 each client asks once every PACE_S
seconds (its first at a random moment of the first PACE_S), as the
pages' readers do (the ladder and status pages ask every 3 s): the
latency a reader sees.  With 0 each asks again as soon as it is
answered: the server flat out, where a request's time is mostly its
wait behind the others (100 clients over the requests a second).
Prints each path's requests, median and 99th percentile in milliseconds,
and the requests a second of the whole; exit status 1 when a request
failed.  With `cpu PID`, one client asks each path REQUESTS times in a
row and prints the CPU (user and system) that the server of pid PID
spent a request of each path.
"""
import os
import http.client
import random
import statistics
import sys
import threading
import time

PATHS = ["/api/ladder", "/api/status", "/api/bots/a", "/api/games?bot=a", "/",
         "/bots/a", "/status", "/games/000001/game-000001", "/api/commitments"]
CLIENTS = 100


def ask(port, k, path):
    """The time of one GET in ms, or None when it failed."""
    start = time.perf_counter()
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                       source_address=("127.0.1.%d" % (k + 1), 0))
        c.request("GET", path)
        r = c.getresponse()
        r.read()
        c.close()
        ok = r.status == 200
    except OSError:
        ok = False
    return (time.perf_counter() - start) * 1000 if ok else None


def cpu_ms(pid):
    """The CPU, user and system, process `pid` has spent, in ms."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def each_path_cpu(port, each, pid):
    """Each path's CPU a request, asked `each` times in a row."""
    print("%-28s %12s" % ("path", "CPU ms each"))
    failed = 0
    for path in PATHS:
        start = cpu_ms(pid)
        failed += sum(ask(port, 0, path) is None for _ in range(each))
        print("%-28s %12.2f" % (path, (cpu_ms(pid) - start) / each))
    sys.exit(1 if failed else 0)


def main():
    port, each = int(sys.argv[1]), int(sys.argv[2])
    # Until the server answers (503 while it starts; its first answer
    # waits for its first view of the fit).
    for _ in range(600):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            c.request("GET", "/api/status")
            if c.getresponse().status == 200:
                break
        except OSError:
            pass
        time.sleep(0.1)
    if sys.argv[3] == "cpu":
        each_path_cpu(port, each, int(sys.argv[4]))
    pace = float(sys.argv[3])
    times = {p: [] for p in PATHS}
    errors = []
    lock = threading.Lock()

    def client(k):
        rng = random.Random(k)
        due = time.perf_counter() + rng.uniform(0, pace)
        for i in range(each):
            if pace:
                time.sleep(max(0.0, due - time.perf_counter()))
                due += pace
            path = PATHS[(k + i) % len(PATHS)]
            took = ask(port, k, path)
            with lock:
                (errors if took is None else times[path]).append(took)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    print("%-28s %8s %8s %8s" % ("path", "requests", "p50 ms", "p99 ms"))
    for p in PATHS:
        t = sorted(times[p])
        if t:
            print("%-28s %8d %8.1f %8.1f" % (p, len(t), statistics.median(t),
                                             t[min(len(t) - 1, int(len(t) * 0.99))]))
    total = sum(len(t) for t in times.values()) + len(errors)
    print("%d requests in %.1f s: %.0f a second; %d failed" % (total, wall, total / wall,
                                                             len(errors)))
    sys.exit(1 if errors else 0)


main()
