"""Loads on the league server for tests/e2e/web_load.sh (and bench/web_soak.py
imports hold() and get()).

  web_load.py flood PORT ADDRS EACH SECONDS PROBE N
      holds EACH idle connections from each of ADDRS (a comma list of
      loopback addresses), each opened again as soon as the server closes
      it, for SECONDS; meanwhile, from address PROBE, N requests of
      /api/status one after another (from a process of its own), each
      given a second: prints how many
      were answered 200 within their second.
  web_load.py clients PORT N ROUNDS EXPECTED
      N clients at once (threads), client K from 127.0.1.K, each asking
      every path of EXPECTED (a JSON file {path: body}) ROUNDS times in
      its own order, a connection a request: prints the requests, then
      each wrong answer (status, or body unless EXPECTED's is null) on a
      line of its own.
"""
import http.client
import json
import os
import random
import selectors
import socket
import sys
import threading
import time


def opened(port, addr):
    s = socket.socket()
    s.setblocking(False)
    s.bind((addr, 0))
    try:
        s.connect(("127.0.0.1", port))
    except BlockingIOError:
        pass
    return s


def get(port, path, source, timeout):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                   source_address=(source, 0))
    try:
        c.request("GET", path)
        r = c.getresponse()
        return r.status, r.read()
    finally:
        c.close()


def hold(port, addrs, each, until):
    """Holds EACH idle connections from each of ADDRS, each opened again as
    soon as the server closes it, until time.monotonic() is UNTIL."""
    sel = selectors.DefaultSelector()
    for a in addrs:
        for _ in range(each):
            sel.register(opened(port, a), selectors.EVENT_READ, a)
    while time.monotonic() < until:
        for key, _ in sel.select(0.2):
            # readable: closed by the server (or refused): open it again
            sel.unregister(key.fileobj)
            key.fileobj.close()
            sel.register(opened(port, key.data), selectors.EVENT_READ, key.data)
        time.sleep(0.01)  # renewed at once, not in a busy loop
    for key in list(sel.get_map().values()):
        key.fileobj.close()


def flood(port, addrs, each, seconds, probe, n):
    # The probes run in a process of their own: in a thread beside the
    # flood's loop, their own wait for Python's lock would count against
    # the server's second.
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reader)
        answered = 0
        time.sleep(min(2, seconds / 4))
        for _ in range(n):
            start = time.monotonic()
            try:
                status, _ = get(port, "/api/status", probe, 1)
                answered += status == 200 and time.monotonic() - start <= 1
            except OSError:
                pass
            time.sleep(max(0, 0.5 - (time.monotonic() - start)))
        os.write(writer, b"%d" % answered)
        os._exit(0)
    os.close(writer)
    hold(port, addrs, each, time.monotonic() + seconds)
    with os.fdopen(reader, "rb") as r:
        answered = r.read()
    os.waitpid(pid, 0)
    print(int(answered or b"0"))


def clients(port, n, rounds, expected):
    wrong, count, lock = [], [0], threading.Lock()

    def client(k):
        paths = list(expected) * rounds
        random.Random(k).shuffle(paths)
        for path in paths:
            try:
                status, body = get(port, path, "127.0.1.%d" % (k + 1), 60)
                bad = status != 200 or expected[path] not in (None, body.decode())
                what = "%s: %d" % (path, status)
            except OSError as e:
                bad, what = True, "%s: %s" % (path, e)
            with lock:
                count[0] += 1
                if bad:
                    wrong.append(what)
    threads = [threading.Thread(target=client, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(count[0])
    for w in wrong:
        print(w)


if __name__ == "__main__":
    mode, port = sys.argv[1], int(sys.argv[2])
    if mode == "flood":
        flood(port, sys.argv[3].split(","), int(sys.argv[4]), float(sys.argv[5]),
              sys.argv[6], int(sys.argv[7]))
    else:
        clients(port, int(sys.argv[3]), int(sys.argv[4]),
                json.load(open(sys.argv[5])))
