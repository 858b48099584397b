#!/usr/bin/env python3
# greedy MODE [N]: a good bot that takes more than its share, as its mode says
# (each with the test's folder on its command line, as the bot's own):
#   tmp, shm     at its first turn, fills its private /tmp (/dev/shm) until
#                a write fails, then answers
#   spread [N [MIB]]  at its first turn, starts N processes (24) that each
#                fill MIB MiB (64) and sleep, and answers once they all have
#                (or in 10 s): "greedy: K of N children filled MIB MiB"
#   shared N MIB at its first turn, fills MIB MiB itself, then forks N
#                children that sleep sharing those pages (a pool of forked
#                workers), and answers once they are all there, with the
#                resident memory of every process it sees (its namespace's),
#                each counted whole: "greedy: N children share MIB MiB,
#                resident R MiB in all"
#   bomb         at its first turn, forks until a fork fails (the children
#                sleep), says how many it got, then answers
#   flood N      writes N MiB to stderr at its first turn, then exits (a
#                fresh process plays its next game)
#   spin N       after hello, starts N processes that each call setsid (a
#                scheduling group of its own) and burn CPU for ever; then
#                plays as a good bot
#   spin-nosid N the same without setsid
#   burn MS      burns MS ms of CPU time (its own, by the process clock)
#                before each answer to a turn, and says when it did
#                ("greedy: burnt from T0 to T1", CLOCK_MONOTONIC seconds)
#   watch        after hello, starts a process that burns CPU for ever, and
#                says at each turn how much CPU it has had ("greedy: helper
#                CPU N ms"): it runs while others move only if not frozen
#   race         after hello, starts a chain of processes racing the
#                freezer: each burns 1 ms of CPU, counts itself, forks the
#                next and exits at once (so the chain's one live process
#                is a new orphan every millisecond); at each turn but a
#                game's first says how many links were made since its last
#                reply ("greedy: chain off move N"), and when the last
#                (up to 4096) of them were made ("greedy: links at T ...",
#                CLOCK_MONOTONIC seconds, as burn's)
import json, mmap, os, select, struct, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

MODE = zoo.arg(1)
N = int(zoo.arg(2, "0"))
MIB = b"\xa5" * (1 << 20)


def fill(folder):
    n = 0
    try:
        with open(os.path.join(folder, "hoard"), "wb") as f:
            while True:
                f.write(MIB)
                f.flush()
                n += 1
    except OSError as e:
        sys.stderr.write("greedy: %s full after %d MiB: %s\n" % (folder, n, e.strerror))


def hoard(mib):
    got = bytearray(mib << 20)
    for i in range(0, len(got), 4096):  # every page in memory
        got[i] = 1
    return got


def children(count, fill_mib):
    """Forks `count` children that each fill fill_mib MiB of their own
    (0: none) and sleep; how many said they had within 10 s (a child
    killed for memory never says so)."""
    done, ready = os.pipe()
    for _ in range(count):
        if os.fork() == 0:
            held = hoard(fill_mib)  # noqa: F841 (held while it sleeps)
            os.write(ready, b".")
            time.sleep(3600)
            os._exit(0)
    os.close(ready)
    got, end = 0, time.monotonic() + 10
    while got < count and select.select([done], [], [], max(0, end - time.monotonic()))[0]:
        chunk = os.read(done, count)
        if not chunk:
            break
        got += len(chunk)
    return got


def spread():
    count, mib = N or 24, int(zoo.arg(3, "64"))
    got = children(count, mib)
    sys.stderr.write("greedy: %d of %d children filled %d MiB\n" % (got, count, mib))


SHARED = []


def shared():
    mib = int(zoo.arg(3, "64"))
    SHARED.append(hoard(mib))
    got = children(N, 0)
    pages = 0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/statm" % pid) as f:
                pages += int(f.read().split()[1])
        except (OSError, ValueError):
            pass
    sys.stderr.write("greedy: %d children share %d MiB, resident %d MiB in all\n"
                     % (got, mib, pages * os.sysconf("SC_PAGE_SIZE") >> 20))


def bomb():
    n = 0
    while True:
        try:
            pid = os.fork()
        except OSError as e:
            sys.stderr.write("greedy: fork failed after %d: %s\n" % (n, e.strerror))
            return
        if pid == 0:
            time.sleep(3600)
            os._exit(0)
        n += 1


def spin(setsid):
    for _ in range(N):
        if os.fork() == 0:
            if setsid:
                os.setsid()
            while True:
                pass


HELPER = []


def helper_cpu_ms():
    with open("/proc/%d/stat" % HELPER[0]) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 // os.sysconf("SC_CLK_TCK")


# Shared with the chain: the links made, then the times of the last
# RING of them (link n's at slot n % RING).
RING = 4096
CHAIN = mmap.mmap(-1, 8 * (1 + RING))
REPLIED = []              # the links made by its last reply


def links():
    return struct.unpack_from("q", CHAIN, 0)[0]


def link_times(since):
    now = links()
    return [struct.unpack_from("d", CHAIN, 8 * (1 + n % RING))[0]
            for n in range(max(since, now - RING) + 1, now + 1)]


def chain():
    if os.fork() != 0:
        return
    while True:
        burn(1)
        n = links() + 1
        struct.pack_into("d", CHAIN, 8 * (1 + n % RING), time.monotonic())
        struct.pack_into("q", CHAIN, 0, n)
        if os.fork() != 0:
            os._exit(0)


def burn(ms):
    end = time.process_time() + ms / 1000
    while time.process_time() < end:
        pass


def hook(msg, counts):
    first_turn = msg["type"] == "turn" and counts["turn"] == 1
    if MODE in ("tmp", "shm") and first_turn:
        fill("/tmp" if MODE == "tmp" else "/dev/shm")
    elif MODE == "spread" and first_turn:
        spread()
    elif MODE == "shared" and first_turn:
        shared()
    elif MODE == "bomb" and first_turn:
        bomb()
    elif MODE == "flood" and first_turn:
        for _ in range(N):
            sys.stderr.write("x" * ((1 << 20) - 1) + "\n")
        sys.stderr.flush()
        sys.exit(0)
    elif MODE in ("spin", "spin-nosid") and msg["type"] == "hello":
        spin(MODE == "spin")
    elif MODE == "burn" and msg["type"] == "turn":
        start = time.monotonic()
        burn(N)
        sys.stderr.write("greedy: burnt from %.6f to %.6f\n" % (start, time.monotonic()))
        sys.stderr.flush()
    elif MODE == "watch" and msg["type"] == "hello":
        HELPER.append(os.fork())
        while HELPER[0] == 0:
            pass
    elif MODE == "race" and msg["type"] == "hello":
        # Between games it is not stopped: counted from its first reply.
        del REPLIED[:]
        if counts["hello"] == 1:
            chain()
    elif MODE == "race" and msg["type"] == "turn":
        if REPLIED:
            since = REPLIED.pop()
            sys.stderr.write("greedy: chain off move %d\n" % (links() - since))
            sys.stderr.write("greedy: links at%s\n" % "".join(" %.6f" % t for t in link_times(since)))
            sys.stderr.flush()
        zoo.write(json.dumps(zoo.default_reply(msg, "greedy-race")))
        REPLIED.append(links())
        return None
    elif MODE == "watch" and msg["type"] == "turn":
        sys.stderr.write("greedy: helper CPU %d ms\n" % helper_cpu_ms())
        sys.stderr.flush()
    return zoo.DEFAULT


sys.exit(zoo.run("greedy-" + MODE, hook))
