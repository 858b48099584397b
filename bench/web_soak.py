"""The league server's soak (bench/web_soak.sh): hostile clients for
SECONDS while a normal reader's requests are timed.

  web_soak.py PORT TOKEN SECONDS REPLAY [EVERY [PAUSE]]

Hostile, each in a thread of its own, over and over (PAUSE seconds
between one thread's uploads, default none): uploads of
archives that are deep (2,000 nested folders), huge (a gzip bomb: 100 MB of
zeros in 100 KB), garbage (random bytes) or hold no bot.json; uploads whose
bodies come a byte a second; idle connections from four addresses
(127.0.3.1 to 4), 64 each, opened again as the server closes them.
Meanwhile the reader (127.0.0.9) asks /api/ladder, /api/status and the
replay page REPLAY in turn, one every 0.2 s, each given 10 s.  Every
EVERY seconds (default: never) prints the reads and uploads so far, so
a long soak cut short still says how it went.  Prints the reader's
requests, failures, p50 and p99 in ms, then the uploads' answers by
status; exits 1 when a read failed or the server answered an error of
its own (5xx).
"""
import collections
import gzip
import http.client
import io
import os
import socket
import statistics
import sys
import tarfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "tests", "tools"))
import web_load  # noqa: E402  (the tests' loads: hold(), get())

port, token, seconds, replay = (int(sys.argv[1]), sys.argv[2], float(sys.argv[3]),
                                sys.argv[4])
every = float(sys.argv[5]) if len(sys.argv) > 5 else 0
pause = float(sys.argv[6]) if len(sys.argv) > 6 else 0
begun = time.monotonic()
end = begun + seconds
answers = collections.Counter()
lock = threading.Lock()


def tar_gz(entries):
    """A .tar.gz of (name, bytes or None for a folder)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w:gz") as t:
        for name, data in entries:
            info = tarfile.TarInfo(name)
            if data is None:
                info.type = tarfile.DIRTYPE
                t.addfile(info)
            else:
                info.size = len(data)
                t.addfile(info, io.BytesIO(data))
    return raw.getvalue()


def bomb():
    """A tar of one file of 100 MB of zeros, gzipped (about 100 KB)."""
    raw = io.BytesIO()
    with gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9) as z:
        info = tarfile.TarInfo("zeros")
        info.size = 100 << 20
        z.write(info.tobuf())
        block = bytes(1 << 20)
        for _ in range(100):
            z.write(block)
        z.write(bytes(1024))
    return raw.getvalue()


deep = "/".join("d" for _ in range(2000))
ARCHIVES = {
    "deep": tar_gz([(deep[:2 * k - 1], None) for k in range(1, 2001)] +
                   [(deep + "/bot.json", b'{"command": "./bot"}')]),
    "huge": bomb(),
    "garbage": os.urandom(200000),
    "nobotjson": tar_gz([("bot", b"#!/bin/sh\n")]),
}


def form(name, archive):
    b = "soak-boundary"
    body = ("--%s\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n%s\r\n"
            "--%s\r\nContent-Disposition: form-data; name=\"archive\"; filename=\"a.tgz\"\r\n"
            "Content-Type: application/gzip\r\n\r\n" % (b, name, b)).encode()
    return body + archive + ("\r\n--%s--\r\n" % b).encode(), "multipart/form-data; boundary=" + b


def uploads():
    while time.monotonic() < end:
        for kind, archive in ARCHIVES.items():
            body, ctype = form("soak-" + kind, archive)
            try:
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=60,
                                               source_address=("127.0.0.8", 0))
                c.request("POST", "/api/bots", body, {"Authorization": "Bearer " + token,
                                                      "Content-Type": ctype})
                status = c.getresponse().status
                c.close()
            except OSError as e:
                status = type(e).__name__
            with lock:
                answers["%s %s" % (kind, status)] += 1
            time.sleep(pause)


def slow_body():
    while time.monotonic() < end:
        body, ctype = form("soak-slow", ARCHIVES["nobotjson"])
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        try:
            s.sendall(("POST /api/bots HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
                       "Content-Type: %s\r\nContent-Length: %d\r\n\r\n"
                       % (token, ctype, len(body))).encode())
            for byte in body:
                if time.monotonic() >= end:
                    break
                s.sendall(bytes([byte]))
                time.sleep(1)
            answers_of = "slow sent"
        except OSError:
            answers_of = "slow cut"
        s.close()
        with lock:
            answers[answers_of] += 1


def idle_flood():
    web_load.hold(port, ["127.0.3.%d" % (k + 1) for k in range(4)], 64, end)


def quantile(times, q):
    return times[min(len(times) - 1, int(len(times) * q))] if times else float("nan")


def progress(times, failed, window):
    """One line of the soak so far: its reads, the last window's p99, the uploads."""
    window.sort()
    with lock:
        uploaded = sum(answers.values())
        errors = sum(n for k, n in answers.items() if k.split()[-1].startswith("5"))
    print("at %d s: reads %d, failed %d, p99 of the last %d %.1f ms; uploads %d, 5xx %d"
          % (time.monotonic() - begun, len(times) + failed, failed, len(window),
             quantile(window, 0.99), uploaded, errors), flush=True)


def reader():
    times, failed, paths, k, window = [], 0, ["/api/ladder", "/api/status", replay], 0, []
    due = begun + every
    while time.monotonic() < end:
        start = time.monotonic()
        try:
            ok = web_load.get(port, paths[k % 3], "127.0.0.9", 10)[0] == 200
        except OSError:
            ok = False
        took = (time.monotonic() - start) * 1000
        if ok:
            times.append(took)
            window.append(took)
        else:
            failed += 1
        k += 1
        if every and time.monotonic() >= due:
            progress(times, failed, window)
            window, due = [], due + every
        time.sleep(max(0, 0.2 - took / 1000))
    return times, failed


threads = [threading.Thread(target=f) for f in (uploads, uploads, slow_body, idle_flood)]
for t in threads:
    t.start()
times, failed = reader()
for t in threads:
    t.join()
times.sort()
print("reads: %d, failed %d, p50 %.1f ms, p99 %.1f ms, max %.1f ms"
      % (len(times) + failed, failed, statistics.median(times) if times else float("nan"),
         quantile(times, 0.99), times[-1] if times else float("nan")))
print("uploads: " + ", ".join("%s: %d" % kv for kv in sorted(answers.items())))
# An error of the server's own (5xx) is a fault, however rare: the soak
# fails on it as on a failed read.
errors = sum(n for k, n in answers.items() if k.split()[-1].startswith("5"))
print("server errors (5xx): %d" % errors)
sys.exit(1 if errors or failed else 0)
